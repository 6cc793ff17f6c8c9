#include "server/round/round.h"

#include <charconv>

#include "common/text.h"
#include "server/keys.h"
#include "server/round/live_game.h"
#include "server/views.h"

namespace doska::server {

using nlohmann::json;

namespace {

std::optional<Player> player_named(const std::string& name) {
  if (name == "white") return Player::white;
  if (name == "black") return Player::black;
  return std::nullopt;
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

}  // namespace

Round::Round(Storage& storage, EnginePool& pool, Hub& hub, double computer_seconds)
    : storage_(storage), pool_(pool), hub_(hub), computer_seconds_(computer_seconds) {
  hub_.on("game.rated", [this](const nlohmann::json& changes) { rated(changes); });
  hub_.on("cluster.game", [this](const nlohmann::json& news) {
    const json& words = news["words"];
    if (words.size() != 2 || !words[0].is_string() || !words[1].is_string()) return;
    const std::string version = words[1].get<std::string>();
    std::int64_t v = 0;
    if (std::from_chars(version.data(), version.data() + version.size(), v).ec != std::errc{})
      return;
    stored_elsewhere(words[0].get<std::string>(), v);
  });
  hub_.on("cluster.resync", [this](const nlohmann::json&) { resync(); });
  ticker_ = std::thread([this] { tick(); });
}

Round::~Round() {
  shut_down();
}

// The pool is shut down by the service, after every room has stopped.
void Round::shut_down() {
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
}

std::shared_ptr<Round::LiveGame> Round::rebuild(StoredGame stored) {
  auto game = std::make_shared<LiveGame>();
  auto session = new_session(stored.variant, std::string_view(stored.start_fen),
                             SessionOptions{stored.huffing, true});
  if (!session)
    throw ApiError(500, "internal_error", "stored game " + stored.id + ": " + session.error());
  game->session = std::move(*session);
  for (std::size_t i = 0; i < stored.moves.size(); ++i) {
    auto view = game->session->read_move(stored.moves[i].text);
    const Player mover = game->session->to_move();
    if (!view || !game->session->play(view->text))
      throw ApiError(500, "internal_error",
                     "stored game " + stored.id + ": move " + std::to_string(i + 1) + " " +
                         doska::quoted(stored.moves[i].text) + " does not replay");
    game->played.push_back(std::move(*view));
    game->movers.push_back(mover);
  }
  GameSession& s = *game->session;
  const auto ended_side = player_named(stored.ended_side);
  if ((stored.ended_by == "resignation" || stored.ended_by == "time" ||
       stored.ended_by == "abort") &&
      ended_side) {
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
  game->takeback_offer = player_named(stored.takeback_offer);
  game->stored = std::move(stored);
  game->resume_turn();
  return game;
}

std::shared_ptr<Round::LiveGame> Round::find(const std::string& id, bool fresh) {
  if (!valid_id(id))
    throw ApiError(404, "game_not_found", "no game " + doska::quoted(id), {{"id", id}});
  // Several servers on one database: a request reads the game as stored, not as this server
  // last heard of it (another's change is announced within milliseconds, but a player may be
  // quicker); the event streams follow the announcements.
  if (fresh && storage_.shared()) {
    if (auto game = live(id)) {
      auto stored = storage_.stored_version(id);
      if (!stored) throw ApiError(500, "internal_error", stored.error());
      std::int64_t version;
      {
        std::lock_guard lock(game->mutex);
        version = game->stored.version;
      }
      if (*stored != version) evict(id);
    }
  }
  std::lock_guard lock(games_mutex_);
  if (auto it = games_.find(id); it != games_.end()) return it->second;
  auto stored = storage_.load(id);
  if (!stored) throw ApiError(500, "internal_error", stored.error());
  if (!*stored) throw ApiError(404, "game_not_found", "no game " + doska::quoted(id), {{"id", id}});
  auto game = rebuild(std::move(**stored));
  games_[id] = game;
  return game;
}

std::shared_ptr<Round::LiveGame> Round::live(const std::string& id) {
  std::lock_guard lock(games_mutex_);
  auto it = games_.find(id);
  return it == games_.end() ? nullptr : it->second;
}

void Round::resume_unfinished() {
  auto ids = storage_.unfinished();
  if (!ids) throw ApiError(500, "internal_error", ids.error());
  for (const std::string& id : *ids) {
    try {
      auto game = find(id);
      std::lock_guard lock(game->mutex);
      // Several servers: only the games no live server drives (lease.cpp).
      if (storage_.shared()) {
        if (!needs_driver(game->stored)) continue;
        auto taken = storage_.take_lease(id, now_ms(), now_ms() + kLeaseMs);
        if (!taken || !*taken) continue;
        std::lock_guard leases(leases_mutex_);
        driven_.insert(id);
      } else {
        // One server: it was down, and nobody could move; the side to move has its time back.
        // (With several, the others answered meanwhile: the clock ran.)
        game->give_back_turn();
      }
      if (check_flag(*game)) continue;  // a correspondence move due while the server was down
      schedule_computer(*game);
    } catch (const ApiError&) {
      // A game that does not replay stays stored as it is; its requests answer 500.
    }
  }
}

// Stores the game as it stands now, with its result; on failure the game in memory is dropped,
// so that the next request reads what the database holds.
void Round::persist(LiveGame& game) {
  StoredGame& g = game.stored;
  const GameSession& s = *game.session;
  const bool was_over = g.outcome != "ongoing" && g.version > 0;
  const std::int64_t before = g.version;
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
  } else if (g.ended_by == "abort") {
    // The session holds it as a resignation (so that it is over); the game has no result.
    g.outcome = "aborted";
    g.result_text = "*";
    g.rule = "abort";
    g.reason = g.ended_side + " aborted the game";
  }
  const auto offer = s.draw_offer();
  g.draw_offer = offer ? side_name(*offer) : "";
  g.takeback_offer = game.takeback_offer ? side_name(*game.takeback_offer) : "";
  const auto saved = storage_.save_over(g, before);
  if (!saved || *saved == Storage::Saved::conflict) {
    {
      std::lock_guard lock(games_mutex_);
      if (auto it = games_.find(g.id); it != games_.end() && it->second.get() == &game)
        games_.erase(it);
    }
    cancel_search(game);
    if (!saved) throw ApiError(500, "internal_error", saved.error());
    throw ApiError(409, "conflict", "game " + g.id + " was changed on another server meanwhile",
                   {{"id", g.id}});
  }
  // A new game that needs a driver is this server's to drive; an ended one needs none.
  if (before == 0 && needs_driver(g) && storage_.shared()) {
    if (auto taken = storage_.take_lease(g.id, now_ms(), now_ms() + kLeaseMs); taken && *taken) {
      std::lock_guard lock(leases_mutex_);
      driven_.insert(g.id);
    }
  }
  if (g.outcome != "ongoing") release(g.id);
  notify(game);
  // The other rooms hear of an end once (the ratings update a rated game).
  if (!was_over && g.outcome != "ongoing")
    hub_.publish("game.over", nlohmann::json{{"id", g.id},
                                             {"variant", g.variant},
                                             {"rated", g.rated},
                                             {"speed", g.speed},
                                             {"outcome", g.outcome},
                                             {"plies", g.moves.size()},
                                             {"white", g.white_player.name},
                                             {"black", g.black_player.name}});
}

void Round::rated(const nlohmann::json& changes) {
  const std::string id = changes.value("id", "");
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  for (const auto& [side, seat] :
       {std::pair{"white", &game->stored.white_player}, {"black", &game->stored.black_player}}) {
    auto it = changes.find(side);
    if (it == changes.end() || !it->is_object()) continue;
    seat->diff = it->value("diff", 0);
  }
  persist(*game);
}

Player Round::side_of_key(const LiveGame& game, const std::string& key) const {
  const std::string digest = key_digest(key);
  if (same_key(digest, game.stored.key_white)) return Player::white;
  if (same_key(digest, game.stored.key_black)) return Player::black;
  throw ApiError(403, "bad_key", "this key holds no side of game " + game.stored.id,
                 {{"id", game.stored.id}});
}

void Round::play(LiveGame& game, const MoveView& move) {
  StoredGame& g = game.stored;
  const Player mover = game.session->to_move();
  StoredMove stored{move.text, std::nullopt};
  if (g.initial_ms > 0 && !game.played.empty()) {
    const std::int64_t took = elapsed_ms(game.turn_started);
    std::int64_t& left = mover == Player::white ? g.white_ms : g.black_ms;
    left = left - took + increment_of(g, mover);
    stored.ms = took;
  }
  if (Status s = game.session->play(move.text); !s)
    throw ApiError(400, "illegal_move", s.error(), {{"move", move.text}, {"detail", s.error()}});
  // The session may write the move its own way (disambiguated, SAN): store what it reads back.
  const auto texts = game.session->moves_played();
  if (!texts.empty()) stored.text = texts.back();
  g.moves.push_back(std::move(stored));
  game.played.push_back(move);
  game.movers.push_back(mover);
  game.start_turn();
}

json Round::get(const std::string& id, const std::optional<std::string>& key) {
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  check_flag(*game);
  json out = view(*game);
  if (key) out["you"] = side_name(side_of_key(*game, *key));
  return out;
}

Round::Held Round::hold_ongoing(const std::string& id, const std::string& key) {
  auto game = find(id);
  std::unique_lock lock(game->mutex);
  const Player side = side_of_key(*game, key);
  check_flag(*game);
  if (game->session->end().over())
    throw ApiError(409, "game_over", "the game is over: " + game->stored.reason,
                   {{"reason", game->stored.reason}});
  return Held{std::move(game), std::move(lock), side};
}

// The session keeps an offer until the next move; a declined offer is gone at once, so the
// session is rebuilt from the stored game without it.
void Round::withdraw_offer(LiveGame& game) {
  StoredGame without = game.stored;
  without.draw_offer.clear();
  game.session = std::move(rebuild(std::move(without))->session);
}

std::vector<Event> Round::poll(const std::string& id, Seen& seen) {
  auto game = find(id, false);
  std::lock_guard lock(game->mutex);
  std::vector<Event> events;
  if (game->stored.version != seen.version) {
    seen.version = game->stored.version;
    const bool thinking = game->search != nullptr;
    const auto now = RoundClock::now();
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
  return events;
}

Round::Snapshot Round::snapshot_of(const LiveGame& game) const {
  return Snapshot{game.stored, game.session->end().over(), game.session->fen()};
}

Round::Snapshot Round::snapshot(const std::string& id) {
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  return snapshot_of(*game);
}

std::optional<Round::Snapshot> Round::snapshot_if_live(const std::string& id) {
  auto game = live(id);
  if (!game) return std::nullopt;
  std::lock_guard lock(game->mutex);
  return snapshot_of(*game);
}

// Called with the game's mutex held (lock order: game, then the hub's); a listener only posts a
// wake-up to its stream's thread.
void Round::notify(const LiveGame& game) {
  hub_.notify(game.stored.id);
}

}  // namespace doska::server
