#include "games/chess100/pgn.h"

#include "games/chess100/notation.h"

namespace doska::chess100 {

namespace {

std::string escaped(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out;
}

}  // namespace

std::string result_text(Outcome outcome) {
  switch (outcome) {
    case Outcome::white_wins:
      return "1-0";
    case Outcome::black_wins:
      return "0-1";
    case Outcome::draw:
      return "1/2-1/2";
    case Outcome::ongoing:
      break;
  }
  return "*";
}

std::string write_pgn(const Game& game,
                      const std::vector<std::pair<std::string, std::string>>& given) {
  // The seven tag roster (PGN 8.1.1) with "?" where nothing was given.
  std::vector<std::pair<std::string, std::string>> tags = {
      {"Event", "?"}, {"Site", "?"},  {"Date", "????.??.??"}, {"Round", "?"},
      {"White", "?"}, {"Black", "?"}, {"Result", "*"}};
  auto set = [&](const std::string& name, const std::string& value) {
    for (auto& tag : tags)
      if (tag.first == name) {
        tag.second = value;
        return;
      }
    tags.emplace_back(name, value);
  };
  for (const auto& [name, value] : given)
    if (name != "Result" && name != "Variant" && name != "SetUp" && name != "FEN") set(name, value);
  const std::string result = result_text(game.ending().outcome);
  set("Result", result);
  set("Variant", "chess100");
  const std::string start_fen = to_fen(game.start());
  if (start_fen != kStartFen) {
    set("SetUp", "1");
    set("FEN", start_fen);
  }
  std::string out;
  for (const auto& [name, value] : tags) out += "[" + name + " \"" + escaped(value) + "\"]\n";
  out += '\n';

  std::string line;
  auto add = [&](const std::string& token) {
    if (!line.empty() && line.size() + 1 + token.size() > 79) {
      out += line + '\n';
      line.clear();
    }
    line += (line.empty() ? "" : " ") + token;
  };
  const auto& records = game.records();
  for (std::size_t i = 1; i < records.size(); ++i) {
    const Position& before = records[i - 1].position;
    if (before.side == Color::white)
      add(std::to_string(before.fullmove) + ".");
    else if (i == 1)
      add(std::to_string(before.fullmove) + "...");
    add(records[i].san);
  }
  if (game.over()) add("{" + game.ending().reason + ", " + game.ending().article + "}");
  add(result);
  out += line + "\n";
  return out;
}

}  // namespace doska::chess100
