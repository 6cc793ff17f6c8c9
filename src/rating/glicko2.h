// Glicko-2 ratings, as in M. Glickman, "Example of the Glicko-2 system" (2012): a rating, its
// deviation (RD, how uncertain the rating is) and its volatility (how erratic the player is),
// updated once per rating period from the games played in it. Pure functions, no state: the
// server decides what a rating period is and where ratings are stored.
#pragma once

#include <span>

namespace doska::rating {

// A new player: the paper's defaults, which lichess uses too.
struct Rating {
  double rating = 1500;
  double rd = 350;
  double volatility = 0.06;
};

struct GameResult {
  Rating opponent;
  double score;  // 1 a win, 0.5 a draw, 0 a loss
};

// The RD after an update or a period without games stays in [kMinRd, kMaxRd]: never more
// uncertain than a new player, and never so certain that a rating stops moving.
constexpr double kMinRd = 45;
constexpr double kMaxRd = 350;
// Lichess shows a rating with an RD of 110 or more as provisional ("1500?").
constexpr double kProvisionalRd = 110;

// The system constant: how much the volatility may change in one period (Glickman suggests 0.3
// to 1.2).
constexpr double kDefaultTau = 0.5;

// One rating period of `player` with `games` (step 1 to 8 of the paper). With no games only the
// RD grows, as after one idle period.
//
// Inputs out of their domain are brought into it first, so that the result is always finite and
// the volatility iteration always ends: a rating that is not finite is read as 1500, and ratings
// are clamped to [0, 4000]; an RD that is not finite is read as 350, and RDs are clamped to
// [0, 350] (an opponent's RD below kMinRd is kept, as in the paper's example); a volatility that
// is not finite is read as 0.06, and volatilities are clamped to [0.0001, 1]; a score that is not
// finite is read as a draw, and scores are clamped to [0, 1]; a tau that is not finite is read as
// kDefaultTau, and tau is clamped to [0.05, 2].
Rating update(const Rating& player, std::span<const GameResult> games, double tau = kDefaultTau);

// `r` after `periods` rating periods without games: the RD grows by the volatility each period
// (step 6 of the paper), up to kMaxRd; rating and volatility stay. The RD comes back in
// [kMinRd, kMaxRd], as from update(), whose clamping of the inputs applies here too; a
// non-positive number of periods adds nothing. update() with no games is idle(player, 1).
Rating idle(const Rating& r, int periods);

bool provisional(const Rating& r);

}  // namespace doska::rating
