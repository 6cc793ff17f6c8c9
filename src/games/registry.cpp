#include <string>

#include "games/chess100/rules.h"
#include "games/chess100/session.h"
#include "games/draughts/rules.h"
#include "games/draughts/session.h"
#include "games/mill/rules.h"
#include "games/mill/session.h"
#include "games/session.h"
#include "games/wolf_sheep/session.h"

namespace doska {

const std::vector<GameInfo>& all_games() {
  static const std::vector<GameInfo> games = [] {
    std::vector<GameInfo> list;
    for (const auto* rules : draughts::kAllRules)
      list.push_back({rules->id, rules->name, "draughts"});
    list.push_back({"wolf-sheep", "Wolf and sheep", "wolf-sheep"});
    for (const auto* rules : mill::kAllRules) list.push_back({rules->id, rules->name, "mill"});
    list.push_back({chess100::kId, chess100::kName, "chess100"});
    return list;
  }();
  return games;
}

const GameInfo* find_game(std::string_view id) {
  for (const GameInfo& info : all_games())
    if (info.id == id) return &info;
  return nullptr;
}

Result<std::unique_ptr<GameSession>> new_session(std::string_view id,
                                                 std::optional<std::string_view> fen,
                                                 const SessionOptions& options) {
  const GameInfo* info = find_game(id);
  if (!info) {
    std::string known;
    for (const GameInfo& g : all_games()) known += (known.empty() ? "" : ", ") + std::string(g.id);
    return make_error("unknown game '" + std::string(id) + "' (known: " + known + ")");
  }
  if (info->family == "draughts") return draughts::new_draughts_session(*info, fen, options);
  if (info->family == "wolf-sheep") return wolf_sheep::new_wolf_sheep_session(*info, fen, options);
  if (info->family == "chess100") return chess100::new_chess100_session(*info, fen, options);
  if (info->family == "mill") return mill::new_mill_session(*info, fen, options);
  return make_error("game '" + std::string(id) + "' is not available");
}

}  // namespace doska
