// The draughts family's search traits (games/draughts/search_traits.h): the key that after() keeps
// up move by move is the key computed from the whole position.
#include "games/draughts/search_traits.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "games/draughts/notation.h"
#include "search/traits.h"

namespace doska::draughts {
namespace {

// Random games (captures, kings, promotions and all); every legal move of every position is tried.
template <const Rules& R>
void expect_keys_follow_the_moves(std::uint64_t seed) {
  using T = SearchTraits<R>;
  std::mt19937_64 rng(seed);
  int tried = 0, captures = 0, promotions = 0;
  for (int game = 0; game < 60; ++game) {
    typename T::Position pos = T::make(start_position(R));
    for (int ply = 0; ply < 150; ++ply) {
      MoveList list;
      T::generate(pos, list);
      if (list.size() == 0) break;
      for (const Move& m : list) {
        const typename T::Position next = T::after(pos, m);
        ASSERT_EQ(next.key, compute_key(next.pos)) << to_fen(R, pos.pos);
        ASSERT_EQ(next.side, next.pos.side);
        ++tried;
        captures += m.captured != 0;
        promotions += m.promotes;
      }
      pos = T::after(pos, list[rng() % list.size()]);
    }
  }
  EXPECT_GT(tried, 10000);
  EXPECT_GT(captures, 500);
  EXPECT_GT(promotions, 20);
}

TEST(DraughtsSearchTraits, TheKeyFollowsTheMovesInternational) {
  expect_keys_follow_the_moves<kInternational>(1);
}
TEST(DraughtsSearchTraits, TheKeyFollowsTheMovesRussian) {
  expect_keys_follow_the_moves<kRussian>(2);
}
TEST(DraughtsSearchTraits, TheKeyFollowsTheMovesEnglish) {
  expect_keys_follow_the_moves<kEnglish>(3);
}
TEST(DraughtsSearchTraits, TheKeyFollowsTheMovesGiveaway) {
  expect_keys_follow_the_moves<kInternationalGiveaway>(4);
}

// The network's sums that a position the search makes (after_in_tree) computes only when an
// evaluation asks for them, from the positions before it, some never evaluated: every
// evaluation along random games (captures, crownings and all) equals that of the same position
// made alone, and so does a position made by after() from one of them.
template <const Rules& R>
void expect_tree_evaluations_as_made_alone(std::uint64_t seed) {
  using T = SearchTraits<R>;
  ASSERT_NE(T::make(start_position(R)).network(), nullptr) << R.id;
  std::mt19937_64 rng(seed);
  int evaluated = 0;
  for (int game = 0; game < 60; ++game) {
    std::vector<typename T::Position> line;
    line.reserve(201);  // the addresses stay: each position refers to the one before
    line.push_back(T::make(start_position(R)));
    for (int ply = 0; ply < 200; ++ply) {
      const typename T::Position& pos = line.back();
      if (rng() % 3 == 0) {
        ASSERT_EQ(T::evaluate(pos), T::evaluate(T::make(pos.pos))) << to_fen(R, pos.pos);
        ++evaluated;
      }
      MoveList list;
      T::generate(pos, list);
      if (list.size() == 0) break;
      const Move m = list[rng() % list.size()];
      if (rng() % 8 == 0) {
        const typename T::Position alone = T::after(pos, m);
        ASSERT_EQ(T::evaluate(alone), T::evaluate(T::make(alone.pos))) << to_fen(R, alone.pos);
      }
      line.push_back(T::after_in_tree(pos, m));
    }
  }
  EXPECT_GT(evaluated, 1000);
}

TEST(DraughtsSearchTraits, TreePositionsEvaluateAsMadeAloneInternational) {
  expect_tree_evaluations_as_made_alone<kInternational>(5);
}
TEST(DraughtsSearchTraits, TreePositionsEvaluateAsMadeAloneEnglish) {
  expect_tree_evaluations_as_made_alone<kEnglish>(6);
}

// Quiescence's moves where no capture is due (search_traits.h, generate_noisy): the men's steps
// onto the promotion row and, where the game has them and no king is on the board, the
// exchanges: the quiet steps of a man after which the opponent may take that man alone, and every
// capture the opponent may choose takes one man and leaves a capture due. Along random games,
// against all the quiet moves.
template <const Rules& R>
void expect_quiescence_moves(std::uint64_t seed, bool exchanges) {
  using T = SearchTraits<R>;
  using Gen = Generator<R>;
  std::mt19937_64 rng(seed);
  int positions = 0, listed_exchanges = 0;
  for (int game = 0; game < 60; ++game) {
    typename T::Position pos = T::make(start_position(R));
    for (int ply = 0; ply < 150; ++ply) {
      if (!Gen::has_capture(pos.pos)) {
        ++positions;
        MoveList noisy, quiet;
        T::generate_noisy(pos, noisy);
        Gen::generate_quiet(pos.pos, quiet);
        std::set<std::pair<int, int>> listed, expected;
        for (const Move& m : noisy) listed.insert({m.from, m.to});
        ASSERT_EQ(listed.size(), static_cast<std::size_t>(noisy.size())) << to_fen(R, pos.pos);
        int expected_exchanges = 0;
        for (const Move& m : quiet) {
          if (m.promotes) {
            expected.insert({m.from, m.to});
            continue;
          }
          if (!exchanges || pos.pos.kings) continue;
          draughts::Position offered = pos.pos;
          play(offered, m);
          MoveList takes;
          Gen::generate_captures(offered, takes);
          bool exchange = false;
          for (const Move& take : takes)
            exchange = exchange || take.captured == (Bitboard{1} << m.to);
          for (const Move& take : takes) {
            draughts::Position taken = offered;
            play(taken, take);
            exchange = exchange && count(take.captured) == 1 && Gen::has_capture(taken);
          }
          if (exchange) {
            expected.insert({m.from, m.to});
            ++expected_exchanges;
          }
        }
        ASSERT_EQ(listed, expected) << to_fen(R, pos.pos);
        listed_exchanges += expected_exchanges;
      }
      MoveList list;
      T::generate(pos, list);
      if (list.size() == 0) break;
      pos = T::after(pos, list[rng() % list.size()]);
    }
  }
  EXPECT_GT(positions, 1500);
  if (exchanges) {
    EXPECT_GT(listed_exchanges, 500);
  }
}

TEST(DraughtsSearchTraits, QuiescenceSearchesExchangesInInternational) {
  expect_quiescence_moves<kInternational>(8, true);
}
// The generator reads an exchange off the bitboards (movegen.h, offer_is_exchange); it must
// agree with the definition played out: the opponent's captures generated after the offer, each
// taking one man and each leaving a capture due. On random boards of men only, where captures of
// two and more are common.
TEST(DraughtsSearchTraits, ExchangesReadOffTheBitboardsAreThoseOfTheCaptures) {
  using Gen = Generator<kInternational>;
  std::mt19937_64 rng(12);
  const int squares = square_count(kInternational);
  std::vector<int> order(squares);
  for (int s = 0; s < squares; ++s) order[s] = s;
  int offers = 0, exchanges = 0, multiple = 0;
  for (int i = 0; i < 200000; ++i) {
    std::shuffle(order.begin(), order.end(), rng);
    Position pos;
    const int white = 3 + static_cast<int>(rng() % 18), black = 3 + static_cast<int>(rng() % 18);
    for (int k = 0; k < white + black; ++k) {
      const Side side = k < white ? Side::white : Side::black;
      const Bitboard mask = square_mask(kInternational, order[k]);
      if (promotion_row(kInternational, side) & mask) continue;  // it would be a king
      pos.pieces(side) |= mask;
    }
    pos.side = rng() % 2 ? Side::white : Side::black;
    if (Gen::has_capture(pos)) continue;
    MoveList list;
    Gen::generate_offers(pos, list);
    for (const Move& offer : list) {
      Position offered = pos;
      play(offered, offer);
      MoveList takes;
      Gen::generate_captures(offered, takes);
      bool exchange = takes.size() > 0;
      for (const Move& take : takes) {
        Position taken = offered;
        play(taken, take);
        exchange = exchange && count(take.captured) == 1 && Gen::has_capture(taken);
        multiple += count(take.captured) > 1;
      }
      ASSERT_EQ(Gen::offer_is_exchange(pos, offer), exchange) << to_fen(kInternational, pos);
      ++offers;
      exchanges += exchange;
    }
  }
  EXPECT_GT(offers, 20000);
  EXPECT_GT(exchanges, 2000);
  EXPECT_GT(multiple, 10000);
}

TEST(DraughtsSearchTraits, QuiescenceSearchesOnlyPromotionsInTheOtherGames) {
  expect_quiescence_moves<kEnglish>(9, false);
  expect_quiescence_moves<kRussian>(10, false);
  expect_quiescence_moves<kInternationalGiveaway>(11, false);
}

// The evaluation the search uses: the learned weights, and in english giveaway three quarters of
// them with a quarter of the classic evaluation (search_traits.h); `eval=classic` (no weights) is
// the classic evaluation alone.
template <const Rules& R>
void expect_the_evaluation_blend(int classic_eighths) {
  using T = SearchTraits<R>;
  std::mt19937_64 rng(7);
  int differ = 0;
  for (int game = 0; game < 20; ++game) {
    typename T::Position pos = T::make(start_position(R));
    ASSERT_NE(pos.weights, nullptr) << R.id;
    for (int ply = 0; ply < 60; ++ply) {
      const search::Value learned = pattern::evaluate<R.board_size>(*pos.weights, pos.pos);
      const search::Value classic = draughts::evaluate(R, pos.pos);
      EXPECT_EQ(T::evaluate(pos), ((8 - classic_eighths) * learned + classic_eighths * classic) / 8)
          << to_fen(R, pos.pos);
      differ += learned != classic;
      typename T::Position without = pos;
      T::use_eval(without, nullptr);
      EXPECT_EQ(T::evaluate(without), classic);
      MoveList list;
      T::generate(pos, list);
      if (list.size() == 0) break;
      pos = T::after(pos, list[rng() % list.size()]);
    }
  }
  EXPECT_GT(differ, 100);
}
// Russian refuses a repetition when it stands better (search/traits.h, draw_contempt; the
// mechanism is tested in tests/search/contempt_test.cpp); the other draughts games take a draw as
// 0.
TEST(DraughtsSearchTraits, RussianHasAQuarterOfAManOfDrawContempt) {
  EXPECT_EQ(search::draw_contempt<SearchTraits<kRussian>>(), 25);
  EXPECT_EQ(search::draw_contempt<SearchTraits<kRussianGiveaway>>(), 0);
  EXPECT_EQ(search::draw_contempt<SearchTraits<kInternational>>(), 0);
  EXPECT_EQ(search::draw_contempt<SearchTraits<kEnglish>>(), 0);
  // Russian, english and international keep a level game going (search/traits.h,
  // contempt_floor); the giveaway variants, where it was never measured, do not.
  EXPECT_EQ(search::contempt_floor<SearchTraits<kRussian>>(), 40);
  EXPECT_EQ(search::contempt_floor<SearchTraits<kRussianGiveaway>>(), 0);
  EXPECT_EQ(search::contempt_floor<SearchTraits<kInternational>>(), 20);
  EXPECT_EQ(search::contempt_floor<SearchTraits<kInternationalGiveaway>>(), 0);
  EXPECT_EQ(search::contempt_floor<SearchTraits<kEnglish>>(), 20);
  EXPECT_EQ(search::contempt_floor<SearchTraits<kEnglishGiveaway>>(), 0);
}

TEST(DraughtsSearchTraits, EnglishGiveawayBlendsAQuarterOfTheClassicEvaluation) {
  expect_the_evaluation_blend<kEnglishGiveaway>(2);
}
TEST(DraughtsSearchTraits, TheOtherGamesEvaluateWithTheirLearnedWeightsAlone) {
  expect_the_evaluation_blend<kEnglish>(0);
  expect_the_evaluation_blend<kRussianGiveaway>(0);
  expect_the_evaluation_blend<kInternational>(0);
}

}  // namespace
}  // namespace doska::draughts
