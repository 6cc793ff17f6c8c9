#include "games/draughts/pdn.h"

#include <algorithm>
#include <cctype>

#include "common/text.h"
#include "games/draughts/notation.h"

namespace doska::draughts {

std::optional<std::string_view> PdnGame::tag(std::string_view name) const {
  for (const PdnTag& t : tags)
    if (t.name == name) return std::string_view(t.value);
  return std::nullopt;
}

void PdnGame::set_tag(std::string_view name, std::string value) {
  for (PdnTag& t : tags) {
    if (t.name == name) {
      t.value = std::move(value);
      return;
    }
  }
  tags.push_back(PdnTag{std::string(name), std::move(value)});
}

void PdnGame::remove_tag(std::string_view name) {
  std::erase_if(tags, [&](const PdnTag& t) { return t.name == name; });
}

namespace {

constexpr int kMaxNag = 255;  // PGN 8.2.4, adopted by PDN 3.0
constexpr std::size_t kLineWidth = 80;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
// Characters that end a word of move text and start a token of their own.
bool is_delimiter(char c) {
  switch (c) {
    case '{':
    case '}':
    case '(':
    case ')':
    case '[':
    case ']':
    case ';':
    case '$':
    case '*':
    case '%':
      return true;
    default:
      return is_space(c);
  }
}
bool is_strength_char(char c) {
  return c == '!' || c == '?';
}
bool is_move_separator(char c) {
  return c == '-' || c == 'x' || c == 'X' || c == ':';
}
// Files of alpha squares; 'x' and 'X' are capture separators.
bool is_file_letter(char c) {
  return (c >= 'a' && c <= 'w') || (c >= 'A' && c <= 'W');
}

bool is_result_marker(std::string_view word) {
  return word == "2-0" || word == "1-1" || word == "0-2" || word == "1-0" || word == "0-1" ||
         word == "1/2-1/2" || word == "0-0";
}

enum class SquareKind { none, numeric, alpha };

SquareKind square_kind(std::string_view s) {
  auto digits = [](std::string_view d) {
    return !d.empty() && d.size() <= 2 && std::all_of(d.begin(), d.end(), is_digit);
  };
  if (digits(s)) return SquareKind::numeric;
  if (s.size() >= 2 && is_file_letter(s[0]) && digits(s.substr(1))) return SquareKind::alpha;
  return SquareKind::none;
}

// PDN 3.0 Move (NormalMove | CaptureMove | ALPHAMOVE) in the reading grammar's latitude: squares
// joined by '-', 'x' or ':', or two or more alpha squares without separator ("c3d4"), or two
// numeric squares without separator ("3228", "915").
bool is_move_syntax(std::string_view word) {
  if (std::any_of(word.begin(), word.end(), is_move_separator)) {
    SquareKind kind = SquareKind::none;
    int squares = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= word.size(); ++i) {
      if (i < word.size() && !is_move_separator(word[i])) continue;
      SquareKind k = square_kind(word.substr(start, i - start));
      if (k == SquareKind::none || (kind != SquareKind::none && k != kind)) return false;
      kind = k;
      ++squares;
      start = i + 1;
    }
    return squares >= 2;
  }
  if (std::all_of(word.begin(), word.end(), is_digit)) return word.size() == 3 || word.size() == 4;
  int squares = 0;
  std::size_t i = 0;
  while (i < word.size()) {
    if (!is_file_letter(word[i])) return false;
    std::size_t j = i + 1;
    while (j < word.size() && is_digit(word[j]) && j - i <= 2) ++j;
    if (j == i + 1) return false;
    ++squares;
    i = j;
  }
  return squares >= 2;
}

// Each run of white space becomes one space; none at the ends.
std::string normalize_space(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool pending_space = false;
  for (char c : text) {
    if (is_space(c)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out += c;
  }
  return out;
}

std::string at_line(int line) {
  return "line " + std::to_string(line) + ": ";
}

class PdnReader {
 public:
  explicit PdnReader(std::string_view text) : text_(text) {}

  Result<std::vector<PdnGame>> read() {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (is_space(c)) {
        advance();
        continue;
      }
      Status step = token(c);
      if (!step) return make_error(step.error());
    }
    if (!open_variations_.empty())
      return make_error(at_line(line_) + "the input ends inside the variation opened on line " +
                        std::to_string(open_variations_.back()) + " (missing ')')");
    // A game is kept if it holds more than comments; trailing comments alone are dropped.
    if (!game_.tags.empty() || !game_.moves.empty()) finish_game();
    return std::move(games_);
  }

 private:
  // Moves past one character, counting lines (LF, CRLF, or a lone CR).
  void advance() {
    const char c = text_[pos_++];
    if (c == '\n' || (c == '\r' && (pos_ >= text_.size() || text_[pos_] != '\n'))) ++line_;
  }
  void advance_to(std::size_t end) {
    while (pos_ < end) advance();
  }
  std::size_t end_of_line(std::size_t from) const {
    std::size_t end = text_.find_first_of("\r\n", from);
    return end == std::string_view::npos ? text_.size() : end;
  }

  void begin_token() {
    if (game_.line == 0) game_.line = line_;
  }

  void finish_game() {
    games_.push_back(std::move(game_));
    game_ = PdnGame{};
  }

  bool in_variation() const { return !open_variations_.empty(); }

  Status token(char c) {
    switch (c) {
      case '%':  // PDN 3.0 escape: the rest of the line is not game data
        advance_to(end_of_line(pos_));
        return Ok{};
      case '{':
        return brace_comment();
      case ';':
        begin_token();
        add_comment(normalize_space(text_.substr(pos_ + 1, end_of_line(pos_) - pos_ - 1)));
        advance_to(end_of_line(pos_));
        return Ok{};
      case '[':
        return tag_pair();
      case '(':
        return open_paren();
      case ')':
        if (!in_variation()) return make_error(at_line(line_) + "')' closes no variation");
        open_variations_.pop_back();
        advance();
        return Ok{};
      case '$':
        return nag();
      case '*':
        begin_token();
        advance();
        if (!in_variation()) end_game("*");
        return Ok{};
      case '}':
        return make_error(at_line(line_) + "'}' closes no comment");
      case ']':
        return make_error(at_line(line_) + "']' closes no tag");
      default:
        return word();
    }
  }

  Status brace_comment() {
    const int start_line = line_;
    const std::size_t close = text_.find('}', pos_ + 1);
    if (close == std::string_view::npos)
      return make_error(at_line(start_line) + "the comment '{' is not closed with '}'");
    begin_token();
    add_comment(normalize_space(text_.substr(pos_ + 1, close - pos_ - 1)));
    advance_to(close + 1);
    return Ok{};
  }

  void add_comment(std::string comment) {
    if (in_variation()) return;
    if (game_.moves.empty())
      game_.leading_comments.push_back(std::move(comment));
    else
      game_.moves.back().comments.push_back(std::move(comment));
  }

  Status tag_pair() {
    const int start_line = line_;
    if (in_variation())
      return make_error(at_line(start_line) + "a tag inside the variation opened on line " +
                        std::to_string(open_variations_.back()) + " (missing ')')");
    // A tag after move text starts the next game (its predecessor has no termination marker).
    if (!game_.moves.empty()) finish_game();
    begin_token();
    advance();  // '['
    auto skip_blanks = [&] {
      while (pos_ < text_.size() && is_space(text_[pos_])) advance();
    };
    skip_blanks();
    const std::size_t name_start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      ++pos_;
    const std::string name(text_.substr(name_start, pos_ - name_start));
    if (name.empty())
      return make_error(at_line(start_line) +
                        "the tag has no name ('[' must be followed by a name)");
    skip_blanks();
    if (pos_ >= text_.size() || text_[pos_] != '"')
      return make_error(at_line(line_) + "the tag " + name + " has no value in double quotes");
    const int value_line = line_;
    ++pos_;
    std::string value;
    for (;;) {
      if (pos_ >= text_.size() || text_[pos_] == '\n' || text_[pos_] == '\r')
        return make_error(at_line(value_line) + "the value of the tag " + name +
                          " is not closed with '\"' on its line");
      const char c = text_[pos_++];
      if (c == '"') break;
      if (c == '\\' && pos_ < text_.size() && (text_[pos_] == '"' || text_[pos_] == '\\')) {
        value += text_[pos_++];
        continue;
      }
      value += c;
    }
    skip_blanks();
    if (pos_ >= text_.size() || text_[pos_] != ']')
      return make_error(at_line(start_line) + "the tag " + name + " is not closed with ']'");
    advance();
    game_.tags.push_back(PdnTag{name, std::move(value)});
    return Ok{};
  }

  Status open_paren() {
    begin_token();
    // "(?)", "(!?)": a move strength in parentheses, as printed in draughts publications.
    std::size_t end = pos_ + 1;
    while (end < text_.size() && is_strength_char(text_[end])) ++end;
    if (end > pos_ + 1 && end < text_.size() && text_[end] == ')') {
      add_strength(text_.substr(pos_ + 1, end - pos_ - 1));
      advance_to(end + 1);
      return Ok{};
    }
    open_variations_.push_back(line_);
    advance();
    return Ok{};
  }

  Status nag() {
    const int start_line = line_;
    begin_token();
    advance();  // '$'
    const std::size_t start = pos_;
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    const std::string_view digits = text_.substr(start, pos_ - start);
    if (digits.empty())
      return make_error(at_line(start_line) + "'$' must be followed by the number of a NAG");
    auto value = parse_int(digits);
    if (!value || *value > kMaxNag)
      return make_error(at_line(start_line) + "NAG $" + std::string(digits.substr(0, 20)) +
                        " is out of the range 0-255");
    if (!in_variation() && !game_.moves.empty()) game_.moves.back().nags.push_back(*value);
    return Ok{};
  }

  void add_strength(std::string_view strength) {
    if (!in_variation() && !game_.moves.empty()) game_.moves.back().strength += strength;
  }

  void end_game(std::string marker) {
    game_.result = std::move(marker);
    finish_game();
  }

  Status word() {
    const int word_line = line_;
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !is_delimiter(text_[pos_])) ++pos_;
    std::string_view w = text_.substr(start, pos_ - start);
    begin_token();
    if (w.front() == '/')
      return make_error(at_line(word_line) + "setup commands " + quoted(w) +
                        " inside move text are not supported");
    // Move numbers "12." and "12...", maybe glued to the move; the ellipsis "..." alone.
    for (;;) {
      std::size_t digits = 0;
      while (digits < w.size() && is_digit(w[digits])) ++digits;
      if (digits == w.size() || w[digits] != '.') break;
      std::size_t dots = digits;
      while (dots < w.size() && w[dots] == '.') ++dots;
      w.remove_prefix(dots);
    }
    if (w.empty()) return Ok{};
    if (is_result_marker(w)) {
      if (!in_variation()) end_game(std::string(w));
      return Ok{};
    }
    if (std::all_of(w.begin(), w.end(), is_strength_char)) {
      add_strength(w);
      return Ok{};
    }
    std::size_t body = w.size();
    while (body > 0 && is_strength_char(w[body - 1])) --body;
    if (!is_move_syntax(w.substr(0, body)))
      return make_error(at_line(word_line) + quoted(text_.substr(start, pos_ - start)) +
                        " is not a move, move number, annotation or result");
    if (in_variation()) return Ok{};
    PdnMove move;
    move.text = std::string(w.substr(0, body));
    move.strength = std::string(w.substr(body));
    move.line = word_line;
    game_.moves.push_back(std::move(move));
    return Ok{};
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
  std::vector<int> open_variations_;  // the line of each open '('
  PdnGame game_;
  std::vector<PdnGame> games_;
};

// Tag order of the writer: the seven tag roster (PGN 8.1.1, PDN "mandatory" tags), then the
// tags that say what game is played and from where.
int tag_rank(std::string_view name) {
  static constexpr std::string_view kOrder[] = {"Event", "Site",   "Date",     "Round", "White",
                                                "Black", "Result", "GameType", "FEN"};
  for (std::size_t i = 0; i < std::size(kOrder); ++i)
    if (kOrder[i] == name) return static_cast<int>(i);
  return static_cast<int>(std::size(kOrder));
}

std::string escaped_tag_value(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out;
}

// The player who makes the first move of the game type: the GameType start colour, or the first
// player of the variant with that number, else White.
Side first_player(const PdnGame& game) {
  auto game_type = game.tag("GameType");
  if (!game_type) return Side::white;
  std::vector<std::string_view> fields = split(*game_type, ',');
  if (fields.size() >= 2) {
    const std::string colour = to_lower(trim(fields[1]));
    if (colour == "w") return Side::white;
    if (colour == "b") return Side::black;
  }
  if (auto number = parse_int(trim(fields[0]))) {
    for (const Rules* rules : kAllRules)
      if (rules->pdn_game_type == *number) return rules->first_to_move;
  }
  return Side::white;
}

Side side_to_move_at_start(const PdnGame& game, Side first) {
  auto fen = game.tag("FEN");
  if (!fen) return first;
  std::string_view f = trim(*fen);
  if (!f.empty() && (f[0] == 'W' || f[0] == 'w')) return Side::white;
  if (!f.empty() && (f[0] == 'B' || f[0] == 'b')) return Side::black;
  return first;
}

// Move text set in lines of at most kLineWidth columns, breaking only between atoms.
class LineSetter {
 public:
  explicit LineSetter(std::string& out) : out_(out) {}

