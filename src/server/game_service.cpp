#include "server/game_service.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <future>
#include <random>
#include <set>

#include "common/text.h"
#include "games/draughts/pdn.h"
#include "server/records.h"
#include "server/views.h"

namespace doska::server {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct GameService::LiveGame {
  std::mutex mutex;
  StoredGame stored;
  std::unique_ptr<GameSession> session;
  std::vector<MoveView> played;  // the view of each ply, as it was legal then
  std::vector<Player> movers;    // who played each ply
  Clock::time_point turn_started = Clock::now();
  void start_turn();  // the clock of the side to move starts, or its correspondence deadline
  // Takes back the plies after `side`'s last turn and that turn's own plies; false if the
  // session refuses one (the game is then as far back as it went).
  bool take_back_turn(Player side);
  std::shared_ptr<std::atomic<bool>> search;  // the computer's search, while it thinks
  std::uint64_t search_token = 0;
  std::int64_t info_count = 0;
  json info;
  // The view as the event streams last sent it: every watcher of a change reads the same text.
  // A clock's time left is counted at the build, so with a clock it is kept only briefly.
  std::string view_text;
  std::int64_t view_version = -1;
  std::optional<Player> takeback_offer;  // in memory: a restart drops an unanswered request
  std::string rematch;                   // the rematch's game id, once asked for
  // The review under way: its time per position, and what the streams send of it.
  bool review_running = false;
  int review_ms = 300;
  std::int64_t review_count = 0;
  std::string review_event;
  bool view_thinking = false;
  Clock::time_point view_built;
};

namespace {

Player other(Player p) {
  return p == Player::white ? Player::black : Player::white;
}
std::optional<Player> player_named(const std::string& name) {
  if (name == "white") return Player::white;
  if (name == "black") return Player::black;
  return std::nullopt;
}

std::string now_iso() {
  const std::time_t t = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buffer;
}

// 128-bit secrets and game ids from the system's random source (STYLE: no global state, so one
// device per call; it is not on a hot path).
std::string random_hex(int bytes) {
  std::random_device device;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < bytes; ++i) {
    const unsigned byte = device() & 0xff;
    out += kHex[byte >> 4];
    out += kHex[byte & 15];
  }
  return out;
}
std::string new_game_id() {
  std::random_device device;
  static constexpr char kAlphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
  std::string id;
  for (int i = 0; i < 10; ++i) id += kAlphabet[device() % 32];
  return id;
}
bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= 32 && std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c));
  });
}
// Compares secrets in time independent of where they differ.
bool same_key(const std::string& a, const std::string& b) {
  if (a.size() != b.size() || a.empty()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

std::string outcome_name(Outcome o) {
  switch (o) {
    case Outcome::white_wins:
      return "white_wins";
    case Outcome::black_wins:
      return "black_wins";
    case Outcome::draw:
      return "draw";
    case Outcome::ongoing:
      break;
  }
  return "ongoing";
}

// Wall-clock time in milliseconds since 1970: a correspondence deadline holds across restarts.
std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}
constexpr std::int64_t kDayMs = 24 * 3600 * 1000;

std::int64_t elapsed_ms(Clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - since).count();
}

}  // namespace

bool GameService::LiveGame::take_back_turn(Player side) {
  std::size_t keep = played.size();
  while (keep > 0 && movers[keep - 1] != side) --keep;
  while (keep > 0 && movers[keep - 1] == side) --keep;
  while (played.size() > keep) {
    if (!session->undo()) return false;
    played.pop_back();
    movers.pop_back();
    stored.moves.pop_back();
  }
  return true;
}

void GameService::LiveGame::start_turn() {
  turn_started = Clock::now();
  if (stored.days_per_move > 0) stored.move_deadline_ms = wall_ms() + stored.days_per_move * kDayMs;
}

GameService::GameService(Storage& storage, EnginePool& pool, ServiceOptions options)
    : storage_(storage), pool_(pool), options_(options) {
  ticker_ = std::thread([this] { tick(); });
}

GameService::~GameService() {
  shut_down();
}

void GameService::shut_down() {
  stopping_.store(true);
  ticker_wake_.notify_all();
  if (ticker_.joinable()) ticker_.join();
  std::vector<std::shared_ptr<LiveGame>> games;
  {
    std::lock_guard lock(games_mutex_);
    for (auto& [id, game] : games_) games.push_back(game);
  }
  for (auto& game : games) {
    std::lock_guard lock(game->mutex);
    if (game->search) game->search->store(true);
    notify(*game);
  }
  pool_.shut_down();
}

// The clocks fall on their own: a side that does not move loses on time (a running clock is
// looked at a few times a second).
void GameService::tick() {
  std::unique_lock wait_lock(ticker_mutex_);
  while (!stopping_.load()) {
    ticker_wake_.wait_for(wait_lock, std::chrono::milliseconds(200));
    if (stopping_.load()) break;
    std::vector<std::shared_ptr<LiveGame>> games;
    {
      std::lock_guard lock(games_mutex_);
      for (auto& [id, game] : games_) games.push_back(game);
    }
    for (auto& game : games) {
      std::lock_guard lock(game->mutex);
      try {
        if (check_flag(*game)) notify(*game);
      } catch (const ApiError&) {
        // Not stored: the game is read again from the database on its next request.
      }
    }
  }
}

