// The opening book of the placement phase: for each position of the first plies, the
// move a deep search of our own chose, with its value and depth. `doska book build` makes it
// (docs/mill.md, "Opening book"); data/book/<game>.txt is compiled in.
//
// The board has 16 symmetries (board.h: a quarter turn moves a point two steps round its ring, a
// reflection mirrors it in the a1-g7 diagonal, and the outer and inner squares may swap), so the
// book holds one entry per class of positions, under the class's canonical form, and a probe maps
// the book move back onto the position asked about.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/result.h"
#include "games/mill/position.h"
#include "games/mill/rules.h"

namespace doska::mill {

inline constexpr int kSymmetries = 16;

// Symmetry `s` (0..15) of the board: bits 0-1 the quarter turns, bit 2 the mirror (applied
// first), bit 3 the swap of the outer and inner squares.
constexpr int transform_point(int s, int point) {
  int ring = point / 8, k = point % 8;
  if (s & 8) ring = 2 - ring;
  if (s & 4) k = (8 - k) % 8;
  k = (k + 2 * (s & 3)) % 8;
  return 8 * ring + k;
}
// The symmetry that undoes `s`.
int inverse_symmetry(int s);
Bitboard transform(int s, Bitboard b);
Position transform(int s, const Position& pos);
Move transform(int s, const Move& move);

// The position's class: the smallest packed form over the 16 symmetries (pieces, hands and side
// to move; exact, no hashing), and a symmetry that maps the position onto that form.
struct Canonical {
  std::uint64_t key = 0;
  int symmetry = 0;
};
Canonical canonical(const Position& pos);

struct BookEntry {
  Move move{};  // in the frame of the canonical form
  int value = 0;
  int depth = 0;
};

struct BookMove {
  Move move{};  // in the frame of the position probed
  int value = 0;
  int depth = 0;
};

class Book {
 public:
  explicit Book(const Rules& rules) : rules_(&rules) {}

  // The text form: "game <id>", then one line "<FEN> <move> <value> <depth>" per position ('#'
  // starts a comment). The move must be legal in the FEN's position; an error names the line.
  static Result<Book> parse(const Rules& rules, std::string_view text, std::string_view source);
  static Result<Book> load(const Rules& rules, const std::string& path);
  // Entries in a fixed order (by canonical key), so that a rebuilt book compares line by line.
  std::string format(std::string_view comment) const;

  // Adds or replaces the entry of `pos`'s class; `move` is legal in `pos`.
  void add(const Position& pos, const Move& move, int value, int depth);
  std::optional<BookMove> probe(const Position& pos) const;
  // The book holds the position's class.
  bool contains(const Position& pos) const { return entries_.contains(canonical(pos).key); }
  std::size_t size() const { return entries_.size(); }
  const Rules& rules() const { return *rules_; }

 private:
  const Rules* rules_;
  std::unordered_map<std::uint64_t, BookEntry> entries_;
  std::unordered_map<std::uint64_t, Position> positions_;  // the canonical forms, for format()
};

// One position of each class reachable from the start in at most `plies` plies (the start
// included), in order of ply and then of canonical key; positions where the game is over are left
// out.
std::vector<Position> book_positions(const Rules& rules, int plies);

// The book compiled in from data/book/<game>.txt, or null when the game has none; an error if the
// file does not read.
Result<const Book*> builtin_book(std::string_view game);

}  // namespace doska::mill
