// The mill family seen by the generic search (src/search/search.h). A Ceylon extra turn keeps the
// side to move; the search reads that from side_index.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "games/mill/egdb.h"
#include "games/mill/movegen.h"
#include "games/mill/notation.h"
#include "games/mill/position.h"
#include "search/types.h"

namespace doska::mill {

// Evaluation weights, from the side to move; 100 = one piece (board and hand together).
struct EvalParams {
  int piece;
  int mill;           // a standing mill
  int open_mill;      // two pieces of a line with the third point empty
  int mobility;       // per step to an adjacent empty point (moving phase)
  int blocked_piece;  // a piece with no adjacent empty point (moving phase)
  int closable_mill;  // an open mill that the side can close on its next turn (a piece in hand,
                      // or one a step from the empty point, not of that line)
  int running_mill;   // a piece in a mill that one step puts in another mill: it closes a mill,
                      // with a removal (and in Ceylon an extra turn), every second turn
};
inline constexpr EvalParams kMillEval{100, 30, 20, 4, -8, 25, 60};

template <const Rules& R>
search::Value evaluate(const Position& pos) {
  constexpr const Board& B = *R.board;
  const Bitboard empty = pos.empty();
  int score[2] = {0, 0};
  for (int s = 0; s < 2; ++s) {
    const Side side = static_cast<Side>(s);
    const Bitboard us = pos.of(side);
    int v = pos.total(side) * kMillEval.piece;
    for (int i = 0; i < B.line_count; ++i) {
      const Bitboard line = B.lines[i];
      const int mine = count(us & line);
      if (mine == 3)
        v += kMillEval.mill;
      else if (mine == 2 && count(empty & line) == 1) {
        v += kMillEval.open_mill;
        const Bitboard hole = empty & line;
        const bool flying = pos.in_hand(side) == 0 && pos.on_board(side) <= R.flying_at;
        if (pos.in_hand(side) > 0 || flying || (B.adjacent[lowest_point(hole)] & us & ~line))
          v += kMillEval.closable_mill;
      }
    }
    if (pos.in_hand(side) == 0 && pos.on_board(side) > R.flying_at) {
      for (Bitboard b = us; b; b &= b - 1) {
        const int p = lowest_point(b);
        bool in_mill = false;
        for (const Bitboard partners : B.partners[p]) in_mill |= (partners & us) == partners;
        if (!in_mill) continue;
        for (Bitboard steps = B.adjacent[p] & empty; steps; steps &= steps - 1) {
          const int to = lowest_point(steps);
          bool closes = false;
          for (const Bitboard partners : B.partners[to])
            closes |= !(partners & bit(p)) && (partners & us) == partners;
          if (closes) {
            v += kMillEval.running_mill;
            break;
          }
        }
      }
    }
    if (pos.in_hand(side) == 0 && pos.on_board(side) > R.flying_at) {
      for (Bitboard b = us; b; b &= b - 1) {
        const int steps = count(B.adjacent[lowest_point(b)] & empty);
        v += steps * kMillEval.mobility;
        if (steps == 0) v += kMillEval.blocked_piece;
      }
    }
    score[s] = v;
  }
  const int white = score[0] - score[1];
  return pos.side == Side::white ? white : -white;
}

// The position the search sees: the game's position and the endgame databases (egdb.h) the
// engine probes, nullptr when none.
struct TabledPosition {
  mill::Position pos;
  const egdb::Database* tables = nullptr;
};

template <const Rules& R>
struct SearchTraits {
  using Gen = Generator<R>;
  using Position = TabledPosition;
  using Move = mill::Move;
  using MoveList = mill::MoveList;
  // The 50-move rule (RULINGS §3.2), counted here over moves without placement or removal.
  static constexpr int kReversibleLimit = 100;

  static Position make(const mill::Position& pos) { return {pos, nullptr}; }
  static void generate(const Position& p, MoveList& list) { Gen::generate(p.pos, list); }
  static void generate_noisy(const Position& p, MoveList& list) {
    MoveList all;
    Gen::generate(p.pos, all);
    list.clear();
    for (const Move& m : all)
      if (m.is_removal()) list.push(m);
  }
  static bool stand_pat_allowed(const Position&) { return true; }
  static Position after(const Position& p, const Move& m) {
    Position next = p;
    play(next.pos, m);
    return next;
  }
  static std::uint64_t key(const Position& p) { return p.pos.key(); }
  static search::Value evaluate(const Position& p) { return mill::evaluate<R>(p.pos); }
  // Down to two pieces loses (even when it is the other side's turn), as does having no move.
  static search::Value no_moves_value(const Position& p) {
    if (Gen::lost_by_material(p.pos, opposite(p.pos.side)) &&
        !Gen::lost_by_material(p.pos, p.pos.side))
      return 1;
    return -1;
  }
  static bool irreversible(const Position&, const Move& m) {
    return m.is_placement() || m.is_removal();
  }
  static std::uint32_t move_id(const Move& m) {
    return 0x80000000u | m.from | (std::uint32_t{m.to} << 8) | (std::uint32_t{m.removed} << 16);
  }
  static int history_index(const Move& m) { return (m.from % 32) * 32 + m.to % 32; }
  static bool is_quiet(const Position&, const Move& m) { return !m.is_removal(); }
  static int order_noisy(const Position&, const Move&) { return 0; }
  static std::string move_text(const Position&, const Move& m) { return mill::move_text(m); }
  static int side_index(const Position& p) { return static_cast<int>(p.pos.side); }

  // Endgame databases of the moving phase (docs/egdb.md); mill and mixed mill share theirs.
  using TableSet = egdb::Database;
  static std::string table_game() { return egdb::table_game(R); }
  static Result<std::shared_ptr<TableSet>> open_tables(const std::string& dir) {
    return egdb::Database::open(R, dir);
  }
  static void use_tables(Position& p, const TableSet* t) { p.tables = t; }
  static bool in_tables(const Position& p) {
    return p.tables && p.pos.hand[0] == 0 && p.pos.hand[1] == 0 &&
           p.pos.on_board(Side::white) <= p.tables->largest_side() &&
           p.pos.on_board(Side::black) <= p.tables->largest_side();
  }
  static std::optional<search::TableValue> probe_table(const Position& p) {
    if (!p.tables) return std::nullopt;
    const auto v = p.tables->probe(p.pos);
    if (!v) return std::nullopt;
    return search::TableValue{static_cast<int>(v->outcome), v->plies};
  }
};

}  // namespace doska::mill
