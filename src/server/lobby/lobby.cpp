#include "server/lobby/lobby.h"

#include <algorithm>
#include <random>

#include "common/text.h"
#include "games/session.h"
#include "server/api_error.h"
#include "server/keys.h"
#include "server/speed.h"
#include "server/storage.h"

namespace doska::server {

using nlohmann::json;

namespace {

constexpr std::size_t kMaxOpenSeeks = 200;
constexpr auto kSeekLife = std::chrono::hours(1);             // an open seek no one took
constexpr auto kAcceptedSeekLife = std::chrono::minutes(10);  // for its creator to read the key

}  // namespace

Lobby::Lobby(Hub& hub, StartGame start_game) : hub_(hub), start_game_(std::move(start_game)) {}

json Lobby::seek_json(const Seek& s) const {
  const CreateRequest& r = s.request;
  json clock = nullptr;
  if (r.clock_initial_s > 0)
    clock = json{{"initial_s", r.clock_initial_s}, {"increment_s", r.clock_increment_s}};
  if (r.days_per_move > 0) clock = json{{"days_per_move", r.days_per_move}};
  json player = nullptr;
  if (s.creator)
    player = json{{"name", s.creator->name},
                  {"rating", s.creator->rating},
                  {"provisional", s.creator->provisional}};
  const std::string speed = speed_of(std::int64_t{r.clock_initial_s} * 1000,
                                     std::int64_t{r.clock_increment_s} * 1000, r.days_per_move);
  return json{
      {"id", s.id},
      {"variant", r.variant},
      {"side", r.side},  // the creator's
      {"clock", clock},
      {"options", {{"huffing", r.huffing}}},
      {"fen", r.fen ? json(*r.fen) : json(nullptr)},
      {"rated", r.rated},
      {"speed", speed.empty() ? json(nullptr) : json(speed)},
      {"rating_range", r.rating_range ? json::array({r.rating_range->first, r.rating_range->second})
                                      : json(nullptr)},
      {"player", std::move(player)},
      {"created", s.created}};
}

void Lobby::drop_old_seeks() {
  const auto now = std::chrono::steady_clock::now();
  std::erase_if(seeks_, [&](const auto& entry) {
    const Seek& s = entry.second;
    return now - s.at > (s.taken ? kAcceptedSeekLife : kSeekLife);
  });
}

std::optional<ApiError> Lobby::refusal(const Seek& s, const std::optional<Seeker>& seeker) {
  if (s.creator && seeker && s.creator->id == seeker->id)
    return ApiError(409, "own_seek", "this is your own seek");
  if (!s.request.rated) return std::nullopt;
  if (!seeker)
    return ApiError(401, "login_required", "a rated game is between players who are logged in");
  if (const auto& range = s.request.rating_range;
      range && (seeker->rating < range->first || seeker->rating > range->second))
    return ApiError(403, "out_of_range",
                    "your rating " + std::to_string(seeker->rating) + " is outside the seek's " +
                        std::to_string(range->first) + "-" + std::to_string(range->second),
                    {{"rating", seeker->rating}, {"low", range->first}, {"high", range->second}});
  return std::nullopt;
}

json Lobby::create_seek(const CreateRequest& r, const std::optional<Seeker>& creator,
                        const std::string& who) {
  if (r.computer) throw ApiError(400, "seek_for_people", "a seek is for a game between two people");
  if (r.rated && !creator)
    throw ApiError(401, "login_required", "a rated game is between players who are logged in");
  if (r.rated && r.clock_initial_s == 0 && r.days_per_move == 0)
    throw ApiError(400, "rated_needs_clock", "a rated game has a clock or days a move");
  if (r.rated && r.fen)
    throw ApiError(400, "rated_from_position", "a rated game starts from the normal position");
  if (r.pdn)
    throw ApiError(400, "seek_from_position", "a seek starts from a position (fen), not a record");
  if (!find_game(r.variant))
    throw ApiError(400, "unknown_variant", "unknown game " + doska::quoted(r.variant),
                   {{"variant", r.variant}});
  if (auto made =
          new_session(r.variant, r.fen ? std::optional<std::string_view>(*r.fen) : std::nullopt,
                      SessionOptions{r.huffing, true});
      !made)
    throw ApiError(400, r.fen ? "bad_fen" : "bad_option", made.error(), {{"detail", made.error()}});
  if (auto wait = new_seeks_.take(who))
    throw ApiError(429, "too_many_seeks",
                   "at most " + std::to_string(kSeeksPerMinute) + " new seeks a minute; wait " +
                       std::to_string(*wait) + " s",
                   {{"retry_after", *wait}});
  const std::string key = random_hex(16);
  json answer;
  {
    std::lock_guard lock(mutex_);
    drop_old_seeks();
    const auto open =
        std::count_if(seeks_.begin(), seeks_.end(), [](const auto& e) { return !e.second.taken; });
    if (static_cast<std::size_t>(open) >= kMaxOpenSeeks)
      throw ApiError(503, "lobby_full", "the lobby is full; try again later");
    Seek s;
    s.id = random_hex(6);
    s.digest = key_digest(key);
    s.created = now_iso();
    s.request = r;
    s.creator = creator;
    s.at = std::chrono::steady_clock::now();
    answer = json{{"seek", seek_json(s)}, {"key", key}};
    seeks_[s.id] = std::move(s);
    ++version_;
  }
  hub_.notify(kLobby);
  return answer;
}

json Lobby::seeks() {
  std::lock_guard lock(mutex_);
  drop_old_seeks();
  std::vector<const Seek*> open;
  for (const auto& [id, s] : seeks_)
    if (!s.taken) open.push_back(&s);
  std::sort(open.begin(), open.end(), [](const Seek* a, const Seek* b) { return a->at < b->at; });
  json list = json::array();
  for (const Seek* s : open) list.push_back(seek_json(*s));
  return json{{"seeks", list}};
}

json Lobby::seek(const std::string& id, const std::string& key) {
  std::lock_guard lock(mutex_);
  auto it = seeks_.find(id);
  if (it == seeks_.end())
    throw ApiError(404, "seek_not_found",
                   "no seek " + doska::quoted(id) + " (taken, cancelled or expired)", {{"id", id}});
  const Seek& s = it->second;
  if (!same_key(key_digest(key), s.digest))
    throw ApiError(403, "bad_key", "this key is not the seek's");
  if (!s.taken || s.game.empty()) return json{{"state", "open"}, {"seek", seek_json(s)}};
  return json{{"state", "accepted"},
              {"game", s.game},
              {"side", s.creator_side},
              {"key", s.creator_key},
              {"link", "/play/" + s.game + "?key=" + s.creator_key}};
}

CreateRequest Lobby::request_of(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = seeks_.find(id);
  if (it == seeks_.end())
    throw ApiError(404, "seek_closed", "seek " + doska::quoted(id) + " is no longer open",
                   {{"id", id}});
  return it->second.request;
}

json Lobby::accept_seek(const std::string& id, const std::optional<Seeker>& acceptor) {
  CreateRequest r;
  std::optional<Seeker> creator;
  {
    std::lock_guard lock(mutex_);
    drop_old_seeks();
    auto it = seeks_.find(id);
    if (it == seeks_.end() || it->second.taken)
      throw ApiError(it == seeks_.end() ? 404 : 409, "seek_closed",
                     "seek " + doska::quoted(id) + " is no longer open", {{"id", id}});
    if (auto refused = refusal(it->second, acceptor)) throw *refused;
    it->second.taken = true;
    r = it->second.request;
    creator = it->second.creator;
    ++version_;
  }
  if (r.side == "random") r.side = (std::random_device{}() & 1) ? "black" : "white";
  Seating seating;
  seating.rated = r.rated;
  auto seat = [](const std::optional<Seeker>& p) {
    return p ? Seat{p->name, p->rating, p->provisional, std::nullopt} : Seat{};
  };
  (r.side == "white" ? seating.white : seating.black) = seat(creator);
  (r.side == "white" ? seating.black : seating.white) = seat(acceptor);
  json created;
  try {
    created = start_game_(r, seating);
  } catch (...) {
    std::lock_guard lock(mutex_);
    if (auto it = seeks_.find(id); it != seeks_.end()) it->second.taken = false;
    throw;
  }
  const std::string mine = r.side == "white" ? "black" : "white";
  {
    std::lock_guard lock(mutex_);
    if (auto it = seeks_.find(id); it != seeks_.end()) {
      it->second.game = created["game"]["id"];
      it->second.creator_side = r.side;
      it->second.creator_key = created["keys"][r.side];
      it->second.at = std::chrono::steady_clock::now();
    }
  }
  hub_.notify(kLobby);
  return json{{"game", created["game"]},
              {"side", mine},
              {"keys", {{mine, created["keys"][mine]}}},
              {"links", {{mine, created["links"][mine]}}}};
}

json Lobby::quick(const CreateRequest& r, const std::optional<Seeker>& seeker,
                  const std::string& who) {
  for (;;) {
    std::string match;
    {
      std::lock_guard lock(mutex_);
      drop_old_seeks();
      const Seek* oldest = nullptr;
      for (const auto& [id, s] : seeks_) {
        const CreateRequest& q = s.request;
        if (s.taken || q.variant != r.variant || q.clock_initial_s != r.clock_initial_s ||
            q.clock_increment_s != r.clock_increment_s || q.days_per_move != r.days_per_move ||
            q.rated != r.rated || q.fen || q.huffing != r.huffing || refusal(s, seeker))
          continue;
        if (!oldest || s.at < oldest->at) oldest = &s;
      }
      if (oldest) match = oldest->id;
    }
    if (match.empty()) return create_seek(r, seeker, who);
    try {
      return accept_seek(match, seeker);
    } catch (const ApiError& e) {
      if (e.code != "seek_closed") throw;  // taken meanwhile by another: look again
    }
  }
}

void Lobby::cancel_seek(const std::string& id, const std::string& key) {
  {
    std::lock_guard lock(mutex_);
    auto it = seeks_.find(id);
    if (it == seeks_.end())
      throw ApiError(404, "seek_not_found", "no seek " + doska::quoted(id), {{"id", id}});
    if (!same_key(key_digest(key), it->second.digest))
      throw ApiError(403, "bad_key", "this key is not the seek's");
    if (it->second.taken)
      throw ApiError(409, "seek_taken", "the seek was accepted: the game has begun");
    seeks_.erase(it);
    ++version_;
  }
  hub_.notify(kLobby);
}

std::vector<Event> Lobby::poll(Seen& seen) {
  std::int64_t version;
  {
    std::lock_guard lock(mutex_);
    version = version_;
  }
  if (version == seen.version) return {};
  seen.version = version;
  return {Event{"seeks", seeks().dump()}};
}

}  // namespace doska::server