json GameService::variants() const {
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

std::shared_ptr<GameService::LiveGame> GameService::rebuild(StoredGame stored) {
  auto game = std::make_shared<LiveGame>();
  auto session = new_session(stored.variant, std::string_view(stored.start_fen),
                             SessionOptions{stored.huffing, true});
  if (!session) throw ApiError(500, "stored game " + stored.id + ": " + session.error());
  game->session = std::move(*session);
  for (std::size_t i = 0; i < stored.moves.size(); ++i) {
    auto view = game->session->read_move(stored.moves[i].text);
    const Player mover = game->session->to_move();
    if (!view || !game->session->play(view->text))
      throw ApiError(500, "stored game " + stored.id + ": move " + std::to_string(i + 1) + " " +
                              doska::quoted(stored.moves[i].text) + " does not replay");
    game->played.push_back(std::move(*view));
    game->movers.push_back(mover);
  }
  GameSession& s = *game->session;
  const auto ended_side = player_named(stored.ended_side);
  if ((stored.ended_by == "resignation" || stored.ended_by == "time") && ended_side) {
    (void)s.resign(*ended_side);
  } else if (stored.ended_by == "agreement") {
    // ended_side holds the side that offered the draw.
    const Player offered = ended_side.value_or(Player::white);
    (void)s.offer_draw(offered);
    (void)s.accept_draw(other(offered));
  } else if (auto offer = player_named(stored.draw_offer); offer && !s.end().over()) {
    (void)s.offer_draw(*offer);
  }
  if (auto rematch = storage_.rematch_of(stored.id); rematch) game->rematch = *rematch;
  game->stored = std::move(stored);
  return game;
}

std::shared_ptr<GameService::LiveGame> GameService::find(const std::string& id) {
  if (!valid_id(id)) throw ApiError(404, "no game " + doska::quoted(id));
  std::lock_guard lock(games_mutex_);
  if (auto it = games_.find(id); it != games_.end()) return it->second;
  auto stored = storage_.load(id);
  if (!stored) throw ApiError(500, stored.error());
  if (!*stored) throw ApiError(404, "no game " + doska::quoted(id));
  auto game = rebuild(std::move(**stored));
  games_[id] = game;
  return game;
}

std::shared_ptr<GameService::LiveGame> GameService::live(const std::string& id) {
  std::lock_guard lock(games_mutex_);
  auto it = games_.find(id);
  return it == games_.end() ? nullptr : it->second;
}

void GameService::resume_unfinished() {
  auto ids = storage_.unfinished();
  if (!ids) throw ApiError(500, ids.error());
  for (const std::string& id : *ids) {
    try {
      auto game = find(id);
      std::lock_guard lock(game->mutex);
      if (check_flag(*game)) continue;  // a correspondence move due while the server was down
      schedule_computer(*game);
    } catch (const ApiError&) {
      // A game that does not replay stays stored as it is; its requests answer 500.
    }
  }
}

json GameService::view(const LiveGame& game) const {
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
                             : json(std::max<std::int64_t>(0, g.move_deadline_ms - wall_ms()))}};
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
              {"takeback_offer",
               game.takeback_offer ? json(side_name(*game.takeback_offer)) : json(nullptr)},
              {"rematch", game.rematch.empty() ? json(nullptr) : json(game.rematch)},
              {"can_claim_draw", false},
              {"thinking", game.search != nullptr},
              {"status", s.status_lines()},
              {"version", g.version}};
}

// Stores the game as it stands now, with its result; on failure the game in memory is dropped,
// so that the next request reads what the database holds.
void GameService::persist(LiveGame& game) {
  StoredGame& g = game.stored;
  const GameSession& s = *game.session;
  g.updated = now_iso();
  ++g.version;
  const GameEnd end = s.end();
  g.outcome = outcome_name(end.outcome);
  g.result_text = s.result_text();
  g.rule = end.rule;
  g.reason = end.reason;
  if (g.ended_by == "resignation") {
    g.rule = "resignation";
  } else if (g.ended_by == "agreement") {
    g.rule = "agreement";
  } else if (g.ended_by == "time") {
    g.rule = "time";
    g.reason = g.ended_side + " ran out of time";
  }
  const auto offer = s.draw_offer();
  g.draw_offer = offer ? side_name(*offer) : "";
  if (Status saved = storage_.save(g); !saved) {
    std::lock_guard lock(games_mutex_);
    games_.erase(g.id);
    throw ApiError(500, saved.error());
  }
  notify(game);
}

bool GameService::check_flag(LiveGame& game) {
  StoredGame& g = game.stored;
  if (game.session->end().over()) return false;
  const Player p = game.session->to_move();
  if (g.days_per_move > 0) {
    // Correspondence: the stored deadline of the move to make.
    if (wall_ms() < g.move_deadline_ms) return false;
  } else {
    if (g.initial_ms == 0 || game.played.empty()) return false;
    const std::int64_t left =
        (p == Player::white ? g.white_ms : g.black_ms) - elapsed_ms(game.turn_started);
    if (left > 0) return false;
    (p == Player::white ? g.white_ms : g.black_ms) = 0;
  }
  cancel_search(game);
  (void)game.session->resign(p);
  g.ended_by = "time";
  g.ended_side = side_name(p);
  persist(game);
  return true;
}

Player GameService::side_of_key(const LiveGame& game, const std::string& key) const {
  const std::string digest = key_digest(key);
  if (same_key(digest, game.stored.key_white)) return Player::white;
  if (same_key(digest, game.stored.key_black)) return Player::black;
  throw ApiError(403, "this key holds no side of game " + game.stored.id);
}

void GameService::play(LiveGame& game, const MoveView& move) {
  StoredGame& g = game.stored;
  const Player mover = game.session->to_move();
  StoredMove stored{move.text, std::nullopt};
  if (g.initial_ms > 0 && !game.played.empty()) {
    const std::int64_t took = elapsed_ms(game.turn_started);
    std::int64_t& left = mover == Player::white ? g.white_ms : g.black_ms;
    left = left - took + g.increment_ms;
    stored.ms = took;
  }
  if (Status s = game.session->play(move.text); !s) throw ApiError(400, s.error());
  // The session may write the move its own way (disambiguated, SAN): store what it reads back.
  const auto texts = game.session->moves_played();
  if (!texts.empty()) stored.text = texts.back();
  g.moves.push_back(std::move(stored));
  game.played.push_back(move);
  game.movers.push_back(mover);
  game.start_turn();
}

void GameService::cancel_search(LiveGame& game) {
  if (game.search) game.search->store(true);
  game.search.reset();
  ++game.search_token;
}

