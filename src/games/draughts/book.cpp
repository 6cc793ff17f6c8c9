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
  entries_[key_of(pos)] = BookMove{move, value, depth};
}

std::optional<BookMove> Book::probe(const Position& pos) const {
  const auto it = entries_.find(key_of(pos));
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

Result<Book> Book::parse(const Rules& rules, std::string_view text, std::string_view source) {
  Book book(rules);
  const auto wrong = read_book_lines(text, source, rules.id,
                                     [&](const BookLine& line) -> std::optional<std::string> {
                                       auto pos = parse_fen(rules, line.fen);
                                       if (!pos) return "bad FEN: " + pos.error();
                                       auto move = parse_move(rules, *pos, line.move);
                                       if (!move)
                                         return "move " + quoted(line.move) + ": " + move.error();
                                       if (book.entries_.contains(key_of(*pos)))
                                         return "the position is given twice";
                                       book.add(*pos, *move, line.value, line.depth);
                                       return std::nullopt;
                                     });
  if (wrong) return make_error(*wrong);
  return book;
}

Result<Book> Book::load(const Rules& rules, const std::string& path) {
  auto text = read_book_file(path);
  if (!text) return make_error(text.error());
  return parse(rules, *text, path);
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

using PositionKey = std::tuple<int, Bitboard, Bitboard, Bitboard>;
PositionKey key_of(const Position& p) {
  return {static_cast<int>(p.side), p.white, p.black, p.kings};
}

// `pos` played on by `move`, added to `out` unless seen before or over.
void add_child(const Rules& rules, const Position& pos, const Move& move,
               std::set<PositionKey>& seen, std::vector<Position>& out) {
  Position child = pos;
  play(child, move);
  if (legal_moves(rules, child).empty()) return;
  if (seen.insert(key_of(child)).second) out.push_back(child);
}

}  // namespace

std::vector<std::vector<Position>> opening_levels(const Rules& rules, int plies) {
  std::vector<std::vector<Position>> levels{{start_position(rules)}};
  for (int ply = 1; ply <= plies; ++ply) {
    std::set<PositionKey> seen;
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
  std::set<PositionKey> seen;
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
  struct Parsed {
    std::string game;
    Result<Book> book;
  };
  // Parsed once, then only read.
  static const std::vector<Parsed> all = [] {
    std::vector<Parsed> v;
    for (const pattern::EmbeddedText& e : pattern::embedded_books()) {
      const Rules* rules = find_rules(e.game);
      const std::string source = "data/book/" + std::string(e.game) + ".txt";
      v.push_back({std::string(e.game), rules
                                            ? Book::parse(*rules, e.text, source)
                                            : Result<Book>(make_error(source + ": no such game"))});
    }
    return v;
  }();
  for (const Parsed& p : all) {
    if (p.game != game) continue;
    if (!p.book) return make_error(p.book.error());
    return &*p.book;
  }
  return nullptr;
}

}  // namespace doska::draughts
