#include "games/draughts/book.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "common/book_text.h"
#include "common/text.h"
#include "games/draughts/eval_data.h"
#include "games/draughts/notation.h"

namespace doska::draughts {

void Book::add(const Position& pos, const Move& move, int value, int depth) {
  entries_[book_key(pos)] = BookMove{move, value, depth};
}

std::optional<BookMove> Book::probe(const Position& pos) const {
  const auto it = entries_.find(book_key(pos));
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

Result<Book> Book::parse(const Rules& rules, std::string_view text, std::string_view source) {
  return parse_book<Book>(
      rules, text, source, [&](std::string_view fen) { return parse_fen(rules, fen); },
      [&](const Position& pos, std::string_view move) { return parse_move(rules, pos, move); },
      "the position is given twice");
}

Result<Book> Book::load(const Rules& rules, const std::string& path) {
  return load_book<Book>(rules, path);
}

std::string Book::format(std::string_view comment) const {
  std::ostringstream out;
  out << book_header(comment, rules_->id);
  for (const auto& [key, e] : entries_) {
    Position pos;
    pos.side = static_cast<Side>(std::get<0>(key));
    pos.white = std::get<1>(key);
    pos.black = std::get<2>(key);
    pos.kings = std::get<3>(key);
    out << to_fen(*rules_, pos) << ' ' << move_text(*rules_, pos, e.move) << ' ' << e.value << ' '
        << e.depth << '\n';
  }
  return out.str();
}

namespace {

// `pos` played on by `move`, added to `out` unless seen before or over.
void add_child(const Rules& rules, const Position& pos, const Move& move, std::set<BookKey>& seen,
               std::vector<Position>& out) {
  Position child = pos;
  play(child, move);
  if (legal_moves(rules, child).empty()) return;
  if (seen.insert(book_key(child)).second) out.push_back(child);
}

}  // namespace

std::vector<std::vector<Position>> opening_levels(const Rules& rules, int plies) {
  return opening_levels(rules, plies, start_position(rules));
}

std::vector<std::vector<Position>> opening_levels(const Rules& rules, int plies,
                                                  const Position& start) {
  std::vector<std::vector<Position>> levels{{start}};
  for (int ply = 1; ply <= plies; ++ply) {
    std::set<BookKey> seen;
    std::vector<Position> next;
    for (const Position& pos : levels.back())
      for (const Move& m : legal_moves(rules, pos)) add_child(rules, pos, m, seen, next);
    if (next.empty()) break;
    levels.push_back(std::move(next));
  }
  return levels;
}

std::vector<Position> follow_level(const Book& book, const std::vector<Position>& earlier) {
  const Rules& rules = book.rules();
  std::set<BookKey> seen;
  std::vector<Position> next;
  for (const Position& pos : earlier) {
    const auto hit = book.probe(pos);
    if (!hit) continue;
    Position after = pos;
    play(after, hit->move);
    for (const Move& reply : legal_moves(rules, after)) add_child(rules, after, reply, seen, next);
  }
  return next;
}

Result<const Book*> builtin_book(std::string_view game) {
  return builtin_book_from<Book>(
      pattern::embedded_books(), game,
      [](std::string_view id, std::string_view text, const std::string& source) -> Result<Book> {
        const Rules* rules = find_rules(id);
        if (!rules) return make_error(source + ": no such game");
        return Book::parse(*rules, text, source);
      });
}

}  // namespace doska::draughts