void GameService::schedule_computer(LiveGame& game) {
  const StoredGame& g = game.stored;
  if (g.opponent != "computer" || game.search || stopping_.load()) return;
  if (game.session->end().over()) return;
  if (side_name(game.session->to_move()) != g.computer_side) return;
  search::Limits limits;
  limits.level = g.level;
  // The lower levels search to a fixed depth (engine::level_setting) and rarely need their time;
  // the budget rises with the level up to the service's longest, so every level answers within
  // a few seconds.
  double seconds = options_.computer_seconds;
  if (engine::level_setting(g.level).depth > 0)
    seconds = std::min(seconds, 0.5 + 0.15 * (g.level - 1));
  if (g.initial_ms > 0) {
    // On the clock: a small share of what is left, never more than the usual budget.
    const std::int64_t left = game.session->to_move() == Player::white ? g.white_ms : g.black_ms;
    seconds = std::min(seconds, std::max(0.05, (left / 30.0 + g.increment_ms / 2.0) / 1000.0));
  }
  limits.move_time = seconds;
  const std::uint64_t token = ++game.search_token;
  std::vector<std::string> moves;
  for (const StoredMove& m : g.moves) moves.push_back(m.text);
  const std::string id = g.id, variant = g.variant, fen = g.start_fen;
  // The search outlives nothing it points to: the service joins the pool before it goes away.
  game.search = pool_.submit(
      [this, id, variant, fen, moves, limits, seconds, token](engine::Engine& engine,
                                                              const std::atomic<bool>& cancelled) {
        if (!engine.set_position(variant, std::string_view(fen), moves)) return;
        // The computer's clock runs from here: the time the job waited in the queue is not its own.
        if (auto game = live(id)) {
          std::lock_guard lock(game->mutex);
          if (game->search_token == token) game->turn_started = Clock::now();
        }
        auto on_info = [this, id, token](const search::Info& info) {
          std::shared_ptr<LiveGame> game = live(id);
          if (!game) return;
          std::lock_guard lock(game->mutex);
          if (game->search_token != token) return;
          game->info = json{{"depth", info.depth}, {"score", info.score.text()}, {"pv", info.pv}};
          ++game->info_count;
          notify(*game);
        };
        const engine::BestMove best =
            search_with_deadline(engine, limits, seconds + 1.0, cancelled, on_info);
        if (!cancelled.load()) computer_played(id, token, best.move);
      },
      EnginePool::Priority::reply, seconds);
  notify(game);
}

void GameService::computer_played(const std::string& id, std::uint64_t token,
                                  const std::string& move) {
  std::shared_ptr<LiveGame> game;
  try {
    game = find(id);
  } catch (const ApiError&) {
    return;
  }
  std::lock_guard lock(game->mutex);
  if (game->search_token != token || !game->search) return;
  game->search.reset();
  try {
    if (check_flag(*game)) return;
    auto view = game->session->read_move(move);
    if (!view) {
      // A search stopped before it found a move: the computer must still move.
      const auto legal = game->session->legal_move_views();
      if (legal.empty()) {
        notify(*game);
        return;
      }
      view = legal.front();
    }
    play(*game, *view);
    persist(*game);
    // Ceylon mill: a mill gives the computer another turn.
    schedule_computer(*game);
  } catch (const ApiError&) {
    // The move is lost with the dropped game; it is searched again on the next request.
  }
}

json GameService::create(const CreateRequest& r) {
  if (!find_game(r.variant)) {
    std::string known;
    for (const GameInfo& g : all_games()) known += (known.empty() ? "" : ", ") + std::string(g.id);
    throw ApiError(400, "unknown game " + doska::quoted(r.variant) + " (known: " + known + ")");
  }
  const SessionOptions options{r.huffing, true};
  std::unique_ptr<GameSession> session;
  std::vector<std::string> moves;
  if (r.pdn) {
    // Draughts records go through the PDN reader of the draughts family; the others (PGN of
    // chess100, the PDN-style records of mill and wolf and sheep) through read_record.
    std::optional<std::string> fen;
    std::vector<std::string> texts;
    if (find_game(r.variant)->family == "draughts") {
      auto games = draughts::parse_pdn(*r.pdn);
      if (!games) throw ApiError(400, "pdn: " + games.error());
      if (games->empty()) throw ApiError(400, "pdn: no game in the text");
      if (auto tag = games->front().tag("FEN")) fen = std::string(*tag);
      for (const draughts::PdnMove& m : games->front().moves) texts.push_back(m.text);
    } else {
      auto game = read_record(*r.pdn);
      if (!game) throw ApiError(400, "record: " + game.error());
      fen = game->tag("FEN");
      texts = game->moves;
    }
    auto made =
        new_session(r.variant, fen ? std::optional<std::string_view>(*fen) : std::nullopt, options);
    if (!made) throw ApiError(400, "record: " + made.error());
    session = std::move(*made);
    for (std::size_t i = 0; i < texts.size(); ++i) {
      auto view = session->read_move(texts[i]);
      if (!view)
        throw ApiError(400, "record: move " + std::to_string(i + 1) + " " +
                                doska::quoted(texts[i]) + ": " + view.error());
      if (Status s = session->play(view->text); !s)
        throw ApiError(400, "record: move " + std::to_string(i + 1) + ": " + s.error());
      moves.push_back(session->moves_played().back());
    }
  } else {
    auto made = new_session(
        r.variant, r.fen ? std::optional<std::string_view>(*r.fen) : std::nullopt, options);
    if (!made) throw ApiError(400, made.error());
    session = std::move(*made);
  }

  StoredGame g;
  g.id = new_game_id();
  g.variant = r.variant;
  g.created = g.updated = now_iso();
  g.huffing = r.huffing;
  g.start_fen = session->start_fen();
  for (const std::string& m : moves) g.moves.push_back(StoredMove{m, std::nullopt});
  g.initial_ms = std::int64_t{r.clock_initial_s} * 1000;
  g.increment_ms = std::int64_t{r.clock_increment_s} * 1000;
  g.white_ms = g.black_ms = g.initial_ms;
  g.days_per_move = r.days_per_move;
  if (g.days_per_move > 0) g.move_deadline_ms = wall_ms() + g.days_per_move * kDayMs;
  Player creator = Player::white;
  if (r.side == "black") creator = Player::black;
  if (r.side == "random") creator = (std::random_device{}() & 1) ? Player::black : Player::white;
  // The keys go to the creator; the database keeps their digests only.
  std::string plain_white, plain_black;
  if (r.computer) {
    g.opponent = "computer";
    g.level = r.level;
    g.computer_side = side_name(other(creator));
    (creator == Player::white ? plain_white : plain_black) = random_hex(16);
  } else {
    plain_white = random_hex(16);
    plain_black = random_hex(16);
  }
  g.key_white = plain_white.empty() ? "" : key_digest(plain_white);
  g.key_black = plain_black.empty() ? "" : key_digest(plain_black);
  g.version = 0;  // persist() makes it 1

  auto game = rebuild(g);
  std::lock_guard lock(game->mutex);
  {
    std::lock_guard games_lock(games_mutex_);
    games_[g.id] = game;
  }
  persist(*game);
  schedule_computer(*game);
  json keys = json::object(), links = json::object();
  for (Player p : {Player::white, Player::black}) {
    const std::string& key = p == Player::white ? plain_white : plain_black;
    if (key.empty()) continue;
    keys[side_name(p)] = key;
    links[side_name(p)] = "/play/" + g.id + "?key=" + key;
  }
  return json{{"game", view(*game)}, {"keys", keys}, {"links", links}};
}

