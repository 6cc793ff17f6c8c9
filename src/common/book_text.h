// The text form of an opening book, the same for every game (games/draughts/book.h,
// games/mill/book.h): comment lines ('#'), "game <id>", then one line a position:
// "<FEN> <move> <value> <depth>", the value in centipawns for the side to move.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "common/result.h"

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

// The first lines of a book's text: the comment, a '#' before each of its lines, then the game.
std::string book_header(std::string_view comment, std::string_view game);

// A book file's whole text, or an error naming the file (unreadable, or too large for a book).
Result<std::string> read_book_file(const std::string& path);

}  // namespace doska
