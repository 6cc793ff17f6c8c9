#include "server/lobby/lobby.h"
#include "common/clock.h"

#include <algorithm>
#include <random>

#include "common/sha256.h"
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
constexpr std::int64_t kSeekLifeMs = 3600 * 1000;         // an open seek no one took
constexpr std::int64_t kAcceptedSeekLifeMs = 600 * 1000;  // for its creator to read the key

// The creator's key to the game of its seek, made from its seek key: any server can give it to
// the creator, and none keeps it (the game keeps its digest).
std::string creator_game_key(const std::string& seek_key) {
  return sha256_hex("doska: the game key of seek key " + seek_key).substr(0, 32);
}

// The request as POST /api/seeks takes it: the seek is kept in this form and read by parse_create.
json request_json(const CreateRequest& r) {
  json o{{"variant", r.variant},
         {"opponent", {{"kind", "person"}}},
         {"side", r.side},
         {"options", {{"huffing", r.huffing}}},
         {"rated", r.rated}};
  if (r.clock_initial_s > 0)
    o["clock"] = json{{"initial_s", r.clock_initial_s}, {"increment_s", r.clock_increment_s}};
  if (r.days_per_move > 0) o["clock"] = json{{"days_per_move", r.days_per_move}};
  if (r.fen) o["fen"] = *r.fen;
  if (r.rating_range)
    o["rating_range"] = json::array({r.rating_range->first, r.rating_range->second});
  return o;
}

}  // namespace

Lobby::Lobby(Storage& storage, Hub& hub, StartGame start_game)
    : storage_(storage), hub_(hub), start_game_(std::move(start_game)) {
  // A seek made, taken or cancelled through another server on the same database.
  hub_.on("cluster.lobby", [this](const json&) { changed(); });
}

void Lobby::changed() {
  {
    std::lock_guard lock(mutex_);
    ++version_;
  }
  hub_.notify(kLobby);
}

Lobby::Seek Lobby::read(const SeekRow& row) {
  Seek s;
  s.row = row;
  auto request = parse_create(row.request);
  if (request) s.request = std::move(*request);
  const json creator = json::parse(row.creator, nullptr, false);
  if (creator.is_object())
    s.creator = Seeker{creator.value("id", std::int64_t{0}), creator.value("name", ""),
                       creator.value("rating", 1500), creator.value("provisional", true)};
  return s;
}

json Lobby::seek_json(const Seek& s) {
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
      {"id", s.row.id},
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
      {"created", s.row.created}};
}

std::vector<Lobby::Seek> Lobby::open_seeks() {
  const std::int64_t now = now_ms();
  if (Status s = storage_.drop_old_seeks(now - kSeekLifeMs, now - kAcceptedSeekLifeMs); !s)
    throw ApiError(500, "internal_error", s.error());
  auto rows = storage_.open_seeks();
  if (!rows) throw ApiError(500, "internal_error", rows.error());
  std::vector<Seek> out;
  for (const SeekRow& row : *rows) out.push_back(read(row));
  return out;
}

std::optional<Lobby::Seek> Lobby::find(const std::string& id) {
  auto row = storage_.seek(id);
  if (!row) throw ApiError(500, "internal_error", row.error());
  if (!*row) return std::nullopt;
  const std::int64_t life = (*row)->taken ? kAcceptedSeekLifeMs : kSeekLifeMs;
  if ((*row)->at_ms < now_ms() - life) return std::nullopt;  // expired, dropped at the next list
  return read(**row);
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
  if (open_seeks().size() >= kMaxOpenSeeks)
    throw ApiError(503, "lobby_full", "the lobby is full; try again later");
  Seek s;
  s.row.id = random_hex(6);
  s.row.digest = key_digest(key);
  s.row.created = now_iso();
  s.row.at_ms = now_ms();
  s.row.request = request_json(r).dump();
  if (creator)
    s.row.creator = json{{"id", creator->id},
                         {"name", creator->name},
                         {"rating", creator->rating},
                         {"provisional", creator->provisional}}
                        .dump();
  s.row.creator_key = key_digest(creator_game_key(key));
  s.request = r;
  s.creator = creator;
  if (Status added = storage_.add_seek(s.row); !added)
    throw ApiError(500, "internal_error", added.error());
  changed();
  return json{{"seek", seek_json(s)}, {"key", key}};
}

json Lobby::seeks() {
  json list = json::array();
  for (const Seek& s : open_seeks()) list.push_back(seek_json(s));
  return json{{"seeks", list}};
}

