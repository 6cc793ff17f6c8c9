// The one move generator of the draughts family. Its behaviour is set at compile time by a Rules
// record (rules.h), so that each variant gets a specialised generator with no run-time branching
// on the rules in the hot path.
#pragma once

#include <cstdint>

#include "common/move_list.h"

#include "games/draughts/board.h"
#include "games/draughts/position.h"
#include "games/draughts/rules.h"

namespace doska::draughts {

// Far above any position reachable in play.
using MoveList = FixedMoveList<Move, 1024>;

template <const Rules& R>
class Generator {
 public:
  using G = Geometry<R.board_size>;

  // Every distinct legal move (RULINGS §1.2). Captures are compulsory (000 §3.1; 002 §1.5.3; 004).
  static void generate(const Position& pos, MoveList& list) {
    list.clear();
    if (pos.side == Side::white)
      generate_side<Side::white>(pos, list);
    else
      generate_side<Side::black>(pos, list);
  }

  // Captures only (empty if there is none).
  static void generate_captures(const Position& pos, MoveList& list) {
    list.clear();
    if (pos.side == Side::white)
      captures<Side::white>(pos, list);
    else
      captures<Side::black>(pos, list);
  }

  // Non-capturing moves only, whether or not a capture exists (used by huffing, RULINGS §1.2).
  static void generate_quiet(const Position& pos, MoveList& list) {
    list.clear();
    if (pos.side == Side::white)
      quiet<Side::white>(pos, list);
    else
      quiet<Side::black>(pos, list);
  }

  // The men's steps onto the promotion row (000 §2.4; 002 §1.4.4), for quiescence: call only
  // where no capture is due.
  static void generate_promotions(const Position& pos, MoveList& list) {
    list.clear();
    if (pos.side == Side::white)
      promotions<Side::white>(pos, list);
    else
      promotions<Side::black>(pos, list);
  }

  // The men's steps that offer the man to an opponent's man (for quiescence, in positions without
  // kings where no capture is due): onto a square next to an opponent's man that may capture in
  // that direction, with the square beyond free once the man has left. Steps onto the promotion
  // row are left out (generate_promotions has them).
  static void generate_offers(const Position& pos, MoveList& list) {
    list.clear();
    if (pos.side == Side::white)
      offers<Side::white>(pos, list);
    else
      offers<Side::black>(pos, list);
  }

  // Whether an offer of generate_offers (no king on the board) is an exchange: the opponent then
  // has a capture, every capture it may choose takes one man, and after each a capture back is
  // due. With men alone a capture takes two pieces or more exactly where a first jump may go on
  // from where it lands, so the captures are read off the bitboards instead of being generated.
  static bool offer_is_exchange(const Position& pos, const Move& offer) {
    return pos.side == Side::white ? exchange<Side::white>(pos, offer)
                                   : exchange<Side::black>(pos, offer);
  }

  static bool has_capture(const Position& pos) {
    return pos.side == Side::white ? can_capture<Side::white>(pos) : can_capture<Side::black>(pos);
  }

