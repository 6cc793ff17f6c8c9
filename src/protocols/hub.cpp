#include "protocols/hub.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>

#include "common/text.h"
#include "engine/engine.h"
#include "games/draughts/notation.h"
#include "games/draughts/rules.h"
#include "games/session.h"
#include "protocols/draughts_fields.h"

#ifndef DOSKA_VERSION
#define DOSKA_VERSION "0"
#endif

namespace doska::protocols {

namespace {

// A character of a bare name or value: printable, not a blank, '=' or '"' (bytes above 127 pass,
// so that a UTF-8 name reads as one word).
bool is_name_char(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return u > 0x20 && u != 0x7f && c != '=' && c != '"';
}
bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

std::string column_note(std::size_t at) {
  return " at column " + std::to_string(at + 1);
}

std::string format_real(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

// A finite, non-negative real such as "2.5"; nothing if the text is anything else.
std::optional<double> parse_seconds(std::string_view text) {
  if (text.empty() || text.size() > 30) return std::nullopt;
  const std::string copy(text);
  char* end = nullptr;
  const double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || !(value >= 0) || value > 1e7) return std::nullopt;
  return value;
}

// The score in men, as Scan writes it: centipawns / 100; a decided game is ±(100 - plies / 100),
// so that a nearer win scores higher (99.93: a win in 7 plies).
std::string hub_score(const search::Score& score) {
  using Kind = search::Score::Kind;
  // An endgame database's win: 50 men less the plies to the conversion, below any real win.
  if (score.table && score.kind == Kind::win) return format_real(50 - score.value / 100.0, 2);
  if (score.table && score.kind == Kind::loss) return format_real(-(50 - score.value / 100.0), 2);
  switch (score.kind) {
    case Kind::cp:
      return format_real(score.value / 100.0, 2);
    case Kind::win:
      return format_real(100 - score.value / 100.0, 2);
    case Kind::loss:
      return format_real(-(100 - score.value / 100.0), 2);
    case Kind::draw:
      break;
  }
  return "0.00";
}

// Our move texts, played one after the other from `pos`, in Hub form; stops at a text that does
// not read (none should).
std::vector<std::string> hub_moves(const draughts::Rules& rules, draughts::Position pos,
                                   const std::vector<std::string>& moves) {
  std::vector<std::string> out;
  for (const std::string& text : moves) {
    auto move = draughts::parse_move(rules, pos, text);
    if (!move) break;
    out.push_back(field_move_text(rules, field_move(rules, *move)));
    draughts::play(pos, *move);
  }
  return out;
}

std::string variant_values() {
  std::vector<std::string> ids;
  for (const draughts::Rules* rules : draughts::kAllRules) ids.emplace_back(rules->id);
  return join_words(ids);
}

// One search launched by `go`: whether its reports still count (a `ponder-hit` replaces it) and
// whether it has reported its move. Guarded by the output mutex.
struct SearchState {
  bool discarded = false;
  bool reported = false;
};

class HubSession {
 public:
  HubSession(std::ostream& out, const HubOptions& options)
      : out_(out),
        options_(options),
        hash_megabytes_(options.hash_megabytes),
        engine_(options.hash_megabytes) {
    engine_.set_tables(options.tables);
    reset_position();
  }
  ~HubSession() { finish(); }

  // Handles one input line; false once the session should end.
  bool handle(std::string_view text);
  // Stops a running search and waits until it has reported.
  void finish() {
    engine_.stop();
    engine_.wait();
  }

 private:
  void write(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    write_locked(line);
  }
  void write_locked(const std::string& line) { out_ << line << '\n' << std::flush; }
  void error(const std::string& message) { write("error " + hub_pair("message", message)); }

  void on_hub();
  void on_set_param(const HubLine& line);
  void on_pos(const HubLine& line);
  void on_level(const HubLine& line);
  void on_go(const HubLine& line);
  void on_ponder_hit();
  void reset_position();

