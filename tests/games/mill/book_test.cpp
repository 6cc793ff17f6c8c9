// The opening book of the placement phase (src/games/mill/book.h, docs/mill.md "Opening book"):
// the board's symmetries, the classes of positions, the book's text and its probes.
#include "games/mill/book.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "games/mill/notation.h"
#include "games/mill/rules.h"
#include "support/mill_fen.h"

namespace doska::mill {
namespace {

using test::mill_fen;

std::set<std::string> move_texts(const Rules& rules, const Position& pos) {
  std::set<std::string> texts;
  for (const Move& m : legal_moves(rules, pos)) texts.insert(move_text(m));
  return texts;
}

// The 16 symmetries are distinct permutations of the 24 points, each undone by its inverse.
TEST(MillBook, SixteenSymmetries) {
  std::set<std::vector<int>> images;
  for (int s = 0; s < kSymmetries; ++s) {
    std::vector<int> image;
    for (int p = 0; p < kPoints; ++p) image.push_back(transform_point(s, p));
    std::vector<int> sorted = image;
    std::sort(sorted.begin(), sorted.end());
    for (int p = 0; p < kPoints; ++p) EXPECT_EQ(sorted[p], p) << "symmetry " << s;
    images.insert(image);
    const int inverse = inverse_symmetry(s);
    for (int p = 0; p < kPoints; ++p) EXPECT_EQ(transform_point(inverse, transform_point(s, p)), p);
  }
  EXPECT_EQ(images.size(), 16u);
  // A quarter turn takes a1 to g1, the mirror takes d1 to a4, the swap takes a1 to c3.
  EXPECT_EQ(point_name(transform_point(1, *parse_point("a1"))), "g1");
  EXPECT_EQ(point_name(transform_point(4, *parse_point("d1"))), "a4");
  EXPECT_EQ(point_name(transform_point(8, *parse_point("a1"))), "c3");
}

// A symmetry maps the legal moves of a position onto those of its image (the rules of RULINGS
// §3.2 see only the lines, which every symmetry keeps), removals and mills included.
TEST(MillBook, SymmetriesKeepTheRules) {
  const Position pos = mill_fen(kMill, "W:Wa1,d1,b2,f4,e5:Bg7,d7,c3,d5,a4:H4,4");
  for (int s = 0; s < kSymmetries; ++s) {
    const Position image = transform(s, pos);
    std::set<std::string> mapped;
    for (const Move& m : legal_moves(kMill, pos)) mapped.insert(move_text(transform(s, m)));
    EXPECT_EQ(mapped, move_texts(kMill, image)) << "symmetry " << s;
    EXPECT_EQ(canonical(image).key, canonical(pos).key);
  }
}

// The classes of the first plies: one white piece stands on 4 kinds of point (corner or midpoint
// of the outer and inner squares, corner or midpoint of the middle one).
TEST(MillBook, PositionsOfTheFirstPlies) {
  const auto positions = book_positions(kMill, 1);
  ASSERT_EQ(positions.size(), 5u);
  EXPECT_EQ(positions[0], start_position(kMill));
  std::set<std::uint64_t> classes;
  for (const Position& p : book_positions(kMill, 2)) classes.insert(canonical(p).key);
  EXPECT_EQ(classes.size(), book_positions(kMill, 2).size());  // one position per class
}

// A probe of any mirror image of a book position gives the book move mapped onto it.
TEST(MillBook, ProbeMapsTheMoveOntoTheImage) {
  Book book(kMill);
  const Position pos = mill_fen(kMill, "B:Wa1,d2:Bg7:H7,8");
  const auto move = parse_move(kMill, pos, "d1");
  ASSERT_TRUE(move);
  book.add(pos, *move, 25, 14);
  EXPECT_EQ(book.size(), 1u);
  for (int s = 0; s < kSymmetries; ++s) {
    const Position image = transform(s, pos);
    const auto hit = book.probe(image);
    ASSERT_TRUE(hit) << "symmetry " << s;
    EXPECT_EQ(move_text(hit->move), move_text(transform(s, *move)));
    EXPECT_EQ(hit->value, 25);
    EXPECT_EQ(hit->depth, 14);
  }
  EXPECT_FALSE(book.probe(mill_fen(kMill, "B:Wa1,d2:Bg4:H7,8")));
  EXPECT_FALSE(book.probe(start_position(kMill)));
}

TEST(MillBook, TextRoundTrip) {
  Book book(kMill);
  book.add(start_position(kMill), *parse_move(kMill, start_position(kMill), "d2"), 0, 12);
  const Position pos = mill_fen(kMill, "W:Wa1,d1:Bb2,d2:H7,7");
  book.add(pos, *parse_move(kMill, pos, "g1xb2"), 180, 12);
  const std::string text = book.format("a test book");
  auto read = Book::parse(kMill, text, "test");
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->format("a test book"), text);
  EXPECT_EQ(move_text(read->probe(pos)->move), "g1xb2");
  EXPECT_EQ(read->probe(pos)->value, 180);
}

// A damaged book is refused with its line and the reason.
TEST(MillBook, BadTextIsNamed) {
  const auto error = [](const char* text) {
    auto b = Book::parse(kMill, text, "book.txt");
    return b ? std::string("accepted") : b.error();
  };
  EXPECT_EQ(error(""), "book.txt: no 'game <id>' line");
  EXPECT_NE(error("game mill-ceylon\n").find("is for 'mill-ceylon', not mill"), std::string::npos);
  EXPECT_NE(error("W:W:B:H9,9 d1 0 5\n").find("line 1: the first line must be 'game <id>'"),
            std::string::npos);
  EXPECT_NE(error("game mill\nW:W:B:H9,9 d1 0\n").find("line 2: give '<FEN> <move>"),
            std::string::npos);
  EXPECT_NE(error("game mill\nW:Wz9:B:H9,9 d1 0 5\n").find("line 2: bad FEN"), std::string::npos);
  EXPECT_NE(error("game mill\nW:W:B:H9,9 a1-a4 0 5\n").find("line 2: move 'a1-a4'"),
            std::string::npos);
  EXPECT_NE(error("game mill\nW:W:B:H9,9 d1 x 5\n").find("line 2: bad value 'x'"),
            std::string::npos);
  EXPECT_NE(error("game mill\nW:W:B:H9,9 d1 0 0\n").find("line 2: bad depth '0'"),
            std::string::npos);
  EXPECT_NE(error("game mill\nB:Wa1:B:H8,9 d1 0 5\nB:Wg7:B:H8,9 d7 0 5\n")
                .find("line 3: the position (or one of its mirror images) is given twice"),
            std::string::npos);
  EXPECT_EQ(error("game mill\n# a comment\nB:Wa1:B:H8,9 d1 -40 5  # the reply\n"), "accepted");
}

// Every book compiled in reads, holds only legal moves for its game, and starts at the start.
TEST(MillBook, BuiltInBooksRead) {
  for (const Rules* rules : kAllRules) {
    auto book = builtin_book(rules->id);
    ASSERT_TRUE(book) << rules->id << ": " << book.error();
    if (!*book) continue;  // this game has no book
    EXPECT_EQ(&(*book)->rules(), rules);
    EXPECT_GT((*book)->size(), 0u);
    const auto hit = (*book)->probe(start_position(*rules));
    ASSERT_TRUE(hit) << rules->id << ": the start is not in its book";
    EXPECT_EQ(move_texts(*rules, start_position(*rules)).count(move_text(hit->move)), 1u);
  }
  auto none = builtin_book("international");
  ASSERT_TRUE(none);
  EXPECT_EQ(*none, nullptr);
}

}  // namespace
}  // namespace doska::mill
