// The mill evaluation (src/games/mill/eval.h, docs/mill.md "The evaluation"): its features, the
// weights files and the built-in weights.
#include "games/mill/eval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "common/files.h"
#include "games/mill/notation.h"
#include "games/mill/rules.h"
#include "games/mill/search_traits.h"
#include "games/mill/variant.h"

#include "extra_variants.h"
#include "support/scratch_dir.h"

namespace doska::mill {
namespace {

template <const Rules& R>
FeatureVector features_of(const char* fen) {
  auto pos = parse_fen(R, fen);
  EXPECT_TRUE(pos) << fen;
  return pos ? features<R>(*pos) : FeatureVector{};
}

template <const Rules& R>
search::Value eval_of(const char* fen) {
  auto pos = parse_fen(R, fen);
  EXPECT_TRUE(pos) << fen;
  return pos ? SearchTraits<R>::evaluate(SearchTraits<R>::make(*pos)) : 0;
}

// A running mill: d1 stands in the mill a1-d1-g1 and d1-d2 closes b2-d2-f2, so every second turn
// closes a mill and removes a piece (004; in Ceylon with an extra turn too). The same men with f4
// for f2 have no such piece.
TEST(MillEval, RunningMillIsCounted) {
  const char* running = "W:Wa1,d1,g1,b2,f2:Ba7,d7,g4,f6:H0,0";
  const char* plain = "W:Wa1,d1,g1,b2,f4:Ba7,d7,g4,f6:H0,0";
  EXPECT_EQ(features_of<kMill>(running).diff[feature::running_mill], 1);
  EXPECT_EQ(features_of<kMill>(plain).diff[feature::running_mill], 0);
  EXPECT_EQ(features_of<kMillCeylon>(running).diff[feature::running_mill], 1);
  EXPECT_EQ(features_of<kMill>(running).phase, kMoving);
}

// An open mill whose empty point an own piece can reach is a threat; one that no piece can reach
// in the moving phase is only an open mill. White: d7 and g7 with a7 empty; a4 reaches a7 in the
// first position, not in the second (a4 stands on b4 instead, not next to a7).
TEST(MillEval, ClosableOpenMill) {
  const auto closable = features_of<kMill>("W:Wd7,g7,a4,g1:Bb2,d2,f2,c5:H0,0");
  const auto unreachable = features_of<kMill>("W:Wd7,g7,b4,g1:Bb2,d2,f2,c5:H0,0");
  EXPECT_EQ(closable.diff[feature::closable_mill] - unreachable.diff[feature::closable_mill], 1);
  EXPECT_EQ(closable.diff[feature::open_mill], unreachable.diff[feature::open_mill]);
  // b4 is a point with four neighbours.
  EXPECT_EQ(unreachable.diff[feature::cross] - closable.diff[feature::cross], 1);
}

// A side short of steps is near the blockade that loses on its turn (004 «Конец игры»; RULINGS
// §3.2): White's a1, d1, g1, a4 have no step (cramped 3); Black's a7, b4, d2, g4 have nine. With
// d2 on f2 instead, White's d1 can step to d2 (one step: cramped 2). A flying side counts none.
TEST(MillEval, CrampedSide) {
  EXPECT_EQ(features_of<kMill>("B:Wa1,d1,g1,a4:Ba7,b4,d2,g4:H0,0").diff[feature::cramped], 3);
  EXPECT_EQ(features_of<kMill>("B:Wa1,d1,g1,a4:Ba7,b4,f2,g4:H0,0").diff[feature::cramped], 2);
  EXPECT_EQ(features_of<kMill>("B:Wa1,d1,g1:Ba7,b4,d2,g4:H0,0").diff[feature::cramped], 0);
}

// The placement phase lasts while either hand holds a piece; pieces in hand are counted, and a
// point that closes two of a side's lines at once is a double threat. White's a1, a7 (line
// a1-a4-a7) and b4, c4 (line a4-b4-c4) both wait for a4.
TEST(MillEval, PlacementFeatures) {
  const auto f = features_of<kMill>("B:Wa1,a7,b4,c4:Bd2,f2,d6:H5,6");
  EXPECT_EQ(f.phase, kPlacement);
  EXPECT_EQ(f.diff[feature::piece], 9 - 9);
  EXPECT_EQ(f.diff[feature::hand], 5 - 6);
  EXPECT_EQ(f.diff[feature::double_threat], 1);
  EXPECT_EQ(f.diff[feature::to_move], -1);
  // Black's d2 and f2 stand in line b2-d2-f2 with b2 empty; White has no piece there.
  EXPECT_EQ(f.diff[feature::open_mill], 2 - 1);
}

// The fast count (both sides in one pass, steps a set at a time) against the plain one, at
// every position of random games (placement, moving and flying, running mills among them), and
// at random positions, hands and sides in every combination.
struct Seen {
  int flying = 0, running = 0, moving = 0;
};

template <const Rules& R>
void check_features(const Position& pos, Seen& seen) {
  const FeatureVector fast = features<R>(pos), plain = features_plain<R>(pos);
  ASSERT_EQ(fast.diff, plain.diff) << to_fen(pos);
  ASSERT_EQ(fast.phase, plain.phase);
  seen.flying += fast.diff[feature::flying] != 0;
  seen.running += fast.diff[feature::running_mill] != 0;
  seen.moving += fast.phase == kMoving;
}

template <const Rules& R>
void check_features_everywhere(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Seen seen;
  for (int game = 0; game < 200; ++game) {
    Position pos = start_position(R);
    for (int ply = 0; ply < 200; ++ply) {
      check_features<R>(pos, seen);
      if (testing::Test::HasFatalFailure()) return;
      MoveList list;
      Generator<R>::generate(pos, list);
      if (list.size() == 0) break;
      play(pos, list[static_cast<int>(rng() % list.size())]);
    }
  }
  for (int i = 0; i < 2000; ++i) {
    Position pos;
    std::vector<int> points(kPoints);
    for (int p = 0; p < kPoints; ++p) points[p] = p;
    std::shuffle(points.begin(), points.end(), rng);
    const int white = static_cast<int>(rng() % 10), black = static_cast<int>(rng() % 10);
    for (int k = 0; k < white; ++k) pos.pieces[0] |= bit(points[k]);
    for (int k = white; k < white + black; ++k) pos.pieces[1] |= bit(points[k]);
    pos.hand[0] = static_cast<std::uint8_t>(rng() % 3 == 0 ? rng() % 4 : 0);
    pos.hand[1] = static_cast<std::uint8_t>(rng() % 3 == 0 ? rng() % 4 : 0);
    pos.side = rng() % 2 ? Side::white : Side::black;
    pos.refresh_key();
    check_features<R>(pos, seen);
    if (testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(seen.flying, 0) << R.id;
  EXPECT_GT(seen.running, 0) << R.id;
  EXPECT_GT(seen.moving, 0) << R.id;
}

TEST(MillEval, FastCountMatchesThePlainOne) {
  check_features_everywhere<kMill>(1);
  check_features_everywhere<kMillMixed>(2);
  check_features_everywhere<kMillCeylon>(3);
  check_features_everywhere<kTwelveMen>(4);
}

// A line with two opposing pieces closed off by one of the side's own.
TEST(MillEval, BlockingAndFlying) {
  const auto f = features_of<kMill>("W:Wb2,a1,g1,g7:Bd2,f2,d6:H0,0");
  EXPECT_EQ(f.diff[feature::blocking], 1);
  EXPECT_EQ(f.diff[feature::flying], -1);  // Black has three on the board and none in hand
  // White steps: b2-b4; a1-d1, a1-a4; g1-d1, g1-g4; g7-d7, g7-g4. Black flies: no steps counted.
  EXPECT_EQ(f.diff[feature::mobility], 7);
  EXPECT_EQ(f.diff[feature::blocked], 0);
}

// The evaluation is the weights times White's counts minus Black's, from the side to move: the
// same position with the other side to move negates all but the move's own term.
TEST(MillEval, SideToMoveNegates) {
  const auto& w = **builtin_weights("mill");
  const int tempo = w.w[kMoving][feature::to_move];
  EXPECT_EQ(eval_of<kMill>("W:Wa1,d1,g1,b2,f2:Ba7,d7,g4,f6:H0,0") - tempo,
            -(eval_of<kMill>("B:Wa1,d1,g1,b2,f2:Ba7,d7,g4,f6:H0,0") - tempo));
}

// Every mill variant has built-in weights (data/eval/<game>.txt), a piece worth about 100.
TEST(MillEval, BuiltinWeightsRead) {
  for (const char* game : {"mill", "mill-mixed", "mill-ceylon"}) {
    auto w = builtin_weights(game);
    ASSERT_TRUE(w) << w.error();
    EXPECT_EQ((*w)->game, game);
    EXPECT_GT((*w)->w[kMoving][feature::piece], 50) << game;
  }
  EXPECT_FALSE(builtin_weights("international"));
}

TEST(MillEval, WeightsTextRoundTrips) {
  EvalWeights w;
  w.game = "mill-ceylon";
  for (int p = 0; p < kPhaseCount; ++p)
    for (int f = 0; f < feature::count; ++f) w.w[p][f] = (p + 1) * 100 - f * 37;
  auto back = parse_weights(format_weights(w, "a test\nof two lines"), "test");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->game, w.game);
  EXPECT_EQ(back->w, w.w);
}

// A bad weights file is refused with the line and the reason.
TEST(MillEval, BadWeightsAreNamed) {
  const auto error = [](std::string_view text) {
    auto w = parse_weights(text, "w.txt");
    return w ? std::string("accepted") : w.error();
  };
  const std::string good = format_weights(**builtin_weights("mill"), "");
  EXPECT_EQ(error(good), "accepted");
  EXPECT_NE(error("game mill\npiece 100 100\n").find("is missing"), std::string::npos);
  EXPECT_NE(error(good + "speed 1 2\n").find("unknown feature 'speed'"), std::string::npos);
  EXPECT_NE(error(good + "piece 1 2\n").find("given twice"), std::string::npos);
  EXPECT_NE(error("game mill\npiece 100\n").find("line 2"), std::string::npos);
  EXPECT_NE(error("game mill\npiece x 1\n").find("bad weight 'x'"), std::string::npos);
  EXPECT_NE(error("piece 1 1\n").find("game"), std::string::npos);
  EXPECT_NE(error("").find("no 'game"), std::string::npos);
  EXPECT_FALSE(load_weights("/nonexistent/w.txt"));
}

// A weights file reads back; a missing one and one of more than a megabyte are refused, named.
TEST(MillEval, AWeightsFileIsReadAndItsErrorsNameIt) {
  const std::string path = test::scratch_dir() + "mill_weights.txt";
  const EvalWeights& builtin = **builtin_weights("mill");
  ASSERT_TRUE(replace_file(path, format_weights(builtin, "a test")));
  auto read = load_weights(path);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(format_weights(*read, ""), format_weights(builtin, ""));

  auto missing = load_weights(path + ".missing");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("cannot read evaluation weights " + path + ".missing: "),
            std::string::npos)
      << missing.error();
  ASSERT_TRUE(replace_file(path, std::string(1'000'001, '#')));
  auto large = load_weights(path);
  ASSERT_FALSE(large);
  EXPECT_NE(large.error().find("evaluation weights " + path + " is too large"), std::string::npos)
      << large.error();
}

// The search's static order (search_traits.h): with no history yet, the placement that blocks the
// opponent's line of two comes first among the quiet moves, then the one that makes a line of
// two of our own; a removal takes first a piece of an opposing line of two with an empty third.
template <const Rules& R>
std::map<std::string, int> orders_of(const char* fen, bool noisy) {
  std::map<std::string, int> out;
  auto pos = parse_fen(R, fen);
  EXPECT_TRUE(pos) << fen;
  if (!pos) return out;
  using T = SearchTraits<R>;
  const auto p = T::make(*pos);
  MoveList list;
  T::generate(p, list);
  for (const Move& m : list)
    if (T::is_quiet(p, m) != noisy)
      out[move_text(m)] = noisy ? T::order_noisy(p, m) : T::order_quiet(p, m);
  return out;
}

TEST(MillSearchOrder, BlockFirstThenLinesOfTwo) {
  // White: a1, d1 (g1 closes); Black: a7, d7 (g7 closes). c3 makes no line with a1 or d1.
  const auto q = orders_of<kMill>("W:Wa1,d1:Ba7,d7:H7,7", false);
  ASSERT_TRUE(q.contains("g7"));
  for (const auto& [move, score] : q) {
    if (move == "g7") continue;
    EXPECT_GT(q.at("g7"), score) << move;
  }
  EXPECT_GT(q.at("d2"), q.at("c3"));  // d1-d2 with d3 empty: a line of two
  EXPECT_EQ(q.at("c3"), 0);
}

TEST(MillSearchOrder, RemovalBreaksTheOpposingLineOfTwo) {
  // g1 closes a1-d1-g1; Black's d7-g7 waits for a7, c5 stands alone.
  const auto n = orders_of<kMill>("W:Wa1,d1:Bd7,g7,c5:H7,6", true);
  ASSERT_TRUE(n.contains("g1xd7") && n.contains("g1xc5"));
  EXPECT_GT(n.at("g1xd7"), n.at("g1xc5"));
  EXPECT_EQ(n.at("g1xg7"), n.at("g1xd7"));
  // Black's b2 closes off White's d2-f2 (the line b2-d2-f2): removing it opens that line.
  const auto m = orders_of<kMill>("W:Wa1,d1,d2,f2:Bb2,c5:H5,7", true);
  EXPECT_GT(m.at("g1xb2"), m.at("g1xc5"));
  EXPECT_EQ(m.at("g1xc5"), 0);
}

TEST(MillSearchOrder, AStepAlongItsOwnLineMakesNoNewLine) {
  // Moving: a1-d1 with g1 White's leaves a1 empty; the line of two a1..g1 was there before.
  // c4-c3, with e3 White's on the row c3-d3-e3, makes c3-e3 with d3 empty: new.
  const auto q = orders_of<kMill>("W:Wa1,g1,c4,e3:Bb6,f6,d6,a7:H0,0", false);
  ASSERT_TRUE(q.contains("a1-d1") && q.contains("c4-c3"));
  EXPECT_EQ(q.at("a1-d1"), 0);
  EXPECT_GT(q.at("c4-c3"), 0);
}

}  // namespace
}  // namespace doska::mill