json GameService::get(const std::string& id, const std::optional<std::string>& key) {
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  check_flag(*game);
  json out = view(*game);
  if (key) out["you"] = side_name(side_of_key(*game, *key));
  return out;
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
          {"result",
           {{"over", s.outcome != "ongoing"}, {"outcome", s.outcome}, {"text", s.result_text}}}};
}

}  // namespace

json GameService::list_held(const std::vector<HeldGame>& held) {
  std::vector<GameSummary> found;
  std::set<std::string> seen;
  for (const HeldGame& h : held) {
    if (!valid_id(h.id) || !seen.insert(h.id).second) continue;
    auto s = storage_.held(h.id, key_digest(h.key));
    if (!s) throw ApiError(500, s.error());
    if (*s) found.push_back(std::move(**s));
  }
  std::stable_sort(found.begin(), found.end(), [](const GameSummary& a, const GameSummary& b) {
    return a.created > b.created;
  });
  json out = json::array();
  for (const GameSummary& s : found) out.push_back(summary_json(s));
  return json{{"games", std::move(out)}, {"total", found.size()}};
}

GameService::Held GameService::hold_ongoing(const std::string& id, const std::string& key) {
  auto game = find(id);
  std::unique_lock lock(game->mutex);
  const Player side = side_of_key(*game, key);
  check_flag(*game);
  if (game->session->end().over()) throw ApiError(409, "the game is over: " + game->stored.reason);
  return Held{std::move(game), std::move(lock), side};
}

json GameService::move(const std::string& id, const MoveRequest& r) {
  auto [game, lock, side] = hold_ongoing(id, r.key);
  if (game->search) throw ApiError(409, "the computer is thinking");
  if (game->session->to_move() != side)
    throw ApiError(409, "it is not " + side_name(side) + "'s turn");
  auto view = game->session->read_move(r.move);
  if (!view) throw ApiError(400, view.error());
  game->takeback_offer.reset();
  play(*game, *view);
  persist(*game);
  schedule_computer(*game);
  return this->view(*game);
}

// The session keeps an offer until the next move; a declined offer is gone at once, so the
// session is rebuilt from the stored game without it.
void GameService::withdraw_offer(LiveGame& game) {
  StoredGame without = game.stored;
  without.draw_offer.clear();
  game.session = std::move(rebuild(std::move(without))->session);
}

json GameService::undo(const std::string& id, const KeyRequest& r) {
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  const Player side = side_of_key(*game, r.key);
  StoredGame& g = game->stored;
  if (g.opponent != "computer")
    throw ApiError(409,
                   "undo is for games against the computer; between people, offer a draw "
                   "or resign");
  if (!g.ended_by.empty())
    throw ApiError(409, "the game ended by " + g.ended_by + "; nothing to take back");
  // Back to the player's last turn: the computer's plies after it, then the player's own.
  if (std::find(game->movers.begin(), game->movers.end(), side) == game->movers.end())
    throw ApiError(409, "nothing to take back: you have not moved yet");
  cancel_search(*game);
  if (!game->take_back_turn(side)) throw ApiError(500, "the session cannot take back a move");
  game->start_turn();
  persist(*game);
  schedule_computer(*game);
  return view(*game);
}

json GameService::takeback(const std::string& id, const TakebackRequest& r) {
  auto [game, lock, side] = hold_ongoing(id, r.key);
  StoredGame& g = game->stored;
  if (g.opponent == "computer") throw ApiError(409, "against the computer, take back with undo");
  if (r.action == "offer") {
    if (std::find(game->movers.begin(), game->movers.end(), side) == game->movers.end())
      throw ApiError(409, "nothing to take back: you have not moved yet");
    if (game->takeback_offer == side) throw ApiError(409, "you have asked already");
    game->takeback_offer = side;
    persist(*game);
    return view(*game);
  }
  const auto asked = game->takeback_offer;
  if (!asked || *asked == side)
    throw ApiError(409, "there is no request to take back a move to " + r.action);
  game->takeback_offer.reset();
  if (r.action == "accept") {
    // Back to before the asker's last move: the plies after it, then the asker's own.
    if (!game->take_back_turn(*asked)) throw ApiError(500, "the session cannot take back a move");
    game->start_turn();
  }
  persist(*game);
  return view(*game);
}

json GameService::rematch(const std::string& id, const KeyRequest& r) {
  auto game = find(id);
  std::unique_lock lock(game->mutex);
  const Player side = side_of_key(*game, r.key);
  const StoredGame& old = game->stored;
  if (!game->session->end().over() && old.ended_by.empty())
    throw ApiError(409, "a rematch is offered once the game has ended");
  if (!game->rematch.empty()) {
    const std::string existing = game->rematch;
    lock.unlock();
    return json{{"game", get(existing)}, {"side", side_name(other(side))}};
  }
  StoredGame n;
  n.id = new_game_id();
  n.variant = old.variant;
  n.created = n.updated = now_iso();
  n.huffing = old.huffing;
  n.opponent = old.opponent;
  n.level = old.level;
  if (old.opponent == "computer")
    n.computer_side = old.computer_side == "white" ? "black" : "white";
  n.start_fen = old.start_fen;
  n.key_white = old.key_black;
  n.key_black = old.key_white;
  n.initial_ms = old.initial_ms;
  n.increment_ms = old.increment_ms;
  n.white_ms = n.black_ms = old.initial_ms;
  n.days_per_move = old.days_per_move;
  if (n.days_per_move > 0) n.move_deadline_ms = wall_ms() + n.days_per_move * kDayMs;
  n.version = 0;
  auto fresh = rebuild(n);
  {
    std::lock_guard fresh_lock(fresh->mutex);
    {
      std::lock_guard games_lock(games_mutex_);
      games_[n.id] = fresh;
    }
    persist(*fresh);
    schedule_computer(*fresh);
  }
  if (Status s = storage_.set_rematch(old.id, n.id); !s) throw ApiError(500, s.error());
  game->rematch = n.id;
  persist(*game);  // a new version: the other player's page learns of the rematch
  lock.unlock();
  return json{{"game", get(n.id)}, {"side", side_name(other(side))}};
}