  void atom(std::string_view text) {
    if (column_ > 0 && column_ + 1 + text.size() > kLineWidth) {
      out_ += '\n';
      column_ = 0;
    }
    if (column_ > 0) {
      out_ += ' ';
      ++column_;
    }
    out_ += text;
    column_ += text.size();
  }
  void end_line() {
    if (column_ == 0) return;
    out_ += '\n';
    column_ = 0;
  }

 private:
  std::string& out_;
  std::size_t column_ = 0;
};

void set_comment(LineSetter& lines, std::string_view comment) {
  const std::vector<std::string_view> words = split_words(comment);
  if (words.empty()) {
    lines.atom("{}");
    return;
  }
  // A brace comment cannot hold '}' (PDN 3.0 COMMENT); a ';' comment runs to the end of the line.
  if (comment.find('}') != std::string_view::npos) {
    std::string text = ";";
    for (std::string_view w : words) (text += ' ') += w;
    lines.atom(text);
    lines.end_line();
    return;
  }
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string text;
    if (i == 0) text += '{';
    text += words[i];
    if (i + 1 == words.size()) text += '}';
    lines.atom(text);
  }
}

}  // namespace

Result<std::vector<PdnGame>> parse_pdn(std::string_view text) {
  return PdnReader(text).read();
}

