// `doska pdn check FILE`: replays every game of a PDN file by the rules of its variant and
// reports each game's result and any illegal move with its game and move number.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "games/draughts/game.h"
#include "games/draughts/pdn.h"

namespace doska::cli {

namespace {

using namespace doska::draughts;

// Checks one game; prints its line; returns false if a move is illegal or the game is unreadable.
bool check_game(int number, const PdnGame& pdn) {
  auto rules = rules_for_tags(pdn);
  if (!rules) {
    std::printf("game %d (line %d): %s\n", number, pdn.line, rules.error().c_str());
    return false;
  }
  const Rules& r = **rules;
  auto start = initial_position(r, pdn);
  if (!start) {
    std::printf("game %d (line %d): %s\n", number, pdn.line, start.error().c_str());
    return false;
  }
  // Legality is checked with the draw rules off, so that every move is checked; a second record
  // applies the rules and says where they end the game.
  Game moves_only(r, *start, GameOptions{.huffing = false, .draw_rules = false});
  Game by_rules(r, *start);
  int rules_end_ply = by_rules.over() ? 0 : -1;
  const bool second_first = start->side != r.first_to_move;
  for (std::size_t i = 0; i < pdn.moves.size(); ++i) {
    const PdnMove& move = pdn.moves[i];
    const Side mover = moves_only.position().side;
    const int move_number = 1 + (static_cast<int>(i) + (second_first ? 1 : 0)) / 2;
    auto played = moves_only.play_text(move.text);
    if (!played) {
      std::printf("game %d: illegal move %d%s %s (%s, line %d): %s\n", number, move_number,
                  mover == r.first_to_move ? "." : "...", move.text.c_str(),
                  side_name(mover).c_str(), move.line, played.error().c_str());
      return false;
    }
    if (!by_rules.over()) {
      (void)by_rules.play(*played);
      if (by_rules.over()) rules_end_ply = static_cast<int>(i) + 1;
    }
  }
  std::string recorded = pdn.result;
  if (recorded.empty() || recorded == "*") {
    if (auto tag = pdn.tag("Result")) recorded = std::string(*tag);
  }
  std::string line = "game " + std::to_string(number) + ": " + std::string(r.id) + ", " +
                     std::to_string(pdn.moves.size()) + " plies, recorded result " +
                     (recorded.empty() ? "*" : recorded);
  if (by_rules.over()) {
    const Ending& end = by_rules.ending();
    line += "; the rules end it after ply " + std::to_string(rules_end_ply) + ": " +
            result_text(r, pdn_result(end.outcome)) + " (" + end.reason + ", " + end.article + ")";
  }
  std::printf("%s\n", line.c_str());
  return true;
}

}  // namespace

int run_pdn(const std::vector<std::string>& words) {
  auto args = parse_args(words, {}, {});
  if (!args) {
    std::fprintf(stderr, "error: %s\n", args.error().c_str());
    return 2;
  }
  if (args->positional.size() != 2 || args->positional[0] != "check") {
    std::fprintf(stderr, "error: usage: doska pdn check FILE\n");
    return 2;
  }
  const std::string& path = args->positional[1];
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "error: cannot read %s\n", path.c_str());
    return 2;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  auto games = parse_pdn(buffer.str());
  if (!games) {
    std::fprintf(stderr, "error: %s: %s\n", path.c_str(), games.error().c_str());
    return 2;
  }
  bool all_legal = true;
  for (std::size_t i = 0; i < games->size(); ++i)
    all_legal &= check_game(static_cast<int>(i) + 1, (*games)[i]);
  std::printf("%zu game%s, %s\n", games->size(), games->size() == 1 ? "" : "s",
              all_legal ? "all moves legal" : "some games have errors");
  return all_legal ? 0 : 1;
}

}  // namespace doska::cli
