#include "common/book_text.h"

#include "common/files.h"
#include "common/text.h"

namespace doska {

std::optional<std::string> read_book_lines(
    std::string_view text, std::string_view source, std::string_view game,
    const std::function<std::optional<std::string>(const BookLine&)>& on_line) {
  bool game_seen = false;
  const auto wrong = read_word_lines(
      text, source, [&](const std::vector<std::string_view>& words) -> std::optional<std::string> {
        if (words[0] == "game") {
          if (words.size() != 2) return "give 'game <id>'";
          if (game_seen) return "the game is given twice";
          if (words[1] != game)
            return "this book is for " + quoted(words[1]) + ", not " + std::string(game);
          game_seen = true;
          return std::nullopt;
        }
        if (!game_seen) return "the first line must be 'game <id>'";
        if (words.size() != 4) return "give '<FEN> <move> <value> <depth>'";
        const auto value = parse_signed_int(words[2]);
        if (!value || *value < -32000 || *value > 32000)
          return "bad value " + quoted(words[2]) + ": give a whole number from -32000 to 32000";
        const auto depth = parse_int(words[3]);
        if (!depth || *depth < 1 || *depth > 200)
          return "bad depth " + quoted(words[3]) + ": give 1 to 200";
        return on_line(BookLine{words[0], words[1], *value, *depth});
      });
  if (wrong) return wrong;
  if (!game_seen) return std::string(source) + ": no 'game <id>' line";
  return std::nullopt;
}

std::string book_header(std::string_view comment, std::string_view game) {
  std::string out;
  for (std::string_view line : split(comment, '\n'))
    if (!line.empty()) out += "# " + std::string(line) + '\n';
  out += "game " + std::string(game) + '\n';
  out += "# FEN, move, value (centipawns for the side to move), depth\n";
  return out;
}

Result<std::string> read_book_file(const std::string& path) {
  return read_whole_file(path, "opening book", 50'000'000);
}

}  // namespace doska
