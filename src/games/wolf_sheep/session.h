// Wolf and sheep behind the GameSession facade.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "games/session.h"

namespace doska::wolf_sheep {

Result<std::unique_ptr<GameSession>> new_wolf_sheep_session(const GameInfo& info,
                                                            std::optional<std::string_view> fen,
                                                            const SessionOptions& options);

}  // namespace doska::wolf_sheep
