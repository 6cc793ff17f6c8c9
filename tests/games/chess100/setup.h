// Helpers of the chess100 tests: positions written as a list of pieces ("Ke1 ke10 Gc5", upper
// case White), and the moves of a position as sorted long algebraic texts.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "common/text.h"
#include "games/chess100/movegen.h"
#include "games/chess100/notation.h"
#include "games/chess100/position.h"

namespace doska::chess100::testing {

using MoveTexts = std::vector<std::string>;

// A FEN from pieces ("Ke1 pd7"), the side to move and the other fields ("- - 0 1 -").
inline std::string fen_of(std::string_view pieces, char side, std::string_view rest = "- - 0 1 -") {
  char board[kSquares] = {};
  for (std::string_view word : split_words(pieces)) {
    auto square = parse_square(word.substr(1));
    EXPECT_TRUE(square.has_value()) << word;
    if (square) board[*square] = word[0];
  }
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const char c = board[square_of(file, rank)];
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += c;
    }
    if (empty) out += std::to_string(empty);
    if (rank > 0) out += '/';
  }
  return out + ' ' + side + ' ' + std::string(rest);
}

inline Position position_of(std::string_view fen) {
  Result<Position> pos = parse_fen(fen);
  if (!pos) {
    ADD_FAILURE() << pos.error() << " in " << fen;
    return start_position();
  }
  return *pos;
}

inline Position setup(std::string_view pieces, char side, std::string_view rest = "- - 0 1 -") {
  return position_of(fen_of(pieces, side, rest));
}

inline MoveTexts texts(const MoveList& list, int from = -1) {
  MoveTexts out;
  for (const Move& m : list)
    if (from < 0 || m.from == from) out.push_back(move_text(m));
  std::sort(out.begin(), out.end());
  return out;
}

inline MoveTexts sorted(MoveTexts list) {
  std::sort(list.begin(), list.end());
  return list;
}

// The moves of play of the piece on `square` (all of them, safe or not).
inline MoveTexts moves_from(const Position& pos, std::string_view square) {
  MoveList list;
  generate_moves(pos, list);
  return texts(list, *parse_square(square));
}

// The safe moves of the side to move.
inline MoveTexts safe_moves(const Position& pos) {
  MoveList list;
  generate_safe_moves(pos, list);
  return texts(list);
}

inline Move move_of(const Position& pos, std::string_view text) {
  Result<Move> m = parse_move(pos, text);
  if (!m) {
    ADD_FAILURE() << m.error();
    return Move{};
  }
  return *m;
}

inline Position after(Position pos, std::string_view text) {
  const Move m = move_of(pos, text);
  Undo undo;
  make_move(pos, m, undo);
  return pos;
}

}  // namespace doska::chess100::testing
