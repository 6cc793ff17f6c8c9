// `doska solve wolf-sheep [--fen FEN] [--moves "..."]`: the exact result for the side to move and
// the best move, from the complete solution of the game (games/wolf_sheep/solution.h).
//
// Output: the position, the time the solution took, the result in words, the best line to the end,
// and last "bestmove <move> score <win N|loss N>" (N plies to the end with best play). A finished
// position is not an error: it prints why the game is over and "bestmove (none) score win 0" or
// "loss 0" for the side to move. Bad input: exit status 2 and one line "error: ...".
#include <chrono>
#include <cstdio>
#include <string>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "games/session.h"
#include "games/wolf_sheep/game.h"
#include "games/wolf_sheep/notation.h"
#include "games/wolf_sheep/solution.h"

namespace doska::cli {

namespace {

std::string winner_name(wolf_sheep::Outcome outcome) {
  return outcome == wolf_sheep::Outcome::sheep_win ? "the sheep have won" : "the wolf has won";
}

}  // namespace

int run_solve(const std::vector<std::string>& words) {
  auto args = parse_args(words, {"fen", "moves"}, {});
  if (!args) return fail(args.error());
  if (args->positional.size() != 1) return fail("solve needs <game> (only wolf-sheep is solved)");
  const std::string& id = args->positional[0];
  if (id != "wolf-sheep") {
    if (!find_game(id)) return fail("unknown game " + quoted(id) + " (only wolf-sheep is solved)");
    return fail("only wolf-sheep is solved, not " + quoted(id));
  }

  wolf_sheep::Position start = wolf_sheep::start_position();
  if (auto fen = args->value("fen")) {
    auto parsed = wolf_sheep::parse_fen(*fen);
    if (!parsed) return fail(parsed.error());
    start = *parsed;
  }
  wolf_sheep::Game game(start);
  if (auto moves = args->value("moves")) {
    int number = 0;
    for (std::string_view move : split_words(*moves)) {
      ++number;
      if (auto played = game.play_text(move); !played)
        return fail("move " + std::to_string(number) + " of --moves: " + played.error());
    }
  }
  const wolf_sheep::Position& pos = game.position();
  const std::string mover = wolf_sheep::side_name(pos.side);
  std::printf("position %s\n", wolf_sheep::to_fen(pos).c_str());
  if (game.over()) {
    const wolf_sheep::Ending& end = game.ending();
    const bool mover_won =
        (end.outcome == wolf_sheep::Outcome::sheep_win) == (pos.side == wolf_sheep::Side::sheep);
    std::printf("the game is over: %s (%s); %s\n", end.reason.c_str(), end.article.c_str(),
                winner_name(end.outcome).c_str());
    std::printf("bestmove (none) score %s\n", mover_won ? "win 0" : "loss 0");
    return 0;
  }

  const auto begin = std::chrono::steady_clock::now();
  const wolf_sheep::Solution solution;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  std::printf("solved %zu positions in %.3f s\n", solution.positions(), seconds);

  const wolf_sheep::Value value = solution.value(pos);
  const auto best = solution.best_move(pos);
  std::printf("the %s %s in %d plies with best play\n", mover.c_str(),
              pos.side == wolf_sheep::Side::sheep ? (value.win ? "win" : "lose")
                                                  : (value.win ? "wins" : "loses"),
              value.plies);
  std::string line;
  for (const wolf_sheep::Move& m : solution.best_line(pos)) line += " " + wolf_sheep::move_text(m);
  std::printf("line%s\n", line.c_str());
  std::printf("bestmove %s score %s\n", wolf_sheep::move_text(*best).c_str(), value.text().c_str());
  return 0;
}

}  // namespace doska::cli
