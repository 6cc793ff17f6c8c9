// The opening book of a draughts game: for positions of the first plies, the move a
// deep search of our own chose, with its value and depth. `doska book build <game>` makes it
// (docs/engine.md, "Opening book"); data/book/<game>.txt is compiled in where it exists.
//
// Which positions: every position of at most `plies` plies from the start, and beyond them, up
// to `follow` plies, the positions that follow a book move and any reply (the lines where the
// book still has a move for the side that used it). No symmetry: the draughts boards have none
// that keeps the rules.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "common/result.h"
#include "games/draughts/position.h"
#include "games/draughts/rules.h"

namespace doska::draughts {

// A position exactly, as the book keys it (side, white, black, kings), in a fixed order.
using BookKey = std::tuple<int, Bitboard, Bitboard, Bitboard>;
inline BookKey book_key(const Position& p) {
  return {static_cast<int>(p.side), p.white, p.black, p.kings};
}

struct BookMove {
  Move move{};
  int value = 0;  // centipawns for the side to move
  int depth = 0;
};

class Book {
 public:
  explicit Book(const Rules& rules) : rules_(&rules) {}

  // The text form: "game <id>", then one line "<FEN> <move> <value> <depth>" per position ('#'
  // starts a comment). The move must be legal in the FEN's position; an error names the line.
  static Result<Book> parse(const Rules& rules, std::string_view text, std::string_view source);
  static Result<Book> load(const Rules& rules, const std::string& path);
  // Entries in a fixed order (by position), so that a rebuilt book compares line by line.
  std::string format(std::string_view comment) const;

  // Adds or replaces the entry of `pos`; `move` is legal in `pos`.
  void add(const Position& pos, const Move& move, int value, int depth);
  std::optional<BookMove> probe(const Position& pos) const;
  bool contains(const Position& pos) const { return entries_.contains(book_key(pos)); }
  std::size_t size() const { return entries_.size(); }
  const Rules& rules() const { return *rules_; }

 private:
  const Rules* rules_;
  std::map<BookKey, BookMove> entries_;
};

// Every position of 0, 1, ..., `plies` plies from `start`, a vector a ply, each position once;
// positions where the game is over are left out.
std::vector<std::vector<Position>> opening_levels(const Rules& rules, int plies,
                                                  const Position& start);
std::vector<std::vector<Position>> opening_levels(const Rules& rules, int plies);  // from the start
// The positions after the book's move in each of `earlier` (the positions two plies before) and
// any reply; each position once, the game-over ones left out.
std::vector<Position> follow_level(const Book& book, const std::vector<Position>& earlier);

// The book compiled in from data/book/<game>.txt, or null when the game has none; an error if the
// file is damaged (named with its line).
Result<const Book*> builtin_book(std::string_view game);

}  // namespace doska::draughts
