#include "server/tournament/tournaments.h"
#include "common/clock.h"

#include <chrono>

#include "games/session.h"
#include "server/api_error.h"
#include "server/keys.h"
#include "server/speed.h"

namespace doska::server {

using nlohmann::json;

Tournaments::Tournaments(Storage& storage, Hub& hub, StartGame start_game, RatingOf rating_of,
                         Berserk berserk)
    : storage_(storage),
      hub_(hub),
      start_game_(std::move(start_game)),
      rating_of_(std::move(rating_of)),
      berserk_(std::move(berserk)) {
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
  json paired = json::array();
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
    const std::string game = made["game"]["id"].get<std::string>();
    t.add_board(start, game, made["keys"].value("white", ""), made["keys"].value("black", ""));
    paired.push_back(json{{"game", game},
                          {"white", t.players()[start.players.white].name},
                          {"black", t.players()[start.players.black].name}});
  }
  store(t);
  if (!starts.empty())
    announce(t, "paired", json{{"round", starts.front().round}, {"boards", std::move(paired)}});
}

Tournaments::News& Tournaments::news_of(const std::string& id) {
  auto it = news_.find(id);
  if (it == news_.end()) {
    it = news_.emplace(id, News{}).first;
    it->second.version = now_ms() * 1000;
  }
  return it->second;
}

void Tournaments::announce(const Tournament& t, const std::string& name, json data) {
  News& news = news_of(t.id());
  news.recent.emplace_back(++news.version, Event{name, data.dump()});
  while (news.recent.size() > kNewsKept) news.recent.pop_front();
  hub_.notify(stream_id(t.id()));
}

void Tournaments::announce_status(const Tournament& t, const std::string& before) {
  if (t.status() == before) return;
  if (t.status() == "started") {
    json started{{"status", "started"}};
    if (t.settings().system == "arena") started["ends_ms"] = t.ends_ms();
    announce(t, "started", std::move(started));
  } else if (t.status() == "finished") {
    announce(t, "finished", json{{"standings", t.view()["standings"]}});
  }
}

void Tournaments::check(const std::string& id) {
  std::lock_guard lock(mutex_);
  (void)find(id);
}

std::vector<Event> Tournaments::poll(const std::string& stream, Seen& seen) {
  const std::string id = stream.substr(kStreamPrefix.size());
  std::lock_guard lock(mutex_);
  auto it = tournaments_.find(id);
  if (it == tournaments_.end()) return {Event{"gone", "{}", true}};
  News& news = news_of(id);
  if (seen.version == news.version) return {};
  std::vector<Event> events;
  // A stream that missed news (it connected now, or fell behind what is kept) gets the view.
  const bool behind =
      seen.version < 0 || news.recent.empty() || news.recent.front().first > seen.version + 1;
  if (!behind) {
    for (const auto& [version, event] : news.recent)
      if (version > seen.version) events.push_back(event);
  }
  if (news.view_version != news.version) {
    news.view_text = view_for(it->second, std::nullopt).dump();
    news.view_version = news.version;
  }
  events.push_back(Event{"tournament", news.view_text});
  seen.version = news.version;
  return events;
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

json Tournaments::view_for(const Tournament& t, const std::optional<Viewer>& viewer) {
  json v = t.view();
  v["version"] = news_of(t.id()).version;
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
  announce(t, "joined", json{{"name", viewer.name}, {"players", t.view()["players"]}});
  return view_for(t, viewer);
}

json Tournaments::withdraw(const std::string& id, const Viewer& viewer) {
  std::lock_guard lock(mutex_);
  Tournament& t = find(id);
  t.withdraw(viewer.id);
  store(t);
  announce(t, "withdrawn", json{{"name", viewer.name}, {"players", t.view()["players"]}});
  return view_for(t, viewer);
}

json Tournaments::start(const std::string& id, const Viewer& viewer) {
  std::lock_guard lock(mutex_);
  Tournament& t = find(id);
  if (t.settings().creator != viewer.name)
    throw ApiError(403, "not_creator", "only the tournament's creator may start it");
  const std::vector<Tournament::Start> starts = t.start(now_ms());
  announce_status(t, "created");
  launch(t, starts);
  return view_for(t, viewer);
}

json Tournaments::stop(const std::string& id, const Viewer& viewer) {
  std::lock_guard lock(mutex_);
  Tournament& t = find(id);
  if (t.settings().creator != viewer.name)
    throw ApiError(403, "not_creator", "only the tournament's creator may end it");
  const std::string before = t.status();
  t.stop();
  store(t);
  announce_status(t, before);
  return view_for(t, viewer);
}

json Tournaments::berserk(const std::string& id, const Viewer& viewer) {
  std::lock_guard lock(mutex_);
  Tournament& t = find(id);
  const json game = t.berserk_game(viewer.id);
  berserk_(game["game"].get<std::string>(), game["key"].get<std::string>());
  t.berserked(game["game"].get<std::string>(), game["side"].get<std::string>());
  store(t);
  announce(t, "berserk", json{{"game", game["game"]}, {"name", viewer.name}});
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
      const std::string before = t.status();
      const std::vector<Tournament::Start> starts = t.game_over(id, outcome, plies, now_ms());
      announce(t, "game_over", json{{"game", id}, {"outcome", outcome}});
      announce(t, "standings", t.view()["standings"]);
      launch(t, starts);
      announce_status(t, before);
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
            if (active >= 2) {
              const std::vector<Tournament::Start> starts = t.start(now);
              announce_status(t, "created");
              launch(t, starts);
            }
          } else if (t.status() == "started" && t.settings().system == "arena" &&
                     now >= t.ends_ms() && time_up_.insert(id).second) {
            // The arena's clock: no more pairings; it finishes as its last games end.
            const bool changed = t.tick(now);
            store(t);
            announce(t, "clock", json{{"ends_ms", t.ends_ms()}, {"over", true}});
            if (changed) announce_status(t, "started");
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
