#include "server/chat/chat.h"

#include <algorithm>

#include "common/text.h"
#include "common/utf8.h"
#include "server/api_error.h"
#include "server/keys.h"

namespace doska::server {

using nlohmann::json;

namespace {

constexpr std::size_t kMaxRoomsInMemory = 4000;

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

}  // namespace

Chat::Chat(Storage& storage, Hub& hub, LookUp look_up)
    : storage_(storage), hub_(hub), look_up_(std::move(look_up)) {
  if (auto closed = storage_.closed_user_ids(); closed)
    closed_.insert(closed->begin(), closed->end());
  // A line said through another server on the same database: the room is read again.
  hub_.on("cluster.chat", [this](const json& news) {
    const json& words = news["words"];
    if (words.size() != 2 || !words[0].is_string() || !words[1].is_string()) return;
    const std::string game = words[0].get<std::string>();
    {
      std::lock_guard lock(mutex_);
      auto it = rooms_.find({game, words[1].get<std::string>()});
      if (it == rooms_.end()) return;  // not followed here
      it->second.loaded = false;
    }
    hub_.notify(game);
  });
  hub_.on("account.closed", [this](const json& account) {
    std::lock_guard lock(mutex_);
    closed_.insert(account.value("id", std::int64_t{0}));
  });
}

Chat::Room& Chat::room(const std::string& game, const std::string& name) {
  if (rooms_.size() >= kMaxRoomsInMemory) rooms_.clear();  // read again from the database
  Room& r = rooms_[{game, name}];
  if (!r.loaded) {
    auto lines = storage_.chat(game, name, kKeep);
    if (!lines) throw ApiError(500, "internal_error", lines.error());
    r.lines = std::move(*lines);
    r.loaded = true;
  }
  return r;
}

json Chat::line_json(const ChatLine& l) const {
  return json{{"n", l.n},
              {"at", l.at},
              {"room", l.room},
              {"name", l.name.empty() ? json(nullptr) : json(l.name)},
              {"side", l.side.empty() ? json(nullptr) : json(l.side)},
              {"text", l.text}};
}

json Chat::say(const std::string& game, const ChatRequest& request,
               const std::optional<Viewer>& viewer) {
  const GameFacts facts = look_up_(game, request.key);
  if (!facts.between_people)
    throw ApiError(409, "no_chat", "a game against the computer has no chat");
  ChatLine line;
  line.game_id = game;
  line.room = request.room;
  std::string writer;
  if (request.room == "players") {
    if (!facts.side)
      throw ApiError(403, "bad_key", "the players' chat needs the key of a side of game " + game,
                     {{"id", game}});
    line.side = *facts.side;
    line.name = *facts.side == "white" ? facts.white_name : facts.black_name;
    writer = game + "/" + *facts.side;
    if (viewer && viewer->name == line.name) line.user_id = viewer->id;
  } else {
    if (!viewer)
      throw ApiError(401, "login_required", "the watchers' chat is for players who are logged in");
    line.user_id = viewer->id;
    line.name = viewer->name;
    if (facts.side) line.side = *facts.side;
    writer = "user/" + std::to_string(viewer->id);
  }
  const std::string text = trimmed(request.text);
  if (text.empty() || utf8_length(text) > kMaxCharacters)
    throw ApiError(400, "bad_chat",
                   "a chat line has 1 to " + std::to_string(kMaxCharacters) + " characters",
                   {{"max", kMaxCharacters}});
  for (unsigned char c : text)
    if (c < 0x20 || c == 0x7f)
      throw ApiError(400, "bad_chat", "a chat line is one line of text, without control characters",
                     {{"max", kMaxCharacters}});
  if (auto wait = writers_.take(writer))
    throw ApiError(429, "chat_too_fast",
                   "5 chat lines in 10 seconds at most; wait " + std::to_string(*wait) + " s",
                   {{"retry_after", *wait}});
  line.text = text;
  line.at = now_iso();
  json out;
  {
    std::lock_guard lock(mutex_);
    Room& r = room(game, request.room);
    if (Status s = storage_.add_chat_line(line, kKeep); !s)
      throw ApiError(500, "internal_error", s.error());
    r.lines.push_back(line);
    if (r.lines.size() > static_cast<std::size_t>(kKeep)) r.lines.erase(r.lines.begin());
    out = json{{"line", line_json(line)}};
  }
  (void)storage_.announce("chat " + game + " " + request.room);  // other servers' watchers
  hub_.notify(game);
  return out;
}

json Chat::room_json(const std::string& game, const std::string& name) {
  json list = json::array();
  for (const ChatLine& l : room(game, name).lines)
    if (!l.user_id || !closed_.count(l.user_id)) list.push_back(line_json(l));
  return list;
}

json Chat::lines(const std::string& game, const std::string& key) {
  const GameFacts facts = look_up_(game, key);
  std::lock_guard lock(mutex_);
  json out{{"watchers", room_json(game, "watchers")}};
  if (facts.side) out["players"] = room_json(game, "players");
  return out;
}

bool Chat::reads_players(const std::string& game, const std::string& key) {
  if (key.empty()) return false;
  try {
    return look_up_(game, key).side.has_value();
  } catch (const ApiError&) {
    return false;
  }
}

std::vector<Event> Chat::poll(const std::string& game, Seen& seen) {
  std::vector<Event> events;
  std::lock_guard lock(mutex_);
  for (const char* name : {"players", "watchers"}) {
    const bool players = std::string_view(name) == "players";
    if (players && !seen.players_room) continue;
    std::int64_t& last = players ? seen.chat_players : seen.chat_watchers;
    auto it = rooms_.find({game, name});
    // A room nobody wrote in since the server started is read once, on the stream's first poll.
    if (it == rooms_.end() && last >= 0) continue;
    const Room& r = room(game, name);
    for (const ChatLine& l : r.lines) {
      if (l.n <= last) continue;
      if (!l.user_id || !closed_.count(l.user_id))
        events.push_back(Event{"chat", line_json(l).dump()});
    }
    last = std::max<std::int64_t>(last, r.lines.empty() ? 0 : r.lines.back().n);
  }
  return events;
}

}  // namespace doska::server
