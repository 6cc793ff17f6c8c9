#include "games/chess100/eval.h"

#include <algorithm>
#include <cstdint>

namespace doska::chess100 {

namespace {

// Rank counted from `c`'s own side: 0 = its home rank, 9 = the promotion rank.
int relative_rank(Color c, int square) {
  return c == Color::white ? rank_of(square) : kRanks - 1 - rank_of(square);
}

// What a pawn promotes to on `file` (RULINGS §4.3): any piece on the enemy king's square (a
// queen), elsewhere the piece that started there.
PieceType promotion_on_file(int file) {
  return file == kRoyalFile ? queen : promotion_by_square(file);
}

constexpr std::array<int, kSquares> kCentrality = [] {
  std::array<int, kSquares> table{};
  for (int s = 0; s < kSquares; ++s) table[s] = centrality(s);
  return table;
}();

// The pawns of both sides by file, for the structure terms.
struct PawnFiles {
  std::array<std::array<int, kFiles>, 2> count{};
  // Per file, the highest rank of a black pawn and the lowest of a white one (-1 / kRanks: none),
  // which decide whether a pawn of the other side is passed.
  std::array<int, kFiles> black_highest{};
  std::array<int, kFiles> white_lowest{};
};

// The occupied squares, so that the board is scanned once.
struct Occupied {
  std::array<std::int8_t, kSquares> squares;
  int count = 0;
};

PawnFiles pawn_files(const Position& pos, Occupied& occupied) {
  PawnFiles f;
  f.black_highest.fill(-1);
  f.white_lowest.fill(kRanks);
  for (int s = 0; s < kSquares; ++s) {
    const Piece p = pos.board[s];
    if (!p) continue;
    occupied.squares[occupied.count++] = static_cast<std::int8_t>(s);
    if (type_of(p) != pawn) continue;
    const int file = file_of(s), rank = rank_of(s);
    ++f.count[int(color_of(p))][file];
    if (color_of(p) == Color::white)
      f.white_lowest[file] = std::min(f.white_lowest[file], rank);
    else
      f.black_highest[file] = std::max(f.black_highest[file], rank);
  }
  return f;
}

bool passed(const PawnFiles& f, Color c, int square) {
  const int file = file_of(square), rank = rank_of(square);
  for (int g = std::max(0, file - 1); g <= std::min(kFiles - 1, file + 1); ++g) {
    if (c == Color::white && f.black_highest[g] > rank) return false;
    if (c == Color::black && f.white_lowest[g] < rank) return false;
  }
  return true;
}

int pawn_terms(const PawnFiles& f, const EvalParams& p, Color c, int s) {
  const int rel = relative_rank(c, s);
  const int file = file_of(s);
  const auto& own = f.count[int(c)];
  int v = p.pawn_advance[rel];
  if (passed(f, c, s)) {
    const int knight_value = p.material[knight], queen_value = p.material[queen];
    const int promoted = std::clamp(p.material[promotion_on_file(file)], knight_value, queen_value);
    const int scale = p.passed_scale_min + (100 - p.passed_scale_min) * (promoted - knight_value) /
                                               std::max(1, queen_value - knight_value);
    v += p.passed_pawn[rel] * scale / 100;
  }
  const bool left = file > 0 && own[file - 1] > 0;
  const bool right = file < kFiles - 1 && own[file + 1] > 0;
  if (!left && !right) v -= p.isolated_pawn;
  return v;
}

// Shelter and exposure of `c`'s king, weighted by the opponent's attacking material (in
// thousandths), and its centralisation in the endgame.
int king_terms(const Position& pos, const EvalParams& p, Color c, int enemy_pieces) {
  const int k = pos.king(c);
  if (k < 0) return 0;
  const int setup = std::max(1, setup_piece_material(p));
  const int danger = std::min(enemy_pieces, setup) * 1000 / setup;
  const Geometry& g = geometry();
  const int ahead = c == Color::white ? north : south;
  int shelter = 0;
  for (int side : {-1, 0, 1}) {
    int column = k;
    if (side != 0) column = g.step[side < 0 ? west : east][k];
    if (column < 0) continue;
    const int near = g.step[ahead][column];
    if (near < 0) continue;
    if (pos.board[near] == make_piece(c, pawn)) shelter += p.king_shelter_near;
    const int far = g.step[ahead][near];
    if (far >= 0 && pos.board[far] == make_piece(c, pawn)) shelter += p.king_shelter_far;
  }
  const int exposure = relative_rank(c, k) * p.king_off_home_rank;
  int v = (shelter - exposure) * danger / 1000;
  v += p.centre[king] * kCentrality[k] * (1000 - danger) / 1000;
  if (file_of(k) == kRoyalFile) v += p.royal_file[king];
  return v;
}

}  // namespace

int evaluate(const Position& pos, const EvalParams& p) {
  Occupied occupied;
  const PawnFiles files = pawn_files(pos, occupied);
  std::array<int, 2> score{}, pieces{}, bishops{};
  for (int i = 0; i < occupied.count; ++i) {
    const int s = occupied.squares[i];
    const Piece piece = pos.board[s];
    const PieceType t = type_of(piece);
    if (t == king) continue;
    const Color c = color_of(piece);
    const int file = file_of(s);
    int v = p.material[t] + p.centre[t] * kCentrality[s];
    if (file == kRoyalFile) v += p.royal_file[t];
    if (t == pawn) {
      v += pawn_terms(files, p, c, s);
    } else {
      pieces[int(c)] += p.material[t];
      if (t == bishop) ++bishops[int(c)];
      // A rook, or a general with a rook's powers on e, on an open or half-open file.
      if (t == rook || (t == general && file == kRoyalFile)) {
        if (files.count[int(c)][file] == 0)
          v += files.count[int(opposite(c))][file] == 0 ? p.rook_open_file : p.rook_half_open_file;
      }
    }
    score[int(c)] += v;
  }
  for (Color c : {Color::white, Color::black}) {
    // Doubled: each pawn with another own pawn in front of it on its file, that is all but one
    // of a file's pawns.
    for (int n : files.count[int(c)])
      if (n > 1) score[int(c)] -= (n - 1) * p.doubled_pawn;
    if (bishops[int(c)] >= 2) score[int(c)] += p.bishop_pair;
    score[int(c)] += king_terms(pos, p, c, pieces[int(opposite(c))]);
  }
  const int us = int(pos.side);
  return score[us] - score[1 - us] + p.tempo;
}

}  // namespace doska::chess100
