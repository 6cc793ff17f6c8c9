#include "games/mill/eval.h"

#include <sstream>

#include "common/files.h"
#include "common/text.h"
#include "games/mill/eval_data.h"

namespace doska::mill {

Result<EvalWeights> parse_weights(std::string_view text, std::string_view source) {
  EvalWeights w;
  std::array<bool, feature::count> seen{};
  const auto wrong = read_word_lines(
      text, source, [&](const std::vector<std::string_view>& words) -> std::optional<std::string> {
        if (words[0] == "game") {
          if (words.size() != 2) return "give 'game <id>'";
          if (!w.game.empty()) return "the game is given twice";
          w.game = std::string(words[1]);
          return std::nullopt;
        }
        int f = 0;
        while (f < feature::count && kFeatureNames[f] != words[0]) ++f;
        if (f == feature::count) return "unknown feature " + quoted(words[0]);
        if (seen[f]) return "feature " + quoted(words[0]) + " is given twice";
        if (words.size() != 1 + kPhaseCount)
          return "give '" + std::string(words[0]) + " <placement> <moving>'";
        for (int p = 0; p < kPhaseCount; ++p) {
          const auto v = parse_signed_int(words[1 + p]);
          if (!v || *v < -100000 || *v > 100000)
            return "bad weight " + quoted(words[1 + p]) +
                   ": give a whole number from -100000 to 100000";
          w.w[p][f] = *v;
        }
        seen[f] = true;
        return std::nullopt;
      });
  if (wrong) return make_error(*wrong);
  if (w.game.empty()) return make_error(std::string(source) + ": no 'game <id>' line");
  for (int f = 0; f < feature::count; ++f)
    if (!seen[f])
      return make_error(std::string(source) + ": feature " + quoted(kFeatureNames[f]) +
                        " is missing");
  return w;
}

Result<EvalWeights> load_weights(const std::string& path) {
  auto text = read_whole_file(path, "evaluation weights", 1'000'000);
  if (!text) return make_error(text.error());
  return parse_weights(*text, path);
}

std::string format_weights(const EvalWeights& w, std::string_view comment) {
  std::ostringstream out;
  for (std::string_view line : split(comment, '\n'))
    if (!line.empty()) out << "# " << line << '\n';
  out << "game " << w.game << '\n';
  out << "# feature placement moving\n";
  for (int f = 0; f < feature::count; ++f) {
    out << kFeatureNames[f];
    for (int p = 0; p < kPhaseCount; ++p) out << ' ' << w.w[p][f];
    out << '\n';
  }
  return out.str();
}

Result<const EvalWeights*> builtin_weights(std::string_view game) {
  struct Parsed {
    std::string game;
    Result<EvalWeights> weights;
  };
  // Parsed once, then only read.
  static const std::vector<Parsed> all = [] {
    std::vector<Parsed> v;
    for (const EmbeddedText& e : embedded_mill_weights())
      v.push_back({std::string(e.game),
                   parse_weights(e.text, "data/eval/" + std::string(e.game) + ".txt")});
    return v;
  }();
  for (const Parsed& p : all) {
    if (p.game != game) continue;
    if (!p.weights) return make_error(p.weights.error());
    if (p.weights->game != game)
      return make_error("data/eval/" + p.game + ".txt is for " + p.weights->game);
    return &*p.weights;
  }
  return make_error("no built-in mill evaluation for " + quoted(game));
}

}  // namespace doska::mill
