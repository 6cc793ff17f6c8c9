// Helpers the session adapters share to build move views (games/session.h).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.h"
#include "games/session.h"

namespace doska {

// The view among `views` whose text or full text is `text`, or an error naming the move.
inline Result<MoveView> view_with_text(std::vector<MoveView> views, std::string_view text) {
  for (MoveView& view : views)
    if (view.text == text || view.full == text) return std::move(view);
  return make_error("illegal move '" + std::string(text) + "'");
}

}  // namespace doska