json GameService::draw(const std::string& id, const DrawRequest& r) {
  auto [game, lock, side] = hold_ongoing(id, r.key);
  GameSession& s = *game->session;
  StoredGame& g = game->stored;
  if (r.action == "claim")
    throw ApiError(409, "no draw to claim: the rules of " + std::string(s.info().name) +
                            " end a drawn game by themselves (repetition and move counts are "
                            "applied at once)");
  if (r.action == "decline") {
    const auto offer = s.draw_offer();
    if (!offer || *offer == side) throw ApiError(409, "there is no draw offer to decline");
    // The session keeps an offer until a move; declining leaves the game as it is stored.
    withdraw_offer(*game);
    persist(*game);
    return view(*game);
  }
  if (r.action == "accept") {
    const auto offer = s.draw_offer();
    if (!offer || *offer == side) throw ApiError(409, "there is no draw offer to accept");
    if (Status st = s.accept_draw(side); !st) throw ApiError(409, st.error());
    cancel_search(*game);
    g.ended_by = "agreement";
    g.ended_side = side_name(*offer);
    persist(*game);
    return view(*game);
  }
  // An offer.
  if (s.draw_offer() == side) throw ApiError(409, "you have offered a draw already");
  if (Status st = s.offer_draw(side); !st) throw ApiError(409, st.error());
  persist(*game);
  if (g.opponent != "computer") return view(*game);

  // The computer answers at once, by its level's judgement of the position (engine::accepts_draw):
  // never in a balanced opening, at once when it stands clearly worse.
  std::vector<std::string> moves;
  for (const StoredMove& m : g.moves) moves.push_back(m.text);
  const std::string variant = g.variant, fen = g.start_fen;
  const Player computer = other(side);
  const bool computer_to_move = s.to_move() == computer;
  const std::int64_t version = g.version;
  const int level = g.level;
  const int plies = static_cast<int>(g.moves.size());
  lock.unlock();
  search::Limits limits;
  limits.move_time = 0.3;
  limits.level = level;
  const engine::BestMove best =
      search_now(variant, fen, moves, limits, 1.0, EnginePool::Priority::reply);
  lock.lock();
  if (g.version != version || game->session->end().over()) return view(*game);
  // The score is from the side to move; seen from the computer.
  search::Score own = best.score;
  if (!computer_to_move) {
    using Kind = search::Score::Kind;
    if (own.kind == Kind::win)
      own.kind = Kind::loss;
    else if (own.kind == Kind::loss)
      own.kind = Kind::win;
    else if (own.kind == Kind::cp)
      own.value = -own.value;
  }
  const bool accepts = engine::accepts_draw(level, own, plies);
  if (accepts && game->session->accept_draw(computer)) {
    cancel_search(*game);
    g.ended_by = "agreement";
    g.ended_side = side_name(side);
  } else {
    // Declined: the offer is withdrawn, as between people when the opponent says no.
    withdraw_offer(*game);
  }
  persist(*game);
  schedule_computer(*game);
  return view(*game);
}

json GameService::resign(const std::string& id, const KeyRequest& r) {
  auto [game, lock, side] = hold_ongoing(id, r.key);
  if (Status s = game->session->resign(side); !s) throw ApiError(409, s.error());
  cancel_search(*game);
  game->stored.ended_by = "resignation";
  game->stored.ended_side = side_name(side);
  persist(*game);
  return view(*game);
}

std::string GameService::export_game(const std::string& id, const std::string& format) {
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  const GameSession& s = *game->session;
  const StoredGame& g = game->stored;
  if (format == "fen") return s.fen() + "\n";
  const bool chess = s.info().family == "chess100";
  if (format != "pdn" && format != "pgn")
    throw ApiError(400, "unknown format " + doska::quoted(format) + ": give pdn, pgn or fen");
  if ((format == "pgn") != chess)
    throw ApiError(400, std::string(s.info().name) + " is exported as " + (chess ? "pgn" : "pdn") +
                            " (or fen), not " + format);
  auto player = [&](Player p) {
    if (g.opponent == "computer" && side_name(p) == g.computer_side)
      return "doska, level " + std::to_string(g.level);
    return std::string(side_name(p) == "white" ? "White" : "Black");
  };
  std::string date = g.created.substr(0, 10);
  std::replace(date.begin(), date.end(), '-', '.');
  return s.record({{"Event", "doska game " + g.id},
                   {"Site", "doska"},
                   {"Date", date},
                   {"White", player(Player::white)},
                   {"Black", player(Player::black)}});
}

engine::BestMove GameService::search_now(const std::string& variant, const std::string& fen,
                                         const std::vector<std::string>& moves,
                                         const search::Limits& limits, double seconds,
                                         EnginePool::Priority priority) {
  auto promise = std::make_shared<std::promise<Result<engine::BestMove>>>();
  auto answer = promise->get_future();
  auto cancel = pool_.submit(
      [=](engine::Engine& engine, const std::atomic<bool>& cancelled) {
        if (Status s = engine.set_position(variant, std::string_view(fen), moves); !s) {
          promise->set_value(make_error(s.error()));
          return;
        }
        promise->set_value(search_with_deadline(engine, limits, seconds, cancelled));
      },
      priority, seconds);
  // Waits for a free engine (at most 30 s), then for the search.
  if (answer.wait_for(std::chrono::duration<double>(seconds + 30.0)) != std::future_status::ready) {
    cancel->store(true);
    throw ApiError(503, "every engine is busy; try again later");
  }
  Result<engine::BestMove> best = answer.get();
  if (!best) throw ApiError(400, best.error());
  return std::move(*best);
}

