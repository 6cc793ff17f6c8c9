// The evaluation kept by key in the generic search (src/search/search.h, CachedEvaluation): on a
// toy game full of transpositions (each move adds 1, 2 or 3 to a sum, so that many orders reach
// the same sum), a search whose traits ask for the cache finds the same move, value and node count
// as one whose traits do not, and calls the evaluation fewer times.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <string>

#include "common/move_list.h"
#include "search/search.h"

namespace doska::search {
namespace {

struct SumPosition {
  int sum = 0;
  int side = 0;
};

struct SumMove {
  int add = 0;
};

struct PlainSumTraits {
  using Position = SumPosition;
  using Move = SumMove;
  using MoveList = FixedMoveList<SumMove, 4>;
  static constexpr int kReversibleLimit = 0;
  static inline int evaluations = 0;  // counted by the tests (one thread)

  static void generate(const Position& p, MoveList& list) {
    list.clear();
    if (p.sum < 60)
      for (int add = 1; add <= 3; ++add) list.push({add});
  }
  static void generate_noisy(const Position&, MoveList& list) { list.clear(); }
  static bool stand_pat_allowed(const Position&) { return true; }
  static Position after(const Position& p, const Move& m) { return {p.sum + m.add, 1 - p.side}; }
  static std::uint64_t key(const Position& p) {
    return (static_cast<std::uint64_t>(p.sum) * 2 + static_cast<std::uint64_t>(p.side)) *
           0x9e3779b97f4a7c15ULL;
  }
  static Value evaluate(const Position& p) {
    ++evaluations;
    const Value white = (p.sum * 37) % 41 - 20;
    return p.side == 0 ? white : -white;
  }
  static Value no_moves_value(const Position&) { return 0; }
  static bool irreversible(const Position&, const Move&) { return true; }
  static std::uint32_t move_id(const Move& m) { return static_cast<std::uint32_t>(m.add); }
  static int history_index(const Move& m) { return m.add; }
  static bool is_quiet(const Position&, const Move&) { return true; }
  static int order_noisy(const Position&, const Move&) { return 0; }
  static std::string move_text(const Position&, const Move& m) { return std::to_string(m.add); }
  static int side_index(const Position& p) { return p.side; }
};

struct CachedSumTraits : PlainSumTraits {
  static bool evaluation_worth_caching(const Position&) { return true; }
};

static_assert(!CachedEvaluation<PlainSumTraits>);
static_assert(CachedEvaluation<CachedSumTraits>);

template <class T>
SearchResult search_sums(int depth) {
  TranspositionTable tt(1);
  std::atomic<bool> stop{false};
  Search<T> search(tt, stop);
  Limits limits;
  limits.depth = depth;
  return search.run(SumPosition{}, {}, 0, limits, {});
}

TEST(EvaluationCache, TheSameSearchWithFewerEvaluations) {
  for (int depth : {4, 7, 10}) {
    PlainSumTraits::evaluations = 0;
    const SearchResult plain = search_sums<PlainSumTraits>(depth);
    const int plain_evaluations = PlainSumTraits::evaluations;
    PlainSumTraits::evaluations = 0;
    const SearchResult cached = search_sums<CachedSumTraits>(depth);
    const int cached_evaluations = PlainSumTraits::evaluations;
    EXPECT_EQ(cached.best, plain.best) << depth;
    EXPECT_EQ(cached.value, plain.value) << depth;
    EXPECT_EQ(cached.nodes, plain.nodes) << depth;
    EXPECT_EQ(cached.pv, plain.pv) << depth;
    EXPECT_GT(plain_evaluations, 0) << depth;
    EXPECT_LT(cached_evaluations, plain_evaluations) << depth;
  }
}

}  // namespace
}  // namespace doska::search
