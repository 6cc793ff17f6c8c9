#include "server/records.h"

#include <cctype>

namespace doska::server {

namespace {

bool is_result(std::string_view t) {
  return t == "*" || t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "2-0" || t == "0-2" ||
         t == "1-1" || t == "0-0";
}

// "12.", "12...", "1..." or a bare "...".
bool is_move_number(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == t.size()) return false;
  for (std::size_t j = i; j < t.size(); ++j)
    if (t[j] != '.') return false;
  return true;
}

}  // namespace

std::optional<std::string> RecordGame::tag(std::string_view name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return std::nullopt;
}

namespace {

// One game from text[i]; leaves i and line after it.
Result<RecordGame> read_one(std::string_view text, std::size_t& i, std::size_t& line) {
  RecordGame game;
  int variation = 0;
  std::string token;
  bool ended = false;  // a result marker ends the game
  auto flush = [&]() -> Status {
    if (token.empty()) return Ok{};
    std::string t = std::move(token);
    token.clear();
    // A number glued to its move: "1.e4".
    if (const auto dot = t.find_last_of('.');
        dot != std::string::npos && dot + 1 < t.size() && is_move_number(t.substr(0, dot + 1)))
      t = t.substr(dot + 1);
    while (!t.empty() && (t.back() == '!' || t.back() == '?')) t.pop_back();
    if (t.empty() || is_move_number(t) || t[0] == '$') return Ok{};
    if (variation > 0) return Ok{};
    if (is_result(t)) {
      ended = true;
      return Ok{};
    }
    std::size_t start = 0;
    for (;;) {
      const std::size_t comma = t.find(',', start);
      std::string part = t.substr(start, comma - start);
      if (part.empty())
        return make_error("line " + std::to_string(line) + ": an empty move in '" + t + "'");
      game.moves.push_back(std::move(part));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    return Ok{};
  };
  while (i < text.size() && !ended) {
    const char c = text[i];
    if (c == '[' && variation == 0 && token.empty()) {
      // [Name "value"]
      const std::size_t close = text.find(']', i);
      if (close == std::string_view::npos)
        return make_error("line " + std::to_string(line) + ": a tag without ']'");
      const std::string_view inside = text.substr(i + 1, close - i - 1);
      const std::size_t space = inside.find_first_of(" \t");
      const std::size_t open = inside.find('"'), end = inside.rfind('"');
      if (space == std::string_view::npos || open == std::string_view::npos || end <= open)
        return make_error("line " + std::to_string(line) + ": a tag must be [Name \"value\"]");
      if (!game.moves.empty()) break;  // the next game's tags
      std::string value;
      for (std::size_t k = open + 1; k < end; ++k) {
        if (inside[k] == '\\' && k + 1 < end) ++k;
        value += inside[k];
      }
      game.tags.emplace_back(std::string(inside.substr(0, space)), std::move(value));
      for (std::size_t k = i; k < close; ++k)
        if (text[k] == '\n') ++line;
      i = close + 1;
      continue;
    }
    if (c == '{' || c == ';') {
      if (Status s = flush(); !s) return make_error(s.error());
      if (ended) break;
      const std::size_t close = text.find(c == '{' ? '}' : '\n', i);
      const std::size_t stop = close == std::string_view::npos ? text.size() : close;
      for (std::size_t k = i; k < stop; ++k)
        if (text[k] == '\n') ++line;
      i = stop + (c == '{' ? 1 : 0);
      continue;
    }
    if (c == '(' || c == ')' || std::isspace(static_cast<unsigned char>(c))) {
      if (Status s = flush(); !s) return make_error(s.error());
      if (ended) break;
      if (c == '\n') ++line;
      if (c == '(') ++variation;
      if (c == ')' && --variation < 0)
        return make_error("line " + std::to_string(line) + ": ')' without '('");
      ++i;
      continue;
    }
    token += c;
    if (token.size() > 64)
      return make_error("line " + std::to_string(line) + ": a word too long for a move");
    ++i;
  }
  if (Status s = flush(); !s) return make_error(s.error());
  return game;
}

bool only_space_and_comments(std::string_view text, std::size_t i) {
  while (i < text.size()) {
    const char c = text[i];
    if (c == '{') {
      const std::size_t close = text.find('}', i);
      if (close == std::string_view::npos) return false;
      i = close + 1;
    } else if (c == ';') {
      const std::size_t end = text.find('\n', i);
      i = end == std::string_view::npos ? text.size() : end + 1;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

Result<RecordGame> read_record(std::string_view text) {
  std::size_t i = 0, line = 1;
  return read_one(text, i, line);
}

Result<std::vector<RecordGame>> read_records(std::string_view text) {
  std::vector<RecordGame> games;
  std::size_t i = 0, line = 1;
  while (!only_space_and_comments(text, i)) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) {
      if (text[i] == '\n') ++line;
      ++i;
    }
    const std::size_t start_line = line, start = i;
    auto game = read_one(text, i, line);
    if (!game) return make_error("game " + std::to_string(games.size() + 1) + ": " + game.error());
    if (i == start) return make_error("line " + std::to_string(line) + ": cannot read on");
    game->line = static_cast<int>(start_line);
    games.push_back(std::move(*game));
  }
  return games;
}

}  // namespace doska::server
