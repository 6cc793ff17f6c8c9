// `doska book build` (src/engine/book_builder.h): a book made by fixed-depth searches, the same on
// every build, kept entries not searched again, and the engine playing from a book; for the mill
// games and the draughts games.
#include "engine/book_builder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/engine.h"
#include "games/draughts/notation.h"
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

// The engine plays the start of `game` from its built-in book: the book's move (`expected`) and
// depth, no search; with book off it searches.
void expect_plays_from_book(const std::string& game, const std::string& expected, int depth) {
  Engine engine(4);
  engine.set_tables(nullptr);
  ASSERT_TRUE(engine.set_position(game));
  search::Limits limits;
  limits.depth = 2;
  const BestMove from_book = engine.search(limits);
  EXPECT_EQ(from_book.move, expected);
  EXPECT_EQ(from_book.depth, depth);
  EXPECT_EQ(from_book.nodes, 0u);
  limits.book = false;
  const BestMove searched = engine.search(limits);
  EXPECT_EQ(searched.depth, 2);
  EXPECT_GT(searched.nodes, 0u);
}

TEST(MillBookBuild, EnginePlaysFromTheBuiltInBook) {
  auto book = mill::builtin_book("mill");
  ASSERT_TRUE(book) << book.error();
  if (!*book) GTEST_SKIP() << "no data/book/mill.txt";
  const auto hit = (*book)->probe(mill::start_position(mill::kMill));
  ASSERT_TRUE(hit);
  expect_plays_from_book("mill", mill::move_text(hit->move), hit->depth);
}

// A draughts book: every position of the first plies, then the book's own lines (the book's move
// and every reply); the same with one thread or two, every entry a legal move at the build's depth.
TEST(DraughtsBookBuild, PliesThenTheBooksLines) {
  const draughts::Rules& rules = draughts::kEnglish;
  DraughtsBookOptions options;
  options.plies = 1;
  options.follow = 3;
  options.depth = 3;
  options.threads = 2;
  options.hash_megabytes = 4;
  draughts::Book first(rules), second(rules);
  auto a = build_book(rules, options, first);
  ASSERT_TRUE(a) << a.error();
  options.threads = 1;
  auto b = build_book(rules, options, second);
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(first.format(""), second.format(""));
  const auto levels = draughts::opening_levels(rules, 1);
  const auto ply2 = draughts::follow_level(first, levels[0]);
  const auto ply3 = draughts::follow_level(first, levels[1]);
  EXPECT_EQ(ply2.size(), 7u);  // the book's first move and White's 7 replies
  EXPECT_EQ(a->positions, static_cast<int>(1 + 7 + ply2.size() + ply3.size()));
  EXPECT_EQ(a->searched, a->positions);
  for (const auto* level : {&levels[0], &levels[1], &ply2, &ply3})
    for (const draughts::Position& pos : *level) {
      const auto hit = first.probe(pos);
      ASSERT_TRUE(hit) << draughts::to_fen(rules, pos);
      EXPECT_EQ(hit->depth, 3);
      const auto legal = draughts::legal_moves(rules, pos);
      EXPECT_NE(std::find(legal.begin(), legal.end(), hit->move), legal.end());
    }
  // A rebuild over it searches nothing again; a deeper one searches all.
  options.keep = &first;
  draughts::Book again(rules);
  auto c = build_book(rules, options, again);
  ASSERT_TRUE(c) << c.error();
  EXPECT_EQ(c->searched, 0);
  EXPECT_EQ(again.format(""), first.format(""));
  options.depth = 4;
  draughts::Book deeper(rules);
  c = build_book(rules, options, deeper);
  ASSERT_TRUE(c) << c.error();
  EXPECT_EQ(c->searched, c->positions);
}

// From the start alone: the book's first move and every reply (ply 1 has no line of its own).
TEST(DraughtsBookBuild, LinesFromTheStartAlone) {
  DraughtsBookOptions options;
  options.plies = 0;
  options.follow = 2;
  options.depth = 2;
  options.hash_megabytes = 4;
  draughts::Book book(draughts::kEnglish);
  auto r = build_book(draughts::kEnglish, options, book);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->positions, 1 + 7);
}

