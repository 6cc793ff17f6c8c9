// Game-independent search vocabulary: scores, limits, and what a search reports.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace doska::search {

// Scores are from the side to move. 100 = one man or one pawn. A decided game is kWin minus the
// number of plies to its end (or its negative).
using Value = int;
constexpr Value kInfinite = 32000;
constexpr Value kWin = 31000;
constexpr Value kWinBound = kWin - 1000;  // above: a win in at most 1000 plies
constexpr Value kDraw = 0;

constexpr bool is_decided(Value v) {
  return v > kWinBound || v < -kWinBound;
}

// A value from an endgame database (docs/egdb.md): kTableWin minus the plies to the end or to a
// conversion (a capture or promotion into a smaller table), or its negative. Above every
// evaluation, below every win the search sees to its end.
constexpr Value kTableWin = 20000;
constexpr Value kTableBound = kTableWin - 1000;
constexpr bool is_table_value(Value v) {
  return !is_decided(v) && (v > kTableBound || v < -kTableBound);
}

// What an endgame database says of a position, for the side to move.
struct TableValue {
  int outcome = 0;  // +1 win, 0 draw, -1 loss
  int plies = 0;    // to the end or to a conversion
};

struct Score {
  enum class Kind { cp, win, loss, draw };
  Kind kind = Kind::cp;
  int value = 0;  // centipawns, or plies to the end
  // From an endgame database: `value` counts the plies to the end or to a conversion.
  bool table = false;

  static Score from_value(Value v, bool exact_draw = false);
  std::string text() const;  // "cp 35", "win 7", "loss 4", "draw"; "win 7 egdb" from a database
};

struct Limits {
  int depth = 0;            // 0: no limit
  std::uint64_t nodes = 0;  // 0: no limit
  double move_time = 0;     // seconds for this move; 0: none
  // Clock: the mover's remaining time and increment (seconds); 0: no clock.
  double clock = 0;
  double increment = 0;
  int moves_to_go = 0;
  int threads = 1;
  int level = 10;          // 1..10; below 10 the engine plays weaker on purpose
  std::uint64_t seed = 0;  // randomness of the lower levels
  bool infinite = false;   // until stopped
  // Late-move reductions, where the game's traits use them; off to measure what they gain.
  bool reductions = true;
  // Null-move pruning, where the game's traits allow it; off to measure what it gains.
  bool null_move = true;
  // ProbCut, where the game's traits use it (kProbCutMargin): off to measure what it gains.
  bool probcut = true;
  // Futility pruning, where the game's traits use it (kFutilityMargin): off to measure it.
  bool futility = true;
  // The game's opening book, where it has one (data/book/): a position in the book is played
  // from it, with no search; off to search every move.
  bool book = true;
  // The part of the static evaluation (percent, 0..50) that a position an endgame database
  // calls drawn keeps: 0 scores every table draw alike; above it the side standing better
  // prefers the drawn endings where it has more to play for, and plays on in them, as a
  // player would against an opponent who may still go wrong (docs/egdb.md). -1: the game's
  // own (its traits' kTableDrawEval, measured game by game).
  int table_draw_eval = -1;
  // Contempt for a draw when the game is level (centipawns, 0..100): a draw in the tree, by
  // repetition, by the reversible-move rule or by an endgame database, costs the side to move at
  // the root this much plus half its static value at the root, never less than nothing and never
  // more than this plus the game's kDrawContempt (search/traits.h): so that a side standing
  // level or better keeps the game going against an opponent who may still go wrong. -1: the
  // game's own (its traits' kContemptFloor). An analysis gives 0, to report values rather than
  // a player's preference.
  int contempt = -1;
  // Root moves not to search, in the game's notation: the lines after the first of a multi-line
  // analysis (each searched without the better ones found before it).
  std::vector<std::string> exclude{};
};

// A move from an opening book, with the value and depth of the search that chose it.
struct BookHit {
  std::string move;
  int value = 0;
  int depth = 0;
};

struct Info {
  int depth = 0;
  int seldepth = 0;
  Score score;
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<std::string> pv;
  std::uint64_t table_hits = 0;  // endgame database probes that gave a value
};

}  // namespace doska::search
