#include "server/tablebase/tablebase.h"

#include "common/text.h"
#include "engine/tablebase.h"
#include "games/session.h"
#include "server/api_error.h"

namespace doska::server {

using nlohmann::json;

namespace {

const char* outcome_name(egdb::Outcome outcome) {
  switch (outcome) {
    case egdb::Outcome::win:
      return "win";
    case egdb::Outcome::loss:
      return "loss";
    case egdb::Outcome::draw:
      break;
  }
  return "draw";
}

// Why no table holds the position, with what the server has.
std::string outside_text(const engine::TablebaseLookup& found) {
  const bool mill = found.table_game.starts_with("mill");
  if (found.complete_pieces == 0)
    return "no table of this server holds this position (it has no complete set of " +
           found.table_game + " tables)";
  return "no table of this server holds this position (its " + found.table_game +
         " tables hold every position of up to " + std::to_string(found.complete_pieces) +
         (mill ? " pieces a side with both hands empty)" : " pieces)");
}

}  // namespace

TablebaseQuery parse_tablebase_query(const std::string& game,
                                     const std::map<std::string, std::string>& query) {
  if (!find_game(game))
    throw ApiError(400, "unknown_variant", "unknown game " + doska::quoted(game),
                   {{"variant", game}});
  auto fen = query.find("fen");
  if (fen == query.end() || fen->second.empty())
    throw ApiError(400, "bad_fen", "the position is missing: give ?fen=FEN",
                   {{"detail", "the position is missing: give ?fen=FEN"}});
  if (fen->second.size() > kMaxTablebaseFenBytes) {
    const std::string detail =
        "the FEN is over " + std::to_string(kMaxTablebaseFenBytes) + " characters";
    throw ApiError(400, "bad_fen", detail, {{"detail", detail}});
  }
  return {game, fen->second};
}

json Tablebase::lookup(const TablebaseQuery& q) const {
  if (!engine::has_tables(q.game))
    throw ApiError(404, "no_tables",
                   "the game " + q.game +
                       " has no endgame tables (the draughts games and the mill games have them)",
                   {{"variant", q.game}});
  if (!shelf_)
    throw ApiError(404, "no_tables", "this server plays without endgame tables",
                   {{"variant", q.game}});
  const engine::TablebaseLookup found = engine::explore_tables(*shelf_, q.game, q.fen);
  switch (found.miss) {
    case engine::TablebaseMiss::none:
      break;
    case engine::TablebaseMiss::bad_fen:
      throw ApiError(400, "bad_fen", found.error, {{"detail", found.error}});
    case engine::TablebaseMiss::outside_tables:
      throw ApiError(404, "not_in_tables", outside_text(found),
                     {{"variant", q.game}, {"pieces", found.complete_pieces}});
    case engine::TablebaseMiss::unknown_game:
    case engine::TablebaseMiss::no_tables:
      throw ApiError(404, "no_tables", found.error, {{"variant", q.game}});
    case engine::TablebaseMiss::damaged:
      throw ApiError(500, "internal_error", "the endgame tables cannot be read: " + found.error);
  }
  json moves = json::array();
  for (const engine::TablebaseMove& m : found.moves)
    moves.push_back(
        {{"move", m.move}, {"value", outcome_name(m.value.outcome)}, {"distance", m.value.plies}});
  return {{"value", outcome_name(found.value.outcome)},
          {"distance", found.value.plies},
          {"moves", std::move(moves)}};
}

}  // namespace doska::server
