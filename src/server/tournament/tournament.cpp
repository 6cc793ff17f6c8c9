#include "server/tournament/tournament.h"

#include <algorithm>

#include "server/api_error.h"
#include "tournament/arena.h"
#include "tournament/swiss.h"

namespace doska::server {

using nlohmann::json;
namespace t = doska::tournament;

namespace {

std::optional<t::Outcome> outcome_of(const std::string& text) {
  if (text == "white_wins") return t::Outcome::white_wins;
  if (text == "black_wins") return t::Outcome::black_wins;
  if (text == "draw") return t::Outcome::draw;
  return std::nullopt;
}

std::string outcome_text(const std::optional<t::Outcome>& o) {
  if (!o) return "none";
  return *o == t::Outcome::white_wins   ? "white_wins"
         : *o == t::Outcome::black_wins ? "black_wins"
                                        : "draw";
}

// The Swiss's players (numbered by their index in the tournament) and its rounds, as the library
// reads them.
std::vector<t::SwissEntrant> swiss_entrants(const std::vector<Tournament::Player>& players) {
  std::vector<t::SwissEntrant> entrants;
  for (std::size_t i = 0; i < players.size(); ++i)
    entrants.push_back({static_cast<int>(i), players[i].rating});
  return entrants;
}

std::vector<t::SwissRound> swiss_rounds(const std::vector<int>& byes,
                                        const std::vector<Tournament::Board>& boards) {
  std::vector<t::SwissRound> rounds(byes.size());
  for (std::size_t r = 0; r < byes.size(); ++r) {
    if (byes[r] >= 0) rounds[r].bye = byes[r];
  }
  for (const Tournament::Board& b : boards)
    rounds[b.round - 1].games.push_back({b.players, b.outcome});
  return rounds;
}

}  // namespace

Tournament::Tournament(std::string id, TournamentSettings settings)
    : id_(std::move(id)), settings_(std::move(settings)) {}

void Tournament::join(std::int64_t account, const std::string& name, int rating) {
  if (status_ == "finished") throw ApiError(409, "tournament_finished", "the tournament is over");
  // A Swiss takes its players before it starts; an arena until its end.
  if (status_ == "started" && settings_.system == "swiss")
    throw ApiError(409, "tournament_started", "the Swiss tournament has started");
  for (Player& p : players_) {
    if (p.account != account) continue;
    if (!p.withdrawn) throw ApiError(409, "already_joined", "already in the tournament");
    if (settings_.system == "swiss" && status_ != "created")
      throw ApiError(409, "tournament_started", "the Swiss tournament has started");
    p.withdrawn = false;
    return;
  }
  if (static_cast<int>(players_.size()) >= kMaxPlayers)
    throw ApiError(409, "tournament_full", "the tournament is full");
  players_.push_back({account, name, rating, false});
}

void Tournament::withdraw(std::int64_t account) {
  for (Player& p : players_) {
    if (p.account == account && !p.withdrawn) {
      p.withdrawn = true;
      return;
    }
  }
  throw ApiError(409, "not_joined", "not in the tournament");
}

std::vector<Tournament::Start> Tournament::start(std::int64_t now_ms) {
  if (status_ != "created") throw ApiError(409, "tournament_started", "the tournament has started");
  int active = 0;
  for (const Player& p : players_) active += p.withdrawn ? 0 : 1;
  if (active < 2) throw ApiError(409, "too_few_players", "a tournament needs two players");
  status_ = "started";
  started_ms_ = now_ms;
  return settings_.system == "swiss" ? next_swiss_round() : pair_arena();
}

void Tournament::add_board(const Start& start, const std::string& game,
                           const std::string& white_key, const std::string& black_key) {
  boards_.push_back(
      {start.round, game, start.players, std::nullopt, 0, white_key, black_key, false, false});
}

void Tournament::stop() {
  if (status_ == "finished") return;
  stopped_ = true;
  if (status_ == "created") {
    status_ = "finished";
    return;
  }
  finish_if_done();
}

bool Tournament::joined(std::int64_t account) const {
  return std::any_of(players_.begin(), players_.end(),
                     [&](const Player& p) { return p.account == account && !p.withdrawn; });
}

json Tournament::game_of(std::int64_t account) const {
  for (const Board& b : boards_) {
    if (b.outcome || b.plies < 0) continue;
    if (players_[b.players.white].account == account)
      return json{{"game", b.game}, {"side", "white"}, {"key", b.white_key}};
    if (players_[b.players.black].account == account)
      return json{{"game", b.game}, {"side", "black"}, {"key", b.black_key}};
  }
  return nullptr;
}

json Tournament::berserk_game(std::int64_t account) const {
  if (settings_.system != "arena")
    throw ApiError(409, "berserk_not_arena", "berserk is for arena tournaments only");
  const json game = game_of(account);
  if (game.is_null())
    throw ApiError(409, "no_tournament_game", "you have no game in progress in this tournament");
  for (const Board& b : boards_) {
    if (b.game != game["game"]) continue;
    if (game["side"] == "white" ? b.white_berserk : b.black_berserk)
      throw ApiError(409, "already_berserk", "you have gone berserk in this game already");
  }
  return game;
}

void Tournament::berserked(const std::string& game, const std::string& side) {
  for (Board& b : boards_) {
    if (b.game == game) (side == "white" ? b.white_berserk : b.black_berserk) = true;
  }
}

const Tournament::Player* Tournament::player(std::int64_t account) const {
  for (const Player& p : players_) {
    if (p.account == account) return &p;
  }
  return nullptr;
}

bool Tournament::has_game(const std::string& game) const {
  return std::any_of(boards_.begin(), boards_.end(),
                     [&](const Board& b) { return b.game == game; });
}

bool Tournament::playing(int player) const {
  for (const Board& b : boards_) {
    if (b.plies >= 0 && !b.outcome && (b.players.white == player || b.players.black == player))
      return true;
  }
  return false;
}

int Tournament::current_round() const {
  return static_cast<int>(byes_.size());
}

std::vector<Tournament::Start> Tournament::game_over(const std::string& game,
                                                     const std::string& outcome, int plies,
                                                     std::int64_t now_ms) {
  auto it =
      std::find_if(boards_.begin(), boards_.end(), [&](const Board& b) { return b.game == game; });
  if (it == boards_.end() || it->outcome || it->plies < 0) return {};
  it->outcome = outcome_of(outcome);
  // An aborted game: played, no points for either (plies -1 marks it ended).
  it->plies = it->outcome ? plies : -1;
  if (status_ != "started") {
    finish_if_done();
    return {};
  }
  if (stopped_) {
    finish_if_done();
    return {};
  }
  if (settings_.system == "arena") {
    tick(now_ms);
    return status_ == "started" && now_ms < started_ms_ + settings_.minutes * 60000LL
               ? pair_arena()
               : std::vector<Start>{};
  }
  const bool round_over = std::none_of(boards_.begin(), boards_.end(),
                                       [](const Board& b) { return !b.outcome && b.plies >= 0; });
  return round_over ? next_swiss_round() : std::vector<Start>{};
}

std::vector<Tournament::Start> Tournament::next_swiss_round() {
  // A round of one bye and no game (a single player left) is over as soon as it is paired.
  while (current_round() < settings_.rounds) {
    std::vector<Start> starts = pair_swiss();
    if (!starts.empty()) return starts;
  }
  status_ = "finished";
  return {};
}

bool Tournament::tick(std::int64_t now_ms) {
  if (status_ != "started" || settings_.system != "arena") return false;
  if (now_ms < started_ms_ + settings_.minutes * 60000LL) return false;
  const std::string before = status_;
  finish_if_done();
  return status_ != before;
}

void Tournament::finish_if_done() {
  const bool any_playing = std::any_of(boards_.begin(), boards_.end(),
                                       [](const Board& b) { return !b.outcome && b.plies >= 0; });
  if (!any_playing) status_ = "finished";
}

std::vector<Tournament::Start> Tournament::pair_swiss() {
  std::vector<t::SwissPlayer> in;
  for (const t::SwissPlayer& p :
       t::swiss_players(swiss_entrants(players_), swiss_rounds(byes_, boards_))) {
    if (!players_[p.id].withdrawn) in.push_back(p);
  }
  const t::SwissRoundPairing pairing = t::pair_swiss_round(in);
  byes_.push_back(pairing.bye ? *pairing.bye : -1);
  std::vector<Start> starts;
  for (const t::Pairing& p : pairing.games) starts.push_back({current_round(), p});
  return starts;
}

std::vector<Tournament::Start> Tournament::pair_arena() {
  std::vector<t::ArenaEntrant> entrants;
  for (std::size_t i = 0; i < players_.size(); ++i)
    entrants.push_back({static_cast<int>(i), players_[i].rating});
  std::vector<t::ArenaGame> games;
  std::vector<int> last_opponent(players_.size(), -1), balance(players_.size(), 0);
  for (const Board& b : boards_) {
    last_opponent[b.players.white] = b.players.black;
    last_opponent[b.players.black] = b.players.white;
    ++balance[b.players.white];
    --balance[b.players.black];
    if (b.outcome)
      games.push_back({b.players, *b.outcome, b.plies, b.white_berserk, b.black_berserk});
  }
  std::vector<int> points(players_.size(), 0);
  for (const t::ArenaStanding& s : t::arena_standings(entrants, games)) points[s.id] = s.points;
  std::vector<t::ArenaWaiting> waiting;
  int active = 0;
  for (std::size_t i = 0; i < players_.size(); ++i) {
    if (players_[i].withdrawn) continue;
    ++active;
    const int id = static_cast<int>(i);
    if (!playing(id))
      waiting.push_back({id, players_[i].rating, points[i], last_opponent[i], balance[i]});
  }
  std::vector<Start> starts;
  for (const t::Pairing& p : t::pair_arena(waiting, active <= 2)) starts.push_back({0, p});
  return starts;
}

json Tournament::standings() const {
  json rows = json::array();
  if (settings_.system == "swiss") {
    for (const t::SwissStanding& s :
         t::swiss_standings(swiss_entrants(players_), swiss_rounds(byes_, boards_))) {
      const Player& p = players_[s.id];
      rows.push_back(json{{"rank", s.rank},
                          {"name", p.name},
                          {"rating", p.rating},
                          {"points", s.points / 2.0},
                          {"buchholz", s.buchholz},
                          {"sonneborn_berger", s.sonneborn_berger},
                          {"withdrawn", p.withdrawn}});
    }
    return rows;
  }
  std::vector<t::ArenaEntrant> entrants;
  for (std::size_t i = 0; i < players_.size(); ++i)
    entrants.push_back({static_cast<int>(i), players_[i].rating});
  std::vector<t::ArenaGame> games;
  for (const Board& b : boards_) {
    if (b.outcome)
      games.push_back({b.players, *b.outcome, b.plies, b.white_berserk, b.black_berserk});
  }
  for (const t::ArenaStanding& s : t::arena_standings(entrants, games)) {
    const Player& p = players_[s.id];
    json sheet = json::array();
    for (const t::ArenaSheetEntry& e : s.sheet) {
      sheet.push_back(json{{"points", e.points},
                           {"result", std::string(1, e.result)},
                           {"fire", e.on_fire},
                           {"berserk", e.berserk}});
    }
    rows.push_back(json{{"rank", s.rank},
                        {"name", p.name},
                        {"rating", p.rating},
                        {"points", s.points},
                        {"fire", s.on_fire},
                        {"sheet", std::move(sheet)},
                        {"withdrawn", p.withdrawn}});
  }
  return rows;
}

json Tournament::view() const {
  json boards = json::array();
  for (const Board& b : boards_) {
    boards.push_back(json{{"round", b.round},
                          {"game", b.game},
                          {"white", players_[b.players.white].name},
                          {"black", players_[b.players.black].name},
                          {"white_berserk", b.white_berserk},
                          {"black_berserk", b.black_berserk},
                          {"outcome", b.plies < 0 ? "aborted"
                                      : b.outcome ? outcome_text(b.outcome)
                                                  : "ongoing"}});
  }
  json out = to_json()["settings"];
  out["id"] = id_;
  out["status"] = status_;
  out["players"] = static_cast<int>(std::count_if(players_.begin(), players_.end(),
                                                  [](const Player& p) { return !p.withdrawn; }));
  if (settings_.system == "swiss") out["round"] = current_round();
  if (settings_.system == "arena" && started_ms_ > 0)
    out["ends_ms"] = started_ms_ + settings_.minutes * 60000LL;
  out["standings"] = standings();
  out["boards"] = std::move(boards);
  return out;
}

json Tournament::to_json() const {
  json players = json::array();
  for (const Player& p : players_)
    players.push_back(json{{"account", p.account},
                           {"name", p.name},
                           {"rating", p.rating},
                           {"withdrawn", p.withdrawn}});
  json boards = json::array();
  for (const Board& b : boards_)
    boards.push_back(json{{"round", b.round},
                          {"game", b.game},
                          {"white", b.players.white},
                          {"black", b.players.black},
                          {"outcome", outcome_text(b.outcome)},
                          {"plies", b.plies},
                          {"white_key", b.white_key},
                          {"black_key", b.black_key},
                          {"white_berserk", b.white_berserk},
                          {"black_berserk", b.black_berserk}});
  return json{
      {"id", id_},
      {"settings",
       {{"name", settings_.name},
        {"variant", settings_.variant},
        {"clock",
         {{"initial_s", settings_.clock_initial_s}, {"increment_s", settings_.clock_increment_s}}},
        {"system", settings_.system},
        {"rounds", settings_.rounds},
        {"minutes", settings_.minutes},
        {"starts_ms", settings_.starts_ms},
        {"rated", settings_.rated},
        {"creator", settings_.creator}}},
      {"status", status_},
      {"started_ms", started_ms_},
      {"stopped", stopped_},
      {"byes", byes_},
      {"players", std::move(players)},
      {"boards", std::move(boards)}};
}

Tournament Tournament::from_json(const json& stored) {
  const json& s = stored.at("settings");
  TournamentSettings settings{s.at("name").get<std::string>(),
                              s.at("variant").get<std::string>(),
                              s.at("clock").at("initial_s").get<int>(),
                              s.at("clock").at("increment_s").get<int>(),
                              s.at("system").get<std::string>(),
                              s.at("rounds").get<int>(),
                              s.at("minutes").get<int>(),
                              s.at("starts_ms").get<std::int64_t>(),
                              s.at("rated").get<bool>(),
                              s.at("creator").get<std::string>()};
  Tournament t(stored.at("id").get<std::string>(), std::move(settings));
  t.status_ = stored.at("status").get<std::string>();
  t.started_ms_ = stored.at("started_ms").get<std::int64_t>();
  t.stopped_ = stored.at("stopped").get<bool>();
  t.byes_ = stored.at("byes").get<std::vector<int>>();
  for (const json& p : stored.at("players"))
    t.players_.push_back({p.at("account").get<std::int64_t>(), p.at("name").get<std::string>(),
                          p.at("rating").get<int>(), p.at("withdrawn").get<bool>()});
  for (const json& b : stored.at("boards"))
    t.boards_.push_back({b.at("round").get<int>(),
                         b.at("game").get<std::string>(),
                         {b.at("white").get<int>(), b.at("black").get<int>()},
                         outcome_of(b.at("outcome").get<std::string>()),
                         b.at("plies").get<int>(),
                         b.at("white_key").get<std::string>(),
                         b.at("black_key").get<std::string>(),
                         b.value("white_berserk", false),
                         b.value("black_berserk", false)});
  return t;
}

}  // namespace doska::server
