#include "games/mill/notation.h"

#include <algorithm>
#include <cctype>

#include "common/text.h"
#include "games/mill/variant.h"

namespace doska::mill {

namespace {

std::string side_word(Side side) {
  return side == Side::white ? "White" : "Black";
}
std::string colour_word(Side side) {
  return side == Side::white ? "white" : "black";
}
std::string name(int point) {
  return std::string(point_name(point));
}

constexpr const char* kFenForm = "<side>:W<points>:B<points>:H<white in hand>,<black in hand>";
constexpr const char* kMoveForms =
    "write a placement (d6), a move (a1-a4), and a removal after x (d6xd5, a1-a4xd5)";

// The points of a move as written, before they are checked against the position.
struct WrittenMove {
  std::optional<int> from;
  int to = 0;
  std::optional<int> removed;
};

class MoveReader {
 public:
  explicit MoveReader(std::string_view text) : text_(text) {}

  Result<WrittenMove> read() {
    WrittenMove move;
    skip_spaces();
    auto first = point();
    if (!first) return make_error(error_);
    skip_spaces();
    if (peek() == '-') {
      ++at_;
      skip_spaces();
      auto second = point();
      if (!second) return make_error(error_);
      move.from = *first;
      move.to = *second;
    } else if (std::isalpha(static_cast<unsigned char>(peek())) && lower(peek()) != 'x') {
      auto second = point();  // "a1a4"
      if (!second) return make_error(error_);
      move.from = *first;
      move.to = *second;
    } else {
      move.to = *first;
    }
    skip_spaces();
    if (lower(peek()) == 'x' || peek() == ':') {
      ++at_;
      skip_spaces();
      auto removed = point();
      if (!removed) return make_error(error_);
      move.removed = *removed;
      skip_spaces();
    }
    if (at_ != text_.size())
      return make_error(quoted(text_) + " is not a mill move (" + kMoveForms + ")");
    return move;
  }

