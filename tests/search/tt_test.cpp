// The transposition table: buckets of four entries, the least valuable entry gives way.
#include "search/tt.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace doska::search {
namespace {

// A 1 MB table has 16 384 buckets of 64 bytes: keys equal in their low 14 bits share a bucket.
constexpr std::uint64_t key_in_bucket(int i) {
  return 0x2a5u + (std::uint64_t(i + 1) << 32);
}

TTData entry(int depth, Bound bound = Bound::lower, std::uint32_t move = 7) {
  return TTData{move, static_cast<Value>(-depth * 10), depth, bound};
}

TEST(TranspositionTable, AnEntryComesBackAsStored) {
  TranspositionTable tt(1);
  tt.store(key_in_bucket(0), TTData{0xabcdef, -1234, 17, Bound::exact});
  TTData out;
  ASSERT_TRUE(tt.probe(key_in_bucket(0), out));
  EXPECT_EQ(out.move, 0xabcdefu);
  EXPECT_EQ(out.value, -1234);
  EXPECT_EQ(out.depth, 17);
  EXPECT_EQ(out.bound, Bound::exact);
  EXPECT_FALSE(tt.probe(key_in_bucket(1), out));
  tt.clear();
  EXPECT_FALSE(tt.probe(key_in_bucket(0), out));
}

TEST(TranspositionTable, FourPositionsShareABucket) {
  TranspositionTable tt(1);
  for (int i = 0; i < 4; ++i) tt.store(key_in_bucket(i), entry(i + 1));
  for (int i = 0; i < 4; ++i) {
    TTData out;
    ASSERT_TRUE(tt.probe(key_in_bucket(i), out)) << i;
    EXPECT_EQ(out.depth, i + 1);
  }
}

TEST(TranspositionTable, AFifthPositionReplacesTheShallowest) {
  TranspositionTable tt(1);
  const int depths[4] = {12, 3, 8, 9};
  for (int i = 0; i < 4; ++i) tt.store(key_in_bucket(i), entry(depths[i]));
  tt.store(key_in_bucket(4), entry(1));
  TTData out;
  EXPECT_FALSE(tt.probe(key_in_bucket(1), out));  // depth 3 gave way
  for (int i : {0, 2, 3, 4}) EXPECT_TRUE(tt.probe(key_in_bucket(i), out)) << i;
}

TEST(TranspositionTable, EntriesOfEarlierSearchesGiveWayFirst) {
  TranspositionTable tt(1);
  tt.store(key_in_bucket(0), entry(12));
  tt.new_search();
  tt.new_search();  // two searches old: worth 12 - 16 plies
  for (int i = 1; i < 4; ++i) tt.store(key_in_bucket(i), entry(3));
  tt.store(key_in_bucket(4), entry(2));
  TTData out;
  EXPECT_FALSE(tt.probe(key_in_bucket(0), out));
  for (int i = 1; i < 5; ++i) EXPECT_TRUE(tt.probe(key_in_bucket(i), out)) << i;
}

TEST(TranspositionTable, ADeeperBoundOfThePositionIsKept) {
  TranspositionTable tt(1);
  tt.store(key_in_bucket(0), entry(10, Bound::lower, 5));
  tt.store(key_in_bucket(0), TTData{0, 40, 4, Bound::upper});  // shallower by more than 2
  TTData out;
  ASSERT_TRUE(tt.probe(key_in_bucket(0), out));
  EXPECT_EQ(out.depth, 10);
  // An exact value replaces it, keeping the known move when it brings none.
  tt.store(key_in_bucket(0), TTData{0, 40, 4, Bound::exact});
  ASSERT_TRUE(tt.probe(key_in_bucket(0), out));
  EXPECT_EQ(out.depth, 4);
  EXPECT_EQ(out.bound, Bound::exact);
  EXPECT_EQ(out.move, 5u);
}

}  // namespace
}  // namespace doska::search
