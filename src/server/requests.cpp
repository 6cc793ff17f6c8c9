#include "server/requests.h"

#include <nlohmann/json.hpp>

#include "common/text.h"

namespace doska::server {

namespace {

using nlohmann::json;

constexpr int kMaxDepth = 32;
constexpr std::size_t kMaxText = 100000;  // a PDN, a FEN or a move: far below the body limit

// Reads a JSON object; deeper nesting than any request needs is refused before parsing.
Result<json> read_object(std::string_view body) {
  if (body.size() > kMaxBodyBytes) return make_error("the body is over 1 MB");
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char c : body) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxDepth) return make_error("the JSON body is nested too deeply");
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  json value = json::parse(body, nullptr, false);
  if (value.is_discarded()) return make_error("the body is not valid JSON");
  if (!value.is_object()) return make_error("the body must be a JSON object");
  return value;
}

Result<std::string> text_field(const json& object, const char* name, bool required) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) {
    if (required) return make_error(std::string("missing field \"") + name + "\"");
    return std::string();
  }
  if (!it->is_string()) return make_error(std::string("field \"") + name + "\" must be a string");
  const auto& text = it->get_ref<const std::string&>();
  if (text.size() > kMaxText) return make_error(std::string("field \"") + name + "\" is too long");
  return text;
}

// A whole number in [low, high], or `fallback` when absent.
Result<int> int_field(const json& object, const char* name, int low, int high, int fallback) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) return fallback;
  if (!it->is_number_integer())
    return make_error(std::string("field \"") + name + "\" must be a whole number");
  const auto value = it->get<long long>();
  if (value < low || value > high)
    return make_error(std::string("field \"") + name + "\" must be from " + std::to_string(low) +
                      " to " + std::to_string(high));
  return static_cast<int>(value);
}

Result<std::string> key_of(const json& object) {
  auto key = text_field(object, "key", true);
  if (!key) return key;
  if (key->empty()) return make_error("field \"key\" is empty");
  return key;
}

}  // namespace

Result<CreateRequest> parse_create(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  const json& o = *object;
  CreateRequest r;
  auto variant = text_field(o, "variant", true);
  if (!variant) return make_error(variant.error());
  r.variant = *variant;

  if (auto it = o.find("opponent"); it != o.end() && !it->is_null()) {
    if (!it->is_object()) return make_error("field \"opponent\" must be an object");
    auto kind = text_field(*it, "kind", true);
    if (!kind) return make_error("opponent: " + kind.error());
    if (*kind == "computer") {
      r.computer = true;
      auto level = int_field(*it, "level", 1, 10, 5);
      if (!level) return make_error("opponent: " + level.error());
      r.level = *level;
    } else if (*kind != "person") {
      return make_error("opponent kind must be \"computer\" or \"person\", not \"" + *kind + "\"");
    }
  }
  auto side = text_field(o, "side", false);
  if (!side) return make_error(side.error());
  if (!side->empty()) {
    if (*side != "white" && *side != "black" && *side != "random")
      return make_error("field \"side\" must be \"white\", \"black\" or \"random\"");
    r.side = *side;
  }
  if (auto it = o.find("clock"); it != o.end() && !it->is_null()) {
    if (!it->is_object()) return make_error("field \"clock\" must be an object");
    if (it->contains("days_per_move")) {
      auto days = int_field(*it, "days_per_move", 1, 14, 0);
      if (!days) return make_error("clock: " + days.error());
      if (it->contains("initial_s") || it->contains("increment_s"))
        return make_error("clock: \"days_per_move\" (correspondence) goes without \"initial_s\"");
      r.days_per_move = *days;
    }
  }
  if (auto it = o.find("clock"); it != o.end() && !it->is_null() && r.days_per_move == 0) {
    auto initial = int_field(*it, "initial_s", 1, 36000, 0);
    if (!initial) return make_error("clock: " + initial.error());
    if (*initial == 0) return make_error("clock: missing field \"initial_s\"");
    auto increment = int_field(*it, "increment_s", 0, 600, 0);
    if (!increment) return make_error("clock: " + increment.error());
    r.clock_initial_s = *initial;
    r.clock_increment_s = *increment;
  }
  if (auto it = o.find("options"); it != o.end() && !it->is_null()) {
    if (!it->is_object()) return make_error("field \"options\" must be an object");
    for (const auto& [name, value] : it->items()) {
      if (name != "huffing") return make_error("unknown option \"" + name + "\"");
      if (!value.is_boolean()) return make_error("option \"huffing\" must be true or false");
      r.huffing = value.get<bool>();
    }
  }
  auto fen = text_field(o, "fen", false);
  if (!fen) return make_error(fen.error());
  if (!fen->empty()) r.fen = *fen;
  auto pdn = text_field(o, "pdn", false);
  if (!pdn) return make_error(pdn.error());
  if (!pdn->empty()) r.pdn = *pdn;
  if (r.fen && r.pdn) return make_error("give \"fen\" or \"pdn\", not both");
  if (auto it = o.find("rated"); it != o.end() && !it->is_null()) {
    if (!it->is_boolean()) return make_error("field \"rated\" must be true or false");
    r.rated = it->get<bool>();
  }
  if (auto it = o.find("rating_range"); it != o.end() && !it->is_null()) {
    if (!it->is_array() || it->size() != 2 || !(*it)[0].is_number_integer() ||
        !(*it)[1].is_number_integer())
      return make_error("field \"rating_range\" must be two whole numbers [low, high]");
    const auto low = (*it)[0].get<long long>(), high = (*it)[1].get<long long>();
    if (low < kMinSeekRating || high > kMaxSeekRating || low > high)
      return make_error("field \"rating_range\" must be within " + std::to_string(kMinSeekRating) +
                        ".." + std::to_string(kMaxSeekRating) + ", low before high");
    r.rating_range = std::pair{static_cast<int>(low), static_cast<int>(high)};
  }
  return r;
}

