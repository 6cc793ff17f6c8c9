#include "games/mill/book.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <unordered_set>

#include "common/book_text.h"
#include "common/text.h"
#include "games/mill/eval_data.h"
#include "games/mill/notation.h"

namespace doska::mill {

namespace {

// Every symmetry keeps the lines of the board (both boards of board.h): checked once, here.
constexpr bool symmetries_keep_lines(const Board& board) {
  for (int s = 0; s < kSymmetries; ++s)
    for (int i = 0; i < board.line_count; ++i) {
      Bitboard image = 0;
      for (int p = 0; p < kPoints; ++p)
        if (board.lines[i] & bit(p)) image |= bit(transform_point(s, p));
      bool found = false;
      for (int j = 0; j < board.line_count; ++j) found |= board.lines[j] == image;
      if (!found) return false;
    }
  return true;
}
static_assert(symmetries_keep_lines(kStandardBoard) && symmetries_keep_lines(kDiagonalBoard));

std::uint64_t pack(const Position& pos) {
  return std::uint64_t{pos.pieces[0]} | (std::uint64_t{pos.pieces[1]} << 24) |
         (std::uint64_t{pos.hand[0]} << 48) | (std::uint64_t{pos.hand[1]} << 52) |
         (std::uint64_t{pos.side == Side::black} << 56);
}

}  // namespace

int inverse_symmetry(int s) {
  for (int t = 0; t < kSymmetries; ++t) {
    bool undoes = true;
    for (int p = 0; p < kPoints && undoes; ++p)
      undoes = transform_point(t, transform_point(s, p)) == p;
    if (undoes) return t;
  }
  return 0;  // not reached: the symmetries form a group
}

Bitboard transform(int s, Bitboard b) {
  Bitboard out = 0;
  for (; b; b &= b - 1) out |= bit(transform_point(s, lowest_point(b)));
  return out;
}

Position transform(int s, const Position& pos) {
  Position out = pos;
  out.pieces[0] = transform(s, pos.pieces[0]);
  out.pieces[1] = transform(s, pos.pieces[1]);
  out.refresh_key();
  return out;
}

Move transform(int s, const Move& move) {
  const auto point = [s](std::uint8_t p) {
    return p == kNoPoint ? kNoPoint : static_cast<std::uint8_t>(transform_point(s, p));
  };
  return Move{point(move.from), point(move.to), point(move.removed), move.keeps_turn};
}

Canonical canonical(const Position& pos) {
  Canonical best{~std::uint64_t{0}, 0};
  for (int s = 0; s < kSymmetries; ++s) {
    Position image = pos;
    image.pieces[0] = transform(s, pos.pieces[0]);
    image.pieces[1] = transform(s, pos.pieces[1]);
    const std::uint64_t key = pack(image);
    if (key < best.key) best = {key, s};
  }
  return best;
}

void Book::add(const Position& pos, const Move& move, int value, int depth) {
  const Canonical c = canonical(pos);
  entries_[c.key] = BookEntry{transform(c.symmetry, move), value, depth};
  positions_[c.key] = transform(c.symmetry, pos);
}

std::optional<BookMove> Book::probe(const Position& pos) const {
  const Canonical c = canonical(pos);
  const auto it = entries_.find(c.key);
  if (it == entries_.end()) return std::nullopt;
  const Move move = transform(inverse_symmetry(c.symmetry), it->second.move);
  // The entry was checked when read; a position that has the same form is as legal.
  const auto legal = legal_moves(*rules_, pos);
  if (std::find(legal.begin(), legal.end(), move) == legal.end()) return std::nullopt;
  return BookMove{move, it->second.value, it->second.depth};
}

Result<Book> Book::parse(const Rules& rules, std::string_view text, std::string_view source) {
  return parse_book<Book>(
      rules, text, source, [&](std::string_view fen) { return parse_fen(rules, fen); },
      [&](const Position& pos, std::string_view move) { return parse_move(rules, pos, move); },
      "the position (or one of its mirror images) is given twice");
}

Result<Book> Book::load(const Rules& rules, const std::string& path) {
  return load_book<Book>(rules, path);
}

std::string Book::format(std::string_view comment) const {
  std::ostringstream out;
  out << book_header(comment, rules_->id);
  const std::map<std::uint64_t, BookEntry> sorted(entries_.begin(), entries_.end());
  for (const auto& [key, e] : sorted)
    out << to_fen(positions_.at(key)) << ' ' << move_text(e.move) << ' ' << e.value << ' '
        << e.depth << '\n';
  return out.str();
}

std::vector<Position> book_positions(const Rules& rules, int plies) {
  std::vector<Position> result;
  std::map<std::uint64_t, Position> level;
  std::unordered_set<std::uint64_t> seen;  // mixed mill may reach a position again
  const Position start = start_position(rules);
  const Canonical first = canonical(start);
  level[first.key] = transform(first.symmetry, start);
  seen.insert(first.key);
  for (int ply = 0; ply <= plies && !level.empty(); ++ply) {
    std::map<std::uint64_t, Position> next;
    for (const auto& [key, pos] : level) {
      const auto moves = legal_moves(rules, pos);
      if (moves.empty()) continue;  // over
      result.push_back(pos);
      if (ply == plies) continue;
      for (const Move& m : moves) {
        Position child = pos;
        play(child, m);
        const Canonical c = canonical(child);
        if (seen.insert(c.key).second) next[c.key] = transform(c.symmetry, child);
      }
    }
    level = std::move(next);
  }
  return result;
}

Result<const Book*> builtin_book(std::string_view game) {
  return builtin_book_from<Book>(
      embedded_mill_books(), game,
      [](std::string_view id, std::string_view text, const std::string& source) -> Result<Book> {
        const Rules* rules = find_rules(id);
        if (!rules) return make_error(source + ": no such game");
        return Book::parse(*rules, text, source);
      });
}

}  // namespace doska::mill