std::string write_pdn(const PdnGame& game) {
  std::string out;
  std::vector<const PdnTag*> tags;
  for (const PdnTag& t : game.tags) tags.push_back(&t);
  std::stable_sort(tags.begin(), tags.end(), [](const PdnTag* a, const PdnTag* b) {
    return tag_rank(a->name) < tag_rank(b->name);
  });
  for (const PdnTag* t : tags) out += "[" + t->name + " \"" + escaped_tag_value(t->value) + "\"]\n";
  if (!tags.empty()) out += '\n';

  LineSetter lines(out);
  for (const std::string& comment : game.leading_comments) set_comment(lines, comment);
  const Side first = first_player(game);
  // Turns are counted from the first player's move 1; a game may start at the second player.
  const int offset = side_to_move_at_start(game, first) == first ? 0 : 1;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const PdnMove& move = game.moves[i];
    const int turn = static_cast<int>(i) + offset;
    std::string text;
    if (turn % 2 == 0)
      text = std::to_string(turn / 2 + 1) + ". ";
    else if (i == 0 || !game.moves[i - 1].comments.empty())
      text = std::to_string(turn / 2 + 1) + "... ";
    text += move.text;
    text += move.strength;
    lines.atom(text);
    for (int nag : move.nags) lines.atom("$" + std::to_string(nag));
    for (const std::string& comment : move.comments) set_comment(lines, comment);
  }
  lines.atom(game.result.empty() ? std::string_view("*") : std::string_view(game.result));
  lines.end_line();
  return out;
}

