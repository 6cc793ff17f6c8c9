// Evaluation of 100-square chess positions, from the side to move; 100 = one pawn. The weights are
// data (EvalParams), so that they can be tuned without touching the code; the terms are described
// in docs/engine.md.
#pragma once

#include <array>

#include "games/chess100/position.h"
#include "games/chess100/rules.h"

namespace doska::chess100 {

struct EvalParams {
  // Material by PieceType (the king's entry is unused: it is never traded).
  std::array<int, kPieceTypes> material;
  // A piece standing on the royal file e gains its strong powers there (RULINGS §4.2): the
  // general moves as a rook, the jester as a bishop, the king two squares, a pawn also steps and
  // captures backwards. Bonus by PieceType.
  std::array<int, kPieceTypes> royal_file;
  // Per step of centrality (0 on the rim .. 8 on the four centre squares), by PieceType; the
  // king's entry applies in the endgame only.
  std::array<int, kPieceTypes> centre;
  // A pawn by rank counted from its own side (1 = its starting rank .. 8 = one step from
  // promotion).
  std::array<int, kRanks> pawn_advance;
  // A passed pawn (no enemy pawn ahead on its own or a neighbouring file) by the same rank, scaled
  // by what it promotes to on its file (RULINGS §4.3: by square, a queen only on e and f).
  std::array<int, kRanks> passed_pawn;
  int passed_scale_min;     // percent of passed_pawn for the least valuable promotion (knight)
  int doubled_pawn;         // per pawn behind another own pawn on its file
  int isolated_pawn;        // per pawn without own pawns on the neighbouring files
  int rook_open_file;       // a rook (or a general on e) on a file without pawns
  int rook_half_open_file;  // ... without own pawns
  int bishop_pair;
  // King safety, weighted by the opponent's remaining pieces (full weight with all of them): own
  // pawns in the three squares in front of the king and the three beyond them, and a penalty per
  // rank the king has left its home rank.
  int king_shelter_near;
  int king_shelter_far;
  int king_off_home_rank;
  int tempo;  // the side to move
};

inline constexpr EvalParams kEval{
    .material = {0, 100, 300, 320, 500, 950, 420, 260, 0},
    .royal_file = {0, 10, 0, 0, 0, 0, 70, 50, 10},
    .centre = {0, 2, 6, 3, 1, 2, 4, 4, 5},
    .pawn_advance = {0, 0, 3, 6, 10, 15, 22, 32, 45, 0},
    .passed_pawn = {0, 0, 5, 10, 18, 30, 48, 72, 105, 0},
    .passed_scale_min = 50,
    .doubled_pawn = 12,
    .isolated_pawn = 10,
    .rook_open_file = 20,
    .rook_half_open_file = 10,
    .bishop_pair = 30,
    .king_shelter_near = 12,
    .king_shelter_far = 6,
    .king_off_home_rank = 15,
    .tempo = 10,
};

// The non-pawn material of one side in the setup: the full weight of the king-safety terms.
constexpr int setup_piece_material(const EvalParams& p) {
  int sum = 0;
  for (PieceType t : kBackRank) sum += p.material[t];
  return sum;
}

// Centrality of a square, 0 on the rim to 8 on the four centre squares (e5, f5, e6, f6).
constexpr int centrality(int square) {
  const int file_ring =
      ((2 * file_of(square) - (kFiles - 1)) < 0 ? (kFiles - 1) - 2 * file_of(square)
                                                : 2 * file_of(square) - (kFiles - 1)) /
      2;
  const int rank_ring =
      ((2 * rank_of(square) - (kRanks - 1)) < 0 ? (kRanks - 1) - 2 * rank_of(square)
                                                : 2 * rank_of(square) - (kRanks - 1)) /
      2;
  return 8 - file_ring - rank_ring;
}

// The position's value for the side to move.
int evaluate(const Position& pos, const EvalParams& params = kEval);

}  // namespace doska::chess100
