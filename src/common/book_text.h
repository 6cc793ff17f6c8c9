// The text form of an opening book, the same for every game (games/draughts/book.h,
// games/mill/book.h): comment lines ('#'), "game <id>", then one line a position:
// "<FEN> <move> <value> <depth>", the value in centipawns for the side to move.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "common/text.h"

namespace doska {

struct BookLine {
  std::string_view fen;
  std::string_view move;
  int value = 0;
  int depth = 0;
};

// Reads the lines of a book of game `game`: `on_line` gets each position's line, its value and
// depth already checked, and answers nothing or what is wrong with it (the FEN, the move); the
// first error comes back as "<source> line <n>: <what>", or "<source>: no 'game <id>' line".
std::optional<std::string> read_book_lines(
    std::string_view text, std::string_view source, std::string_view game,
    const std::function<std::optional<std::string>(const BookLine&)>& on_line);

// A book read from its text by read_book_lines: each position's FEN and move read by the game
// (`read_fen(text)`, `read_move(position, text)`, each a Result), a position that the book
// already holds (`book.contains`) refused with `twice`.
template <class Book, class Rules, class ReadFen, class ReadMove>
Result<Book> parse_book(const Rules& rules, std::string_view text, std::string_view source,
                        ReadFen read_fen, ReadMove read_move, const char* twice) {
  Book book(rules);
  const auto wrong = read_book_lines(text, source, rules.id,
                                     [&](const BookLine& line) -> std::optional<std::string> {
                                       auto pos = read_fen(line.fen);
                                       if (!pos) return "bad FEN: " + pos.error();
                                       auto move = read_move(*pos, line.move);
                                       if (!move)
                                         return "move " + quoted(line.move) + ": " + move.error();
                                       if (book.contains(*pos)) return std::string(twice);
                                       book.add(*pos, *move, line.value, line.depth);
                                       return std::nullopt;
                                     });
  if (wrong) return make_error(*wrong);
  return book;
}

// The first lines of a book's text: the comment, a '#' before each of its lines, then the game.
std::string book_header(std::string_view comment, std::string_view game);

// A book file's whole text, or an error naming the file (unreadable, or too large for a book).
Result<std::string> read_book_file(const std::string& path);

// A book read from its file by the Book's own parse.
template <class Book, class Rules>
Result<Book> load_book(const Rules& rules, const std::string& path) {
  auto text = read_book_file(path);
  if (!text) return make_error(text.error());
  return Book::parse(rules, *text, path);
}

// The books compiled in (`texts`: items with a `game` and a `text`), each read once by
// `parse(game, text, source)` (a Result<Book>), then only looked up: the book of `game`, null
// where it has none, or the error of a damaged one. The table is a static of the instantiation:
// call it from one place for each Book type (the game's builtin_book), with the same `texts`.
template <class Book, class Texts, class Parse>
Result<const Book*> builtin_book_from(const Texts& texts, std::string_view game, Parse parse) {
  struct Parsed {
    std::string game;
    Result<Book> book;
  };
  static const std::vector<Parsed> all = [&] {
    std::vector<Parsed> v;
    for (const auto& e : texts)
      v.push_back({std::string(e.game),
                   parse(e.game, e.text, "data/book/" + std::string(e.game) + ".txt")});
    return v;
  }();
  for (const Parsed& p : all) {
    if (p.game != game) continue;
    if (!p.book) return make_error(p.book.error());
    return &*p.book;
  }
  return static_cast<const Book*>(nullptr);
}

}  // namespace doska