Result<Credentials> parse_credentials(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  Credentials r;
  auto name = text_field(*object, "name", true);
  if (!name) return make_error(name.error());
  auto password = text_field(*object, "password", true);
  if (!password) return make_error(password.error());
  if (name->size() > kMaxNameBytes) return make_error("field \"name\" is too long");
  if (password->size() > kMaxPasswordBytes) return make_error("field \"password\" is too long");
  r.name = std::move(*name);
  r.password = std::move(*password);
  return r;
}

Result<PasswordChange> parse_password_change(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  PasswordChange r;
  auto current = text_field(*object, "current", true);
  if (!current) return make_error(current.error());
  auto password = text_field(*object, "password", true);
  if (!password) return make_error(password.error());
  if (current->size() > kMaxPasswordBytes) return make_error("field \"current\" is too long");
  if (password->size() > kMaxPasswordBytes) return make_error("field \"password\" is too long");
  r.current = std::move(*current);
  r.password = std::move(*password);
  return r;
}

Result<std::string> parse_password(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  auto password = text_field(*object, "password", true);
  if (!password) return make_error(password.error());
  if (password->size() > kMaxPasswordBytes) return make_error("field \"password\" is too long");
  return *password;
}

Result<ChatRequest> parse_chat(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  ChatRequest r;
  auto room = text_field(*object, "room", true);
  if (!room) return make_error(room.error());
  if (*room != "players" && *room != "watchers")
    return make_error("field \"room\" must be \"players\" or \"watchers\"");
  r.room = *room;
  auto text = text_field(*object, "text", true);
  if (!text) return make_error(text.error());
  if (text->size() > kMaxChatBytes) return make_error("field \"text\" is too long");
  r.text = std::move(*text);
  auto key = text_field(*object, "key", false);
  if (!key) return make_error(key.error());
  r.key = std::move(*key);
  return r;
}

Result<MoveRequest> parse_move(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  auto key = key_of(*object);
  if (!key) return make_error(key.error());
  auto move = text_field(*object, "move", true);
  if (!move) return make_error(move.error());
  if (move->empty()) return make_error("field \"move\" is empty");
  return MoveRequest{*key, *move};
}

Result<KeyRequest> parse_key(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  auto key = key_of(*object);
  if (!key) return make_error(key.error());
  return KeyRequest{*key};
}

Result<DrawRequest> parse_draw(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  auto key = key_of(*object);
  if (!key) return make_error(key.error());
  auto action = text_field(*object, "action", true);
  if (!action) return make_error(action.error());
  if (*action != "offer" && *action != "accept" && *action != "decline" && *action != "claim")
    return make_error("field \"action\" must be \"offer\", \"accept\", \"decline\" or \"claim\"");
  return DrawRequest{*key, *action};
}

Result<TakebackRequest> parse_takeback(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  auto key = key_of(*object);
  if (!key) return make_error(key.error());
  auto action = text_field(*object, "action", true);
  if (!action) return make_error(action.error());
  if (*action != "offer" && *action != "accept" && *action != "decline")
    return make_error("field \"action\" must be \"offer\", \"accept\" or \"decline\"");
  return TakebackRequest{*key, *action};
}

Result<std::vector<HeldGame>> parse_held(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  const auto games = object->find("games");
  if (games == object->end() || !games->is_array())
    return make_error("field \"games\" must be a list of {\"id\", \"key\"}");
  if (games->size() > kMaxHeldGames)
    return make_error("field \"games\" lists more than " + std::to_string(kMaxHeldGames) +
                      " games");
  std::vector<HeldGame> held;
  for (const json& g : *games) {
    if (!g.is_object()) return make_error("each entry of \"games\" must be {\"id\", \"key\"}");
    auto id = text_field(g, "id", true);
    if (!id) return make_error(id.error());
    auto key = key_of(g);
    if (!key) return make_error(key.error());
    held.push_back({*id, *key});
  }
  return held;
}