// Under a line (`--moves`): the plies and the book's lines count from the line's end; what an
// earlier book holds elsewhere stays as it was.
TEST(DraughtsBookBuild, DeeperUnderALine) {
  const draughts::Rules& rules = draughts::kEnglish;
  DraughtsBookOptions options;
  options.plies = 1;
  options.depth = 2;
  options.hash_megabytes = 4;
  draughts::Book first(rules);
  ASSERT_TRUE(build_book(rules, options, first));
  ASSERT_EQ(first.size(), 1u + 7u);
  options.lines = {{"12-16", "21-17"}};
  options.plies = 0;
  options.follow = 2;
  options.depth = 3;
  options.keep = &first;
  draughts::Book book = first;
  auto r = build_book(rules, options, book);
  ASSERT_TRUE(r) << r.error();
  draughts::Position line = draughts::start_position(rules);
  for (const char* m : {"12-16", "21-17"}) {
    auto move = draughts::parse_move(rules, line, m);
    ASSERT_TRUE(move) << m;
    draughts::play(line, *move);
  }
  const auto levels = draughts::opening_levels(rules, 0, line);
  const auto replies = draughts::follow_level(book, levels[0]);
  EXPECT_EQ(r->searched, static_cast<int>(1 + replies.size()));
  EXPECT_EQ(book.size(), first.size() + 1 + replies.size());
  EXPECT_EQ(book.probe(line)->depth, 3);
  for (const draughts::Position& pos : replies) EXPECT_EQ(book.probe(pos)->depth, 3);
  EXPECT_EQ(book.probe(draughts::start_position(rules))->depth, 2);  // kept from the first book
  options.lines = {{"12-16", "21-18"}};
  r = build_book(rules, options, book);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("--moves: move 2 (21-18)"), std::string::npos) << r.error();
}

// Several lines in one build: their positions searched together, a position the lines share once.
TEST(DraughtsBookBuild, SeveralLinesAtOnce) {
  const draughts::Rules& rules = draughts::kEnglish;
  const auto after = [&](std::initializer_list<const char*> moves) {
    draughts::Position p = draughts::start_position(rules);
    for (const char* m : moves) {
      auto move = draughts::parse_move(rules, p, m);
      EXPECT_TRUE(move) << m;
      if (move) draughts::play(p, *move);
    }
    return p;
  };
  DraughtsBookOptions options;
  options.plies = 1;
  options.depth = 2;
  options.hash_megabytes = 4;
  options.threads = 2;
  // The second line's end is one of the first line's replies: searched once.
  options.lines = {{"11-15"}, {"11-15", "22-18"}, {"9-13"}};
  draughts::Book book(rules);
  auto r = build_book(rules, options, book);
  ASSERT_TRUE(r) << r.error();
  // Ply 0: three positions; ply 1: the replies to 11-15 (one of them the second line's end,
  // already searched), to 11-15 22-18 and to 9-13.
  const auto lines_levels = [&](const draughts::Position& start) {
    return draughts::opening_levels(rules, 1, start);
  };
  std::set<draughts::BookKey> expected;
  for (const draughts::Position& start :
       {after({"11-15"}), after({"11-15", "22-18"}), after({"9-13"})})
    for (const auto& level : lines_levels(start))
      for (const draughts::Position& p : level) expected.insert(draughts::book_key(p));
  EXPECT_EQ(r->searched, static_cast<int>(expected.size()));
  EXPECT_EQ(book.size(), expected.size());
  EXPECT_TRUE(book.contains(after({"11-15", "22-18"})));
  EXPECT_TRUE(book.contains(after({"9-13", "22-18"})));
  EXPECT_FALSE(book.contains(draughts::start_position(rules)));
  // The same book as the lines built one by one.
  draughts::Book one_by_one(rules);
  for (const auto& line : options.lines) {
    DraughtsBookOptions single = options;
    single.lines = {line};
    single.keep = &one_by_one;
    draughts::Book copy = one_by_one;
    ASSERT_TRUE(build_book(rules, single, copy));
    one_by_one = copy;
  }
  EXPECT_EQ(one_by_one.format("x"), book.format("x"));
  // A bad line is named.
  options.lines = {{"11-15"}, {"12-16", "21-18"}};
  r = build_book(rules, options, book);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("--moves, line 2: move 2 (21-18)"), std::string::npos) << r.error();
}

TEST(DraughtsBookBuild, BadOptionsAreRefused) {
  draughts::Book book(draughts::kEnglish);
  DraughtsBookOptions options;
  options.plies = 3;
  options.follow = 3;
  auto r = build_book(draughts::kEnglish, options, book);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("--follow must be above --plies"), std::string::npos);
  options.plies = 0;
  options.follow = 1;  // no line reaches ply 1
  r = build_book(draughts::kEnglish, options, book);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("2 to 20"), std::string::npos);
  options.follow = 0;
  options.plies = 7;
  r = build_book(draughts::kEnglish, options, book);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("--plies"), std::string::npos);
}

TEST(DraughtsBookBuild, EnginePlaysFromTheBuiltInBook) {
  auto book = draughts::builtin_book("english");
  ASSERT_TRUE(book) << book.error();
  if (!*book) GTEST_SKIP() << "no data/book/english.txt";
  const draughts::Position start = draughts::start_position(draughts::kEnglish);
  const auto hit = (*book)->probe(start);
  ASSERT_TRUE(hit);
  expect_plays_from_book("english", draughts::move_text(draughts::kEnglish, start, hit->move),
                         hit->depth);
}

}  // namespace
}  // namespace doska::engine
