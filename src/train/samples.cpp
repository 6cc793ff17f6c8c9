#include "train/samples.h"

#include <fstream>
#include <sstream>

namespace doska::train {

Status read_sample_lines(const std::string& path,
                         const std::function<Status(const SampleLine&)>& take) {
  std::ifstream in(path);
  if (!in) return make_error("cannot read " + path);
  std::string line;
  int number = 0;
  SampleLine sample;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    auto bad = [&](const std::string& why) {
      return make_error(path + " line " + std::to_string(number) + ": " + why);
    };
    std::istringstream words(line);
    std::string result_text, score_text, extra;
    if (!(words >> sample.fen >> result_text >> score_text) || (words >> extra))
      return bad("expected \"<FEN> <result> <score>\"");
    if (result_text == "1")
      sample.result = 1;
    else if (result_text == "0")
      sample.result = 0;
    else if (result_text == "0.5")
      sample.result = 0.5f;
    else
      return bad("result " + result_text + " is not 1, 0.5 or 0");
    char* end = nullptr;
    const double score = std::strtod(score_text.c_str(), &end);
    if (end == score_text.c_str() || *end != '\0' || !std::isfinite(score) ||
        std::abs(score) > 100000)
      return bad("bad score " + score_text);
    sample.score = static_cast<float>(score);
    if (Status s = take(sample); !s) return bad(s.error());
  }
  return Ok{};
}

double fit_scale(const std::vector<float>& scores, const std::vector<float>& results) {
  auto loss = [&](double k) {
    double total = 0;
    for (std::size_t i = 0; i < scores.size(); ++i)
      total += cross_entropy(results[i], sigmoid(scores[i] / k));
    return total;
  };
  double lo = 10, hi = 2000;
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
  double fa = loss(a), fb = loss(b);
  for (int i = 0; i < 40; ++i) {
    if (fa < fb) {
      hi = b;
      b = a;
      fb = fa;
      a = hi - g * (hi - lo);
      fa = loss(a);
    } else {
      lo = a;
      a = b;
      fa = fb;
      b = lo + g * (hi - lo);
      fb = loss(b);
    }
  }
  return (lo + hi) / 2;
}

std::string epoch_line(int epoch, double train_loss, double held_loss, bool best) {
  std::ostringstream line;
  line.precision(6);
  line << "epoch " << epoch << " train " << train_loss << " held-out " << held_loss
       << (best ? " (best)" : "");
  return line.str();
}

}  // namespace doska::train
