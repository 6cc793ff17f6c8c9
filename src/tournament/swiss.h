// Swiss tournaments: a fixed number of rounds, each paired from the scores so far, as FIDE's Dutch
// system (C.04.3) and lichess's Swiss (which runs bbpPairings' Dutch pairer) do it. A round's
// pairing is one maximum-weight matching (matching.h) whose criteria, in priority order, are:
//   1. as many pairs as can be made (everyone plays, or one bye when the number is odd);
//   2. no pair meets twice (a rematch only when no pairing of everyone avoids one);
//   3. no player gets a colour against an absolute preference (C.04.1 f: colour difference
//      above 1, or the same colour in the last two games) where both want the same;
//   4. the bye to a player of the lowest score that can take it (one bye per player);
//   5. players of equal score meet: the squared score differences as small as can be, and a
//      floater taken from as low a score group as can be;
//   6. the bye, within that score, to the lowest-ranked player;
//   7. colour preferences met: strong ones (colour difference 1), then mild ones (alternation);
//   8. within a score group, the top half meets the bottom half in order (1 against n/2+1, ...).
// Points are counted in half points: 2 for a win or a bye, 1 for a draw.
#pragma once

#include <optional>
#include <vector>

#include "tournament/pairing.h"

namespace doska::tournament {

// A player as the pairer sees it before a round.
struct SwissPlayer {
  int id = 0;
  int rating = 1500;
  int points = 0;               // half points
  std::vector<Colour> colours;  // of the games played, in order (a bye has none)
  std::vector<int> opponents;   // ids of the players met
  bool had_bye = false;
};

struct SwissRoundPairing {
  std::vector<Pairing> games;  // board order: the higher-ranked player's rank
  std::optional<int> bye;
};

// The next round's pairing of `players` (those still in: withdrawn players are left out by the
// caller). Ranked by points, then rating, then id.
SwissRoundPairing pair_swiss_round(const std::vector<SwissPlayer>& players);

// A played (or playing) round: a game without a result yet counts as not played.
struct SwissGame {
  Pairing players;
  std::optional<Outcome> outcome;
};
struct SwissRound {
  std::vector<SwissGame> games;
  std::optional<int> bye;
};

struct SwissEntrant {
  int id = 0;
  int rating = 1500;
};

// The players' state after `rounds`: points, colours, opponents and byes, in the order of
// `entrants`. A game in progress counts as met (no rematch) but gives no points.
std::vector<SwissPlayer> swiss_players(const std::vector<SwissEntrant>& entrants,
                                       const std::vector<SwissRound>& rounds);

struct SwissStanding {
  int id = 0;
  int rank = 0;  // 1 the first; equal only if every tie-break is equal
  int points = 0;
  double buchholz = 0;          // the sum of the opponents' points (in points; a bye adds none)
  double sonneborn_berger = 0;  // points of the players beaten, half those of the players drawn
  int rating = 1500;
};

// The table: points, then Buchholz, then Sonneborn-Berger, then rating.
std::vector<SwissStanding> swiss_standings(const std::vector<SwissEntrant>& entrants,
                                           const std::vector<SwissRound>& rounds);

}  // namespace doska::tournament