GameService::AnalysedPosition GameService::analysed_position(const AnalyseRequest& r) {
  AnalysedPosition at;
  at.variant = r.variant;
  if (r.game) {
    auto game = find(*r.game);
    std::lock_guard lock(game->mutex);
    // Fair play (issue 14): no engine in a live game between two people, for players or
    // spectators; it opens when the game ends.
    if (game->stored.opponent != "computer" && !game->session->end().over())
      throw ApiError(409,
                     "analysis is not offered during a game between two people; it opens when "
                     "the game ends");
    at.variant = game->stored.variant;
    at.fen = game->session->fen();
  } else {
    auto session =
        new_session(at.variant, r.fen ? std::optional<std::string_view>(*r.fen) : std::nullopt);
    if (!session) throw ApiError(400, session.error());
    at.fen = (*session)->fen();
  }
  // The moves are checked here, so that a bad one is named before any search.
  auto session = new_session(at.variant, std::string_view(at.fen), SessionOptions{false, false});
  if (!session) throw ApiError(400, session.error());
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    auto view = (*session)->read_move(r.moves[i]);  // its squares, before it is played
    if (Status s = (*session)->play(r.moves[i]); !s)
      throw ApiError(400, "move " + std::to_string(i + 1) + " " + doska::quoted(r.moves[i]) + ": " +
                              s.error());
    at.moves.push_back((*session)->moves_played().back());
    at.last = view ? std::optional<MoveView>(*view) : std::nullopt;
  }
  at.session = std::move(*session);
  return at;
}

// ---------------------------------------------------------------- the lobby (issue 15)

namespace {

constexpr std::size_t kMaxOpenSeeks = 200;
constexpr auto kSeekLife = std::chrono::hours(1);             // an open seek no one took
constexpr auto kAcceptedSeekLife = std::chrono::minutes(10);  // for its creator to read the key

}  // namespace

json GameService::seek_json(const Seek& s) const {
  const CreateRequest& r = s.request;
  json clock = nullptr;
  if (r.clock_initial_s > 0)
    clock = json{{"initial_s", r.clock_initial_s}, {"increment_s", r.clock_increment_s}};
  if (r.days_per_move > 0) clock = json{{"days_per_move", r.days_per_move}};
  return json{{"id", s.id},
              {"variant", r.variant},
              {"side", r.side},  // the creator's
              {"clock", clock},
              {"options", {{"huffing", r.huffing}}},
              {"fen", r.fen ? json(*r.fen) : json(nullptr)},
              {"created", s.created}};
}

void GameService::drop_old_seeks() {
  const auto now = std::chrono::steady_clock::now();
  std::erase_if(seeks_, [&](const auto& entry) {
    const Seek& s = entry.second;
    return now - s.at > (s.taken ? kAcceptedSeekLife : kSeekLife);
  });
}

json GameService::create_seek(const CreateRequest& r) {
  if (r.computer) throw ApiError(400, "a seek is for a game between two people");
  if (r.pdn) throw ApiError(400, "a seek starts from a position (fen), not a record");
  if (!find_game(r.variant)) throw ApiError(400, "unknown game " + doska::quoted(r.variant));
  if (auto made =
          new_session(r.variant, r.fen ? std::optional<std::string_view>(*r.fen) : std::nullopt,
                      SessionOptions{r.huffing, true});
      !made)
    throw ApiError(400, made.error());
  const std::string key = random_hex(16);
  json answer;
  {
    std::lock_guard lock(seeks_mutex_);
    drop_old_seeks();
    const auto open =
        std::count_if(seeks_.begin(), seeks_.end(), [](const auto& e) { return !e.second.taken; });
    if (static_cast<std::size_t>(open) >= kMaxOpenSeeks)
      throw ApiError(503, "the lobby is full; try again later");
    Seek s;
    s.id = random_hex(6);
    s.digest = key_digest(key);
    s.created = now_iso();
    s.request = r;
    s.at = std::chrono::steady_clock::now();
    answer = json{{"seek", seek_json(s)}, {"key", key}};
    seeks_[s.id] = std::move(s);
    ++lobby_version_;
  }
  notify_id(kLobby);
  return answer;
}

json GameService::seeks() {
  std::lock_guard lock(seeks_mutex_);
  drop_old_seeks();
  std::vector<const Seek*> open;
  for (const auto& [id, s] : seeks_)
    if (!s.taken) open.push_back(&s);
  std::sort(open.begin(), open.end(), [](const Seek* a, const Seek* b) { return a->at < b->at; });
  json list = json::array();
  for (const Seek* s : open) list.push_back(seek_json(*s));
  return json{{"seeks", list}};
}

json GameService::seek(const std::string& id, const std::string& key) {
  std::lock_guard lock(seeks_mutex_);
  auto it = seeks_.find(id);
  if (it == seeks_.end())
    throw ApiError(404, "no seek " + doska::quoted(id) + " (taken, cancelled or expired)");
  const Seek& s = it->second;
  if (!same_key(key_digest(key), s.digest)) throw ApiError(403, "this key is not the seek's");
  if (!s.taken || s.game.empty()) return json{{"state", "open"}, {"seek", seek_json(s)}};
  return json{{"state", "accepted"},
              {"game", s.game},
              {"side", s.creator_side},
              {"key", s.creator_key},
              {"link", "/play/" + s.game + "?key=" + s.creator_key}};
}

