// What the search traits of a game with loadable evaluation weights share (draughts and mill
// load_eval): the weights read from a file, checked to be the game's, or the built-in ones, which
// live as long as the program and are not owned.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "common/result.h"

namespace doska::search {

template <class W>
Result<std::shared_ptr<const W>> loaded_weights(Result<W> w, std::string_view spec,
                                                std::string_view game) {
  if (!w) return make_error(w.error());
  if (w->game != game)
    return make_error("evaluation weights " + std::string(spec) + " are for " + w->game + ", not " +
                      std::string(game));
  return std::make_shared<const W>(std::move(*w));
}

template <class W>
std::shared_ptr<const W> builtin_weights_handle(const W* w) {
  return std::shared_ptr<const W>(w, [](const W*) {});
}

}  // namespace doska::search
