// `doska book build` (src/engine/book_builder.h): a book made by fixed-depth searches, the same on
// every build, kept entries not searched again, and the engine playing from a book.
#include "engine/book_builder.h"

#include <gtest/gtest.h>

#include "engine/engine.h"
#include "games/mill/notation.h"

namespace doska::engine {
namespace {

TEST(MillBookBuild, OneEntryPerPositionAndTheSameOnEveryBuild) {
  BookBuildOptions options;
  options.plies = 1;
  options.depth = 3;
  options.threads = 2;
  options.hash_megabytes = 4;
  mill::Book first(mill::kMill), second(mill::kMill);
  auto a = build_book(mill::kMill, options, first);
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(a->positions, 5);
  EXPECT_EQ(a->searched, 5);
  options.threads = 1;
  auto b = build_book(mill::kMill, options, second);
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(first.format(""), second.format(""));
  for (const mill::Position& pos : mill::book_positions(mill::kMill, 1)) {
    const auto hit = first.probe(pos);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->depth, 3);
    EXPECT_TRUE(mill::parse_move(mill::kMill, pos, mill::move_text(hit->move)));
  }
}

// A build that finds a deep enough entry in the earlier book keeps it unsearched; a deeper build
// searches it again.
TEST(MillBookBuild, KeepsWhatAnEarlierBookHolds) {
  mill::Book earlier(mill::kMill);
  const mill::Position start = mill::start_position(mill::kMill);
  earlier.add(start, *mill::parse_move(mill::kMill, start, "a1"), 7, 5);
  BookBuildOptions options;
  options.plies = 1;
  options.depth = 3;
  options.hash_megabytes = 4;
  options.keep = &earlier;
  mill::Book book(mill::kMill);
  auto r = build_book(mill::kMill, options, book);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->searched, 4);
  EXPECT_EQ(mill::move_text(book.probe(start)->move), "a1");
  options.depth = 6;
  options.plies = 0;
  mill::Book deeper(mill::kMill);
  r = build_book(mill::kMill, options, deeper);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->searched, 1);
  EXPECT_EQ(deeper.probe(start)->depth, 6);
}

TEST(MillBookBuild, BadOptionsAreRefused) {
  BookBuildOptions options;
  options.plies = 18;
  mill::Book book(mill::kMill);
  auto r = build_book(mill::kMill, options, book);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("--plies"), std::string::npos);
}

// With its book the engine plays the start from it, with the book's depth and no search; with
// book off it searches.
TEST(MillBookBuild, EnginePlaysFromTheBuiltInBook) {
  auto book = mill::builtin_book("mill");
  ASSERT_TRUE(book) << book.error();
  if (!*book) GTEST_SKIP() << "no data/book/mill.txt";
  Engine engine(4);
  engine.set_tables(nullptr);
  ASSERT_TRUE(engine.set_position("mill"));
  search::Limits limits;
  limits.depth = 2;
  const BestMove from_book = engine.search(limits);
  const auto hit = (*book)->probe(mill::start_position(mill::kMill));
  ASSERT_TRUE(hit);
  EXPECT_EQ(from_book.move, mill::move_text(hit->move));
  EXPECT_EQ(from_book.depth, hit->depth);
  EXPECT_EQ(from_book.nodes, 0u);
  limits.book = false;
  const BestMove searched = engine.search(limits);
  EXPECT_EQ(searched.depth, 2);
  EXPECT_GT(searched.nodes, 0u);
}

}  // namespace
}  // namespace doska::engine
