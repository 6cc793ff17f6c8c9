#include "protocols/draughts_fields.h"

#include <algorithm>

#include "common/text.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace doska::protocols {

using draughts::Bitboard;

namespace {

Bitboard captured_mask(const draughts::Rules& rules, const FieldMove& move) {
  Bitboard mask = 0;
  for (int square : move.captured) mask |= draughts::square_mask(rules, square);
  return mask;
}

}  // namespace

Result<draughts::Move> find_move(const draughts::Rules& rules, const draughts::Position& pos,
                                 const FieldMove& move) {
  const int squares = draughts::square_count(rules);
  auto valid = [&](int s) { return s >= 0 && s < squares; };
  if (!valid(move.from) || !valid(move.to) ||
      !std::all_of(move.captured.begin(), move.captured.end(), valid))
    return make_error("a square is off the board");
  const std::string text = field_move_text(rules, move);
  const Bitboard captured = captured_mask(rules, move);
  if (static_cast<std::size_t>(draughts::count(captured)) != move.captured.size())
    return make_error("move " + text + " names a captured piece twice");
  const int from = draughts::bit_of(rules, move.from);
  const int to = draughts::bit_of(rules, move.to);
  std::vector<draughts::Move> wider;
  for (const draughts::Move& m : draughts::legal_moves(rules, pos)) {
    if (m.from != from || m.to != to) continue;
    if (m.captured == captured) return m;
    if ((m.captured & captured) == captured) wider.push_back(m);
  }
  if (wider.size() == 1) return wider.front();
  if (wider.size() > 1)
    return make_error("move " + text + " is ambiguous: name every captured piece");
  return make_error("move " + text + " is not legal in this position");
}

FieldMove field_move(const draughts::Rules& rules, const draughts::Move& move) {
  FieldMove out;
  out.from = draughts::square_of(rules, move.from);
  out.to = draughts::square_of(rules, move.to);
  for (Bitboard b = move.captured; b; b &= b - 1)
    out.captured.push_back(draughts::square_of(rules, draughts::lowest_bit(b)));
  std::sort(out.captured.begin(), out.captured.end());
  return out;
}

std::string field_move_text(const draughts::Rules& rules, const FieldMove& move) {
  const bool capture = !move.captured.empty();
  std::string text = draughts::square_name(rules, move.from);
  text += capture ? 'x' : '-';
  text += draughts::square_name(rules, move.to);
  for (int square : move.captured) text += 'x' + draughts::square_name(rules, square);
  return text;
}

Result<FieldMove> parse_field_move(const draughts::Rules& rules, std::string_view text) {
  std::vector<int> squares;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '-' && text[i] != 'x' && text[i] != 'X') continue;
    const std::string_view piece = text.substr(start, i - start);
    auto square = draughts::parse_square(rules, piece);
    if (!square)
      return make_error("move " + quoted(text) + ": " + quoted(piece) + " is not a square of " +
                        std::string(rules.id));
    squares.push_back(*square);
    start = i + 1;
  }
  if (squares.size() < 2)
    return make_error("move " + quoted(text) + " is not a move such as 32-28 or 28x19x23");
  FieldMove move;
  move.from = squares[0];
  move.to = squares[1];
  move.captured.assign(squares.begin() + 2, squares.end());
  return move;
}

std::string board_string(const draughts::Rules& rules, const draughts::Position& pos,
                         const BoardLetters& letters) {
  std::string text(
      1, pos.side == draughts::Side::white ? letters.white_to_move : letters.black_to_move);
  for (int s = 0; s < draughts::square_count(rules); ++s) {
    const Bitboard mask = draughts::square_mask(rules, s);
    const bool king = (pos.kings & mask) != 0;
    if (pos.white & mask)
      text += king ? letters.white_king : letters.white_man;
    else if (pos.black & mask)
      text += king ? letters.black_king : letters.black_man;
    else
      text += letters.empty;
  }
  return text;
}

Result<draughts::Position> parse_board_string(const draughts::Rules& rules, std::string_view text,
                                              const BoardLetters& letters) {
  const int squares = draughts::square_count(rules);
  if (static_cast<int>(text.size()) != squares + 1)
    return make_error("position " + quoted(text) + " has " + std::to_string(text.size()) +
                      " characters; " + std::string(rules.id) + " needs " +
                      std::to_string(squares + 1) + " (the side to move, then one per square)");
  draughts::Position pos;
  if (text[0] == letters.white_to_move)
    pos.side = draughts::Side::white;
  else if (text[0] == letters.black_to_move)
    pos.side = draughts::Side::black;
  else
    return make_error("position " + quoted(text) + ": the side to move must be " +
                      letters.white_to_move + " or " + letters.black_to_move);
  for (int s = 0; s < squares; ++s) {
    const char c = text[s + 1];
    const Bitboard mask = draughts::square_mask(rules, s);
    if (c == letters.white_man || c == letters.white_king) {
      pos.white |= mask;
      if (c == letters.white_king) pos.kings |= mask;
    } else if (c == letters.black_man || c == letters.black_king) {
      pos.black |= mask;
      if (c == letters.black_king) pos.kings |= mask;
    } else if (c != letters.empty) {
      return make_error("position " + quoted(text) + ": " + quoted(std::string_view(&c, 1)) +
                        " on square " + draughts::square_name(rules, s) + " is not a piece");
    }
  }
  // The FEN reader holds the rules a position must keep (no man on its promotion row).
  auto checked = draughts::parse_fen(rules, draughts::to_fen(rules, pos));
  if (!checked) return make_error("position " + quoted(text) + ": " + checked.error());
  return pos;
}

}  // namespace doska::protocols
