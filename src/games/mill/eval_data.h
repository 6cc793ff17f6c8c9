// The mill evaluation weights compiled in from data/eval/<game>.txt (cmake/mill_eval_data.cmake).
#pragma once

#include <span>
#include <string_view>

namespace doska::mill {

struct EmbeddedWeights {
  std::string_view game;
  std::string_view text;
};

std::span<const EmbeddedWeights> embedded_mill_weights();

}  // namespace doska::mill