json Lobby::seek(const std::string& id, const std::string& key) {
  const auto s = find(id);
  if (!s)
    throw ApiError(404, "seek_not_found",
                   "no seek " + doska::quoted(id) + " (taken, cancelled or expired)", {{"id", id}});
  if (!same_key(key_digest(key), s->row.digest))
    throw ApiError(403, "bad_key", "this key is not the seek's");
  if (!s->row.taken || s->row.game.empty()) return json{{"state", "open"}, {"seek", seek_json(*s)}};
  const std::string game_key = creator_game_key(key);
  return json{{"state", "accepted"},
              {"game", s->row.game},
              {"side", s->row.creator_side},
              {"key", game_key},
              {"link", "/play/" + s->row.game + "?key=" + game_key}};
}

CreateRequest Lobby::request_of(const std::string& id) {
  const auto s = find(id);
  if (!s)
    throw ApiError(404, "seek_closed", "seek " + doska::quoted(id) + " is no longer open",
                   {{"id", id}});
  return s->request;
}

json Lobby::accept_seek(const std::string& id, const std::optional<Seeker>& acceptor) {
  const auto found = find(id);
  if (!found || found->row.taken)
    throw ApiError(found ? 409 : 404, "seek_closed",
                   "seek " + doska::quoted(id) + " is no longer open", {{"id", id}});
  if (auto refused = refusal(*found, acceptor)) throw *refused;
  // Taken once, whichever server each acceptor asked.
  auto taken = storage_.take_seek(id, now_ms());
  if (!taken) throw ApiError(500, "internal_error", taken.error());
  if (!*taken)
    throw ApiError(409, "seek_closed", "seek " + doska::quoted(id) + " is no longer open",
                   {{"id", id}});
  changed();
  CreateRequest r = found->request;
  if (r.side == "random") r.side = (std::random_device{}() & 1) ? "black" : "white";
  Seating seating;
  seating.rated = r.rated;
  auto seat = [](const std::optional<Seeker>& p) {
    return p ? Seat{p->name, p->rating, p->provisional, std::nullopt} : Seat{};
  };
  (r.side == "white" ? seating.white : seating.black) = seat(found->creator);
  (r.side == "white" ? seating.black : seating.white) = seat(acceptor);
  (r.side == "white" ? seating.white_key_digest : seating.black_key_digest) =
      found->row.creator_key;
  json created;
  try {
    created = start_game_(r, seating);
  } catch (...) {
    (void)storage_.untake_seek(id);
    changed();
    throw;
  }
  if (Status s = storage_.seek_accepted(id, created["game"]["id"], r.side); !s)
    throw ApiError(500, "internal_error", s.error());
  // The list went out without the seek when it was taken; a creator that asked before the game
  // was stored heard "open" then, so the list goes out again, and the creator asks again.
  changed();
  const std::string mine = r.side == "white" ? "black" : "white";
  return json{{"game", created["game"]},
              {"side", mine},
              {"keys", {{mine, created["keys"][mine]}}},
              {"links", {{mine, created["links"][mine]}}}};
}

json Lobby::quick(const CreateRequest& r, const std::optional<Seeker>& seeker,
                  const std::string& who) {
  for (;;) {
    std::string match;
    for (const Seek& s : open_seeks()) {
      const CreateRequest& q = s.request;
      if (q.variant != r.variant || q.clock_initial_s != r.clock_initial_s ||
          q.clock_increment_s != r.clock_increment_s || q.days_per_move != r.days_per_move ||
          q.rated != r.rated || q.fen || q.huffing != r.huffing || refusal(s, seeker))
        continue;
      match = s.row.id;  // the oldest first
      break;
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
  const auto s = find(id);
  if (!s) throw ApiError(404, "seek_not_found", "no seek " + doska::quoted(id), {{"id", id}});
  if (!same_key(key_digest(key), s->row.digest))
    throw ApiError(403, "bad_key", "this key is not the seek's");
  auto cancelled = storage_.cancel_seek(id);
  if (!cancelled) throw ApiError(500, "internal_error", cancelled.error());
  if (!*cancelled) throw ApiError(409, "seek_taken", "the seek was accepted: the game has begun");
  changed();
}

std::vector<Event> Lobby::poll(Seen& seen) {
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  // Every stream reads the same text of a version; after a minute the list is read again as if
  // it had changed, so that the seeks that expired meanwhile leave it.
  if (now - list_read_ >= std::chrono::minutes(1)) ++version_;
  if (version_ == seen.version) return {};
  if (list_version_ != version_) {
    list_text_ = seeks().dump();
    list_version_ = version_;
    list_read_ = now;
  }
  seen.version = version_;
  return {Event{"seeks", list_text_}};
}

}  // namespace doska::server