  // The number of distinct legal moves, without generating quiet moves one by one.
  static std::uint64_t count_moves(const Position& pos) {
    return pos.side == Side::white ? count_side<Side::white>(pos) : count_side<Side::black>(pos);
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
  static constexpr Bitboard promotion_row(Side s) {
    return s == Side::white ? G::kTopRow : G::kBottomRow;
  }
  static constexpr Direction forward_left(Side s) {
    return s == Side::white ? kNorthWest : kSouthWest;
  }
  static constexpr Direction forward_right(Side s) {
    return s == Side::white ? kNorthEast : kSouthEast;
  }

  // Directions in which a man of side s may capture: forward, and backward where allowed.
  static constexpr unsigned man_capture_directions(Side s) {
    if (R.men_capture_backward) return 0b1111;
    return s == Side::white ? 0b0011 : 0b1100;
  }

  // The squares reached from `kings` moving along d over empty squares (the kings included).
  static Bitboard ray_fill(Bitboard kings, Bitboard empty, Direction d) {
    Bitboard reach = kings;
    for (int i = 0; i < R.board_size - 1; ++i) {
      Bitboard next = reach | (G::shift(reach, d) & empty);
      if (next == reach) break;
      reach = next;
    }
    return reach;
  }

  // Where pieces standing on `from` land, jumping along d over a piece of `over`.
  static Bitboard jump_lands(Bitboard from, Bitboard over, Bitboard empty, Direction d) {
    return G::shift(G::shift(from, d) & over, d) & empty;
  }
  template <Direction D>
  static Bitboard jump_lands(Bitboard from, Bitboard over, Bitboard empty) {
    return jump_lands(from, over, empty, D);
  }

  template <Side S>
  static bool can_capture(const Position& pos) {
    const Bitboard empty = G::kBoard & ~pos.occupied();
    const Bitboard opponent = pos.pieces(opposite(S));
    const Bitboard men = pos.men(S);
    const Bitboard kings = pos.kings_of(S);
    // The men's jumps in fixed shifts, the kings' (rarer) after.
    Bitboard lands = 0;
    if constexpr ((man_capture_directions(S) & 0b0001) != 0)
      lands |= jump_lands<kNorthWest>(men, opponent, empty);
    if constexpr ((man_capture_directions(S) & 0b0010) != 0)
      lands |= jump_lands<kNorthEast>(men, opponent, empty);
    if constexpr ((man_capture_directions(S) & 0b0100) != 0)
      lands |= jump_lands<kSouthWest>(men, opponent, empty);
    if constexpr ((man_capture_directions(S) & 0b1000) != 0)
      lands |= jump_lands<kSouthEast>(men, opponent, empty);
    if (lands) return true;
    if (!kings) return false;
    for (int i = 0; i < 4; ++i) {
      const Direction d = static_cast<Direction>(i);
      const Bitboard attackers = R.flying_kings ? ray_fill(kings, empty, d) : kings;
      if (jump_lands(attackers, opponent, empty, d)) return true;
    }
    return false;
  }

  template <Side S>
  static void generate_side(const Position& pos, MoveList& list) {
    if (can_capture<S>(pos))
      captures<S>(pos, list);
    else
      quiet<S>(pos, list);
  }

  template <Side S>
  static std::uint64_t count_side(const Position& pos) {
    if (can_capture<S>(pos)) {
      MoveList list;
      captures<S>(pos, list);
      return static_cast<std::uint64_t>(list.size());
    }
    const Bitboard empty = G::kBoard & ~pos.occupied();
    const Bitboard men = pos.men(S);
    std::uint64_t total = count(G::shift(men, forward_left(S)) & empty) +
                          count(G::shift(men, forward_right(S)) & empty);
    const Bitboard kings = pos.kings_of(S);
    if (kings) {
      for (int i = 0; i < 4; ++i) {
        const Direction d = static_cast<Direction>(i);
        if constexpr (R.flying_kings)
          total += count(ray_fill(kings, empty, d) & empty);
        else
          total += count(G::shift(kings, d) & empty);
      }
    }
    return total;
  }

  template <Side S>
  static void promotions(const Position& pos, MoveList& list) {
    const Bitboard empty = G::kBoard & ~pos.occupied();
    const Bitboard men = pos.men(S);
    for (Direction d : {forward_left(S), forward_right(S)}) {
      const int step = G::step(d);
      for (Bitboard to = G::shift(men, d) & empty & promotion_row(S); to; to &= to - 1) {
        const int t = lowest_bit(to);
        list.push(Move{0, static_cast<std::uint8_t>(t - step), static_cast<std::uint8_t>(t), true});
      }
    }
  }

  template <Side S>
  static void offers(const Position& pos, MoveList& list) {
    constexpr Side O = opposite(S);
    const Bitboard empty = G::kBoard & ~pos.occupied();
    const Bitboard takers = pos.men(O);
    for (Direction d : {forward_left(S), forward_right(S)}) {
      const int step = G::step(d);
      // The squares where an arriving man may be taken: a taker behind it along c and the square
      // beyond free, which along reverse(d) is the square the man has left.
      Bitboard exposed = 0;
      for (int i = 0; i < 4; ++i) {
        if (!(man_capture_directions(O) & (1u << i))) continue;
        const auto c = static_cast<Direction>(i);
        exposed |=
            G::shift(takers, c) & (c == reverse(d) ? G::kBoard : G::shift(empty, reverse(c)));
      }
      for (Bitboard to = G::shift(pos.men(S), d) & empty & ~promotion_row(S) & exposed; to;
           to &= to - 1) {
        const int t = lowest_bit(to);
        list.push(
            Move{0, static_cast<std::uint8_t>(t - step), static_cast<std::uint8_t>(t), false});
      }
    }
  }

  template <Side S>
  static bool exchange(const Position& pos, const Move& offer) {
    // A man crowned on the way would go on as a king (002 §1.5.15), which is not read here.
    static_assert(R.passing_promotion == PassingPromotion::continues_as_man);
    constexpr Side O = opposite(S);
    constexpr unsigned directions = man_capture_directions(O);
    const Bitboard mine = (pos.pieces(S) & ~(Bitboard{1} << offer.from)) | Bitboard{1} << offer.to;
    const Bitboard takers = pos.pieces(O);
    const Bitboard empty = G::kBoard & ~(mine | takers);
    bool any = false;
    for (int i = 0; i < 4; ++i) {
      if (!(directions & (1u << i))) continue;
      const auto d = static_cast<Direction>(i);
      const Bitboard lands = jump_lands(takers, mine, empty, d);
      if (!lands) continue;
      any = true;
      // A second jump from a landing square. `empty` still holds the taker on its square, which
      // only a jump back over the first man could reach: a jump no capture may make.
      for (int k = 0; k < 4; ++k) {
        const auto e = static_cast<Direction>(k);
        if ((directions & (1u << k)) && jump_lands(lands, mine, empty, e)) return false;
      }
      for (Bitboard l = lands; l; l &= l - 1) {
        const Bitboard to = l & -l;
        const Bitboard victim = G::shift(to, reverse(d));
        Position taken;
        taken.pieces(S) = mine & ~victim;
        taken.pieces(O) = takers ^ G::shift(victim, reverse(d)) ^ to;
        taken.side = S;
        if (!can_capture<S>(taken)) return false;
      }
    }
    return any;
  }

  template <Side S>
  static void quiet(const Position& pos, MoveList& list) {
    const Bitboard empty = G::kBoard & ~pos.occupied();
    const Bitboard men = pos.men(S);
    const Bitboard row = promotion_row(S);
    for (Direction d : {forward_left(S), forward_right(S)}) {
      const int step = G::step(d);
      for (Bitboard to = G::shift(men, d) & empty; to; to &= to - 1) {
        const int t = lowest_bit(to);
        list.push(Move{0, static_cast<std::uint8_t>(t - step), static_cast<std::uint8_t>(t),
                       ((Bitboard{1} << t) & row) != 0});  // 000 §2.4; 002 §1.4.4
      }
    }
    for (Bitboard kings = pos.kings_of(S); kings; kings &= kings - 1) {
      const Bitboard from = kings & -kings;
      const auto f = static_cast<std::uint8_t>(lowest_bit(from));
      for (int i = 0; i < 4; ++i) {
        const Direction d = static_cast<Direction>(i);
        for (Bitboard to = G::shift(from, d) & empty; to; to = G::shift(to, d) & empty) {
          list.push(Move{0, f, static_cast<std::uint8_t>(lowest_bit(to)), false});
          if constexpr (!R.flying_kings) break;
        }
      }
    }
  }

  // The search for capture sequences of one piece, with the captured pieces left on the board until
  // the move is over (Turkish strike, 000 §3.4.6-3.4.7; 002 §1.5.9-1.5.12).
  // One per side, so that a man's directions and promotion row are constants of the code and
  // its loop over directions unrolls into fixed shifts.
  template <Side S>
  class Capturer {
   public:
    Capturer(MoveList& list, Bitboard opponent, Bitboard empty)
        : list_(list), opponent_(opponent), empty_(empty) {}

    void man(Bitboard from) {
      start(from);
      man_jumps(from, 0);
    }
    void king(Bitboard from) {
      start(from);
      crowned_ = false;
      if constexpr (R.flying_kings) {
        for (int i = 0; i < 4; ++i) king_jump(from, static_cast<Direction>(i), 0);
      } else {
        short_king_jumps(from, 0);
      }
    }

   private:
    void start(Bitboard from) {
      from_ = static_cast<std::uint8_t>(lowest_bit(from));
      free_ = empty_ | from;  // the moving piece has left its square
    }
    // Squares the piece may pass or land on, once `captured` have been jumped.
    Bitboard free_squares(Bitboard captured) const {
      if constexpr (R.turkish_strike)
        return free_;
      else
        return free_ | captured;
    }

    void add(Bitboard to, Bitboard captured, bool promotes) {
      const int taken = count(captured);
      if constexpr (R.precedence == CapturePrecedence::majority) {
        if (taken < best_) return;  // 000 §3.4.3
        if (taken > best_) {
          best_ = taken;
          list_.clear();
        }
      }
      const auto t = static_cast<std::uint8_t>(lowest_bit(to));
      // Two routes can only share start, end and captured set when three or more pieces are
      // taken; they are one move (RULINGS §1.2).
      if (taken >= 3) {
        for (const Move& m : list_)
          if (m.captured == captured && m.from == from_ && m.to == t) return;
      }
      list_.push(Move{captured, from_, t, promotes});
    }

    // A man at `at` that has taken `captured` so far tries each next jump; false if there is none.
    bool man_jumps(Bitboard at, Bitboard captured) {
      bool any = false;
      const Bitboard free = free_squares(captured);
      for (int i = 0; i < 4; ++i) {
        if (!(kManDirections & (1u << i))) continue;
        const Direction d = static_cast<Direction>(i);
        const Bitboard victim = G::shift(at, d) & opponent_ & ~captured;
        if (!victim) continue;
        const Bitboard land = G::shift(victim, d) & free;
        if (!land) continue;
        any = true;
        man_lands(land, d, captured | victim);
      }
      return any;
    }

    void man_lands(Bitboard land, Direction d, Bitboard captured) {
      if (!(land & kPromotionRow)) {
        if (!man_jumps(land, captured)) add(land, captured, false);
        return;
      }
      if constexpr (R.passing_promotion == PassingPromotion::stops) {
        add(land, captured, true);  // 004: the move ends on the king row
      } else if constexpr (R.passing_promotion == PassingPromotion::continues_as_man) {
        // 000 §3.4.4: it goes on as a man; crowned only if the move ends here (§3.4.2).
        if (!man_jumps(land, captured)) add(land, captured, true);
      } else {
        // 002 §1.5.15: crowned at once, it goes on capturing as a king.
        crowned_ = true;
        bool any = false;
        if constexpr (R.flying_kings) {
          const auto [p1, p2] = perpendicular(d);
          any |= king_jump(land, p1, captured);
          any |= king_jump(land, p2, captured);
          any |= king_jump(land, d, captured);
        } else {
          any = short_king_jumps(land, captured);
        }
        crowned_ = false;
        if (!any) add(land, captured, true);
      }
    }

    static constexpr std::pair<Direction, Direction> perpendicular(Direction d) {
      return (d == kNorthWest || d == kSouthEast) ? std::pair{kNorthEast, kSouthWest}
                                                  : std::pair{kNorthWest, kSouthEast};
    }

    // A flying king at `at` that has taken `captured` captures along d, if it can
    // (000 §3.3; 002 §1.5.2, §1.5.6). Generates every move that follows; false if none.
    bool king_jump(Bitboard at, Direction d, Bitboard captured) {
      Bitboard free = free_squares(captured);
      Bitboard square = G::shift(at, d);
      while (square & free) square = G::shift(square, d);
      const Bitboard victim = square & opponent_ & ~captured;
      if (!victim) return false;
      Bitboard land = G::shift(victim, d) & free;
      if (!land) return false;
      captured |= victim;
      free = free_squares(captured);
      // It must go on capturing if it can, from whichever landing square allows it (000 §3.3).
      const auto [p1, p2] = perpendicular(d);
      bool continued = false;
      Bitboard last = land;
      for (Bitboard l = land; l; l = G::shift(l, d) & free) {
        continued |= king_jump(l, p1, captured);
        continued |= king_jump(l, p2, captured);
        last = l;
      }
      continued |= king_jump(last, d, captured);  // straight on, over the next piece
      if constexpr (!R.turkish_strike) continued |= king_jump(land, reverse(d), captured);
      if (!continued)
        for (Bitboard l = land; l; l = G::shift(l, d) & free) add(l, captured, crowned_);
      return true;
    }

    // A king that jumps only over an adjacent piece (english, 004).
    bool short_king_jumps(Bitboard at, Bitboard captured) {
      bool any = false;
      const Bitboard free = free_squares(captured);
      for (int i = 0; i < 4; ++i) {
        const Direction d = static_cast<Direction>(i);
        const Bitboard victim = G::shift(at, d) & opponent_ & ~captured;
        if (!victim) continue;
        const Bitboard land = G::shift(victim, d) & free;
        if (!land) continue;
        any = true;
        if (!short_king_jumps(land, captured | victim)) add(land, captured | victim, crowned_);
      }
      return any;
    }

    MoveList& list_;
    Bitboard opponent_;
    Bitboard empty_;
    static constexpr Bitboard kPromotionRow = promotion_row(S);
    static constexpr unsigned kManDirections = man_capture_directions(S);
    Bitboard free_ = 0;
    std::uint8_t from_ = 0;
    bool crowned_ = false;
    int best_ = 1;
  };

  template <Side S>
  static void captures(const Position& pos, MoveList& list) {
    const Bitboard empty = G::kBoard & ~pos.occupied();
    Capturer<S> capturer(list, pos.pieces(opposite(S)), empty);
    // Only the men that have a first jump start a search.
    const Bitboard opponent = pos.pieces(opposite(S));
    Bitboard jumpers = 0;
    const Bitboard all_men = pos.men(S);
    if (man_capture_directions(S) & 0b0001)
      jumpers |=
          all_men & G::template shift<kSouthEast>(opponent & G::template shift<kSouthEast>(empty));
    if (man_capture_directions(S) & 0b0010)
      jumpers |=
          all_men & G::template shift<kSouthWest>(opponent & G::template shift<kSouthWest>(empty));
    if (man_capture_directions(S) & 0b0100)
      jumpers |=
          all_men & G::template shift<kNorthEast>(opponent & G::template shift<kNorthEast>(empty));
    if (man_capture_directions(S) & 0b1000)
      jumpers |=
          all_men & G::template shift<kNorthWest>(opponent & G::template shift<kNorthWest>(empty));
    for (Bitboard men = jumpers; men; men &= men - 1) capturer.man(men & -men);
    for (Bitboard kings = pos.kings_of(S); kings; kings &= kings - 1) capturer.king(kings & -kings);
  }
};

}  // namespace doska::draughts
