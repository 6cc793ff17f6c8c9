#include "games/chess100/movegen.h"

namespace doska::chess100 {

namespace {

bool is_royal(int square) {
  return file_of(square) == kRoyalFile;
}

// A pawn move, with its promotions on the last rank (RULINGS §4.3).
void push_pawn_move(MoveList& list, Color us, int from, int to, MoveKind kind) {
  if (rank_of(to) != last_rank(us)) {
    list.push({static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), kind, no_piece, -1});
    return;
  }
  if (to == king_start(opposite(us))) {
    for (PieceType t : kFreePromotions)
      list.push({static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), kind, t, -1});
    return;
  }
  list.push({static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), kind,
             promotion_by_square(file_of(to)), -1});
}

// Pawn castling partners: queen, bishop, jester or king (RULINGS §4.3 and its ruling).
bool castles_with_pawn(PieceType t) {
  return t == queen || t == bishop || t == jester || t == king;
}

void generate_pawn(const Position& pos, int from, MoveList& list) {
  const Geometry& g = geometry();
  const Color us = pos.side;
  const int ahead = forward(us);
  const bool royal = is_royal(from);
  const int diagonals_ahead[2] = {us == Color::white ? north_east : south_east,
                                  us == Color::white ? north_west : south_west};
  const int diagonals_behind[2] = {us == Color::white ? south_east : north_east,
                                   us == Color::white ? south_west : north_west};

  const int one = g.step[ahead][from];
  if (one >= 0 && !pos.board[one]) {
    push_pawn_move(list, us, from, one, MoveKind::normal);
    // The double step from the own second rank, whatever the pawn's history (RULINGS §4.2).
    if (rank_of(from) == pawn_rank(us)) {
      const int two = g.step[ahead][one];
      if (two >= 0 && !pos.board[two])
        list.push({static_cast<std::int8_t>(from), static_cast<std::int8_t>(two),
                   MoveKind::double_step, no_piece, -1});
    }
  }
  for (int d : diagonals_ahead) {
    const int to = g.step[d][from];
    if (to < 0) continue;
    const Piece p = pos.board[to];
    if (!p) {
      if (to == pos.ep)
        list.push({static_cast<std::int8_t>(from), static_cast<std::int8_t>(to),
                   MoveKind::en_passant, no_piece, -1});
    } else if (color_of(p) != us) {
      push_pawn_move(list, us, from, to, MoveKind::normal);
    } else if (castles_with_pawn(type_of(p))) {
      push_pawn_move(list, us, from, to, MoveKind::pawn_castle);
    }
  }
  if (!royal) return;
  // A royal pawn: one step straight back, captures and pawn castling diagonally back
  // (RULINGS §4.2, §4.3). No backward double step or en passant.
  const int back = g.step[ahead == north ? south : north][from];
  if (back >= 0 && !pos.board[back]) push_pawn_move(list, us, from, back, MoveKind::normal);
  for (int d : diagonals_behind) {
    const int to = g.step[d][from];
    if (to < 0) continue;
    const Piece p = pos.board[to];
    if (!p) continue;
    if (color_of(p) != us)
      push_pawn_move(list, us, from, to, MoveKind::normal);
    else if (castles_with_pawn(type_of(p)))
      push_pawn_move(list, us, from, to, MoveKind::pawn_castle);
  }
}

bool free_or_enemy(const Position& pos, int to, Color us) {
  const Piece p = pos.board[to];
  return !p || color_of(p) != us;
}

void push(MoveList& list, int from, int to) {
  list.push({static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), MoveKind::normal,
             no_piece, -1});
}

// Along `dir` up to `limit` squares (0: the whole line), stopping at the first piece.
void generate_line(const Position& pos, int from, int dir, int limit, MoveList& list) {
  const Geometry& g = geometry();
  int distance = 0;
  for (int s = g.step[dir][from]; s >= 0; s = g.step[dir][s]) {
    const Piece p = pos.board[s];
    if (p && color_of(p) == pos.side) return;
    push(list, from, s);
    if (p || ++distance == limit) return;
  }
}

