#include "protocols/uci.h"

#include <algorithm>
#include <istream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string_view>
#include <vector>

#include "common/text.h"
#include "engine/engine.h"
#include "games/session.h"

namespace doska::protocols {

namespace {

constexpr const char* kVariants[] = {"chess100", "mill", "mill-mixed", "mill-ceylon"};

bool is_variant(std::string_view id) {
  return std::find(std::begin(kVariants), std::end(kVariants), id) != std::end(kVariants);
}

class UciSession {
 public:
  UciSession(std::ostream& out, const UciOptions& options)
      : out_(out), hash_megabytes_(options.hash_megabytes), engine_(options.hash_megabytes) {
    engine_.set_tables(options.tables);
    set_start();
  }
  ~UciSession() { finish(); }

  bool handle(std::string_view text);
  void finish() {
    engine_.stop();
    engine_.wait();
  }

 private:
  void write(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    out_ << line << '\n' << std::flush;
  }
  void error(const std::string& message) { write("info string error: " + message); }

  void on_uci();
  void on_setoption(const std::vector<std::string_view>& words);
  void on_position(const std::vector<std::string_view>& words);
  void on_go(const std::vector<std::string_view>& words);
  void set_start();
  Status load(std::optional<std::string> fen, const std::vector<std::string>& moves);

  std::ostream& out_;
  std::mutex out_mutex_;

  std::string variant_ = "chess100";
  int level_ = 10;
  int threads_ = 1;
  std::size_t hash_megabytes_;
  bool own_book_ = true;
  // EvalFile per variant: a weights file is for one game, so switching UCI_Variant searches with
  // the built-in weights of the new game, or with the file given for it before.
  std::map<std::string, std::string> eval_files_;

  // The position of the last `position`: its side to move, or the reason there is none.
  bool have_position_ = false;
  Player to_move_ = Player::white;
  std::string position_error_;
  bool finite_ = true;  // the running search ends by itself

