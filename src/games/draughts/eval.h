// Evaluation of draughts positions, from the side to move; 100 = one man. The weights are data
// (EvalParams), one set per variant, so that they can be tuned without touching the code.
#pragma once

#include <array>
#include <cstdint>

#include "games/draughts/board.h"
#include "games/draughts/position.h"
#include "games/draughts/rules.h"

namespace doska::draughts {

struct EvalParams {
  int man;  // material
  int king;
  std::array<int, 10> advance;  // per man, by rows advanced from its own back row (tempo)
  int centre;                   // per man on the central squares
  int back_row;                 // per man still guarding its own back row, while men remain
  int runaway;                  // per man with a free path to the promotion row, per row gained
  int long_diagonal_king;       // a king standing on the long diagonal
  int mobility;                 // per quiet move more than the opponent
};

// The weights of each family; giveaway games value material the other way round.
constexpr EvalParams kInternationalEval{100, 320, {0, 1, 3, 5, 8, 11, 15, 20, 25, 0}, 6, 8, 12,
                                        25,  2};
constexpr EvalParams kRussianEval{100, 280, {0, 2, 4, 7, 10, 14, 19, 0, 0, 0}, 6, 8, 14, 25, 2};
constexpr EvalParams kEnglishEval{100, 160, {0, 2, 4, 7, 10, 14, 19, 0, 0, 0}, 6, 10, 14, 0, 2};
constexpr EvalParams kGiveawayEval{-100, -250, {0, -1, -2, -3, -4, -5, -6, -7, -8, 0}, 0, 0, 0,
                                   0,    -3};

constexpr const EvalParams& eval_params(const Rules& rules) {
  if (rules.giveaway) return kGiveawayEval;
  if (rules.board_size == 10) return kInternationalEval;
  return rules.flying_kings ? kRussianEval : kEnglishEval;
}

template <int N>
int evaluate_for(const Position& pos, const EvalParams& p, bool flying_kings, int divisor) {
  using G = Geometry<N>;
  const Bitboard empty = G::kBoard & ~pos.occupied();
  std::array<int, 2> score{0, 0};
  std::array<int, 2> pieces{0, 0};
  std::array<int, 2> kings{0, 0};
  for (Side s : {Side::white, Side::black}) {
    const int i = static_cast<int>(s);
    const Bitboard men = pos.men(s);
    const Bitboard own_kings = pos.kings_of(s);
    kings[i] = count(own_kings);
    pieces[i] = count(men) + kings[i];
    int v = count(men) * p.man + kings[i] * p.king;
    const Bitboard back = s == Side::white ? G::kBottomRow : G::kTopRow;
    const Bitboard enemy = pos.pieces(opposite(s));
    for (Bitboard b = men; b; b &= b - 1) {
      const int square = G::square_of(lowest_bit(b));
      const int row = G::row_of(square);
      const int advanced = s == Side::white ? N - 1 - row : row;
      v += p.advance[advanced];
      const int column = G::column_of(square);
      if (column >= 2 && column <= N - 3 && advanced >= 2 && advanced <= N - 4) v += p.centre;
      // Runaway: no enemy piece in the cone in front of the man.
      if (p.runaway && advanced >= N / 2) {
        bool free = true;
        for (int r = 1; free && r <= N - 1 - advanced; ++r) {
          const int target_row = s == Side::white ? row - r : row + r;
          for (int c = column - r; c <= column + r; ++c) {
            const int sq = G::square_at(target_row, c);
            if (sq >= 0 && (enemy & G::mask_of(sq))) {
              free = false;
              break;
            }
          }
        }
        if (free) v += p.runaway * advanced;
      }
    }
    if (count(pos.men(opposite(s))) > 0) v += count(men & back) * p.back_row;
    if (flying_kings) v += count(own_kings & G::kLongDiagonal) * p.long_diagonal_king;
    // Mobility of the men: forward steps to empty squares.
    const Bitboard fwd = s == Side::white ? (G::template shift<kNorthWest>(men) & empty) |
                                                (G::template shift<kNorthEast>(men) & empty)
                                          : (G::template shift<kSouthWest>(men) & empty) |
                                                (G::template shift<kSouthEast>(men) & empty);
    v += count(fwd) * p.mobility;
    score[i] = v;
  }
  int value = score[0] - score[1];
  // A lone king against up to three pieces: nearly a draw where the rules make it one.
  for (int i = 0; i < 2; ++i)
    if (pieces[i] == 1 && kings[i] == 1 && pieces[1 - i] <= 3) value /= divisor;
  return pos.side == Side::white ? value : -value;
}

inline int evaluate(const Rules& rules, const Position& pos) {
  const int divisor = lone_king_divisor(rules);
  if (rules.board_size == 10)
    return evaluate_for<10>(pos, eval_params(rules), rules.flying_kings, divisor);
  return evaluate_for<8>(pos, eval_params(rules), rules.flying_kings, divisor);
}

}  // namespace doska::draughts