// A king move to `to`; with the extra pawn right, onto the enemy king's starting square, one move
// per empty square of the own pawn rank (RULINGS §4.3).
void push_king_move(const Position& pos, MoveList& list, int from, int to, MoveKind kind) {
  const Color us = pos.side;
  if (to == king_start(opposite(us)) && (pos.extra & extra_bit(us))) {
    bool any = false;
    for (int f = 0; f < kFiles; ++f) {
      const int s = square_of(f, pawn_rank(us));
      if (pos.board[s]) continue;
      list.push({static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), kind, no_piece,
                 static_cast<std::int8_t>(s)});
      any = true;
    }
    if (any) return;  // with no empty square the right is simply lost (make_move)
  }
  list.push({static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), kind, no_piece, -1});
}

void generate_king(const Position& pos, int from, MoveList& list) {
  const Geometry& g = geometry();
  const Color us = pos.side;
  // One square; on the e-file up to two, not passing over a piece (RULINGS §4.2).
  const bool strong = is_royal(from);
  for (int d = 0; d < 8; ++d) {
    const int one = g.step[d][from];
    if (one < 0) continue;
    if (free_or_enemy(pos, one, us)) push_king_move(pos, list, from, one, MoveKind::normal);
    if (!strong || pos.board[one]) continue;
    const int two = g.step[d][one];
    if (two >= 0 && free_or_enemy(pos, two, us))
      push_king_move(pos, list, from, two, MoveKind::normal);
  }
  // Royal castling (RULINGS §4.3): king and rook unmoved (the rights), the squares between them
  // empty; allowed out of check; attacked crossed squares are judged by castling_crosses_attack.
  if (from != king_start(us)) return;
  const int home = home_rank(us);
  for (bool long_side : {false, true}) {
    if (!(pos.castling & castling_bit(us, long_side))) continue;
    const CastlingSide& cs = long_side ? kLongCastling : kShortCastling;
    if (pos.board[square_of(cs.rook_file, home)] != make_piece(us, rook)) continue;
    bool empty = true;
    for (int f = cs.first_between; f <= cs.last_between; ++f)
      if (pos.board[square_of(f, home)]) empty = false;
    if (!empty) continue;
    list.push({static_cast<std::int8_t>(from),
               static_cast<std::int8_t>(square_of(cs.king_to_file, home)),
               long_side ? MoveKind::castle_long : MoveKind::castle_short, no_piece, -1});
  }
}

void generate_general(const Position& pos, int from, MoveList& list) {
  const Geometry& g = geometry();
  // 1 or 2 squares orthogonally; on the e-file a full rook (RULINGS §4.2).
  const int limit = is_royal(from) ? 0 : 2;
  for (int d : kOrthogonal) generate_line(pos, from, d, limit, list);
  // Bending: one square diagonally through an empty orthogonal neighbour (either of the two).
  for (int d : kDiagonal) {
    const int to = g.step[d][from];
    if (to < 0 || !free_or_enemy(pos, to, pos.side)) continue;
    const int vertical = (d == north_east || d == north_west) ? north : south;
    const int horizontal = (d == north_east || d == south_east) ? east : west;
    if (!pos.board[g.step[vertical][from]] || !pos.board[g.step[horizontal][from]])
      push(list, from, to);
  }
}

void generate_jester(const Position& pos, int from, MoveList& list) {
  const Geometry& g = geometry();
  // 1 or 2 squares diagonally; on the e-file a full bishop (RULINGS §4.2).
  const int limit = is_royal(from) ? 0 : 2;
  for (int d : kDiagonal) generate_line(pos, from, d, limit, list);
  // Bending: two diagonal steps at a right angle through an empty diagonal neighbour, landing two
  // squares away orthogonally.
  for (int d : kOrthogonal) {
    const int middle = g.step[d][from];
    if (middle < 0) continue;
    const int to = g.step[d][middle];
    if (to < 0 || !free_or_enemy(pos, to, pos.side)) continue;
    const int side_a = g.step[(d == north || d == south) ? east : north][middle];
    const int side_b = g.step[(d == north || d == south) ? west : south][middle];
    if ((side_a >= 0 && !pos.board[side_a]) || (side_b >= 0 && !pos.board[side_b]))
      push(list, from, to);
  }
}

}  // namespace

