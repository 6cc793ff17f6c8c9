// The one move generator of the mill family. Its behaviour is set at compile time by a Rules
// record (rules.h), so that each variant gets a specialised generator with no run-time branching
// on the rules in the hot path.
#pragma once

#include <cassert>
#include <cstdint>

#include "common/move_list.h"

#include "games/mill/board.h"
#include "games/mill/position.h"
#include "games/mill/rules.h"

namespace doska::mill {

// Above any position of the family: at most 3 * 21 flights or 24 placements plus 48 steps,
// times at most 12 removal choices.
using MoveList = FixedMoveList<Move, 1024>;

template <const Rules& R>
class Generator {
 public:
  static constexpr const Board& B = *R.board;

  // The game is over by material: a player is down to losing_count pieces, on the board and in
  // hand (004; RULINGS §3.2). Such a position has no moves (REFERENCE.md).
  static bool lost_by_material(const Position& pos, Side s) {
    return pos.total(s) <= R.losing_count;
  }
  static bool over_by_material(const Position& pos) {
    return lost_by_material(pos, Side::white) || lost_by_material(pos, Side::black);
  }

  // The opposing pieces a mill may remove now (004: not from a mill unless all stand in mills).
  static Bitboard removable(const Position& pos) {
    const Bitboard them = pos.of(opposite(pos.side));
    if constexpr (R.protection == Protection::none) return them;
    const Bitboard free = them & ~B.in_mills(them);
    return free ? free : them;
  }

  // May the side to move place a piece / move a piece on the board / fly?
  static bool may_place(const Position& pos) { return pos.in_hand(pos.side) > 0; }
  static bool may_move(const Position& pos) {
    return pos.in_hand(pos.side) == 0 || R.placement == Placement::place_or_move;
  }
  static bool may_fly(const Position& pos) {
    return pos.in_hand(pos.side) == 0 && pos.on_board(pos.side) <= R.flying_at;
  }

  // Every legal move (RULINGS §3.2-3.4); each removal choice is a move of its own.
  static void generate(const Position& pos, MoveList& list) { generate_into<false>(pos, list); }

  // The legal moves that remove a piece, in the order generate() gives them: the quiescence
  // search's moves, without writing out the quiet ones first.
  static void generate_removals(const Position& pos, MoveList& list) {
    generate_into<true>(pos, list);
  }

  // The number of legal moves, without writing them out.
  static std::uint64_t count_moves(const Position& pos) {
    if (over_by_material(pos)) return 0;
    const Bitboard us = pos.of(pos.side);
    const Bitboard empty = pos.empty();
    // Each mill-closing move counts once per removal choice (once if there is nothing to remove).
    const int extra = victims_extra(count(removable(pos)));
    std::uint64_t total = 0;
    if (may_place(pos)) {
      total += count(empty);
      if constexpr (R.mill_by_placement != MillReward::extra_turn)
        total += std::uint64_t(count(B.closing_points(us, empty))) * extra;
    }
    if (may_move(pos)) {
      const bool fly = may_fly(pos);
      constexpr bool removes = R.mill_by_move != MillReward::extra_turn;
      for (Bitboard f = us; f; f &= f - 1) {
        const int from = lowest_point(f);
        const Bitboard t = fly ? empty : B.adjacent[from] & empty;
        total += count(t);
        if (removes && t) {
          const Bitboard rest = us & ~bit(from);
          total += std::uint64_t(count(B.closing_points(rest, t))) * extra;
        }
      }
    }
    return total;
  }

  // Leaves of the move tree at `depth` plies (perft), counting the last ply in bulk.
  static std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return count_moves(pos);
    MoveList list;
    generate(pos, list);
    std::uint64_t total = 0;
    for (const Move& move : list) {
      Position next = pos;
      play(next, move);
      total += perft(next, depth - 1);
    }
    return total;
  }

 private:
  static int victims_extra(int victims) { return victims > 0 ? victims - 1 : 0; }

  template <bool kOnlyRemovals>
  static void generate_into(const Position& pos, MoveList& list) {
    list.clear();
    if (over_by_material(pos)) return;
    const Bitboard us = pos.of(pos.side);
    const Bitboard empty = pos.empty();
    const Bitboard victims = removable(pos);
    if (kOnlyRemovals && !victims) return;
    constexpr bool kPlace = !kOnlyRemovals || R.mill_by_placement != MillReward::extra_turn;
    constexpr bool kMove = !kOnlyRemovals || R.mill_by_move != MillReward::extra_turn;
    if (kPlace && may_place(pos)) {
      for (Bitboard e = kOnlyRemovals ? B.closing_points(us, empty) : empty; e; e &= e - 1) {
        const int to = lowest_point(e);
        add(list, kNoPoint, to, kOnlyRemovals || B.closes_mill(us, to), R.mill_by_placement,
            victims);
      }
    }
    if (kMove && may_move(pos)) {
      const bool fly = may_fly(pos);
      for (Bitboard f = us; f; f &= f - 1) {
        const int from = lowest_point(f);
        const Bitboard rest = us & ~bit(from);
        for (Bitboard t = fly ? empty : B.adjacent[from] & empty; t; t &= t - 1) {
          const int to = lowest_point(t);
          const bool closes = B.closes_mill(rest, to);
          if (kOnlyRemovals && !closes) continue;
          add(list, from, to, closes, R.mill_by_move, victims);
        }
      }
    }
    assert(!list.overflowed());
  }

  static void add(MoveList& list, int from, int to, bool closes, MillReward reward,
                  Bitboard victims) {
    const auto f = static_cast<std::uint8_t>(from), t = static_cast<std::uint8_t>(to);
    if (!closes) {
      list.push({f, t, kNoPoint, false});
      return;
    }
    if (reward == MillReward::extra_turn) {
      list.push({f, t, kNoPoint, true});
      return;
    }
    const bool again = reward == MillReward::removal_and_extra_turn;
    // With no opposing piece on the board (the opponent still places) there is nothing to
    // remove: the mill is closed all the same (docs/mill.md).
    if (!victims) list.push({f, t, kNoPoint, again});
    for (Bitboard v = victims; v; v &= v - 1)
      list.push({f, t, static_cast<std::uint8_t>(lowest_point(v)), again});
  }
};

}  // namespace doska::mill
