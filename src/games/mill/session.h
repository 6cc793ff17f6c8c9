// The mill family behind the GameSession facade.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "games/session.h"

namespace doska::mill {

Result<std::unique_ptr<GameSession>> new_mill_session(const GameInfo& info,
                                                      std::optional<std::string_view> fen,
                                                      const SessionOptions& options);

}  // namespace doska::mill