std::string write_pdn(const std::vector<PdnGame>& games) {
  std::string out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (i > 0) out += '\n';
    out += write_pdn(games[i]);
  }
  return out;
}

Result<const Rules*> rules_for_tags(const PdnGame& game) {
  const std::string where = "game starting on line " + std::to_string(game.line) + ": ";
  const Rules* base = &kInternational;
  auto game_type = game.tag("GameType");
  if (game_type) {
    const std::string_view number_text = trim(split(*game_type, ',')[0]);
    auto number = parse_int(number_text);
    if (!number)
      return make_error(where + "GameType " + quoted(*game_type) + " does not start with a number");
    base = nullptr;
    for (const Rules* rules : kAllRules)
      if (!rules->giveaway && rules->pdn_game_type == *number) base = rules;
    if (!base)
      return make_error(where + "GameType " + std::to_string(*number) +
                        " is not a draughts variant of doska (20 international, 21 english, "
                        "25 russian)");
  }
  auto variant = game.tag("Variant");
  if (!variant) return base;
  if (const Rules* rules = find_rules(*variant)) {
    if (game_type && rules->pdn_game_type != base->pdn_game_type)
      return make_error(where + "Variant " + quoted(*variant) + " does not agree with GameType " +
                        quoted(*game_type));
    return rules;
  }
  const std::string name = to_lower(trim(*variant));
  if (name.empty() || name == "standard") return base;
  if (name == "giveaway") {
    for (const Rules* rules : kAllRules)
      if (rules->giveaway && rules->pdn_game_type == base->pdn_game_type) return rules;
  }
  return make_error(where + "Variant " + quoted(*variant) +
                    " is not known (a variant id such as russian-giveaway, or giveaway)");
}

