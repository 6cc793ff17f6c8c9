// The evaluation network (games/draughts/net_eval.h): its value against a plain computation,
// colour symmetry, the file (round trip, damage, bad sizes) and how `eval=FILE` reads it
// (pattern::parse: alone, or added to the built-in patterns it was trained on).
#include "games/draughts/net_eval.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "games/draughts/notation.h"
#include "games/draughts/pattern_eval.h"
#include "games/draughts/variant.h"
#include "support/draughts_positions.h"
#include "train/net_trainer.h"

namespace doska::draughts::net {
namespace {

// A network with every parameter random (the output layer too), so that every unit counts.
Network random_network(const Rules& rules, int hidden, int hidden2, std::uint64_t seed,
                       bool diamonds = false) {
  Network n = train::initial_network(std::string(rules.id), rules.board_size, hidden, hidden2,
                                     false, seed, diamonds);
  std::mt19937_64 rng(seed + 1);
  std::uniform_real_distribution<float> u(-1, 1);
  for (float& w : n.w2) w = u(rng);
  for (float& w : n.b2) w = u(rng);
  for (float& w : n.w3) w = u(rng);
  for (float& w : n.b1) w = u(rng);
  n.b3 = u(rng);
  n.lone_king_divisor = lone_king_divisor(rules);
  EXPECT_TRUE(prepare(n));
  return n;
}

std::vector<Position> random_positions(const Rules& rules, int games, std::uint64_t seed) {
  return test::random_draughts_positions(rules, games, seed);
}

using test::colour_mirror;

// The pieces of `pos` as the network's inputs: a piece of the side to move is "own"; Black's
// board is read turned.
std::vector<int> plain_inputs(const Rules& rules, const Position& pos) {
  const int squares = square_count(rules);
  std::vector<int> inputs;
  for (int s = 0; s < squares; ++s) {
    const Bitboard m = square_mask(rules, s);
    if (!(pos.occupied() & m)) continue;
    const bool own = (pos.side == Side::white ? pos.white : pos.black) & m;
    const bool king = pos.kings & m;
    const int plane = (own ? 0 : 2) + (king ? 1 : 0);
    inputs.push_back(plane * squares + (pos.side == Side::white ? s : squares - 1 - s));
  }
  return inputs;
}

// With diamonds: each diamond (r, c), (r+1, c-1), (r+1, c+1), (r+2, c) of the board seen by the
// side to move, counted from the top left, its squares 0 empty, 1 own, 2 opposing.
std::vector<int> plain_diamond_inputs(const Rules& rules, const Position& pos) {
  const int n = rules.board_size, squares = square_count(rules);
  std::vector<int> state(squares, 0);
  for (int s = 0; s < squares; ++s) {
    const Bitboard m = square_mask(rules, s);
    if (!(pos.occupied() & m)) continue;
    const bool own = (pos.side == Side::white ? pos.white : pos.black) & m;
    state[pos.side == Side::white ? s : squares - 1 - s] = own ? 1 : 2;
  }
  const auto at = [&](int r, int c) { return state[r * (n / 2) + c / 2]; };
  std::vector<int> inputs;
  int d = 0;
  for (int r = 0; r + 2 < n; r += 2)
    for (int c = 1; c + 1 < n; ++c) {
      if ((r + c) % 2 == 0) continue;
      const int content =
          at(r, c) + 3 * at(r + 1, c - 1) + 9 * at(r + 1, c + 1) + 27 * at(r + 2, c);
      if (content) inputs.push_back(4 * squares + d * 81 + content);
      ++d;
    }
  EXPECT_EQ(d, diamond_count(n));
  return inputs;
}

// The network's value written out the plain way, in double precision: as trained (`rounded`
// false: every layer in floating point), or with the integers the evaluation uses (the first
// layer summed with 2^l1_shift to the unit, its outputs rounded to 1/kUnitOne, each second-layer
// unit's weights rounded to 1/q2_scale).
double plain_value(const Rules& rules, const Network& n, const Position& pos, bool rounded = true) {
  std::vector<int> inputs = plain_inputs(rules, pos);
  if (n.diamonds)
    for (int i : plain_diamond_inputs(rules, pos)) inputs.push_back(i);
  std::vector<double> h1(n.hidden);
  for (int j = 0; j < n.hidden; ++j) {
    const std::size_t h = static_cast<std::size_t>(n.hidden);
    double z = rounded ? static_cast<double>(n.qb1[j]) / (1 << n.l1_shift) : n.b1[j];
    // The integer rows: the pieces' of `hidden` weights, then the diamonds' of kDiamondUnits.
    const std::size_t pieces = static_cast<std::size_t>(piece_inputs(n.board_size));
    for (int input : inputs) {
      const auto i = static_cast<std::size_t>(input);
      double q = 0;
      if (i < pieces)
        q = n.q1[i * h + j];
      else if (j < kDiamondUnits)
        q = n.q1[pieces * h + (i - pieces) * kDiamondUnits + static_cast<std::size_t>(j)];
      z += rounded ? q / (1 << n.l1_shift) : n.w1[i * h + j];
    }
    h1[j] = std::clamp(z, 0.0, 1.0);
    if (rounded) h1[j] = std::floor(h1[j] * kUnitOne + 0.5) / kUnitOne;
  }
  double out = n.b3;
  for (int k = 0; k < n.hidden2; ++k) {
    double z = n.b2[k];
    const double step = n.q2_scale[k];
    for (int j = 0; j < n.hidden; ++j) {
      const double w = n.w2[static_cast<std::size_t>(j) * n.hidden2 + k];
      z += (rounded ? std::round(w * step) / step : w) * h1[j];
    }
    out += n.w3[k] * std::clamp(z, 0.0, 1.0);
  }
  return out * kOutputScale;
}

int fast_value(const Rules& rules, const Network& n, const Position& pos) {
  return rules.board_size == 10 ? value<10>(n, pos) : value<8>(n, pos);
}

class NetEvalBoards : public ::testing::TestWithParam<const Rules*> {};

TEST_P(NetEvalBoards, TheValueIsThePlainComputationOfTheLayers) {
  const Rules& rules = *GetParam();
  for (bool diamonds : {false, true})
    for (const auto& [h, h2] :
         {std::pair{32, 8}, std::pair{64, 16}, std::pair{128, 32}, std::pair{256, 16}}) {
      const Network n = random_network(rules, h, h2, 11, diamonds);
      for (const Position& pos : random_positions(rules, 4, 9)) {
        const double plain = plain_value(rules, n, pos);
        ASSERT_NEAR(fast_value(rules, n, pos), plain, 1.0 + 1e-4 * std::fabs(plain))
            << h << "," << h2 << (diamonds ? " diamonds " : " ") << to_fen(rules, pos);
      }
    }
}

TEST_P(NetEvalBoards, AColourMirrorGetsTheOppositeValueForWhite) {
  const Rules& rules = *GetParam();
  pattern::Weights w;
  w.game = std::string(rules.id);
  w.board_size = rules.board_size;
  w.lone_king_divisor = lone_king_divisor(rules);
  w.net = std::make_shared<const Network>(random_network(rules, 64, 16, 5));
  const auto positions = random_positions(rules, 30, 3);
  ASSERT_GT(positions.size(), 1000u);
  for (const Position& pos : positions) {
    const Position mirror = colour_mirror(rules, pos);
    ASSERT_EQ(pattern::evaluate(w, pos), pattern::evaluate(w, mirror)) << to_fen(rules, pos);
  }
}

// The sums a position carries, changed move by move through random games (captures, crownings,
// kings capturing back to where they started), are exactly those of the position, and evaluate
// the same.
TEST_P(NetEvalBoards, TheSumsKeptMoveByMoveAreThoseOfThePosition) {
  const Rules& rules = *GetParam();
  for (int hidden : {32, 64, 128, 256, -128}) {
    // -128: 128 units and the diamonds.
    const Network n = random_network(rules, std::abs(hidden), 16, 21, hidden < 0);
    hidden = std::abs(hidden);
    std::mt19937_64 rng(17);
    for (int game = 0; game < 20; ++game) {
      Position pos = start_position(rules);
      Accumulator kept;
      rules.board_size == 10 ? refresh<10>(n, pos, kept) : refresh<8>(n, pos, kept);
      for (int ply = 0; ply < 150; ++ply) {
        MoveList list;
        generate_moves(rules, pos, list);
        if (list.size() == 0) break;
        const Move m = list[rng() % list.size()];
        Accumulator next;
        rules.board_size == 10 ? update<10>(n, kept, next, pos, m)
                               : update<8>(n, kept, next, pos, m);
        play(pos, m);
        kept = next;
        Accumulator whole;
        rules.board_size == 10 ? refresh<10>(n, pos, whole) : refresh<8>(n, pos, whole);
        for (int stm = 0; stm < 2; ++stm)
          for (int j = 0; j < hidden; ++j)
            ASSERT_EQ(kept.sums[stm][j], whole.sums[stm][j]) << to_fen(rules, pos);
        const int a = rules.board_size == 10 ? value<10>(n, pos, &kept) : value<8>(n, pos, &kept);
        ASSERT_EQ(a, fast_value(rules, n, pos)) << to_fen(rules, pos);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Boards, NetEvalBoards,
                         ::testing::Values(&kInternational, &kRussian, &kEnglish),
                         [](const auto& info) { return std::string(info.param->id); });

// The second layer on the vector units gives exactly the integers of the plain loops, for every
// size and first-layer scale, sums below 0, within and above the clip included, with each game's
// quantization (on AVX2 the byte multiply-add where two products fit in 16 bits, else the 16-bit
// one; both are met below).
TEST(NetEvalLayers, TheVectorSecondLayerIsThePlainOneExactly) {
  std::mt19937_64 rng(21);
  bool bytes = false, words = false;
  const auto check = [&](auto h, auto h2) {
    constexpr int H = decltype(h)::value, H2 = decltype(h2)::value;
    for (const Rules* rules : {&kInternational, &kEnglish, &kRussian}) {
      Network n = random_network(*rules, H, H2, 7);
      (n.quant.byte_pairs_exact() ? bytes : words) = true;
      int top = 0;
      for (std::int8_t q : n.q2) top = std::max(top, std::abs(static_cast<int>(q)));
      ASSERT_EQ(top, n.quant.top) << rules->id;
      for (int shift = 4; shift <= 9; ++shift) {
        n.l1_shift = shift;
        std::uniform_int_distribution<int> sum(-(2 << shift), 2 << shift);
        for (int trial = 0; trial < 50; ++trial) {
          alignas(64) std::int16_t sums[H];
          for (int j = 0; j < H; ++j)
            sums[j] = static_cast<std::int16_t>(trial == 0 ? (j % 3 - 1) << shift : sum(rng));
          std::int32_t fast[H2], plain[H2];
          second_layer<H, H2>(n, sums, fast);
          second_layer_plain<H, H2>(n, sums, plain);
          for (int k = 0; k < H2; ++k)
            ASSERT_EQ(fast[k], plain[k])
                << rules->id << " " << H << "," << H2 << " shift " << shift << " unit " << k;
        }
      }
    }
  };
  using std::integral_constant;
  check(integral_constant<int, 32>{}, integral_constant<int, 8>{});
  check(integral_constant<int, 64>{}, integral_constant<int, 16>{});
  check(integral_constant<int, 128>{}, integral_constant<int, 32>{});
  check(integral_constant<int, 256>{}, integral_constant<int, 16>{});
  check(integral_constant<int, 256>{}, integral_constant<int, 32>{});
  EXPECT_TRUE(bytes && words);
}

TEST(NetEvalFile, ANetworkWithDiamondsIsReadBackAsWritten) {
  const Network n = random_network(kInternational, 64, 16, 3, true);
  const std::string bytes = serialize(n);
  auto back = parse(bytes, "test");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->diamonds, 1);
  EXPECT_EQ(back->inputs(), 200 + 16 * 81);
  EXPECT_EQ(back->w1, n.w1);
  EXPECT_EQ(serialize(*back), bytes);
}

// A diamond feeds the first kDiamondUnits units, and its empty content is never an input: the
// file holds a diamond's weights into those units only, and one with a weight of an empty
// diamond (which would evaluate differently summed whole and move by move) is refused.
TEST(NetEvalFile, ADiamondWeightWhereNoneCanBeIsNotRead) {
  const std::size_t h = 64, first = 200 * h;
  Network outside = random_network(kInternational, 64, 16, 3, true);
  outside.w1[first + 1 * h + 40] = 0.01f;  // diamond 0, content 1, unit 40
  auto back = parse(serialize(outside), "test");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->w1[first + 1 * h + 40], 0.0f);
  EXPECT_EQ(back->w1[first + 1 * h + 3], outside.w1[first + 1 * h + 3]);
  Network empty = random_network(kInternational, 64, 16, 3, true);
  empty.w1[first + kDiamondContents * h + 3] = 0.01f;  // diamond 1, content 0, unit 3
  auto refused = parse(serialize(empty), "test");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("empty diamond"), std::string::npos) << refused.error();
}

TEST(NetEvalFile, IsReadBackAsWritten) {
  const Network n = random_network(kEnglish, 32, 8, 3);
  const std::string bytes = serialize(n);
  ASSERT_TRUE(is_network(bytes));
  auto back = parse(bytes, "test");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(serialize(*back), bytes);
  EXPECT_EQ(back->game, "english");
  EXPECT_EQ(back->hidden, 32);
  EXPECT_EQ(back->hidden2, 8);
  EXPECT_EQ(back->w1, n.w1);
  EXPECT_EQ(back->w3, n.w3);
}

TEST(NetEvalFile, DamageAndBadSizesAreRefusedWithTheReason) {
  const Network n = random_network(kRussian, 32, 8, 3);
  std::string bytes = serialize(n);
  std::string damaged = bytes;
  damaged[100] = static_cast<char>(damaged[100] ^ 1);
  auto r = parse(damaged, "net.bin");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("net.bin"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("checksum"), std::string::npos) << r.error();
  auto cut = parse(bytes.substr(0, bytes.size() - 20), "net.bin");
  ASSERT_FALSE(cut);
  EXPECT_FALSE(cut.error().empty());
  auto wrong = parse("DOSKAEVL", "net.bin");
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().find("DOSKANET"), std::string::npos) << wrong.error();
  Network odd = n;
  odd.hidden = 48;  // not a compiled size
  odd.w1.resize(static_cast<std::size_t>(odd.inputs()) * 48);
  odd.b1.resize(48);
  odd.w2.resize(48 * 8);
  auto sized = parse(serialize(odd), "net.bin");
  ASSERT_FALSE(sized);
  EXPECT_NE(sized.error().find("48"), std::string::npos) << sized.error();
  Network nan = n;
  nan.w2[3] = std::nanf("");
  auto not_finite = parse(serialize(nan), "net.bin");
  ASSERT_FALSE(not_finite);
  EXPECT_NE(not_finite.error().find("finite"), std::string::npos) << not_finite.error();
  Network other = n;
  other.board_size = 10;  // russian is 8x8
  other.w1.resize(static_cast<std::size_t>(other.inputs()) * other.hidden);
  EXPECT_FALSE(parse(serialize(other), "net.bin"));
}

// eval=FILE: a network alone evaluates by itself; one that adds to the patterns evaluates with
// the built-in ones it was trained on, and is refused over others.
TEST(NetEvalFile, ReadAsEvaluationWeights) {
  Network alone = random_network(kEnglish, 32, 8, 4);
  auto w = pattern::parse(serialize(alone), "alone.net");
  ASSERT_TRUE(w) << w.error();
  ASSERT_TRUE(w->net);
  EXPECT_EQ(w->features, 0);
  const Position start = start_position(kEnglish);
  EXPECT_EQ(pattern::evaluate(*w, start), value<8>(alone, start));

  Network added = alone;
  auto checksum = pattern::builtin_checksum("english");
  ASSERT_TRUE(checksum) << checksum.error();
  added.base_checksum = *checksum;
  auto both = pattern::parse(serialize(added), "added.net");
  ASSERT_TRUE(both) << both.error();
  const pattern::Weights* builtin = pattern::builtin_patterns("english");
  ASSERT_NE(builtin, nullptr);
  for (const Position& pos : random_positions(kEnglish, 2, 5))
    ASSERT_EQ(pattern::evaluate(*both, pos),
              pattern::evaluate(*builtin, pos) + value<8>(added, pos))
        << to_fen(kEnglish, pos);

  added.base_checksum = *checksum ^ 1;
  auto other = pattern::parse(serialize(added), "added.net");
  ASSERT_FALSE(other);
  EXPECT_NE(other.error().find("built-in"), std::string::npos) << other.error();
}

// The built-in evaluation of each game: its patterns, with its network (data/eval/<game>.net) where
// it has one, added to them or in their place; eval=patterns keeps the patterns alone.
TEST(NetEvalBuiltin, TheNetworkOfAGameAddsToOrReplacesItsPatterns) {
  for (const Rules* rules : {&kInternational, &kRussian, &kEnglish, &kInternationalGiveaway,
                             &kRussianGiveaway, &kEnglishGiveaway}) {
    const pattern::Weights* w = pattern::builtin(rules->id);
    const pattern::Weights* patterns = pattern::builtin_patterns(rules->id);
    ASSERT_NE(w, nullptr) << rules->id;
    ASSERT_NE(patterns, nullptr) << rules->id;
    EXPECT_FALSE(patterns->net) << rules->id;
    for (const Position& pos : random_positions(*rules, 2, 4)) {
      const int plain = pattern::evaluate(*patterns, pos);
      int expected = plain;
      if (w->net) {
        if (pattern::lone_king(pos)) continue;  // the divisor applies to the sum
        const int n = fast_value(*rules, *w->net, pos);
        expected = w->net->base_checksum ? plain + n : n;
      }
      ASSERT_EQ(pattern::evaluate(*w, pos), expected) << rules->id << " " << to_fen(*rules, pos);
    }
  }
}

// The integer layers of the built-in networks stay close to the networks as trained: within a
// few hundredths of a man on average over random positions of their games.
TEST(NetEvalBuiltin, TheIntegerLayersStayCloseToTheTrainedNetwork) {
  for (const Rules* rules : {&kInternational, &kRussian, &kEnglish}) {
    const pattern::Weights* w = pattern::builtin(rules->id);
    ASSERT_NE(w, nullptr) << rules->id;
    if (!w->net) continue;
    double total = 0, largest = 0;
    const std::vector<Position> positions = random_positions(*rules, 20, 5);
    for (const Position& pos : positions) {
      const double d =
          std::fabs(fast_value(*rules, *w->net, pos) - plain_value(*rules, *w->net, pos, false));
      total += d;
      largest = std::max(largest, d);
    }
    const double mean = total / static_cast<double>(positions.size());
    EXPECT_LT(mean, 3.0) << rules->id << ": mean " << mean << ", largest " << largest;
    EXPECT_LT(largest, 30.0) << rules->id << ": mean " << mean << ", largest " << largest;
  }
}

}  // namespace
}  // namespace doska::draughts::net