void generate_moves(const Position& pos, MoveList& list) {
  const Geometry& g = geometry();
  const Color us = pos.side;
  for (int from = 0; from < kSquares; ++from) {
    const Piece p = pos.board[from];
    if (!p || color_of(p) != us) continue;
    switch (type_of(p)) {
      case pawn:
        generate_pawn(pos, from, list);
        break;
      case knight:
        for (int i = 0; i < g.knight_count[from]; ++i) {
          const int to = g.knight[from][i];
          if (free_or_enemy(pos, to, us)) push(list, from, to);
        }
        break;
      case bishop:
        for (int d : kDiagonal) generate_line(pos, from, d, 0, list);
        break;
      case rook:
        for (int d : kOrthogonal) generate_line(pos, from, d, 0, list);
        break;
      case queen:
        for (int d = 0; d < 8; ++d) generate_line(pos, from, d, 0, list);
        break;
      case general:
        generate_general(pos, from, list);
        break;
      case jester:
        generate_jester(pos, from, list);
        break;
      case king:
        generate_king(pos, from, list);
        break;
      default:
        break;
    }
  }
}

bool leaves_king_attacked(Position& pos, const Move& move) {
  const Color us = pos.side;
  Undo undo;
  make_move(pos, move, undo);
  const int own_king = pos.king(us);
  // Capturing the enemy king ends the game at once: such a move is always safe.
  const bool unsafe =
      pos.king(opposite(us)) >= 0 && own_king >= 0 && attacked(pos, own_king, opposite(us));
  unmake_move(pos, move, undo);
  return unsafe;
}

SafetyTest::SafetyTest(const Position& pos) : SafetyTest(pos, chess100::in_check(pos)) {}

SafetyTest::SafetyTest(const Position& pos, bool in_check)
    : work_(pos), king_(pos.king(pos.side)), in_check_(in_check) {}

bool SafetyTest::safe(const Move& move) {
  if (king_ >= 0 && !in_check_ && move.kind != MoveKind::en_passant && move.from != king_ &&
      !(move.kind == MoveKind::pawn_castle && move.to == king_)) {
    const int files = file_of(move.from) - file_of(king_);
    const int ranks = rank_of(move.from) - rank_of(king_);
    if (files != 0 && ranks != 0 && files != ranks && files != -ranks) return true;
  }
  return !leaves_king_attacked(work_, move);
}

void generate_safe_moves(const Position& pos, MoveList& list) {
  MoveList all;
  generate_moves(pos, all);
  SafetyTest test(pos);
  for (const Move& m : all)
    if (test.safe(m)) list.push(m);
}

bool castling_crosses_attack(const Position& pos, const Move& move) {
  if (!move.is_castling()) return false;
  const CastlingSide& cs = move.kind == MoveKind::castle_short ? kShortCastling : kLongCastling;
  Position without_king = pos;
  without_king.board[move.from] = 0;
  const int home = home_rank(pos.side);
  for (int f : cs.crossed_files)
    if (attacked(without_king, square_of(f, home), opposite(pos.side))) return true;
  return false;
}

bool move_ends_game(const Position& pos, const Move& move) {
  if (move.kind == MoveKind::normal) {
    const Piece p = pos.board[move.to];
    return p && type_of(p) == king && color_of(p) != pos.side;
  }
  return castling_crosses_attack(pos, move);
}

namespace {

std::uint64_t perft_recursive(Position& pos, int depth) {
  MoveList list;
  generate_moves(pos, list);
  std::uint64_t nodes = 0;
  const Color us = pos.side;
  for (const Move& m : list) {
    const bool ends = depth > 1 && move_ends_game(pos, m);
    Undo undo;
    make_move(pos, m, undo);
    const int own_king = pos.king(us);
    const bool safe =
        pos.king(opposite(us)) < 0 || own_king < 0 || !attacked(pos, own_king, opposite(us));
    if (safe) {
      if (depth == 1)
        ++nodes;
      else if (!ends)
        nodes += perft_recursive(pos, depth - 1);
    }
    unmake_move(pos, m, undo);
  }
  return nodes;
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  Position work = pos;
  return perft_recursive(work, depth);
}

}  // namespace doska::chess100
