// Data of the mill games compiled in (cmake/mill_eval_data.cmake): the evaluation weights of
// data/eval/<game>.txt and the opening books of data/book/<game>.txt.
#pragma once

#include <span>
#include <string_view>

namespace doska::mill {

struct EmbeddedText {
  std::string_view game;
  std::string_view text;
};

// One per mill game id.
std::span<const EmbeddedText> embedded_mill_weights();
// Only the games that have a book.
std::span<const EmbeddedText> embedded_mill_books();

}  // namespace doska::mill
