// Arena tournaments as lichess runs them: a fixed duration in which a player is paired again as
// soon as his game ends, and points for results with streaks and berserk.
//   - a win 2 points, a draw 1, a loss 0; a draw before both sides have made 10 moves gives none;
//   - after two wins in a row a player is on fire: his wins and draws count double until a game
//     he does not win (that game still counts double if it is a draw);
//   - berserk: a player may halve his clock (and give up the increment) before his game starts; a
//     berserk win, once the berserk player has made 7 moves, gets an extra point.
// Pairing (pair_arena): the waiting players are matched (matching.h) so that as many as can play,
// no one meets the opponent he has just played while another is free, and players of close
// points, then close ratings, meet (the squared differences summed as small as can be).
#pragma once

#include <vector>

#include "tournament/pairing.h"

namespace doska::tournament {

// Plies before which a draw earns nothing (10 moves each), and the berserk player's moves before
// his win earns the extra point.
constexpr int kArenaDrawPlies = 20;
constexpr int kArenaBerserkMoves = 7;

struct ArenaClock {
  int initial_s = 0;
  int increment_s = 0;
  bool operator==(const ArenaClock&) const = default;
};

// The clock of a berserk player: half the time, no increment.
ArenaClock berserk_clock(ArenaClock clock);

// A finished game of the arena.
struct ArenaGame {
  Pairing players;
  Outcome outcome = Outcome::draw;
  int plies = 0;
  bool white_berserk = false;
  bool black_berserk = false;
};

// One player's result in one game, as the arena's table shows it.
struct ArenaSheetEntry {
  int points = 0;
  bool on_fire = false;  // the game counted double
  bool berserk = false;  // the player went berserk
  char result = 'L';     // 'W', 'D' or 'L'
};

struct ArenaEntrant {
  int id = 0;
  int rating = 1500;
};

struct ArenaStanding {
  int id = 0;
  int rank = 0;  // 1 the first; equal points share a rank
  int points = 0;
  int rating = 1500;
  bool on_fire = false;                // two wins in a row: the next win counts double
  std::vector<ArenaSheetEntry> sheet;  // in the order the games ended
};

// The table from the finished games in the order they ended: points, then rating, then id.
std::vector<ArenaStanding> arena_standings(const std::vector<ArenaEntrant>& entrants,
                                           const std::vector<ArenaGame>& games);

// A player waiting for a game, as the pairer sees him.
struct ArenaWaiting {
  int id = 0;
  int rating = 1500;
  int points = 0;
  int last_opponent = -1;  // -1 for none yet
  int colour_balance = 0;  // games with white minus games with black
};

// The games to start among `waiting`. White goes to the player with fewer whites so far, on equal
// balance to the lower-rated. Two players who have just met are paired again only when
// `rematch_allowed` (the arena has no one else).
std::vector<Pairing> pair_arena(const std::vector<ArenaWaiting>& waiting, bool rematch_allowed);

}  // namespace doska::tournament
