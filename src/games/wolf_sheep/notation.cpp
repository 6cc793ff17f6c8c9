#include "games/wolf_sheep/notation.h"

#include <algorithm>
#include <cctype>

#include "common/text.h"
#include "games/draughts/notation.h"
#include "games/draughts/rules.h"

namespace doska::wolf_sheep {

namespace {

// The squares are those of russian draughts, named by its notation (RULINGS §2).
const draughts::Rules& names() {
  return draughts::kRussian;
}

Error fen_error(std::string_view text, const std::string& problem) {
  return make_error("FEN " + quoted(text) + ": " + problem);
}

}  // namespace

std::string square_name(int square) {
  return draughts::square_name(names(), square);
}

std::optional<int> parse_square(std::string_view text) {
  return draughts::parse_square(names(), text);
}

Position start_position() {
  Position pos;
  for (int square : {28, 29, 30, 31}) pos.sheep |= Board::mask_of(square);  // a1, c1, e1, g1
  pos.side = Side::wolf;
  return pos;
}

Result<Position> parse_fen(std::string_view text) {
  const std::string_view original = text;
  text = trim(text);
  if (!text.empty() && text.back() == '.') text.remove_suffix(1);
  if (text.empty()) return make_error("empty FEN");
  const auto fields = split(text, ':');
  Position pos;
  const std::string_view side = trim(fields[0]);
  if (side == "W" || side == "w")
    pos.side = Side::sheep;
  else if (side == "B" || side == "b")
    pos.side = Side::wolf;
  else
    return fen_error(original, "side to move must be W (sheep) or B (wolf), not " + quoted(side));
  if (fields.size() > 3) return fen_error(original, "too many fields");
  bool seen[2] = {false, false};
  int wolves = 0;
  for (std::size_t f = 1; f < fields.size(); ++f) {
    std::string_view field = trim(fields[f]);
    if (field.empty()) return fen_error(original, "empty field " + std::to_string(f + 1));
    const char colour = static_cast<char>(std::toupper(static_cast<unsigned char>(field[0])));
    if (colour != 'W' && colour != 'B')
      return fen_error(original, "field " + quoted(field) + " must start with W or B");
    const Side owner = colour == 'W' ? Side::sheep : Side::wolf;
    if (seen[static_cast<int>(owner)])
      return fen_error(original,
                       std::string(colour == 'W' ? "the sheep" : "the wolf") + " are listed twice");
    seen[static_cast<int>(owner)] = true;
    field.remove_prefix(1);
    if (trim(field).empty()) continue;
    for (std::string_view item : split(field, ',')) {
      item = trim(item);
      const auto square = parse_square(item);
      if (!square) return fen_error(original, quoted(item) + " is not a dark square a1..h8");
      if (!pos.is_free(*square))
        return fen_error(original, "square " + square_name(*square) + " is given twice");
      if (owner == Side::sheep) {
        pos.sheep |= Board::mask_of(*square);
      } else {
        if (++wolves > 1) return fen_error(original, "there is only one wolf");
        pos.wolf = static_cast<std::int8_t>(*square);
      }
    }
  }
  if (std::popcount(pos.sheep) != kSheep)
    return fen_error(original, "there must be exactly four sheep, not " +
                                   std::to_string(std::popcount(pos.sheep)));
  // The wolf's placement is its first move, and the sheep move after it (RULINGS §2).
  if (!pos.wolf_placed() && pos.side == Side::sheep)
    return fen_error(original, "the sheep cannot move before the wolf is placed (write B:...)");
  return pos;
}

std::string to_fen(const Position& pos) {
  std::string fen = pos.side == Side::sheep ? "W:W" : "B:W";
  std::vector<int> sheep;
  for (int s = 0; s < kSquares; ++s)
    if (pos.has_sheep(s)) sheep.push_back(s);
  std::sort(sheep.begin(), sheep.end(), [](int a, int b) {
    return std::pair{rank_of(a), Board::column_of(a)} < std::pair{rank_of(b), Board::column_of(b)};
  });
  for (std::size_t i = 0; i < sheep.size(); ++i) fen += (i ? "," : "") + square_name(sheep[i]);
  fen += ":B";
  if (pos.wolf_placed()) fen += square_name(pos.wolf);
  return fen;
}

std::string move_text(Move move) {
  if (move.is_placement()) return square_name(move.to);
  return square_name(move.from) + "-" + square_name(move.to);
}

std::vector<Move> legal_moves(const Position& pos) {
  MoveList list;
  generate_moves(pos, list);
  return {list.begin(), list.end()};
}

Result<Move> parse_move(const Position& pos, std::string_view text) {
  const std::string_view original = text;
  text = trim(text);
  if (text.empty()) return make_error("empty move");
  std::string_view from_text, to_text;
  if (auto dash = text.find('-'); dash != std::string_view::npos) {
    from_text = trim(text.substr(0, dash));
    to_text = trim(text.substr(dash + 1));
  } else if (text.size() == 4) {
    from_text = text.substr(0, 2);
    to_text = text.substr(2);
  } else {
    to_text = text;
  }
  std::optional<int> from;
  if (!from_text.empty() || text.find('-') != std::string_view::npos) {
    from = parse_square(from_text);
    if (!from)
      return make_error("move " + quoted(original) + ": " + quoted(from_text) +
                        " is not a dark square a1..h8");
  }
  const auto to = parse_square(to_text);
  if (!to)
    return make_error("move " + quoted(original) + ": " + quoted(to_text) +
                      " is not a dark square a1..h8" +
                      (from ? "" : " (write a placement as d8, a move as c1-d2)"));
  if (end_of(pos) != End::none) return make_error("the game is over");
  const std::string mover = side_name(pos.side);
  if (!from && pos.wolf_placed())
    return make_error("move " + quoted(original) + ": the wolf is already placed; write a move " +
                      "such as " + square_name(pos.wolf) + "-" + square_name(*to));
  if (from && !pos.wolf_placed())
    return make_error("move " + quoted(original) + ": the wolf must first be placed (write a " +
                      "square such as d8)");
  const Move wanted{static_cast<std::int8_t>(from ? *from : Move::kPlacement),
                    static_cast<std::int8_t>(*to)};
  for (const Move& m : legal_moves(pos))
    if (m == wanted) return m;
  return make_error("illegal move " + quoted(original) + " for the " + mover);
}

std::string diagram(const Position& pos, bool flipped) {
  std::string out;
  constexpr int n = Board::kSize;
  for (int i = 0; i < n; ++i) {
    const int row = flipped ? n - 1 - i : i;
    out += "  " + std::to_string(n - row);
    for (int j = 0; j < n; ++j) {
      const int column = flipped ? n - 1 - j : j;
      const int square = Board::square_at(row, column);
      if (square < 0)
        out += "   ";
      else if (pos.has_sheep(square))
        out += " S ";
      else if (square == pos.wolf)
        out += " W ";
      else
        out += " . ";
    }
    out += "\n";
  }
  out += "    ";
  for (int j = 0; j < n; ++j) {
    out += ' ';
    out += static_cast<char>('a' + (flipped ? n - 1 - j : j));
    out += ' ';
  }
  out += "\n";
  return out;
}

std::string side_name(Side side) {
  return side == Side::sheep ? "sheep" : "wolf";
}

}  // namespace doska::wolf_sheep