 private:
  static char lower(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  void skip_spaces() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  // A letter and the digits after it, which must name a point.
  std::optional<int> point() {
    const std::size_t start = at_;
    if (!std::isalpha(static_cast<unsigned char>(peek()))) {
      error_ = quoted(text_) + " is not a mill move (" + kMoveForms + ")";
      return std::nullopt;
    }
    ++at_;
    while (std::isdigit(static_cast<unsigned char>(peek()))) ++at_;
    const std::string_view token = text_.substr(start, at_ - start);
    auto p = parse_point(token);
    if (!p) {
      error_ = quoted(token) + " is not a point of the mill board (a1 d1 g1, b2 d2 f2, c3 d3 e3, " +
               "a4 b4 c4 e4 f4 g4, c5 d5 e5, b6 d6 f6, a7 d7 g7)";
      return std::nullopt;
    }
    return p;
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::string error_;
};

}  // namespace

std::optional<int> parse_point(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  for (int p = 0; p < kPoints; ++p) {
    const std::string_view n = point_name(p);
    if (std::tolower(static_cast<unsigned char>(text[0])) == n[0] && text[1] == n[1]) return p;
  }
  return std::nullopt;
}

Position start_position(const Rules& rules) {
  Position pos;
  pos.hand = {static_cast<std::uint8_t>(rules.pieces), static_cast<std::uint8_t>(rules.pieces)};
  pos.side = rules.first_to_move;
  pos.refresh_key();
  return pos;
}

Result<Position> parse_fen(const Rules& rules, std::string_view text) {
  text = trim(text);
  if (text.empty()) return make_error("empty FEN");
  auto bad = [&](const std::string& what) {
    return make_error("FEN " + quoted(text) + ": " + what);
  };
  const auto fields = split(text, ':');
  if (fields.size() != 4) return bad(std::string("expected ") + kFenForm);
  Position pos;
  const std::string_view side = trim(fields[0]);
  if (side == "W" || side == "w")
    pos.side = Side::white;
  else if (side == "B" || side == "b")
    pos.side = Side::black;
  else
    return bad("side to move must be W or B, not " + quoted(side));
  bool seen_colour[2] = {false, false};
  bool seen_hand = false;
  for (std::size_t f = 1; f < fields.size(); ++f) {
    std::string_view field = trim(fields[f]);
    const char tag = field.empty() ? '\0' : static_cast<char>(std::toupper(field[0]));
    if (tag == 'H') {
      if (seen_hand) return bad("the hands are given twice");
      seen_hand = true;
      const auto counts = split(field.substr(1), ',');
      if (counts.size() != 2)
        return bad("the hands must be written H<white>,<black>, not " + quoted(field));
      for (int s = 0; s < 2; ++s) {
        auto n = parse_int(trim(counts[s]));
        if (!n || *n > rules.pieces)
          return bad("bad number of pieces in hand " + quoted(trim(counts[s])) + ": 0 to " +
                     std::to_string(rules.pieces));
        pos.hand[s] = static_cast<std::uint8_t>(*n);
      }
      continue;
    }
    if (tag != 'W' && tag != 'B')
      return bad("field " + quoted(field) + " must start with W, B or H (" + kFenForm + ")");
    const Side colour = tag == 'W' ? Side::white : Side::black;
    if (seen_colour[static_cast<int>(colour)])
      return bad("the " + colour_word(colour) + " pieces are listed twice");
    seen_colour[static_cast<int>(colour)] = true;
    field.remove_prefix(1);
    if (trim(field).empty()) continue;
    for (std::string_view item : split(field, ',')) {
      item = trim(item);
      auto p = parse_point(item);
      if (!p) return bad(quoted(item) + " is not a point of the mill board");
      if (pos.occupied() & bit(*p)) return bad("point " + name(*p) + " is given twice");
      pos.pieces[static_cast<int>(colour)] |= bit(*p);
    }
  }
  for (Side s : {Side::white, Side::black})
    if (pos.total(s) > rules.pieces)
      return bad(side_word(s) + " has " + std::to_string(pos.total(s)) +
                 " pieces on the board and in hand; " + std::string(rules.id) + " gives " +
                 std::to_string(rules.pieces));
  pos.refresh_key();
  return pos;
}

std::string to_fen(const Position& pos) {
  std::string fen = pos.side == Side::white ? "W" : "B";
  for (Side s : {Side::white, Side::black}) {
    fen += s == Side::white ? ":W" : ":B";
    bool first = true;
    for (Bitboard b = pos.of(s); b; b &= b - 1) {
      if (!first) fen += ',';
      first = false;
      fen += point_name(lowest_point(b));
    }
  }
  fen += ":H" + std::to_string(pos.in_hand(Side::white)) + "," +
         std::to_string(pos.in_hand(Side::black));
  return fen;
}

std::vector<Move> legal_moves(const Rules& rules, const Position& pos) {
  MoveList list;
  generate_moves(rules, pos, list);
  std::vector<Move> moves(list.begin(), list.end());
  std::sort(moves.begin(), moves.end(),
            [](const Move& a, const Move& b) { return move_text(a) < move_text(b); });
  return moves;
}

std::string move_text(const Move& move) {
  std::string text;
  if (!move.is_placement()) text.append(point_name(move.from)).append("-");
  text.append(point_name(move.to));
  if (move.is_removal()) text.append("x").append(point_name(move.removed));
  return text;
}

Result<Move> parse_move(const Rules& rules, const Position& pos, std::string_view text) {
  text = trim(text);
  if (text.empty()) return make_error("empty move");
  auto written = MoveReader(text).read();
  if (!written) return make_error(written.error());
  const WrittenMove& w = *written;
  const Side us = pos.side, them = opposite(us);
  const Board& board = *rules.board;
  if (over_by_material(rules, pos)) {
    const Side loser = lost_by_material(rules, pos, us) ? us : them;
    return make_error("the game is over: " + side_word(loser) + " has only " +
                      std::to_string(pos.total(loser)) + " pieces left");
  }
  const std::string turn =
      (w.from ? name(*w.from) + "-" : std::string()) + name(w.to);  // without the removal
  bool closes = false;
  MillReward reward = rules.mill_by_placement;
  if (!w.from) {
    if (pos.in_hand(us) == 0)
      return make_error(side_word(us) + " has no pieces in hand: move a piece on the board " +
                        "(from-to, e.g. a1-a4)");
    if (pos.occupied() & bit(w.to)) return make_error(name(w.to) + " is occupied");
    closes = board.closes_mill(pos.of(us), w.to);
  } else {
    const int from = *w.from;
    if (pos.in_hand(us) > 0 && rules.placement == Placement::before_moving)
      return make_error(side_word(us) + " still has " + std::to_string(pos.in_hand(us)) +
                        " pieces in hand and must place one (e.g. " + name(w.to) + ")");
    if (!(pos.of(us) & bit(from)))
      return make_error("there is no " + colour_word(us) + " piece on " + name(from));
    if (pos.occupied() & bit(w.to)) return make_error(name(w.to) + " is occupied");
    if (!may_fly(rules, pos) && !(board.adjacent[from] & bit(w.to)))
      return make_error(name(from) + " and " + name(w.to) + " are not adjacent (a piece flies " +
                        "only when its side has " + std::to_string(rules.flying_at) +
                        " pieces on the board and none in hand)");
    closes = board.closes_mill(pos.of(us) & ~bit(from), w.to);
    reward = rules.mill_by_move;
  }
  if (!closes && w.removed) return make_error(turn + " closes no mill, so it removes nothing");
  if (closes && reward == MillReward::extra_turn && w.removed)
    return make_error("in " + std::string(rules.name) + " a mill closed by " +
                      (w.from ? "a move" : "a placement") + " removes nothing: " + side_word(us) +
                      " plays again");
  if (closes && reward != MillReward::extra_turn) {
    const Bitboard victims = removable(rules, pos);
    if (!w.removed && victims)
      return make_error(turn + " closes a mill: add the piece to remove, e.g. " + turn + "x" +
                        name(lowest_point(victims)));
    if (w.removed) {
      if (!victims)
        return make_error(side_word(them) + " has no piece on the board: " + turn +
                          " removes nothing");
      if (!(pos.of(them) & bit(*w.removed)))
        return make_error("there is no " + colour_word(them) + " piece on " + name(*w.removed) +
                          " to remove");
      if (!(victims & bit(*w.removed)))
        return make_error(name(*w.removed) + " stands in a mill and may not be removed while " +
                          side_word(them) + " has pieces outside mills");
    }
  }
  MoveList list;
  generate_moves(rules, pos, list);
  const std::uint8_t from = w.from ? static_cast<std::uint8_t>(*w.from) : kNoPoint;
  const std::uint8_t removed = w.removed ? static_cast<std::uint8_t>(*w.removed) : kNoPoint;
  for (const Move& m : list)
    if (m.from == from && m.to == w.to && m.removed == removed) return m;
  return make_error(quoted(text) + " is not a legal move");
}

}  // namespace doska::mill
