#include "games/chess100/position.h"

namespace doska::chess100 {

namespace {

Geometry make_geometry() {
  Geometry g;
  constexpr int dx[8] = {0, 0, 1, -1, 1, -1, 1, -1};
  constexpr int dy[8] = {1, -1, 0, 0, 1, 1, -1, -1};
  constexpr int kx[8] = {1, 2, 2, 1, -1, -2, -2, -1};
  constexpr int ky[8] = {2, 1, -1, -2, -2, -1, 1, 2};
  auto inside = [](int f, int r) { return f >= 0 && f < kFiles && r >= 0 && r < kRanks; };
  for (int s = 0; s < kSquares; ++s) {
    const int f = file_of(s), r = rank_of(s);
    for (int d = 0; d < 8; ++d)
      g.step[d][s] = static_cast<std::int8_t>(
          inside(f + dx[d], r + dy[d]) ? square_of(f + dx[d], r + dy[d]) : -1);
    int n = 0;
    for (int k = 0; k < 8; ++k)
      if (inside(f + kx[k], r + ky[k]))
        g.knight[s][n++] = static_cast<std::int8_t>(square_of(f + kx[k], r + ky[k]));
    g.knight_count[s] = static_cast<std::uint8_t>(n);
  }
  return g;
}

// splitmix64: a fixed sequence, so keys are the same in every run and build.
std::uint64_t next_random(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

ZobristKeys make_zobrist() {
  ZobristKeys z;
  std::uint64_t state = 0x100c4e55ULL;
  for (auto& row : z.piece)
    for (auto& k : row) k = next_random(state);
  for (auto& k : z.castling) k = next_random(state);
  for (auto& k : z.ep) k = next_random(state);
  for (auto& k : z.extra) k = next_random(state);
  z.black_to_move = next_random(state);
  return z;
}

// Rights lost when a move starts or ends on a square: the king's and rooks' start squares
// (RULINGS §4.3: "the rights are lost when the king or that rook moves ... or the rook is
// captured").
std::array<std::uint8_t, kSquares> make_castling_masks() {
  std::array<std::uint8_t, kSquares> keep{};
  keep.fill(kAllCastling);
  for (Color c : {Color::white, Color::black}) {
    const int home = home_rank(c);
    keep[square_of(kRoyalFile, home)] &=
        static_cast<std::uint8_t>(~(castling_bit(c, false) | castling_bit(c, true)));
    keep[square_of(kShortCastling.rook_file, home)] &=
        static_cast<std::uint8_t>(~castling_bit(c, false));
    keep[square_of(kLongCastling.rook_file, home)] &=
        static_cast<std::uint8_t>(~castling_bit(c, true));
  }
  return keep;
}

const std::array<std::uint8_t, kSquares>& castling_keep() {
  static const auto masks = make_castling_masks();
  return masks;
}

}  // namespace

const Geometry& geometry() {
  static const Geometry g = make_geometry();
  return g;
}

const ZobristKeys& zobrist() {
  static const ZobristKeys z = make_zobrist();
  return z;
}

std::uint64_t Position::compute_key() const {
  const ZobristKeys& z = zobrist();
  std::uint64_t k = 0;
  for (int s = 0; s < kSquares; ++s)
    if (board[s]) k ^= z.piece[board[s]][s];
  k ^= z.castling[castling];
  if (ep >= 0) k ^= z.ep[ep];
  k ^= z.extra[extra];
  if (side == Color::black) k ^= z.black_to_move;
  return k;
}

void Position::refresh() {
  kings = {-1, -1};
  for (int s = 0; s < kSquares; ++s)
    if (type_of(board[s]) == chess100::king)
      kings[int(color_of(board[s]))] = static_cast<std::int8_t>(s);
  hash = compute_key();
}

bool Position::same_as(const Position& other) const {
  return board == other.board && side == other.side && castling == other.castling &&
         ep == other.ep && extra == other.extra;
}

void make_move(Position& pos, const Move& move, Undo& undo) {
  const ZobristKeys& z = zobrist();
  const Color us = pos.side;
  const Color them = opposite(us);
  undo.castling = pos.castling;
  undo.ep = pos.ep;
  undo.extra = pos.extra;
  undo.kings = pos.kings;
  undo.halfmove = pos.halfmove;
  undo.key = pos.hash;
  undo.captured = 0;
  undo.captured_square = -1;

  std::uint64_t k = pos.hash;
  if (pos.ep >= 0) k ^= z.ep[pos.ep];
  pos.ep = -1;
  k ^= z.castling[pos.castling] ^ z.extra[pos.extra];

  const int from = move.from, to = move.to;
  const Piece mover = pos.board[from];
  bool resets_clock = type_of(mover) == pawn;
  int king_landed = -1;

  switch (move.kind) {
    case MoveKind::normal:
    case MoveKind::double_step:
    case MoveKind::en_passant: {
      const int taken = move.kind == MoveKind::en_passant
                            ? geometry().step[forward(them)][to]  // the pawn behind the target
                            : to;
      if (const Piece captured = pos.board[taken]) {
        undo.captured = captured;
        undo.captured_square = static_cast<std::int8_t>(taken);
        k ^= z.piece[captured][taken];
        pos.board[taken] = 0;
        if (type_of(captured) == king) pos.kings[int(them)] = -1;  // RULINGS §4.4 king capture
        resets_clock = true;
      }
      const Piece placed = move.promotion ? make_piece(us, move.promotion) : mover;
      k ^= z.piece[mover][from] ^ z.piece[placed][to];
      pos.board[from] = 0;
      pos.board[to] = placed;
      if (type_of(mover) == king) king_landed = to;
      if (move.kind == MoveKind::double_step) {
        // The en passant square is kept only when an enemy pawn stands beside the pawn.
        const Geometry& g = geometry();
        const Piece enemy_pawn = make_piece(them, pawn);
        const int e = g.step[east][to], w = g.step[west][to];
        if ((e >= 0 && pos.board[e] == enemy_pawn) || (w >= 0 && pos.board[w] == enemy_pawn)) {
          pos.ep = g.step[forward(us)][from];
          k ^= z.ep[pos.ep];
        }
      }
      break;
    }
    case MoveKind::castle_short:
    case MoveKind::castle_long: {
      const CastlingSide& cs = move.kind == MoveKind::castle_short ? kShortCastling : kLongCastling;
      const int home = home_rank(us);
      const int rook_from = square_of(cs.rook_file, home),
                rook_to = square_of(cs.rook_to_file, home);
      const Piece rook_piece = pos.board[rook_from];
      k ^= z.piece[mover][from] ^ z.piece[mover][to];
      k ^= z.piece[rook_piece][rook_from] ^ z.piece[rook_piece][rook_to];
      pos.board[from] = 0;
      pos.board[rook_from] = 0;
      pos.board[to] = mover;
      pos.board[rook_to] = rook_piece;
      king_landed = to;
      break;
    }
    case MoveKind::pawn_castle: {
      const Piece partner = pos.board[to];
      const Piece placed = move.promotion ? make_piece(us, move.promotion) : mover;
      k ^= z.piece[mover][from] ^ z.piece[placed][to];
      k ^= z.piece[partner][to] ^ z.piece[partner][from];
      pos.board[from] = partner;
      pos.board[to] = placed;
      if (type_of(partner) == king) king_landed = from;
      break;
    }
  }
  if (king_landed >= 0) {
    pos.kings[int(us)] = static_cast<std::int8_t>(king_landed);
    // The extra pawn (RULINGS §4.3): the right is used (or lost, with no empty square) when the
    // king reaches the enemy king's starting square.
    if (king_landed == king_start(them) && (pos.extra & extra_bit(us))) {
      pos.extra = static_cast<std::uint8_t>(pos.extra & ~extra_bit(us));
      if (move.extra >= 0) {
        const Piece p = make_piece(us, pawn);
        pos.board[move.extra] = p;
        k ^= z.piece[p][move.extra];
      }
    }
  }
  pos.castling &= castling_keep()[from] & castling_keep()[to];
  k ^= z.castling[pos.castling] ^ z.extra[pos.extra] ^ z.black_to_move;
  pos.halfmove = resets_clock ? 0 : pos.halfmove + 1;
  if (us == Color::black) ++pos.fullmove;
  pos.side = them;
  pos.hash = k;
}

void unmake_move(Position& pos, const Move& move, const Undo& undo) {
  const Color them = pos.side;
  const Color us = opposite(them);
  if (us == Color::black) --pos.fullmove;
  pos.side = us;
  const int from = move.from, to = move.to;
  if (move.extra >= 0 && pos.extra != undo.extra) pos.board[move.extra] = 0;
  switch (move.kind) {
    case MoveKind::normal:
    case MoveKind::double_step:
    case MoveKind::en_passant: {
      const Piece moved = move.promotion ? make_piece(us, pawn) : pos.board[to];
      pos.board[to] = 0;
      pos.board[from] = moved;
      if (undo.captured) pos.board[undo.captured_square] = undo.captured;
      break;
    }
    case MoveKind::castle_short:
    case MoveKind::castle_long: {
      const CastlingSide& cs = move.kind == MoveKind::castle_short ? kShortCastling : kLongCastling;
      const int home = home_rank(us);
      const int rook_from = square_of(cs.rook_file, home),
                rook_to = square_of(cs.rook_to_file, home);
      pos.board[from] = pos.board[to];
      pos.board[rook_from] = pos.board[rook_to];
      pos.board[to] = 0;
      pos.board[rook_to] = 0;
      break;
    }
    case MoveKind::pawn_castle: {
      const Piece partner = pos.board[from];
      pos.board[from] = make_piece(us, pawn);
      pos.board[to] = partner;
      break;
    }
  }
  pos.castling = undo.castling;
  pos.ep = undo.ep;
  pos.extra = undo.extra;
  pos.kings = undo.kings;
  pos.halfmove = undo.halfmove;
  pos.hash = undo.key;
}

bool attacked(const Position& pos, int square, Color by) {
  const Geometry& g = geometry();
  const auto& board = pos.board;
  const Piece pawn_p = make_piece(by, pawn);
  const Piece knight_p = make_piece(by, knight);
  const Piece general_p = make_piece(by, general);
  const Piece jester_p = make_piece(by, jester);

  for (int i = 0; i < g.knight_count[square]; ++i)
    if (board[g.knight[square][i]] == knight_p) return true;

  // Pawns take diagonally forward; a royal pawn (on the e-file) also diagonally back (RULINGS
  // §4.2).
  {
    const bool white = by == Color::white;
    const int behind[2] = {white ? south_east : north_east, white ? south_west : north_west};
    const int ahead[2] = {white ? north_east : south_east, white ? north_west : south_west};
    for (int d : behind) {
      const int s = g.step[d][square];
      if (s >= 0 && board[s] == pawn_p) return true;
    }
    for (int d : ahead) {
      const int s = g.step[d][square];
      if (s >= 0 && file_of(s) == kRoyalFile && board[s] == pawn_p) return true;
    }
  }

  // Lines: rook, queen, strong general along ranks and files; bishop, queen, strong jester along
  // diagonals; the short general and jester at 1 or 2 squares; the king at 1, the strong king at 2.
  for (int line = 0; line < 2; ++line) {
    const int* dirs = line == 0 ? kOrthogonal : kDiagonal;
    const PieceType slider = line == 0 ? rook : bishop;
    const PieceType short_piece = line == 0 ? general : jester;
    for (int i = 0; i < 4; ++i) {
      const int d = dirs[i];
      int distance = 1;
      for (int s = g.step[d][square]; s >= 0; s = g.step[d][s], ++distance) {
        const Piece p = board[s];
        if (!p) continue;
        if (color_of(p) != by) break;
        const PieceType t = type_of(p);
        const bool royal = file_of(s) == kRoyalFile;
        if (t == slider || t == queen) return true;
        if (t == short_piece && (distance <= 2 || royal)) return true;
        if (t == king && (distance == 1 || (distance == 2 && royal))) return true;
        break;
      }
    }
  }

  // Bending moves (RULINGS §4.2): a general diagonally adjacent, through either of the two
  // orthogonal squares between; a jester two squares away orthogonally, through either of the two
  // diagonal squares between. The path must be empty.
  for (int i = 0; i < 4; ++i) {
    const int d = kDiagonal[i];
    const int s = g.step[d][square];
    if (s < 0 || board[s] != general_p) continue;
    const int vertical = (d == north_east || d == north_west) ? north : south;
    const int horizontal = (d == north_east || d == south_east) ? east : west;
    if (!board[g.step[vertical][square]] || !board[g.step[horizontal][square]]) return true;
  }
  for (int i = 0; i < 4; ++i) {
    const int d = kOrthogonal[i];
    const int middle = g.step[d][square];
    if (middle < 0) continue;
    const int s = g.step[d][middle];
    if (s < 0 || board[s] != jester_p) continue;
    // The two squares diagonally adjacent to both: beside the middle square.
    const int side_a = g.step[(d == north || d == south) ? east : north][middle];
    const int side_b = g.step[(d == north || d == south) ? west : south][middle];
    if ((side_a >= 0 && !board[side_a]) || (side_b >= 0 && !board[side_b])) return true;
  }
  return false;
}

bool in_check(const Position& pos) {
  const int k = pos.king(pos.side);
  return k >= 0 && attacked(pos, k, opposite(pos.side));
}

}  // namespace doska::chess100
