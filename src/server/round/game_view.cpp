// The round's views: a game as the API gives it, the list of a browser's games, and the variants
// a game can be created in.
#include <algorithm>
#include <set>

#include "server/keys.h"
#include "server/round/live_game.h"
#include "server/views.h"

namespace doska::server {

using nlohmann::json;

json Round::variants() const {
  json list = json::array();
  for (const GameInfo& info : all_games()) {
    auto session = new_session(info.id);
    if (!session) continue;
    const BoardView board = (*session)->board();
    json options = json::array();
    if (new_session(info.id, std::nullopt, SessionOptions{true, true}))
      options.push_back({{"name", "huffing"}, {"type", "bool"}, {"default", false}});
    list.push_back({{"id", info.id},
                    {"name", info.name},
                    {"family", info.family},
                    {"first", side_name((*session)->to_move())},
                    {"start_fen", (*session)->fen()},
                    {"board",
                     {{"kind", board.kind == BoardView::Kind::mill ? "mill" : "square"},
                      {"width", board.width},
                      {"height", board.height}}},
                    {"options", std::move(options)}});
  }
  return list;
}

namespace {

json seat_json(const Seat& seat) {
  return json{{"name", seat.name.empty() ? json(nullptr) : json(seat.name)},
              {"rating", seat.rating ? json(*seat.rating) : json(nullptr)},
              {"provisional", seat.provisional},
              {"diff", seat.diff ? json(*seat.diff) : json(nullptr)}};
}

json players_json(const Seat& white, const Seat& black) {
  return json{{"white", seat_json(white)}, {"black", seat_json(black)}};
}

}  // namespace

json Round::view(const LiveGame& game) const {
  const StoredGame& g = game.stored;
  const GameSession& s = *game.session;
  json moves = json::array();
  const auto texts = s.moves_played();
  const auto shown = s.moves_for_people();
  for (std::size_t i = 0; i < game.played.size(); ++i) {
    const MoveView& m = game.played[i];
    json move{{"ply", i + 1},
              {"side", side_name(game.movers[i])},
              {"text", i < texts.size() ? texts[i] : m.text},
              {"san", i < shown.size() ? shown[i] : m.text},
              {"full", m.full},
              {"squares", m.path},
              {"captures", m.captures}};
    if (i < g.moves.size() && g.moves[i].ms) move["ms"] = *g.moves[i].ms;
    moves.push_back(std::move(move));
  }
  const GameEnd end = s.end();
  json legal = json::array();
  if (!end.over())
    for (const MoveView& m : s.legal_move_views()) legal.push_back(move_json(m));
  json opponent{{"kind", g.opponent}};
  if (g.opponent == "computer") {
    opponent["level"] = g.level;
    opponent["side"] = g.computer_side;
  }
  json clock = nullptr;
  if (g.initial_ms > 0) {
    std::int64_t white = g.white_ms, black = g.black_ms;
    json running = nullptr;
    if (!end.over() && !game.played.empty()) {
      const Player p = s.to_move();
      std::int64_t& left = p == Player::white ? white : black;
      left = std::max<std::int64_t>(0, left - elapsed_ms(game.turn_started));
      running = side_name(p);
    }
    clock = json{{"initial_ms", g.initial_ms},
                 {"increment_ms", g.increment_ms},
                 {"white_increment_ms", increment_of(g, Player::white)},
                 {"black_increment_ms", increment_of(g, Player::black)},
                 {"white_ms", white},
                 {"black_ms", black},
                 {"running", running}};
  }
  json correspondence = nullptr;
  if (g.days_per_move > 0)
    correspondence =
        json{{"days_per_move", g.days_per_move},
             {"deadline_ms", g.move_deadline_ms},
             {"left_ms", end.over() || g.ended_by == "time"
                             ? json(nullptr)
                             : json(std::max<std::int64_t>(0, g.move_deadline_ms - now_ms()))}};
  json last = nullptr;
  if (!game.played.empty())
    last = json{{"squares", game.played.back().path}, {"captures", game.played.back().captures}};
  const auto offer = s.draw_offer();
  return json{{"id", g.id},
              {"variant", g.variant},
              {"name", s.info().name},
              {"created", g.created},
              {"updated", g.updated},
              {"options", {{"huffing", g.huffing}}},
              {"opponent", std::move(opponent)},
              {"start_fen", g.start_fen},
              {"fen", s.fen()},
              {"to_move", side_name(s.to_move())},
              {"board", board_json(s.board())},
              {"moves", std::move(moves)},
              {"legal", std::move(legal)},
              {"last", std::move(last)},
              {"clock", std::move(clock)},
              {"correspondence", std::move(correspondence)},
              {"result",
               {{"over", end.over() || g.ended_by == "time"},
                {"outcome", g.outcome},
                {"text", g.result_text},
                {"rule", g.rule},
                {"reason", g.reason}}},
              {"draw_offer", offer ? json(side_name(*offer)) : json(nullptr)},
              {"draw_offers_from_ply", s.draw_offers_from_ply()},
              {"takeback_offer",
               game.takeback_offer ? json(side_name(*game.takeback_offer)) : json(nullptr)},
              {"rematch", game.rematch.empty() ? json(nullptr) : json(game.rematch)},
              {"can_claim_draw", false},
              {"thinking", game.search != nullptr},
              {"status", s.status_lines()},
              {"rated", g.rated},
              {"speed", g.speed.empty() ? json(nullptr) : json(g.speed)},
              {"players", players_json(g.white_player, g.black_player)},
              {"version", g.version}};
}

namespace {

json summary_json(const GameSummary& s) {
  json opponent{{"kind", s.opponent}};
  if (s.opponent == "computer") {
    opponent["level"] = s.level;
    opponent["side"] = s.computer_side;
  }
  return {{"id", s.id},
          {"variant", s.variant},
          {"created", s.created},
          {"updated", s.updated},
          {"opponent", std::move(opponent)},
          {"plies", s.plies},
          {"rated", s.rated},
          {"speed", s.speed.empty() ? json(nullptr) : json(s.speed)},
          {"players", players_json(s.white_player, s.black_player)},
          {"result",
           {{"over", s.outcome != "ongoing"}, {"outcome", s.outcome}, {"text", s.result_text}}}};
}

}  // namespace

json Round::summaries(const std::vector<GameSummary>& games) {
  json out = json::array();
  for (const GameSummary& s : games) out.push_back(summary_json(s));
  return out;
}

Round::Seats Round::seats(const std::string& id, const std::string& key) {
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  const StoredGame& g = game->stored;
  Seats out;
  out.between_people = g.opponent != "computer";
  out.white_name = g.white_player.name;
  out.black_name = g.black_player.name;
  if (!key.empty()) {
    const std::string digest = key_digest(key);
    if (same_key(digest, g.key_white)) out.side = "white";
    if (same_key(digest, g.key_black)) out.side = "black";
  }
  return out;
}

json Round::watchable(const std::optional<std::string>& variant,
                      const std::function<std::size_t(const std::string&)>& watchers) {
  auto games = storage_.ongoing_between_people(500);
  if (!games) throw ApiError(500, "internal_error", games.error());
  std::vector<GameSummary> list;
  for (GameSummary& s : *games)
    if (!variant || s.variant == *variant) list.push_back(std::move(s));
  auto average = [](const GameSummary& s) {
    return s.white_player.rating.value_or(1500) + s.black_player.rating.value_or(1500);
  };
  std::stable_sort(list.begin(), list.end(), [&](const GameSummary& a, const GameSummary& b) {
    return average(a) > average(b);
  });
  if (list.size() > 50) list.resize(50);
  json out = json::array();
  for (const GameSummary& s : list) {
    json entry = summary_json(s);
    entry["watchers"] = watchers(s.id);
    try {
      entry["fen"] = snapshot(s.id).fen;  // read from storage if not in memory since a restart
    } catch (const ApiError&) {
      entry["fen"] = nullptr;  // a stored game that does not replay
    }
    out.push_back(std::move(entry));
  }
  return json{{"games", std::move(out)}};
}

json Round::list_held(const std::vector<HeldGame>& held) {
  std::vector<GameSummary> found;
  std::set<std::string> seen;
  for (const HeldGame& h : held) {
    if (!valid_id(h.id) || !seen.insert(h.id).second) continue;
    auto s = storage_.held(h.id, key_digest(h.key));
    if (!s) throw ApiError(500, "internal_error", s.error());
    if (*s) found.push_back(std::move(**s));
  }
  std::stable_sort(found.begin(), found.end(), [](const GameSummary& a, const GameSummary& b) {
    return a.created > b.created;
  });
  json out = json::array();
  for (const GameSummary& s : found) out.push_back(summary_json(s));
  return json{{"games", std::move(out)}, {"total", found.size()}};
}

}  // namespace doska::server