json GameService::accept_seek(const std::string& id) {
  CreateRequest r;
  {
    std::lock_guard lock(seeks_mutex_);
    drop_old_seeks();
    auto it = seeks_.find(id);
    if (it == seeks_.end() || it->second.taken)
      throw ApiError(it == seeks_.end() ? 404 : 409,
                     "seek " + doska::quoted(id) + " is no longer open");
    it->second.taken = true;
    r = it->second.request;
    ++lobby_version_;
  }
  if (r.side == "random") r.side = (std::random_device{}() & 1) ? "black" : "white";
  json created;
  try {
    created = create(r);
  } catch (...) {
    std::lock_guard lock(seeks_mutex_);
    if (auto it = seeks_.find(id); it != seeks_.end()) it->second.taken = false;
    throw;
  }
  const std::string mine = r.side == "white" ? "black" : "white";
  {
    std::lock_guard lock(seeks_mutex_);
    if (auto it = seeks_.find(id); it != seeks_.end()) {
      it->second.game = created["game"]["id"];
      it->second.creator_side = r.side;
      it->second.creator_key = created["keys"][r.side];
      it->second.at = std::chrono::steady_clock::now();
    }
  }
  notify_id(kLobby);
  return json{{"game", created["game"]},
              {"side", mine},
              {"keys", {{mine, created["keys"][mine]}}},
              {"links", {{mine, created["links"][mine]}}}};
}

void GameService::cancel_seek(const std::string& id, const std::string& key) {
  {
    std::lock_guard lock(seeks_mutex_);
    auto it = seeks_.find(id);
    if (it == seeks_.end()) throw ApiError(404, "no seek " + doska::quoted(id));
    if (!same_key(key_digest(key), it->second.digest))
      throw ApiError(403, "this key is not the seek's");
    if (it->second.taken) throw ApiError(409, "the seek was accepted: the game has begun");
    seeks_.erase(it);
    ++lobby_version_;
  }
  notify_id(kLobby);
}

// ---------------------------------------------------------------- game review (issue 15)

namespace {

struct ReviewPosition {
  int ply = 0;
  std::string fen;
  Player to_move = Player::white;
  GameEnd end;  // over: the position needs no search
};

// Every position of the game, from its start to its last move.
std::vector<ReviewPosition> review_positions(const StoredGame& g) {
  auto session =
      new_session(g.variant, std::string_view(g.start_fen), SessionOptions{g.huffing, true});
  if (!session) throw ApiError(500, "stored game " + g.id + ": " + session.error());
  std::vector<ReviewPosition> out;
  auto here = [&](int ply) {
    out.push_back(ReviewPosition{ply, (*session)->fen(), (*session)->to_move(), (*session)->end()});
  };
  here(0);
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    if (!(*session)->play(g.moves[i].text))
      throw ApiError(
          500, "stored game " + g.id + ": move " + std::to_string(i + 1) + " does not replay");
    here(static_cast<int>(i + 1));
  }
  return out;
}

// The side to move's expected score (0 lost, 1 won) of a review entry: a logistic of the
// search score (100 = one man: about 73%), exact for won, lost and drawn values.
double expected_score(const json& entry) {
  const json& score = entry.at("score");
  const std::string kind = score.at("kind");
  if (kind == "win") return 1.0;
  if (kind == "loss") return 0.0;
  if (kind == "draw") return 0.5;
  const double cp = score.at("value").get<double>();
  return 1.0 / (1.0 + std::exp(-cp / 100.0));
}

}  // namespace

json GameService::start_review(const std::string& id, const ReviewRequest& request) {
  {
    auto game = find(id);
    std::lock_guard lock(game->mutex);
    if (game->stored.opponent != "computer" && !game->session->end().over() &&
        game->stored.ended_by.empty())
      throw ApiError(409, "a game between two people is reviewed once it has ended (fair play)");
    if (!game->review_running) {
      game->review_running = true;
      game->review_ms = request.ms;
    }
  }
  review_next(id);
  return review(id);
}

// Searches the first position of the game not yet in its stored review, then the next, one at
// a time (a review holds at most one engine), until every position is done.
void GameService::review_next(const std::string& id) {
  std::shared_ptr<LiveGame> game = live(id);
  if (!game) return;
  std::unique_lock lock(game->mutex);
  if (!game->review_running) return;
  if (stopping_.load()) {
    game->review_running = false;
    return;
  }
  const std::vector<ReviewPosition> positions = review_positions(game->stored);
  auto stored = storage_.review(id);
  if (!stored) return review_failed(id, stored.error());
  std::map<int, std::string> done;
  for (const ReviewEntry& e : *stored) done[e.ply] = e.fen;
  for (const ReviewPosition& p : positions) {
    if (auto it = done.find(p.ply); it != done.end() && it->second == p.fen) continue;
    if (p.end.over()) {
      // The last position of an ended game: its value is the result.
      search::Score score;
      score.kind = search::Score::Kind::draw;
      if (p.end.outcome != Outcome::draw) {
        const bool mover_won =
            (p.end.outcome == Outcome::white_wins) == (p.to_move == Player::white);
        score.kind = mover_won ? search::Score::Kind::win : search::Score::Kind::loss;
      }
      const json entry{{"ply", p.ply},
                       {"fen", p.fen},
                       {"to_move", side_name(p.to_move)},
                       {"score", score_json(score)},
                       {"text", score.text()},
                       {"best", nullptr},
                       {"path", json::array()},
                       {"pv", json::array()},
                       {"depth", 0}};
      if (Status s = storage_.save_review_entry(id, p.ply, p.fen, entry.dump()); !s)
        return review_failed(id, s.error());
      done[p.ply] = p.fen;
      game->review_event = entry.dump();
      ++game->review_count;
      notify(*game);
      continue;
    }
    search::Limits limits;
    limits.book = false;
    limits.move_time = game->review_ms / 1000.0;
    const double seconds = limits.move_time + 1.0;
    const std::string variant = game->stored.variant;
    const bool huffing = game->stored.huffing;
    pool_.submit(
        [this, id, p, variant, huffing, limits, seconds](engine::Engine& engine,
                                                         const std::atomic<bool>& cancelled) {
          if (Status s = engine.set_position(variant, std::string_view(p.fen), {}); !s)
            return review_failed(id, s.error());
          const engine::BestMove best = search_with_deadline(engine, limits, seconds, cancelled);
          if (cancelled.load() || stopping_.load()) return;
          // The best move's squares, for the arrow on the board.
          json path = json::array();
          if (auto session =
                  new_session(variant, std::string_view(p.fen), SessionOptions{huffing, true});
              session && !best.move.empty())
            if (auto view = (*session)->read_move(best.move)) path = view->path;
          const json entry{{"ply", p.ply},
                           {"fen", p.fen},
                           {"to_move", side_name(p.to_move)},
                           {"score", score_json(best.score)},
                           {"text", best.score.text()},
                           {"best", best.move.empty() ? json(nullptr) : json(best.move)},
                           {"path", path},
                           {"pv", best.pv},
                           {"depth", best.depth}};
          if (Status s = storage_.save_review_entry(id, p.ply, p.fen, entry.dump()); !s)
            return review_failed(id, s.error());
          if (auto live_game = live(id)) {
            std::lock_guard lock(live_game->mutex);
            live_game->review_event = entry.dump();
            ++live_game->review_count;
            notify(*live_game);
          }
          review_next(id);
        },
        EnginePool::Priority::analysis, seconds);
    return;
  }
  // Every position is done.
  game->review_running = false;
  game->review_event = json{{"state", "done"}}.dump();
  ++game->review_count;
  notify(*game);
}

