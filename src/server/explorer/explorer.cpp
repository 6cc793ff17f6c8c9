#include "server/explorer/explorer.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/text.h"
#include "engine/book_probe.h"
#include "server/api_error.h"

namespace doska::server {

using nlohmann::json;

std::string explorer_key(const GameSession& position) {
  std::string fen = position.fen();
  if (position.info().id != "chess100") return fen;
  // "<board> <side> <castling> <en passant> <halfmove> <fullmove> <extra pawns>": the counters
  // are the fifth and sixth fields.
  std::vector<std::string> fields;
  for (std::size_t at = 0; at <= fen.size();) {
    const std::size_t space = std::min(fen.find(' ', at), fen.size());
    fields.push_back(fen.substr(at, space - at));
    at = space + 1;
  }
  std::string key;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i == 4 || i == 5) continue;
    if (!key.empty()) key += ' ';
    key += fields[i];
  }
  return key;
}

std::optional<ExplorerGame> explorer_game(const StoredGame& g) {
  if (g.outcome != "white_wins" && g.outcome != "black_wins" && g.outcome != "draw")
    return std::nullopt;
  if (static_cast<int>(g.moves.size()) < kExplorerMinPlies || g.huffing) return std::nullopt;
  auto session = new_session(g.variant);
  if (!session) return std::nullopt;
  // Games from a set-up position are not openings.
  if (!g.start_fen.empty() && g.start_fen != (*session)->fen()) return std::nullopt;
  ExplorerGame out{g.id, g.variant, g.outcome, {}, 0, 0};
  for (const StoredMove& move : g.moves) {
    if (static_cast<int>(out.plies.size()) == kExplorerPlies) break;
    std::string key = explorer_key(**session);
    if (!(*session)->play(move.text)) return std::nullopt;  // a record the rules refuse
    out.plies.push_back(ExplorerPly{std::move(key), (*session)->moves_played().back()});
  }
  for (const Seat* seat : {&g.white_player, &g.black_player}) {
    if (!seat->rating) continue;
    out.rating_sum += *seat->rating;
    out.rated += 1;
  }
  return out;
}

ExplorerQuery parse_explorer_query(const std::string& game,
                                   const std::map<std::string, std::string>& query) {
  if (!find_game(game))
    throw ApiError(400, "unknown_variant", "unknown game " + doska::quoted(game),
                   {{"variant", game}});
  ExplorerQuery q{game, std::nullopt};
  auto fen = query.find("fen");
  if (fen == query.end()) return q;
  if (fen->second.empty()) {
    const std::string detail = "the FEN is empty: give ?fen=FEN, or no fen for the start";
    throw ApiError(400, "bad_fen", detail, {{"detail", detail}});
  }
  if (fen->second.size() > kMaxExplorerFenBytes) {
    const std::string detail =
        "the FEN is over " + std::to_string(kMaxExplorerFenBytes) + " characters";
    throw ApiError(400, "bad_fen", detail, {{"detail", detail}});
  }
  q.fen = fen->second;
  return q;
}

json explore(Storage& storage, const ExplorerQuery& q) {
  auto session = q.fen ? new_session(q.game, std::string_view(*q.fen)) : new_session(q.game);
  if (!session) {
    const std::string detail = "bad FEN: " + session.error();
    throw ApiError(400, "bad_fen", detail, {{"detail", session.error()}});
  }
  const std::string fen = (*session)->fen();
  auto rows = storage.explorer_moves(q.game, explorer_key(**session));
  if (!rows) throw ApiError(500, "internal_error", rows.error());
  json moves = json::array();
  std::int64_t games = 0;
  for (const ExplorerMove& m : *rows) {
    games += m.games;
    json rating = nullptr;
    if (m.rated > 0)
      rating = static_cast<int>(
          std::lround(static_cast<double>(m.rating_sum) / static_cast<double>(m.rated)));
    moves.push_back(json{{"move", m.move},
                         {"games", m.games},
                         {"white", m.white},
                         {"draws", m.draws},
                         {"black", m.black},
                         {"rating", rating}});
  }
  json book = nullptr;
  if (auto hit = engine::book_move(q.game, fen))
    book = json{{"move", hit->move}, {"value", hit->value}, {"depth", hit->depth}};
  return json{{"fen", fen}, {"games", games}, {"moves", std::move(moves)}, {"book", book}};
}

Explorer::Explorer(Storage& storage, Hub& hub) : storage_(storage) {
  hub.on("game.over", [this](const json& game) { game_over(game); });
}

json Explorer::moves(const ExplorerQuery& query) {
  return explore(storage_, query);
}

// A game that counts is added once: the storage remembers the games added (news heard twice, a
// rebuild meanwhile).
void Explorer::game_over(const json& news) {
  const std::string outcome = news.value("outcome", "");
  if (outcome != "white_wins" && outcome != "black_wins" && outcome != "draw") return;
  if (news.value("plies", 0) < kExplorerMinPlies) return;
  auto stored = storage_.load(news.value("id", ""));
  if (!stored || !*stored) return;
  if (auto game = explorer_game(**stored)) (void)storage_.add_to_explorer(*game);
}

Result<int> rebuild_explorer(Storage& storage) {
  if (Status s = storage.clear_explorer(); !s) return make_error(s.error());
  GameIdFilter finished;
  finished.finished = true;
  finished.min_plies = kExplorerMinPlies;
  auto ids = storage.game_ids(finished);
  if (!ids) return make_error(ids.error());
  int added = 0;
  for (const std::string& id : *ids) {
    auto stored = storage.load(id);
    if (!stored) return make_error(stored.error());
    if (!*stored) continue;
    auto game = explorer_game(**stored);
    if (!game) continue;
    auto fresh = storage.add_to_explorer(*game);
    if (!fresh) return make_error(fresh.error());
    added += *fresh ? 1 : 0;
  }
  return added;
}

}  // namespace doska::server
