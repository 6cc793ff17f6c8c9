// The Swiss pairer against pairings worked out by hand from the Dutch system's rules
// (tournament/swiss.h lists them in priority order).
#include "tournament/swiss.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace doska::tournament::swiss_test {
namespace {

// Six players seeded by rating: A 2000 (id 0) ... F 1500 (id 5).
enum : int { A, B, C, D, E, F };
const std::vector<SwissEntrant> kSix{{A, 2000}, {B, 1900}, {C, 1800},
                                     {D, 1700}, {E, 1600}, {F, 1500}};

SwissRound played(const SwissRoundPairing& pairing, const std::vector<Outcome>& outcomes) {
  SwissRound round;
  round.bye = pairing.bye;
  for (std::size_t i = 0; i < pairing.games.size(); ++i) {
    round.games.push_back({pairing.games[i], outcomes.at(i)});
  }
  return round;
}

// Round 1: one score group, top half against bottom half (A-D, B-E, C-F), the top seed white
// and colours alternating down the boards. A beats D, E and B draw, F beats C.
// Round 2: A 1, F 1 | B ½, E ½ | C 0, D 0. B-E would be a rematch, so both float down to meet C
// and D (B-C, E-D) rather than break the top group; every colour preference is strong (one game
// each) and met: F, B and D white. F-A draw, B beats C, D beats E.
// Round 3: A, B, F 1½ | D 1 | E ½ | C 0. A-F and B-E were played: A-B, and F floats to D, E
// meets C. Mild preferences: A white; F and D both want black, their colours were alike in
// every round, so the higher-ranked F gets it; E and C both want white, alike in every round:
// E, higher, gets white.
TEST(Swiss, SixPlayersThreeRoundsDutchPairingsAndColours) {
  std::vector<SwissRound> rounds;

  SwissRoundPairing r1 = pair_swiss_round(swiss_players(kSix, rounds));
  EXPECT_EQ(r1.games, (std::vector<Pairing>{{A, D}, {E, B}, {C, F}}));
  EXPECT_FALSE(r1.bye);
  rounds.push_back(played(r1, {Outcome::white_wins, Outcome::draw, Outcome::black_wins}));

  SwissRoundPairing r2 = pair_swiss_round(swiss_players(kSix, rounds));
  EXPECT_EQ(r2.games, (std::vector<Pairing>{{F, A}, {B, C}, {D, E}}));
  rounds.push_back(played(r2, {Outcome::draw, Outcome::white_wins, Outcome::white_wins}));

  SwissRoundPairing r3 = pair_swiss_round(swiss_players(kSix, rounds));
  EXPECT_EQ(r3.games, (std::vector<Pairing>{{A, B}, {D, F}, {E, C}}));
  // A beats B, D and F draw, C beats E.
  rounds.push_back(played(r3, {Outcome::white_wins, Outcome::draw, Outcome::black_wins}));

  // A 2½; F 2; D and B 1½ (Buchholz 5 against 4); C 1; E ½.
  const std::vector<SwissStanding> table = swiss_standings(kSix, rounds);
  ASSERT_EQ(table.size(), 6u);
  const std::vector<int> order{A, F, D, B, C, E};
  const std::vector<int> points{5, 4, 3, 3, 2, 1};
  const std::vector<double> buchholz{5.0, 5.0, 5.0, 4.0, 4.0, 4.0};
  // A beat D (1½) and B (1½) and drew F (2): 4. F beat C (1), drew A (2½) and D (1½): 3.
  // D beat E (½), drew F (2): 1½. B beat C (1), drew E (½): 1¼. C beat E: ½. E drew B: ¾.
  const std::vector<double> sonneborn_berger{4.0, 3.0, 1.5, 1.25, 0.5, 0.75};
  for (std::size_t i = 0; i < table.size(); ++i) {
    EXPECT_EQ(table[i].id, order[i]) << i;
    EXPECT_EQ(table[i].rank, static_cast<int>(i) + 1);
    EXPECT_EQ(table[i].points, points[i]) << i;
    EXPECT_DOUBLE_EQ(table[i].buchholz, buchholz[i]) << i;
    EXPECT_DOUBLE_EQ(table[i].sonneborn_berger, sonneborn_berger[i]) << i;
  }
}

// C.04.1 c: with an odd number, the lowest-ranked player of the lowest score takes the bye, and
// it counts as a win.
TEST(Swiss, OddNumberByeToLowestRanked) {
  const std::vector<SwissEntrant> five(kSix.begin(), kSix.end() - 1);
  const SwissRoundPairing r1 = pair_swiss_round(swiss_players(five, {}));
  EXPECT_EQ(r1.bye, E);
  EXPECT_EQ(r1.games, (std::vector<Pairing>{{A, C}, {D, B}}));
  const std::vector<SwissRound> rounds{played(r1, {Outcome::white_wins, Outcome::white_wins})};
  const std::vector<SwissPlayer> players = swiss_players(five, rounds);
  EXPECT_EQ(players[E].points, 2);
  EXPECT_TRUE(players[E].had_bye);
}

// One bye per player: the lowest-ranked player of the lowest score has had it, so the next one
// up takes it.
TEST(Swiss, NoSecondByeWhileAnotherCanTakeIt) {
  std::vector<SwissPlayer> players{{A, 2000, 2, {Colour::white}, {C}, false},
                                   {B, 1900, 2, {Colour::black}, {D}, false},
                                   {C, 1800, 0, {Colour::black}, {A}, false},
                                   {D, 1700, 0, {Colour::white}, {B}, false},
                                   {E, 1600, 0, {}, {}, true}};
  const SwissRoundPairing r = pair_swiss_round(players);
  EXPECT_EQ(r.bye, D);
  EXPECT_EQ(r.games, (std::vector<Pairing>{{B, A}, {C, E}}));
}

// C.04.1 b: two players do not meet twice, even the only two of the top score.
TEST(Swiss, NoRematchEvenWhenScoresWantIt) {
  // A-B and C-D drawn, then A beat C and B beat D: only A-D and B-C have not met.
  const std::vector<SwissPlayer> players{
      {A, 2000, 3, {Colour::white, Colour::black}, {B, C}, false},
      {B, 1900, 3, {Colour::black, Colour::white}, {A, D}, false},
      {C, 1800, 1, {Colour::white, Colour::white}, {D, A}, false},
      {D, 1700, 1, {Colour::black, Colour::black}, {C, B}, false}};
  const SwissRoundPairing r = pair_swiss_round(players);
  // D has had black twice and must have white; C had white twice and must have black.
  EXPECT_EQ(r.games, (std::vector<Pairing>{{D, A}, {B, C}}));
}

// The pairer never leaves a player out when a pairing of everyone exists: with two players left
// who have met, they meet again rather than not play.
TEST(Swiss, RematchOnlyWhenNothingElsePairsEveryone) {
  const std::vector<SwissPlayer> players{{A, 2000, 2, {Colour::white}, {B}, false},
                                         {B, 1900, 0, {Colour::black}, {A}, false}};
  const SwissRoundPairing r = pair_swiss_round(players);
  EXPECT_EQ(r.games, (std::vector<Pairing>{{B, A}}));
}

// Nine rounds of twenty players with results drawn from a fixed sequence: no rematch, no second
// bye, nobody with three games of one colour in a row, and every player in every round.
TEST(Swiss, TwentyPlayersNineRoundsKeepTheRules) {
  std::vector<SwissEntrant> entrants;
  for (int i = 0; i < 21; ++i) entrants.push_back({i, 2200 - 37 * i});
  std::vector<SwissRound> rounds;
  unsigned state = 12345;
  for (int r = 0; r < 9; ++r) {
    const SwissRoundPairing pairing = pair_swiss_round(swiss_players(entrants, rounds));
    ASSERT_EQ(pairing.games.size(), 10u);
    ASSERT_TRUE(pairing.bye);
    std::vector<Outcome> outcomes;
    for (std::size_t g = 0; g < pairing.games.size(); ++g) {
      state = state * 1103515245u + 12345u;
      outcomes.push_back(static_cast<Outcome>((state >> 16) % 3));
    }
    rounds.push_back(played(pairing, outcomes));
  }
  std::vector<int> byes;
  for (const SwissRound& round : rounds) byes.push_back(*round.bye);
  std::sort(byes.begin(), byes.end());
  EXPECT_EQ(std::adjacent_find(byes.begin(), byes.end()), byes.end());
  for (const SwissPlayer& p : swiss_players(entrants, rounds)) {
    std::vector<int> opponents = p.opponents;
    std::sort(opponents.begin(), opponents.end());
    EXPECT_EQ(std::adjacent_find(opponents.begin(), opponents.end()), opponents.end()) << p.id;
    EXPECT_EQ(p.opponents.size() + (p.had_bye ? 1 : 0), 9u) << p.id;
    for (std::size_t i = 2; i < p.colours.size(); ++i) {
      EXPECT_FALSE(p.colours[i] == p.colours[i - 1] && p.colours[i] == p.colours[i - 2])
          << p.id << " game " << i;
    }
  }
}

}  // namespace
}  // namespace doska::tournament::swiss_test