void GameService::review_failed(const std::string& id, const std::string& why) {
  if (auto game = live(id)) {
    std::lock_guard lock(game->mutex);
    game->review_running = false;
    game->review_event = json{{"state", "failed"}, {"error", why}}.dump();
    ++game->review_count;
    notify(*game);
  }
}

json GameService::review(const std::string& id) {
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  const std::vector<ReviewPosition> positions = review_positions(game->stored);
  auto stored = storage_.review(id);
  if (!stored) throw ApiError(500, stored.error());
  std::map<int, json> entries;
  for (const ReviewEntry& e : *stored) {
    if (e.ply < 0 || e.ply >= static_cast<int>(positions.size())) continue;
    if (positions[static_cast<std::size_t>(e.ply)].fen != e.fen) continue;  // taken back since
    json entry = json::parse(e.entry, nullptr, false);
    if (!entry.is_object() || !entry.contains("score")) continue;
    const double mine = expected_score(entry);
    entry["white"] = entry["to_move"] == "white" ? mine : 1.0 - mine;
    entries[e.ply] = std::move(entry);
  }
  json list = json::array();
  for (auto& [ply, entry] : entries) list.push_back(entry);
  // Each move judged by what it lost of its player's expected score: the best move's value
  // before it against the value after it (10% an inaccuracy, 20% a mistake, 30% a blunder).
  json moves = json::array();
  for (std::size_t ply = 1; ply < positions.size(); ++ply) {
    auto before = entries.find(static_cast<int>(ply - 1));
    auto after = entries.find(static_cast<int>(ply));
    if (before == entries.end() || after == entries.end()) continue;
    const Player mover = positions[ply - 1].to_move;
    const double white_before = before->second["white"], white_after = after->second["white"];
    const double loss =
        mover == Player::white ? white_before - white_after : white_after - white_before;
    const char* verdict = loss >= 0.3   ? "blunder"
                          : loss >= 0.2 ? "mistake"
                          : loss >= 0.1 ? "inaccuracy"
                                        : nullptr;
    moves.push_back(json{{"ply", ply},
                         {"side", side_name(mover)},
                         {"loss", std::max(0.0, loss)},
                         {"class", verdict ? json(verdict) : json(nullptr)},
                         {"best", before->second["best"]}});
  }
  const std::size_t total = positions.size();
  const char* state = game->review_running      ? "running"
                      : entries.size() == total ? "done"
                      : entries.empty()         ? "none"
                                                : "partial";
  return json{{"state", state},
              {"total", total},
              {"done", entries.size()},
              {"ms", game->review_ms},
              {"positions", std::move(list)},
              {"moves", std::move(moves)}};
}

std::vector<GameService::Event> GameService::poll_events(const std::string& id, Seen& seen) {
  if (id.rfind(kLiveAnalysisPrefix, 0) == 0) return poll_live_analysis(id, seen);
  if (id == kLobby) {
    std::int64_t version;
    {
      std::lock_guard lock(seeks_mutex_);
      version = lobby_version_;
    }
    if (version == seen.version) return {};
    seen.version = version;
    return {Event{"seeks", seeks().dump()}};
  }
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  std::vector<Event> events;
  if (game->stored.version != seen.version) {
    seen.version = game->stored.version;
    const bool thinking = game->search != nullptr;
    const auto now = Clock::now();
    if (game->view_version != game->stored.version || game->view_thinking != thinking ||
        (game->stored.initial_ms > 0 && now - game->view_built > std::chrono::milliseconds(50))) {
      game->view_text = view(*game).dump();
      game->view_version = game->stored.version;
      game->view_thinking = thinking;
      game->view_built = now;
    }
    events.push_back(Event{"game", game->view_text});
  }
  if (game->info_count != seen.info) {
    seen.info = game->info_count;
    if (game->search) events.push_back(Event{"info", game->info.dump()});
  }
  if (game->review_count != seen.review) {
    seen.review = game->review_count;
    if (!game->review_event.empty()) events.push_back(Event{"review", game->review_event});
  }
  return events;
}

std::uint64_t GameService::subscribe(const std::string& id, Listener listener) {
  std::lock_guard lock(listeners_mutex_);
  const std::uint64_t token = ++last_listener_;
  listeners_[id].emplace(token, std::move(listener));
  return token;
}

void GameService::unsubscribe(const std::string& id, std::uint64_t token) {
  std::lock_guard lock(listeners_mutex_);
  auto it = listeners_.find(id);
  if (it == listeners_.end()) return;
  it->second.erase(token);
  if (it->second.empty()) listeners_.erase(it);
}

std::size_t GameService::listener_count() const {
  std::lock_guard lock(listeners_mutex_);
  std::size_t n = 0;
  for (const auto& [id, listeners] : listeners_) n += listeners.size();
  return n;
}

void GameService::notify_id(const std::string& id) {
  std::lock_guard lock(listeners_mutex_);
  auto it = listeners_.find(id);
  if (it == listeners_.end()) return;
  for (const auto& [token, listener] : it->second) listener();
}

// Called with the game's mutex held (lock order: game, then listeners); a listener only posts
// a wake-up to its stream's thread.
void GameService::notify(const LiveGame& game) {
  notify_id(game.stored.id);
}

}  // namespace doska::server
