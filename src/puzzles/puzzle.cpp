#include "puzzles/puzzle.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <set>

#include "common/files.h"
#include "common/text.h"
#include "egdb/table_file.h"
#include "games/session.h"

namespace doska::puzzles {

namespace {

constexpr std::string_view kMagic = "doska-puzzles 1 ";

std::uint64_t checksum(std::string_view bytes) {
  return egdb::fnv1a(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

std::string joined(const std::vector<std::string>& words, std::string_view separator) {
  std::string out;
  for (const std::string& word : words) {
    if (!out.empty()) out += separator;
    out += word;
  }
  return out;
}

// A score as the finder writes it: "cp N" (N signed), "win N", "loss N", "draw", each optionally
// followed by " egdb".
bool is_score_text(std::string_view text) {
  auto words = split_words(text);
  if (words.empty() || words.size() > 3) return false;
  if (words.back() == "egdb") words.pop_back();
  if (words.size() == 1) return words[0] == "draw";
  if (words.size() != 2) return false;
  if (words[0] == "cp") return parse_signed_int(words[1]).has_value();
  return (words[0] == "win" || words[0] == "loss") && parse_int(words[1]).has_value();
}

std::optional<std::string> check_puzzle(Puzzle& p) {
  if (p.id.empty() || p.id.size() > 64) return "a bad id " + quoted(p.id);
  auto session = new_session(p.game, p.fen);
  if (!session) return "its FEN " + quoted(p.fen) + ": " + session.error();
  if ((*session)->end().over()) return "its position is already over";
  if (p.line.empty() || p.line.size() % 2 == 0)
    return "its line has " + std::to_string(p.line.size()) + " plies (an odd number needed)";
  for (std::size_t i = 0; i < p.line.size(); ++i) {
    if ((*session)->end().over()) return "its line goes on after the game's end";
    if (Status s = (*session)->play(p.line[i]); !s)
      return "ply " + std::to_string(i + 1) + " of its line " + quoted(p.line[i]) + ": " +
             s.error();
  }
  const auto& known = all_themes();
  for (const std::string& theme : p.themes)
    if (std::find(known.begin(), known.end(), theme) == known.end())
      return "an unknown theme " + quoted(theme);
  if (!std::is_sorted(p.themes.begin(), p.themes.end()) ||
      std::adjacent_find(p.themes.begin(), p.themes.end()) != p.themes.end())
    return "its themes are not sorted and distinct";
  if (!is_score_text(p.best)) return "a bad best score " + quoted(p.best);
  if (!is_score_text(p.second)) return "a bad second score " + quoted(p.second);
  if (p.rating < 100 || p.rating > 4000)
    return "a rating out of 100..4000: " + std::to_string(p.rating);
  return std::nullopt;
}

}  // namespace

const std::vector<std::string>& all_themes() {
  static const std::vector<std::string> themes = {
      "blockade", "breakthrough", "combination", "double-mill", "endgame", "king", "mill"};
  return themes;
}

std::string write_file(std::string_view game, const std::vector<Puzzle>& puzzles) {
  std::string out = std::string(kMagic) + std::string(game) + "\n";
  for (const Puzzle& p : puzzles) {
    out += p.id + "\t" + p.fen + "\t" + joined(p.line, " ") + "\t" +
           (p.themes.empty() ? std::string("-") : joined(p.themes, ",")) + "\t" + p.best + "\t" +
           p.second + "\t" + std::to_string(p.rating) + "\n";
  }
  char trailer[64];
  std::snprintf(trailer, sizeof trailer, "end %zu %016" PRIx64 "\n", puzzles.size(), checksum(out));
  return out + trailer;
}

Result<std::vector<Puzzle>> read_file(std::string_view text) {
  if (text.substr(0, kMagic.size()) != kMagic)
    return make_error("not a puzzle file: the first line must begin " + quoted(kMagic));
  const std::size_t first_end = text.find('\n');
  if (first_end == std::string_view::npos) return make_error("line 1: no end of line");
  const std::string game(trim(text.substr(kMagic.size(), first_end - kMagic.size())));
  if (!find_game(game)) return make_error("line 1: unknown game " + quoted(game));

  // The trailer: the last line, over every byte before it.
  if (text.empty() || text.back() != '\n')
    return make_error("the file does not end with a line end (cut short?)");
  const std::size_t trailer_begin = text.rfind('\n', text.size() - 2);
  if (trailer_begin == std::string_view::npos || trailer_begin < first_end)
    return make_error("no trailer line \"end <count> <checksum>\" (cut short?)");
  const std::string_view body = text.substr(0, trailer_begin + 1);
  const auto trailer = split_words(text.substr(trailer_begin + 1));
  if (trailer.size() != 3 || trailer[0] != "end")
    return make_error("the last line is not \"end <count> <checksum>\" (cut short?)");
  char expected[32];
  std::snprintf(expected, sizeof expected, "%016" PRIx64, checksum(body));
  if (trailer[2] != expected)
    return make_error("the checksum " + quoted(trailer[2]) + " does not match the file's " +
                      expected + " (damaged)");

  std::vector<Puzzle> puzzles;
  std::set<std::string> ids;
  int number = 1;
  for (std::string_view line : split(body.substr(first_end + 1), '\n')) {
    ++number;
    if (line.empty()) continue;
    const auto where = [&](const std::string& what) {
      return make_error("line " + std::to_string(number) + ": " + what);
    };
    const auto fields = split(line, '\t');
    if (fields.size() != 7)
      return where(std::to_string(fields.size()) + " fields, 7 needed (tab-separated)");
    Puzzle p;
    p.id = std::string(fields[0]);
    p.game = game;
    p.fen = std::string(fields[1]);
    for (std::string_view move : split_words(fields[2])) p.line.emplace_back(move);
    if (fields[3] != "-")
      for (std::string_view theme : split(fields[3], ',')) p.themes.emplace_back(theme);
    p.best = std::string(fields[4]);
    p.second = std::string(fields[5]);
    const auto rating = parse_int(fields[6]);
    if (!rating) return where("a bad rating " + quoted(fields[6]));
    p.rating = *rating;
    if (auto wrong = check_puzzle(p)) return where("puzzle " + quoted(p.id) + ": " + *wrong);
    if (!ids.insert(p.id).second) return where("a second puzzle " + quoted(p.id));
    puzzles.push_back(std::move(p));
  }
  const auto count = parse_int(trailer[1]);
  if (!count || static_cast<std::size_t>(*count) != puzzles.size())
    return make_error("the trailer counts " + std::string(trailer[1]) + " puzzles, the file has " +
                      std::to_string(puzzles.size()));
  return puzzles;
}

Result<std::vector<Puzzle>> load_file(const std::string& path) {
  auto text = read_whole_file(path, "puzzle file");
  if (!text) return make_error(text.error());
  auto puzzles = read_file(*text);
  if (!puzzles) return make_error(path + ": " + puzzles.error());
  return puzzles;
}

std::string file_for(std::string_view game, std::string_view dir) {
  return std::string(dir) + "/" + std::string(game) + ".txt";
}

}  // namespace doska::puzzles