  engine::Engine engine_;  // last: destroyed first, so that its thread ends before the rest
};

bool UciSession::handle(std::string_view text) {
  const std::vector<std::string_view> words = split_words(text);
  if (words.empty()) return true;
  const std::string_view command = words[0];

  // The commands answered during a search.
  if (command == "isready") {
    write("readyok");
    return true;
  }
  if (command == "stop") {
    finish();
    return true;
  }
  if (command == "quit") return false;
  if (command == "ponderhit") return true;  // we never ponder; nothing to do

  if (engine_.busy()) {
    if (!finite_) {
      error("the engine is searching; send stop first (" + std::string(command) + " ignored)");
      return true;
    }
    engine_.wait();
  }

  if (command == "uci") {
    on_uci();
  } else if (command == "debug" || command == "register") {
    // accepted and ignored
  } else if (command == "setoption") {
    on_setoption(words);
  } else if (command == "ucinewgame") {
    engine_.new_game();
    set_start();
  } else if (command == "position") {
    on_position(words);
  } else if (command == "go") {
    on_go(words);
  } else {
    error("unknown command " + quoted(command));
  }
  return true;
}

void UciSession::on_uci() {
  write("id name doska");
  write("id author the doska developers");
  std::string variants = "option name UCI_Variant type combo default chess100";
  for (const char* v : kVariants) variants += std::string(" var ") + v;
  write(variants);
  write("option name Hash type spin default " + std::to_string(hash_megabytes_) +
        " min 1 max 4096");
  write("option name Threads type spin default " + std::to_string(threads_) + " min 1 max 64");
  write("option name Skill Level type spin default 10 min 1 max 10");
  write(std::string("option name OwnBook type check default ") + (own_book_ ? "true" : "false"));
  write("option name EvalFile type string default builtin");
  write("uciok");
}

void UciSession::on_setoption(const std::vector<std::string_view>& words) {
  // setoption name <words> [value <words>]
  if (words.size() < 3 || words[1] != "name") return error("setoption needs: name <id> value <x>");
  std::string name, value;
  bool has_value = false;
  for (std::size_t i = 2; i < words.size(); ++i) {
    if (!has_value && words[i] == "value") {
      has_value = true;
      continue;
    }
    std::string& into = has_value ? value : name;
    if (!into.empty()) into += ' ';
    into += words[i];
  }
  const std::string key = to_lower(name);
  auto int_in = [&](int low, int high) -> std::optional<int> {
    auto n = parse_int(value);
    if (!n || *n < low || *n > high) {
      error("option " + name + ": " + quoted(value) + " is not a whole number from " +
            std::to_string(low) + " to " + std::to_string(high));
      return std::nullopt;
    }
    return n;
  };
  if (key == "uci_variant") {
    if (!is_variant(value))
      return error("option UCI_Variant: unknown game " + quoted(value) +
                   "; one of chess100 mill mill-mixed mill-ceylon");
    variant_ = value;
    // The old game's weights are no use to the new one: back to the built-in weights (always
    // accepted), then the file given for this variant, if any, once its engine is made.
    if (Status s = engine_.set_eval("builtin"); !s)
      return error("option UCI_Variant: " + s.error());
    set_start();
    if (auto it = eval_files_.find(variant_); it != eval_files_.end()) {
      if (Status s = engine_.set_eval(it->second); !s) {
        eval_files_.erase(it);
        return error("option EvalFile: " + s.error());
      }
      write("info string EvalFile " + it->second + " for " + variant_);
    }
  } else if (key == "hash") {
    if (auto n = int_in(1, 4096)) {
      hash_megabytes_ = static_cast<std::size_t>(*n);
      engine_.resize_hash(hash_megabytes_);
    }
  } else if (key == "threads") {
    if (auto n = int_in(1, 64)) threads_ = *n;
  } else if (key == "skill level") {
    if (auto n = int_in(1, 10)) level_ = *n;
  } else if (key == "ownbook") {
    // The opening book of the mill games (docs/mill.md); an infinite search never uses it.
    const std::string v = to_lower(value);
    if (v != "true" && v != "false")
      return error("option OwnBook: " + quoted(value) + " is not true or false");
    own_book_ = v == "true";
  } else if (key == "evalfile") {
    // The evaluation's weights (Engine::set_eval): "builtin" or a weights file of the variant set
    // (docs/mill.md, "The evaluation"), as Stockfish's option of that name loads a network.
    if (value.empty()) return error("option EvalFile: give builtin or a weights file");
    if (Status s = engine_.set_eval(value); !s) return error("option EvalFile: " + s.error());
    if (value == "builtin")
      eval_files_.erase(variant_);
    else
      eval_files_[variant_] = value;
    write("info string EvalFile " + value + " for " + variant_);
  } else if (key == "ponder" || key == "uci_chess960" || key == "multipv") {
    // standard options a GUI may send; ignored
  } else {
    error("unknown option " + quoted(name));
  }
}

void UciSession::set_start() {
  if (Status s = load(std::nullopt, {}); !s) error(s.error());
}

// Checks the position with the game's rules, then hands it to the engine. Without an engine for
// the game, the position is kept and `go` names the problem.
Status UciSession::load(std::optional<std::string> fen, const std::vector<std::string>& moves) {
  have_position_ = false;
  auto session = new_session(variant_, fen ? std::optional<std::string_view>(*fen) : std::nullopt,
                             SessionOptions{false, true});
  if (!session) {
    position_error_ = "no position: " + session.error();
    return make_error(session.error());
  }
  bool with_history = true;
  int number = 0;
  for (const std::string& move : moves) {
    ++number;
    Status s = (*session)->play(move);
    if (!s && (*session)->end().over()) {
      // Past a draw that our rules declare: go on without the draw rules, as a GUI may.
      with_history = false;
      auto loose = new_session(variant_, (*session)->fen(), SessionOptions{false, false});
      if (loose) {
        *session = std::move(*loose);
        s = (*session)->play(move);
      }
    }
    if (!s) {
      position_error_ = "no position: the last position command failed";
      return make_error("moves: move " + std::to_string(number) + " " + quoted(move) + ": " +
                        s.error());
    }
  }
  if (with_history && (*session)->end().over() && !(*session)->legal_moves().empty())
    with_history = false;
  to_move_ = (*session)->to_move();
  const std::string start = fen ? *fen : (*session)->start_fen();
  Status status = with_history ? engine_.set_position(variant_, start, moves)
                               : engine_.set_position(variant_, (*session)->fen());
  if (!status) {
    position_error_ = status.error();
    return Ok{};  // the position is fine; only the search is missing
  }
  have_position_ = true;
  position_error_.clear();
  return Ok{};
}

void UciSession::on_position(const std::vector<std::string_view>& words) {
  std::size_t at = 1;
  std::optional<std::string> fen;
  if (at < words.size() && words[at] == "startpos") {
    ++at;
  } else if (at < words.size() && words[at] == "fen") {
    ++at;
    std::string text;
    while (at < words.size() && words[at] != "moves") {
      if (!text.empty()) text += ' ';
      text += words[at++];
    }
    if (text.empty()) return error("position fen needs a FEN");
    fen = text;
  } else {
    return error("position needs startpos or fen <FEN>");
  }
  std::vector<std::string> moves;
  if (at < words.size()) {
    if (words[at] != "moves") return error("position: unexpected " + quoted(words[at]));
    for (++at; at < words.size(); ++at) moves.emplace_back(words[at]);
  }
  if (Status s = load(fen, moves); !s) error(s.error());
}

void UciSession::on_go(const std::vector<std::string_view>& words) {
  search::Limits limits;
  limits.level = level_;
  limits.threads = threads_;
  limits.book = own_book_;
  double wtime = -1, btime = -1, winc = 0, binc = 0;
  bool limited = false;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string_view key = words[i];
    if (key == "infinite") {
      limits.infinite = true;
      limited = true;
      continue;
    }
    if (key == "ponder") continue;
    if (key == "searchmoves") break;  // not supported: the rest are moves
    const bool takes_number = key == "depth" || key == "nodes" || key == "movetime" ||
                              key == "wtime" || key == "btime" || key == "winc" || key == "binc" ||
                              key == "movestogo" || key == "mate";
    if (!takes_number) {
      error("go: unknown word " + quoted(key));
      continue;
    }
    if (i + 1 >= words.size()) {
      error("go " + std::string(key) + " needs a number");
      break;
    }
    const std::string_view v = words[++i];
    // A clock may run below zero in some GUIs: read the sign, count it as no time left.
    const bool negative = !v.empty() && v[0] == '-';
    auto n = parse_long(negative ? v.substr(1) : v);
    if (!n) {
      error("go " + std::string(key) + ": " + quoted(v) + " is not a number");
      continue;
    }
    const long long value = negative ? 0 : *n;
    if (key == "depth") {
      limits.depth = static_cast<int>(std::clamp<long long>(value, 1, 100));
      limited = true;
    } else if (key == "nodes") {
      limits.nodes = static_cast<std::uint64_t>(std::max<long long>(value, 1));
      limited = true;
    } else if (key == "movetime") {
      limits.move_time = std::max(static_cast<double>(value) / 1000.0, 0.001);
      limited = true;
    } else if (key == "mate") {
      limits.depth = static_cast<int>(std::clamp<long long>(2 * value, 1, 100));
      limited = true;
    } else if (key == "wtime") {
      wtime = static_cast<double>(value) / 1000.0;
    } else if (key == "btime") {
      btime = static_cast<double>(value) / 1000.0;
    } else if (key == "winc") {
      winc = static_cast<double>(value) / 1000.0;
    } else if (key == "binc") {
      binc = static_cast<double>(value) / 1000.0;
    } else if (key == "movestogo") {
      limits.moves_to_go = static_cast<int>(std::min<long long>(value, 10000));
    }
  }
  const bool white = to_move_ == Player::white;
  const double clock = white ? wtime : btime;
  if (clock >= 0) {
    limits.clock = std::max(clock, 0.001);
    limits.increment = white ? winc : binc;
    limited = true;
  }
  if (!limited) limits.infinite = true;  // a bare `go` searches until `stop`
  if (limits.infinite) limits.level = 10, limits.book = false;

