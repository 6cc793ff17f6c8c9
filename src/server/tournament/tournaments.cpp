#include "server/tournament/tournaments.h"

#include <chrono>

#include "games/session.h"
#include "server/api_error.h"
#include "server/keys.h"
#include "server/speed.h"

namespace doska::server {

using nlohmann::json;

namespace {

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

Tournaments::Tournaments(Storage& storage, Hub& hub, StartGame start_game, RatingOf rating_of)
    : storage_(storage),
      hub_(hub),
      start_game_(std::move(start_game)),
      rating_of_(std::move(rating_of)) {
  hub_.on("game.over", [this](const json& game) { game_over(game); });
}

Tournaments::~Tournaments() {
  shut_down();
}

void Tournaments::resume() {
  auto rows = storage_.tournaments();
  if (rows) {
    std::lock_guard lock(mutex_);
    for (const TournamentRow& row : *rows) {
      const json data = json::parse(row.data, nullptr, false);
      if (data.is_discarded()) continue;
      try {
        tournaments_.emplace(row.id, Tournament::from_json(data));
        created_[row.id] = row.created;
      } catch (const json::exception&) {
        // A row this version cannot read is left as it is.
      }
    }
  }
  std::lock_guard lock(ticker_mutex_);
  if (!ticker_.joinable() && !stopping_) ticker_ = std::thread([this] { tick(); });
}

void Tournaments::shut_down() {
  {
    std::lock_guard lock(ticker_mutex_);
    stopping_ = true;
  }
  ticker_wake_.notify_all();
  if (ticker_.joinable()) ticker_.join();
}

Tournament& Tournaments::find(const std::string& id) {
  auto it = tournaments_.find(id);
  if (it == tournaments_.end())
    throw ApiError(404, "tournament_not_found", "no tournament " + id, {{"id", id}});
  return it->second;
}

void Tournaments::store(const Tournament& t) {
  const Status saved =
      storage_.save_tournament({t.id(), created_[t.id()], t.status(), t.to_json().dump()});
  if (!saved) throw ApiError(500, "internal_error", saved.error());
}

void Tournaments::launch(Tournament& t, const std::vector<Tournament::Start>& starts) {
  const TournamentSettings& s = t.settings();
  for (const Tournament::Start& start : starts) {
    CreateRequest request;
    request.variant = s.variant;
    request.clock_initial_s = s.clock_initial_s;
    request.clock_increment_s = s.clock_increment_s;
    request.rated = s.rated;
    Seating seating;
    const std::string speed = speed_of(s.clock_initial_s * 1000LL, s.clock_increment_s * 1000LL, 0);
    for (auto [index, seat] : {std::pair{start.players.white, &seating.white},
                               std::pair{start.players.black, &seating.black}}) {
      const Tournament::Player& p = t.players()[index];
      *seat = rating_of_(p.account, s.variant, speed);
      seat->name = p.name;
    }
    seating.rated = s.rated;
    const json made = start_game_(request, seating);
    t.add_board(start, made["game"]["id"].get<std::string>(), made["keys"].value("white", ""),
                made["keys"].value("black", ""));
  }
  store(t);
}

json Tournaments::create(const TournamentRequest& r, const Viewer& creator) {
  bool known = false;
  for (const GameInfo& info : all_games()) known = known || info.id == r.variant;
  if (!known)
    throw ApiError(400, "unknown_variant", "unknown game id \"" + r.variant + "\"",
                   {{"variant", r.variant}});
  TournamentSettings s;
  s.name = r.name.empty() ? creator.name + "'s " + r.system : r.name;
  s.variant = r.variant;
  s.clock_initial_s = r.clock_initial_s;
  s.clock_increment_s = r.clock_increment_s;
  s.system = r.system;
  s.rounds = r.rounds;
  s.minutes = r.minutes;
  s.starts_ms = now_ms() + r.starts_in_s * 1000LL;
  s.rated = r.rated;
  s.creator = creator.name;
  std::lock_guard lock(mutex_);
  const std::string id = random_hex(4);
  auto [it, added] = tournaments_.emplace(id, Tournament(id, s));
  if (!added) throw ApiError(500, "internal_error", "a tournament id came twice");
  created_[id] = now_iso();
  store(it->second);
  return view_for(it->second, creator);
}

json Tournaments::list() {
  std::lock_guard lock(mutex_);
  json out = json::array();
  for (const auto& [id, t] : tournaments_) {
    json v = t.view();
    v.erase("boards");
    v.erase("standings");
    out.push_back(std::move(v));
  }
  return json{{"tournaments", std::move(out)}};
}

json Tournaments::view_for(const Tournament& t, const std::optional<Viewer>& viewer) const {
  json v = t.view();
  if (viewer) {
    v["me"] = json{{"joined", t.joined(viewer->id)}, {"game", t.game_of(viewer->id)}};
  }
  return v;
}

json Tournaments::get(const std::string& id, const std::optional<Viewer>& viewer) {
  std::lock_guard lock(mutex_);
  return view_for(find(id), viewer);
}

json Tournaments::join(const std::string& id, const Viewer& viewer) {
  std::lock_guard lock(mutex_);
  Tournament& t = find(id);
  const TournamentSettings& s = t.settings();
  const std::string speed = speed_of(s.clock_initial_s * 1000LL, s.clock_increment_s * 1000LL, 0);
  const Seat seat = rating_of_(viewer.id, s.variant, speed);
  t.join(viewer.id, viewer.name, seat.rating.value_or(1500));
  store(t);
  return view_for(t, viewer);
}

json Tournaments::withdraw(const std::string& id, const Viewer& viewer) {
  std::lock_guard lock(mutex_);
  Tournament& t = find(id);
  t.withdraw(viewer.id);
  store(t);
  return view_for(t, viewer);
}

json Tournaments::start(const std::string& id, const Viewer& viewer) {
  std::lock_guard lock(mutex_);
  Tournament& t = find(id);
  if (t.settings().creator != viewer.name)
    throw ApiError(403, "not_creator", "only the tournament's creator may start it");
  launch(t, t.start(now_ms()));
  return view_for(t, viewer);
}

json Tournaments::stop(const std::string& id, const Viewer& viewer) {
  std::lock_guard lock(mutex_);
  Tournament& t = find(id);
  if (t.settings().creator != viewer.name)
    throw ApiError(403, "not_creator", "only the tournament's creator may end it");
  t.stop();
  store(t);
  return view_for(t, viewer);
}

void Tournaments::game_over(const json& game) {
  const std::string id = game.value("id", "");
  const std::string outcome = game.value("outcome", "");
  const int plies = game.value("plies", 0);
  std::lock_guard lock(mutex_);
  for (auto& [tid, t] : tournaments_) {
    if (!t.has_game(id)) continue;
    try {
      launch(t, t.game_over(id, outcome, plies, now_ms()));
    } catch (const ApiError&) {
      // A failed write or game: the tournament is read again from what was stored at the next
      // restart; the other tournaments go on.
    }
  }
}

void Tournaments::tick() {
  std::unique_lock wait_lock(ticker_mutex_);
  while (!stopping_) {
    ticker_wake_.wait_for(wait_lock, std::chrono::milliseconds(500));
    if (stopping_) break;
    wait_lock.unlock();
    {
      std::lock_guard lock(mutex_);
      const std::int64_t now = now_ms();
      for (auto& [id, t] : tournaments_) {
        try {
          if (t.status() == "created" && now >= t.settings().starts_ms) {
            int active = 0;
            for (const Tournament::Player& p : t.players()) active += p.withdrawn ? 0 : 1;
            // At its time with fewer than two players, it waits for a second.
            if (active >= 2) launch(t, t.start(now));
          } else if (t.tick(now)) {
            store(t);
          }
        } catch (const ApiError&) {
          // Tried again at the next tick.
        }
      }
    }
    wait_lock.lock();
  }
}

}  // namespace doska::server