void set_variant_tags(PdnGame& game, const Rules& rules) {
  const std::string colour = rules.first_to_move == Side::white ? "W" : "B";
  const std::string size = std::to_string(rules.board_size);
  // Notation field: N or A, then where square 1 (or a1) lies seen by the first player
  // (PDN GameType table: 20 "N2", 21 "N1", 25 "A0").
  std::string notation;
  if (rules.notation == SquareNotation::algebraic)
    notation = "A0";
  else
    notation = rules.first_to_move == Side::white ? "N2" : "N1";
  game.set_tag("GameType", std::to_string(rules.pdn_game_type) + "," + colour + "," + size + "," +
                               size + "," + notation + ",0");
  if (rules.giveaway)
    game.set_tag("Variant", std::string(rules.id));
  else
    game.remove_tag("Variant");
}

Result<Position> initial_position(const Rules& rules, const PdnGame& game) {
  auto fen = game.tag("FEN");
  if (!fen) return start_position(rules);
  auto pos = parse_fen(rules, *fen);
  if (!pos)
    return make_error("game starting on line " + std::to_string(game.line) + ": " + pos.error());
  return pos;
}

std::string result_text(const Rules& rules, PdnResult result) {
  const bool two_points = rules.result_style == ResultStyle::two_points;
  switch (result) {
    case PdnResult::white_wins:
      return two_points ? "2-0" : "1-0";
    case PdnResult::black_wins:
      return two_points ? "0-2" : "0-1";
    case PdnResult::draw:
      return two_points ? "1-1" : "1/2-1/2";
    case PdnResult::double_forfeit:
      return "0-0";
    case PdnResult::unfinished:
      break;
  }
  return "*";
}

std::optional<PdnResult> parse_result_text(std::string_view text) {
  text = trim(text);
  if (text == "2-0" || text == "1-0") return PdnResult::white_wins;
  if (text == "0-2" || text == "0-1") return PdnResult::black_wins;
  if (text == "1-1" || text == "1/2-1/2") return PdnResult::draw;
  if (text == "0-0") return PdnResult::double_forfeit;
  if (text == "*") return PdnResult::unfinished;
  return std::nullopt;
}

}  // namespace doska::draughts

namespace doska::draughts {

PdnResult pdn_result(Outcome outcome) {
  switch (outcome) {
    case Outcome::white_wins:
      return PdnResult::white_wins;
    case Outcome::black_wins:
      return PdnResult::black_wins;
    case Outcome::draw:
      return PdnResult::draw;
    case Outcome::ongoing:
      break;
  }
  return PdnResult::unfinished;
}

}  // namespace doska::draughts