  if (!have_position_) {
    write("info string " +
          (position_error_.empty() ? std::string("no position") : position_error_));
    write("bestmove 0000");
    return;
  }
  finite_ = !limits.infinite;
  auto on_info = [this](const search::Info& info) {
    const double nps = info.seconds > 0 ? static_cast<double>(info.nodes) / info.seconds : 0.0;
    std::string line = "info depth " + std::to_string(info.depth);
    if (info.seldepth > 0) line += " seldepth " + std::to_string(info.seldepth);
    line += " score " + uci_score(info.score);
    line += " nodes " + std::to_string(info.nodes);
    line += " nps " + std::to_string(static_cast<std::uint64_t>(nps));
    line += " time " + std::to_string(static_cast<std::uint64_t>(info.seconds * 1000));
    // UCI's count of endgame-table hits: the mill games' databases (docs/egdb.md).
    if (info.table_hits) line += " tbhits " + std::to_string(info.table_hits);
    if (!info.pv.empty()) line += " pv " + join_words(info.pv);
    write(line);
  };
  auto on_best = [this](const engine::BestMove& best) {
    std::string line = "bestmove " + (best.move.empty() ? std::string("0000") : best.move);
    if (best.pv.size() >= 2 && best.pv[0] == best.move) line += " ponder " + best.pv[1];
    write(line);
  };
  engine_.go(limits, on_info, on_best);
}

}  // namespace

std::string uci_score(const search::Score& score) {
  using Kind = search::Score::Kind;
  // An endgame database's win is no mate in N: a large score, less the plies to the conversion.
  if (score.table && score.kind == Kind::win) return "cp " + std::to_string(20000 - score.value);
  if (score.table && score.kind == Kind::loss) return "cp " + std::to_string(score.value - 20000);
  switch (score.kind) {
    case Kind::cp:
      return "cp " + std::to_string(score.value);
    case Kind::win:
      return "mate " + std::to_string((score.value + 1) / 2);
    case Kind::loss:
      return "mate -" + std::to_string((score.value + 1) / 2);
    case Kind::draw:
      break;
  }
  return "cp 0";
}

int run_uci(std::istream& in, std::ostream& out, const UciOptions& options) {
  UciSession session(out, options);
  std::string line;
  while (std::getline(in, line))
    if (!session.handle(line)) break;
  session.finish();
  return 0;
}

}  // namespace doska::protocols