Result<ReviewRequest> parse_review(std::string_view body) {
  ReviewRequest r;
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return r;
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  auto ms = int_field(*object, "ms", 50, 10000, 300);
  if (!ms) return make_error(ms.error());
  r.ms = *ms;
  return r;
}

Result<AnalyseRequest> parse_analyse(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  const json& o = *object;
  AnalyseRequest r;
  auto game = text_field(o, "game", false);
  if (!game) return make_error(game.error());
  if (!game->empty()) r.game = *game;
  auto variant = text_field(o, "variant", !r.game);
  if (!variant) return make_error(variant.error());
  r.variant = *variant;
  auto fen = text_field(o, "fen", false);
  if (!fen) return make_error(fen.error());
  if (!fen->empty()) r.fen = *fen;
  if (auto it = o.find("moves"); it != o.end() && !it->is_null()) {
    if (!it->is_array()) return make_error("field \"moves\" must be an array of strings");
    if (it->size() > 2000) return make_error("field \"moves\" has too many moves");
    for (const json& m : *it) {
      if (!m.is_string()) return make_error("field \"moves\" must be an array of strings");
      r.moves.push_back(m.get<std::string>());
    }
  }
  auto time_ms = int_field(o, "time_ms", 1, 30000, 0);
  if (!time_ms) return make_error(time_ms.error());
  auto depth = int_field(o, "depth", 1, 30, 0);
  if (!depth) return make_error(depth.error());
  r.time_ms = *time_ms;
  r.depth = *depth;
  auto lines = int_field(o, "lines", 1, 5, 1);
  if (!lines) return make_error(lines.error());
  r.lines = *lines;
  if (r.time_ms == 0 && r.depth == 0) r.time_ms = 1000;
  return r;
}

Result<AnalyseRequest> parse_analyse_query(const std::map<std::string, std::string>& query) {
  json body = json::object();
  for (const char* name : {"variant", "fen", "game"})
    if (auto it = query.find(name); it != query.end()) body[name] = it->second;
  if (auto it = query.find("moves"); it != query.end())
    for (std::string_view move : doska::split_words(it->second))
      body["moves"].push_back(std::string(move));
  if (auto it = query.find("lines"); it != query.end()) {
    auto n = parse_int(it->second);
    body["lines"] = n ? json(*n) : json(it->second);
  }
  return parse_analyse(body.dump());
}

Result<TournamentRequest> parse_tournament(std::string_view body) {
  auto object = read_object(body);
  if (!object) return make_error(object.error());
  const json& o = *object;
  TournamentRequest r;
  auto name = text_field(o, "name", false);
  if (!name) return make_error(name.error());
  if (name->size() > kMaxTournamentName) return make_error("field \"name\" is too long");
  for (unsigned char c : *name) {
    if (c < 0x20 || c == 0x7f) return make_error("field \"name\" has a control character");
  }
  r.name = *name;
  auto variant = text_field(o, "variant", true);
  if (!variant) return make_error(variant.error());
  if (variant->empty()) return make_error("field \"variant\" is empty: give a game id");
  r.variant = *variant;
  auto clock = o.find("clock");
  if (clock == o.end() || !clock->is_object())
    return make_error("field \"clock\" must be an object {\"initial_s\", \"increment_s\"}");
  auto initial = int_field(*clock, "initial_s", 15, 10800, 0);
  if (!initial) return make_error("clock: " + initial.error());
  if (*initial == 0) return make_error("clock: missing field \"initial_s\"");
  auto increment = int_field(*clock, "increment_s", 0, 180, 0);
  if (!increment) return make_error("clock: " + increment.error());
  r.clock_initial_s = *initial;
  r.clock_increment_s = *increment;
  auto system = text_field(o, "system", true);
  if (!system) return make_error(system.error());
  if (*system != "swiss" && *system != "arena")
    return make_error("field \"system\" must be \"swiss\" or \"arena\"");
  r.system = *system;
  auto rounds = int_field(o, "rounds", 1, 20, 0);
  if (!rounds) return make_error(rounds.error());
  auto minutes = int_field(o, "minutes", 1, 1440, 0);
  if (!minutes) return make_error(minutes.error());
  if (r.system == "swiss" && (*rounds == 0 || *minutes != 0))
    return make_error("a Swiss tournament has \"rounds\" (1 to 20) and no \"minutes\"");
  if (r.system == "arena" && (*minutes == 0 || *rounds != 0))
    return make_error("an arena has \"minutes\" (1 to 1440) and no \"rounds\"");
  r.rounds = *rounds;
  r.minutes = *minutes;
  auto starts = int_field(o, "starts_in_s", 0, 7 * 24 * 3600, 600);
  if (!starts) return make_error(starts.error());
  r.starts_in_s = *starts;
  if (auto it = o.find("rated"); it != o.end() && !it->is_null()) {
    if (!it->is_boolean()) return make_error("field \"rated\" must be true or false");
    r.rated = it->get<bool>();
  }
  return r;
}

}  // namespace doska::server
