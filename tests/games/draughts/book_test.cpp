// The opening book of the draughts games (src/games/draughts/book.h, docs/engine.md "Opening
// book"): the positions of the first plies, the book's lines, its text and its probes.
#include "games/draughts/book.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "games/draughts/notation.h"
#include "games/draughts/rules.h"

namespace doska::draughts {
namespace {

Position after(const Rules& rules, Position pos, const char* move) {
  auto m = parse_move(rules, pos, move);
  EXPECT_TRUE(m) << move;
  if (m) play(pos, *m);
  return pos;
}

// Ply by ply, every position once, and every child of a level in the next one: 7 and 49 in
// english and russian (no position of two plies is reached twice), 9 and 81 in international.
TEST(DraughtsBook, PositionsOfTheFirstPlies) {
  for (const Rules* rules : {&kEnglish, &kRussian, &kInternational}) {
    const auto levels = opening_levels(*rules, 3);
    ASSERT_EQ(levels.size(), 4u) << rules->id;
    EXPECT_EQ(levels[0].size(), 1u);
    EXPECT_EQ(levels[0][0], start_position(*rules));
    const std::size_t first = rules == &kInternational ? 9 : 7;
    EXPECT_EQ(levels[1].size(), first) << rules->id;
    EXPECT_EQ(levels[2].size(), first * first) << rules->id;
    for (int ply = 1; ply <= 3; ++ply) {
      std::set<BookKey> keys;
      for (const Position& p : levels[ply]) keys.insert(book_key(p));
      EXPECT_EQ(keys.size(), levels[ply].size()) << rules->id << " ply " << ply;
      for (const Position& parent : levels[ply - 1])
        for (const Move& m : legal_moves(*rules, parent)) {
          Position child = parent;
          play(child, m);
          EXPECT_TRUE(keys.contains(book_key(child))) << rules->id << " ply " << ply;
        }
    }
  }
}

// The book's lines: after the book's move, every reply; a position without an entry adds none.
TEST(DraughtsBook, FollowTheBooksLines) {
  Book book(kEnglish);
  const Position start = start_position(kEnglish);
  book.add(start, *parse_move(kEnglish, start, "11-15"), 3, 10);
  const Position other = after(kEnglish, start, "9-13");
  const auto next = follow_level(book, {start, other});
  ASSERT_EQ(next.size(), 7u);  // the 7 replies to 11-15
  const Position played = after(kEnglish, start, "11-15");
  std::set<BookKey> expected;
  for (const Move& m : legal_moves(kEnglish, played)) {
    Position child = played;
    play(child, m);
    expected.insert(book_key(child));
  }
  for (const Position& p : next) EXPECT_TRUE(expected.contains(book_key(p)));
}

TEST(DraughtsBook, ProbeAndTextRoundTrip) {
  Book book(kEnglish);
  const Position start = start_position(kEnglish);
  book.add(start, *parse_move(kEnglish, start, "11-15"), 4, 24);
  const Position pos = after(kEnglish, after(kEnglish, start, "11-15"), "23-19");
  book.add(pos, *parse_move(kEnglish, pos, "8-11"), -7, 24);
  EXPECT_EQ(book.size(), 2u);
  EXPECT_FALSE(book.probe(after(kEnglish, start, "9-13")));
  const std::string text = book.format("a test book\nsecond line");
  EXPECT_EQ(text.rfind("# a test book\n# second line\ngame english\n", 0), 0u) << text;
  auto read = Book::parse(kEnglish, text, "test");
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->format("a test book\nsecond line"), text);
  const auto hit = read->probe(pos);
  ASSERT_TRUE(hit);
  EXPECT_EQ(move_text(kEnglish, pos, hit->move), "8-11");
  EXPECT_EQ(hit->value, -7);
  EXPECT_EQ(hit->depth, 24);
}

// A damaged book is refused with its line and the reason.
TEST(DraughtsBook, BadTextIsNamed) {
  const auto error = [](const char* text) {
    auto b = Book::parse(kEnglish, text, "book.txt");
    return b ? std::string("accepted") : b.error();
  };
  const char* start = "B:W21-32:B1-12";
  EXPECT_EQ(error(""), "book.txt: no 'game <id>' line");
  EXPECT_NE(error("game russian\n").find("is for 'russian', not english"), std::string::npos);
  EXPECT_NE(error((std::string(start) + " 11-15 0 5\n").c_str())
                .find("line 1: the first line must be 'game <id>'"),
            std::string::npos);
  const auto line = [&](const std::string& rest) {
    return error(("game english\n" + std::string(start) + " " + rest + "\n").c_str());
  };
  EXPECT_NE(line("11-15 0").find("line 2: give '<FEN> <move>"), std::string::npos);
  EXPECT_NE(line("21-17 0 5").find("line 2: move '21-17'"), std::string::npos);
  EXPECT_NE(line("11-15 x 5").find("line 2: bad value 'x'"), std::string::npos);
  EXPECT_NE(line("11-15 0 0").find("line 2: bad depth '0'"), std::string::npos);
  EXPECT_NE(error("game english\nB:W21-32:B1-99 11-15 0 5\n").find("line 2: bad FEN"),
            std::string::npos);
  EXPECT_NE(
      error(
          (std::string("game english\n") + start + " 11-15 0 5\n" + start + " 9-13 0 5\n").c_str())
          .find("line 3: the position is given twice"),
      std::string::npos);
  EXPECT_EQ(line("11-15 0 5"), "accepted");
}

// Every book compiled in reads without error.
TEST(DraughtsBook, BuiltInBooksRead) {
  for (const Rules* rules : kAllRules) {
    auto book = builtin_book(rules->id);
    EXPECT_TRUE(book) << rules->id << ": " << (book ? "" : book.error());
  }
}

// A book compiled in has a legal move, searched at least to `depths[p]`, in every position of
// ply p of its lines: every position of at most three plies, then, ply after ply, every position
// after the book's own move two plies before and any reply to it (`follow_level`), up to ply
// `depths.size() - 1`. So after any two-ply start the first player finds its next moves in the
// book at plies 2, 4, 6, ... and the second at plies 3, 5, ..., whatever the opponent replies: a
// book cut short or built for other rules fails here.
void expect_book_covers(const Rules& rules, const std::vector<int>& depths) {
  auto book = builtin_book(rules.id);
  ASSERT_TRUE(book) << book.error();
  ASSERT_NE(*book, nullptr);
  std::vector<std::vector<Position>> plies = opening_levels(rules, 3);
  while (plies.size() < depths.size()) {
    // The book's move two plies before, then every reply: more positions than that ply has.
    std::vector<Position> next = follow_level(**book, plies[plies.size() - 2]);
    EXPECT_GT(next.size(), plies[plies.size() - 2].size()) << "ply " << plies.size();
    plies.push_back(std::move(next));
  }
  for (std::size_t ply = 0; ply < depths.size(); ++ply) {
    for (const Position& pos : plies[ply]) {
      const auto hit = (*book)->probe(pos);
      const auto moves = legal_moves(rules, pos);
      EXPECT_TRUE(hit && hit->depth >= depths[ply] &&
                  std::find(moves.begin(), moves.end(), hit->move) != moves.end())
          << rules.id << " ply " << ply << ": " << to_fen(rules, pos);
    }
  }
}

// data/book/international.txt: `--plies 3 --follow 4` at depth 21, then `--follow 6` at depth
// 19 (the first player plays three moves from the book after a two-ply start, the second two).
TEST(DraughtsBook, TheInternationalBookCoversItsPlies) {
  expect_book_covers(kInternational, {21, 21, 21, 21, 21, 19, 19});
}

// data/book/english.txt: `--plies 3 --follow 7` at depth 25 (three book moves for each player
// after a two-ply start), some of its lines deeper.
TEST(DraughtsBook, TheEnglishBookCoversItsPlies) {
  expect_book_covers(kEnglish, {25, 25, 25, 25, 25, 25, 25, 25});
}

}  // namespace
}  // namespace doska::draughts