  enum class Mode { think, ponder, analyze };
  void start_search(const search::Limits& limits, Mode mode);
  search::Limits think_limits() const;

  std::ostream& out_;
  std::mutex out_mutex_;
  HubOptions options_;

  // Parameters (set-param).
  const draughts::Rules* rules_ = &draughts::kInternational;
  int level_ = 10;
  int threads_ = 1;
  std::size_t hash_megabytes_;
  bool ponder_ = false;
  bool book_ = true;  // the game's opening book (data/book/), where it has one

  // The position of the last `pos`; empty after a bad one, with the reason.
  std::optional<draughts::Position> root_;
  std::string position_error_;

  // Limits given by `level` since the last `pos` or `go`.
  search::Limits level_limits_;
  bool level_given_ = false;  // a time, depth or node limit, or infinite

  // The running (or last) search.
  Mode mode_ = Mode::think;
  bool finite_ = true;  // it ends by itself
  std::shared_ptr<SearchState> search_;
  search::Limits after_ponder_hit_;

  engine::Engine engine_;  // last: destroyed first, so that its thread ends before the rest
};

bool HubSession::handle(std::string_view text) {
  if (trim(text).empty()) return true;
  auto parsed = parse_hub_line(text);
  if (!parsed) {
    error(parsed.error());
    return true;
  }
  const HubLine& line = *parsed;
  const std::string& command = line.command;

  // The commands the protocol allows during a search.
  if (command == "ping") {
    write("pong");
    return true;
  }
  if (command == "stop") {
    finish();
    return true;
  }
  if (command == "ponder-hit") {
    on_ponder_hit();
    return true;
  }
  if (command == "quit") return false;

  // Any other command waits for a search that ends by itself; during an endless one it is
  // refused, since only `stop` ends it.
  if (engine_.busy()) {
    if (!finite_) {
      error("the engine is searching; send stop first (" + command + " ignored)");
      return true;
    }
    engine_.wait();
  }

  if (command == "hub") {
    on_hub();
  } else if (command == "set-param") {
    on_set_param(line);
  } else if (command == "init") {
    engine_.resize_hash(hash_megabytes_);
    write("ready");
  } else if (command == "new-game") {
    engine_.new_game();
  } else if (command == "pos") {
    on_pos(line);
  } else if (command == "level") {
    on_level(line);
  } else if (command == "go") {
    on_go(line);
  } else {
    error("unknown command " + quoted(command));
  }
  return true;
}

void HubSession::on_hub() {
  write("id " + hub_pair("name", "doska") + " " + hub_pair("version", DOSKA_VERSION) + " " +
        hub_pair("author", "the doska authors"));
  write("param " + hub_pair("name", "variant") + " " + hub_pair("value", rules_->id) + " " +
        hub_pair("type", "enum") + " " + hub_pair("values", variant_values()));
  write("param name=level value=" + std::to_string(level_) + " type=int min=1 max=10");
  write("param name=threads value=" + std::to_string(threads_) + " type=int min=1 max=64");
  write("param name=hash value=" + std::to_string(hash_megabytes_) + " type=int min=1 max=4096");
  write(std::string("param name=ponder value=") + (ponder_ ? "true" : "false") + " type=bool");
  write(std::string("param name=book value=") + (book_ ? "true" : "false") + " type=bool");
  write("wait");
}

void HubSession::on_set_param(const HubLine& line) {
  const HubArgument* name = line.find("name");
  const HubArgument* value = line.find("value");
  if (!name || name->value.empty()) return error("set-param needs name=...");
  if (!value) return error("set-param name=" + name->value + " needs value=...");
  const std::string& v = value->value;
  auto int_in = [&](int low, int high) -> std::optional<int> {
    auto n = parse_int(v);
    if (!n || *n < low || *n > high) {
      error("parameter " + name->value + ": " + quoted(v) + " is not a whole number from " +
            std::to_string(low) + " to " + std::to_string(high));
      return std::nullopt;
    }
    return n;
  };
  if (name->value == "variant") {
    const draughts::Rules* rules = draughts::find_rules(v);
    if (!rules)
      return error("parameter variant: unknown game " + quoted(v) + "; one of " + variant_values());
    rules_ = rules;
    reset_position();
  } else if (name->value == "level") {
    if (auto n = int_in(1, 10)) level_ = *n;
  } else if (name->value == "threads") {
    if (auto n = int_in(1, 64)) threads_ = *n;
  } else if (name->value == "hash") {
    if (auto n = int_in(1, 4096)) {
      hash_megabytes_ = static_cast<std::size_t>(*n);
      engine_.resize_hash(hash_megabytes_);
    }
  } else if (name->value == "ponder") {
    if (v != "true" && v != "false")
      return error("parameter ponder: " + quoted(v) + " is not true or false");
    ponder_ = v == "true";
  } else if (name->value == "book") {
    if (v != "true" && v != "false")
      return error("parameter book: " + quoted(v) + " is not true or false");
    book_ = v == "true";
  } else {
    error("unknown parameter " + quoted(name->value));
  }
}

void HubSession::reset_position() {
  root_ = draughts::start_position(*rules_);
  position_error_.clear();
  if (Status s = engine_.set_position(rules_->id); !s) {
    root_.reset();
    position_error_ = s.error();
  }
}

void HubSession::on_pos(const HubLine& line) {
  level_limits_ = search::Limits{};
  level_given_ = false;
  const draughts::Rules& rules = *rules_;
  auto fail = [&](const std::string& message) {
    root_.reset();
    position_error_ = "no position: the last pos failed (" + message + ")";
    error(message);
  };

  // The start: `pos=<side and one letter per square>`, our extension `fen=<PDN FEN>`, or the
  // variant's initial position (`start`, or nothing).
  draughts::Position pos = draughts::start_position(rules);
  if (const HubArgument* board = line.find("pos")) {
    auto parsed = parse_board_string(rules, board->value, kHubLetters);
    if (!parsed) return fail(parsed.error());
    pos = *parsed;
  } else if (const HubArgument* fen = line.find("fen")) {
    auto parsed = draughts::parse_fen(rules, fen->value);
    if (!parsed) return fail(parsed.error());
    pos = *parsed;
  }
  const std::string fen = draughts::to_fen(rules, pos);

  // The moves since, in Hub form, read into our notation against the legal moves.
  std::vector<std::string> texts;
  if (const HubArgument* moves = line.find("moves")) {
    int number = 0;
    for (std::string_view word : split_words(moves->value)) {
      ++number;
      auto field = parse_field_move(rules, word);
      if (!field) return fail("moves: move " + std::to_string(number) + ": " + field.error());
      auto move = find_move(rules, pos, *field);
      if (!move) return fail("moves: move " + std::to_string(number) + ": " + move.error());
      texts.push_back(draughts::move_text(rules, pos, *move));
      draughts::play(pos, *move);
    }
  }

  // The engine replays the moves under every rule, so that it sees repetitions and the draw
  // counters. A GUI may go on past a draw that our rules declare (RULINGS §1.4-1.7); the engine
  // then searches the last position by itself rather than refuse to move.
  bool with_history = true;
  auto session = new_session(rules.id, fen);
  if (!session) return fail(session.error());
  for (const std::string& text : texts)
    if (!(*session)->play(text)) {
      with_history = false;
      break;
    }
  if (with_history && (*session)->end().over() && !draughts::legal_moves(rules, pos).empty())
    with_history = false;
  Status status = with_history ? engine_.set_position(rules.id, fen, texts)
                               : engine_.set_position(rules.id, draughts::to_fen(rules, pos));
  if (!status) return fail(status.error());
  root_ = pos;
  position_error_.clear();
}

void HubSession::on_level(const HubLine& line) {
  search::Limits& limits = level_limits_;
  for (const HubArgument& arg : line.arguments) {
    const std::string& v = arg.value;
    auto bad = [&](const char* what) {
      error("level " + arg.name + ": " + quoted(v) + " is not " + what);
    };
    if (arg.name == "depth") {
      auto d = parse_int(v);
      if (!d || *d < 1 || *d > 100) return bad("a depth from 1 to 100");
      limits.depth = *d;
    } else if (arg.name == "nodes") {
      auto n = parse_long(v);
      if (!n || *n < 1) return bad("a node count");
      limits.nodes = static_cast<std::uint64_t>(*n);
    } else if (arg.name == "move-time") {
      auto t = parse_seconds(v);
      if (!t) return bad("a time in seconds");
      limits.move_time = std::max(*t, 0.001);
    } else if (arg.name == "time") {
      auto t = parse_seconds(v);
      if (!t) return bad("a time in seconds");
      limits.clock = std::max(*t, 0.001);  // no time left: move at once
    } else if (arg.name == "inc") {
      auto t = parse_seconds(v);
      if (!t) return bad("a time in seconds");
      limits.increment = *t;
      continue;  // an increment alone limits nothing
    } else if (arg.name == "moves") {
      auto m = parse_int(v);
      if (!m || *m > 10000) return bad("a number of moves");
      limits.moves_to_go = *m;
      continue;
    } else if (arg.name == "infinite") {
      limits.infinite = true;
    } else {
      continue;  // the protocol asks to ignore arguments one does not know
    }
    level_given_ = true;
  }
}

search::Limits HubSession::think_limits() const {
  search::Limits limits = level_limits_;
  if (!level_given_) limits.move_time = options_.default_move_time;
  limits.level = level_;
  limits.threads = threads_;
  limits.book = book_;
  return limits;
}

void HubSession::on_go(const HubLine& line) {
  Mode mode = Mode::think;
  for (const HubArgument& arg : line.arguments) {
    if (arg.name == "ponder") mode = Mode::ponder;
    if (arg.name == "analyze" || arg.name == "analyse") mode = Mode::analyze;
  }
  search::Limits limits = think_limits();
  if (mode == Mode::analyze) {
    // Analysis is at full strength, searches also where the book has a move, and goes on until
    // `stop` unless a limit was given.
    limits.level = 10;
    limits.book = false;
    limits.contempt = 0;  // values to report, not a player's preference for playing on
    if (!level_given_) {
      limits.move_time = 0;
      limits.infinite = true;
    }
  } else if (mode == Mode::ponder) {
    // The opponent's clock runs: search until `ponder-hit` (then as for think) or `stop`.
    after_ponder_hit_ = limits;
    limits = search::Limits{};
    limits.infinite = true;
    limits.level = level_;
    limits.threads = threads_;
  }
  level_limits_ = search::Limits{};
  level_given_ = false;
  if (!root_) {
    error(position_error_);
    write("done");
    return;
  }
  start_search(limits, mode);
}

void HubSession::on_ponder_hit() {
  if (mode_ != Mode::ponder || !search_) return;
  {
    std::lock_guard lock(out_mutex_);
    if (search_->reported) return;  // it has already given its move
    search_->discarded = true;
  }
  finish();
  // The search starts over with the limits of a normal move; the hash table keeps what the
  // ponder search found, so the first iterations cost little.
  start_search(after_ponder_hit_, Mode::think);
}

void HubSession::start_search(const search::Limits& limits, Mode mode) {
  auto state = std::make_shared<SearchState>();
  search_ = state;
  mode_ = mode;
  finite_ = !limits.infinite && (limits.depth > 0 || limits.nodes > 0 || limits.move_time > 0 ||
                                 limits.clock > 0 || limits.level < 10);
  const draughts::Rules* rules = rules_;
  const draughts::Position root = *root_;
  auto on_info = [this, state, rules, root](const search::Info& info) {
    const double mnps =
        info.seconds > 0 ? static_cast<double>(info.nodes) / info.seconds / 1e6 : 0.0;
    std::string line = "info";
    line += " depth=" + std::to_string(info.depth);
    line += " score=" + hub_score(info.score);
    line += " nodes=" + std::to_string(info.nodes);
    line += " time=" + format_real(info.seconds, 3);
    line += " nps=" + format_real(mnps, 2);
    const auto pv = hub_moves(*rules, root, info.pv);
    if (!pv.empty()) line += " " + hub_pair("pv", join_words(pv));
    std::lock_guard lock(out_mutex_);
    if (!state->discarded) write_locked(line);
  };
  auto on_best = [this, state, rules, root](const engine::BestMove& best) {
    std::string line = "done";
    if (!best.move.empty()) {
      // The expected answer is the second move of the principal variation.
      std::vector<std::string> line_moves{best.move};
      if (best.pv.size() >= 2 && best.pv[0] == best.move) line_moves.push_back(best.pv[1]);
      const auto hub = hub_moves(*rules, root, line_moves);
      if (!hub.empty()) line += " " + hub_pair("move", hub[0]);
      if (hub.size() >= 2) line += " " + hub_pair("ponder", hub[1]);
    }
    std::lock_guard lock(out_mutex_);
    if (!state->discarded) write_locked(line);
    state->reported = true;
  };
  engine_.go(limits, on_info, on_best);
}

}  // namespace

const HubArgument* HubLine::find(std::string_view name) const {
  for (const HubArgument& arg : arguments)
    if (arg.name == name) return &arg;
  return nullptr;
}

Result<HubLine> parse_hub_line(std::string_view text) {
  std::size_t at = 0;
  auto skip_blanks = [&] {
    while (at < text.size() && is_blank(text[at])) ++at;
  };
  auto read_name = [&]() -> std::string {
    const std::size_t start = at;
    while (at < text.size() && is_name_char(text[at])) ++at;
    return std::string(text.substr(start, at - start));
  };
  auto unexpected = [&]() -> Error {
    return make_error("unexpected " + quoted(text.substr(at, 1)) + column_note(at) + " in " +
                      quoted(text));
  };

  HubLine line;
  skip_blanks();
  if (at == text.size()) return make_error("empty line");
  line.command = read_name();
  if (line.command.empty()) return unexpected();
  for (;;) {
    skip_blanks();
    if (at == text.size()) break;
    HubArgument arg;
    arg.name = read_name();
    if (arg.name.empty()) return unexpected();
    skip_blanks();
    if (at < text.size() && text[at] == '=') {
      ++at;
      skip_blanks();
      arg.has_value = true;
      if (at < text.size() && text[at] == '"') {
        const std::size_t close = text.find('"', at + 1);
        if (close == std::string_view::npos)
          return make_error("the value of " + arg.name + column_note(at) + " has no closing quote");
        arg.value = std::string(text.substr(at + 1, close - at - 1));
        at = close + 1;
      } else {
        arg.value = read_name();
        if (arg.value.empty()) {
          if (at == text.size())
            return make_error("no value after " + arg.name + "=" + column_note(at));
          return unexpected();
        }
      }
    }
    line.arguments.push_back(std::move(arg));
  }
  return line;
}

std::string hub_pair(std::string_view name, std::string_view value) {
  bool bare = !value.empty();
  for (char c : value) bare = bare && is_name_char(c);
  std::string text(name);
  text += '=';
  if (bare) return text + std::string(value);
  // A value cannot hold a double quote: the protocol has no escape for it.
  std::string inner(value);
  for (char& c : inner)
    if (c == '"') c = '\'';
  return text + '"' + inner + '"';
}

int run_hub(std::istream& in, std::ostream& out, const HubOptions& options) {
  HubSession session(out, options);
  std::string line;
  while (std::getline(in, line))
    if (!session.handle(line)) break;
  session.finish();
  return 0;
}

}  // namespace doska::protocols
