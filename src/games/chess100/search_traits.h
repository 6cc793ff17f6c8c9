// 100-square chess seen by the generic search (src/search/search.h): the safe moves, the key kept
// by make_move, the evaluation of eval.h, and the moves that end the game at once (king capture,
// castling across an attacked square) as terminal positions.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "games/chess100/eval.h"
#include "games/chess100/movegen.h"
#include "games/chess100/notation.h"
#include "games/chess100/position.h"
#include "search/types.h"

namespace doska::chess100 {

struct SearchPosition {
  Position pos;
  // The game ended with the move that led here: +1 the side to move won (the opponent castled
  // across an attacked square), -1 it lost (its king was captured), 0 not ended.
  int decided = 0;
  // The side to move is in check: found once per node, used by quiescence and the generators.
  bool checked = false;
};

struct SearchTraits {
  using Position = SearchPosition;
  using Move = chess100::Move;
  using MoveList = chess100::MoveList;
  static constexpr int kReversibleLimit = 100;  // the 50-move rule (RULINGS §4.4)

  static Position make(const chess100::Position& pos) { return {pos, 0, in_check(pos)}; }

  static void generate(const Position& p, MoveList& list) {
    if (p.decided || p.pos.king(p.pos.side) < 0) return;
    MoveList all;
    generate_moves(p.pos, all);
    SafetyTest test(p.pos, p.checked);
    for (const Move& m : all)
      if (test.safe(m)) list.push(m);
  }
  static void generate_noisy(const Position& p, MoveList& list) {
    if (p.decided || p.pos.king(p.pos.side) < 0) return;
    MoveList all;
    generate_moves(p.pos, all);
    SafetyTest test(p.pos, p.checked);
    for (const Move& m : all)
      if (!is_quiet(p, m) && test.safe(m)) list.push(m);
  }
  static bool stand_pat_allowed(const Position& p) { return !p.decided && !p.checked; }

  static Position after(const Position& p, const Move& m) {
    Position next = p;
    const bool ends = move_ends_game(p.pos, m);
    const bool king_taken = ends && m.kind == MoveKind::normal;
    Undo undo;
    make_move(next.pos, m, undo);
    next.decided = ends ? (king_taken ? -1 : 1) : 0;
    next.checked = !ends && in_check(next.pos);
    return next;
  }
  // A pass, for null-move pruning: not in check, and with a piece besides pawns and the king,
  // where zugzwang is rare.
  static bool null_move_allowed(const Position& p) {
    if (p.decided || p.checked) return false;
    for (const Piece piece : p.pos.board)
      if (piece && color_of(piece) == p.pos.side && type_of(piece) != pawn &&
          type_of(piece) != king)
        return true;
    return false;
  }
  static Position null_move(const Position& p) {
    Position next = p;
    const ZobristKeys& z = zobrist();
    if (next.pos.ep >= 0) next.pos.hash ^= z.ep[next.pos.ep];
    next.pos.ep = -1;
    next.pos.side = opposite(next.pos.side);
    next.pos.hash ^= z.black_to_move;
    next.checked = in_check(next.pos);
    return next;
  }
  static std::uint64_t key(const Position& p) {
    return p.pos.key() ^ static_cast<std::uint64_t>(p.decided & 3);
  }
  static search::Value evaluate(const Position& p) { return chess100::evaluate(p.pos); }
  // Checkmate loses, stalemate draws (RULINGS §4.4); a decided position as decided.
  static search::Value no_moves_value(const Position& p) {
    if (p.decided) return p.decided;
    if (p.pos.king(p.pos.side) < 0) return -1;
    return p.checked ? -1 : 0;
  }
  static bool irreversible(const Position& p, const Move& m) {
    return type_of(p.pos.at(m.from)) == pawn || m.kind != MoveKind::normal || p.pos.at(m.to) ||
           m.extra >= 0;
  }
  static std::uint32_t move_id(const Move& m) {
    return 0x80000000u | static_cast<std::uint32_t>(m.from) |
           static_cast<std::uint32_t>(m.to) << 7 | static_cast<std::uint32_t>(m.kind) << 14 |
           static_cast<std::uint32_t>(m.promotion) << 17 |
           static_cast<std::uint32_t>(m.extra + 1) << 21;
  }
  static int history_index(const Move& m) { return (m.from % 64) * 64 + m.to % 64; }
  static bool is_quiet(const Position& p, const Move& m) {
    return m.kind != MoveKind::en_passant && !m.promotion &&
           !(m.kind == MoveKind::normal && p.pos.at(m.to));
  }
  // Most valuable victim, then least valuable attacker (MVV-LVA); a promotion counts its gain.
  static int order_noisy(const Position& p, const Move& m) {
    return noisy_gain(p, m) * 8 - kEval.material[type_of(p.pos.at(m.from))] / 100;
  }
  // The material a noisy move wins at most: the victim (the king counts above everything) and
  // what a promotion adds.
  static search::Value noisy_gain(const Position& p, const Move& m) {
    int gain = 0;
    if (m.kind == MoveKind::en_passant) {
      gain = kEval.material[pawn];
    } else if (m.kind == MoveKind::normal && p.pos.at(m.to)) {
      const PieceType victim = type_of(p.pos.at(m.to));
      gain = victim == king ? 10 * kEval.material[queen] : kEval.material[victim];
    }
    if (m.promotion) gain += kEval.material[m.promotion] - kEval.material[pawn];
    return gain;
  }
  // What a noisy move can add beyond its material gain, through the evaluation's other terms.
  static constexpr search::Value kDeltaMargin = 200;
  // Not searched in quiescence: a free promotion on the enemy king's square to anything but a
  // queen, and a capture of a defended piece by a more valuable one (it loses material unless
  // something else is going on, which the full-width search will see).
  static bool skip_in_quiescence(const Position& p, const Move& m) {
    if (m.promotion && m.promotion != queen && m.to == king_start(opposite(p.pos.side)))
      return true;
    if (m.kind != MoveKind::normal || !p.pos.at(m.to)) return false;
    const int attacker = kEval.material[type_of(p.pos.at(m.from))];
    const int victim = kEval.material[type_of(p.pos.at(m.to))];
    if (m.promotion || attacker <= victim + 50) return false;
    return attacked(p.pos, m.to, opposite(p.pos.side));
  }
  static std::string move_text(const Position&, const Move& m) { return chess100::move_text(m); }
  static int side_index(const Position& p) { return static_cast<int>(p.pos.side); }
};

}  // namespace doska::chess100
