// The mill evaluation: a weighted count of features of each side, in two phases
// (placement while either hand holds a piece, then moving), with weights learned from self-play
// by `doska train <mill game>` (src/train/mill_trainer.cpp) and kept as text in
// data/eval/<game>.txt, one file per variant (Ceylon's extra turns change every value).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "common/result.h"
#include "games/mill/position.h"
#include "games/mill/rules.h"
#include "search/types.h"

namespace doska::mill {

// The features, counted for each side; the evaluation uses White's count minus Black's.
namespace feature {
enum : int {
  piece,          // pieces on the board and in hand
  hand,           // pieces still in hand (on top of feature::piece)
  mill,           // a standing mill
  open_mill,      // two pieces of a line, its third point empty
  closable_mill,  // an open mill the side can close on its next turn (a piece in hand, flying,
                  // or one a step from the hole that is not of that line)
  double_threat,  // an empty point that closes two of the side's lines at once
  running_mill,   // a piece of a mill whose step out closes another mill (moving)
  mobility,       // steps of the side's pieces to adjacent empty points (not when flying)
  blocked,        // a piece with no adjacent empty point (not when flying)
  cross,          // a piece on a point with four neighbours (b4, d2, d6, f4)
  blocking,       // a line with two opposing pieces that one of the side's pieces closes off
  flying,         // the side flies (three on the board, none in hand)
  to_move,        // the side has the move
  cramped,        // how far the side's steps fall short of 3 (not when flying): 3 when it has no
                  // step, the blockade that loses on its turn
  count
};
}  // namespace feature

inline constexpr std::array<std::string_view, feature::count> kFeatureNames = {
    "piece",    "hand",    "mill",  "open_mill", "closable_mill", "double_threat", "running_mill",
    "mobility", "blocked", "cross", "blocking",  "flying",        "to_move",       "cramped"};

enum Phase : int { kPlacement, kMoving };
inline constexpr int kPhaseCount = 2;

struct EvalWeights {
  std::string game;
  std::array<std::array<int, feature::count>, kPhaseCount> w{};
};

// White's counts minus Black's, and the phase.
struct FeatureVector {
  std::array<int, feature::count> diff{};
  Phase phase = kPlacement;
};

inline Phase phase_of(const Position& pos) {
  return pos.hand[0] > 0 || pos.hand[1] > 0 ? kPlacement : kMoving;
}

// The points with four neighbours.
template <const Rules& R>
constexpr Bitboard cross_points() {
  Bitboard b = 0;
  for (int p = 0; p < kPoints; ++p)
    if (std::popcount(R.board->adjacent[p]) == 4) b |= bit(p);
  return b;
}

// Whether the piece on `p` closes a mill of `us` by one of `steps` (a line without `p`).
inline bool steps_into_mill(const Board& B, int p, Bitboard steps, Bitboard us) {
  for (Bitboard s = steps; s; s &= s - 1)
    for (const Bitboard partners : B.partners[lowest_point(s)])
      if (!(partners & bit(p)) && (partners & us) == partners) return true;
  return false;
}

template <const Rules& R>
void count_side(const Position& pos, Side side, std::array<int, feature::count>& f, int sign) {
  constexpr const Board& B = *R.board;
  const Bitboard empty = pos.empty();
  const Bitboard us = pos.of(side);
  const Bitboard them = pos.of(opposite(side));
  const bool flying = pos.in_hand(side) == 0 && pos.on_board(side) <= R.flying_at;
  f[feature::piece] += sign * pos.total(side);
  f[feature::hand] += sign * pos.in_hand(side);
  f[feature::flying] += sign * (flying ? 1 : 0);
  f[feature::to_move] += sign * (pos.side == side ? 1 : 0);
  Bitboard holes = 0, double_holes = 0;
  for (int i = 0; i < B.line_count; ++i) {
    const Bitboard line = B.lines[i];
    const int mine = count(us & line);
    if (mine == 3) {
      f[feature::mill] += sign;
    } else if (mine == 2 && (empty & line)) {
      f[feature::open_mill] += sign;
      const Bitboard hole = empty & line;
      double_holes |= holes & hole;
      holes |= hole;
      if (pos.in_hand(side) > 0 || flying || (B.adjacent[lowest_point(hole)] & us & ~line))
        f[feature::closable_mill] += sign;
    } else if (mine == 1 && count(them & line) == 2) {
      f[feature::blocking] += sign;
    }
  }
  f[feature::double_threat] += sign * count(double_holes);
  if (!flying) {
    int steps_total = 0, blocked = 0, running = 0;
    for (Bitboard b = us; b; b &= b - 1) {
      const int p = lowest_point(b);
      const Bitboard steps = B.adjacent[p] & empty;
      const int n = count(steps);
      steps_total += n;
      if (n == 0) ++blocked;
      if (pos.in_hand(side) > 0 || n == 0) continue;
      bool in_mill = false;
      for (const Bitboard partners : B.partners[p]) in_mill |= (partners & us) == partners;
      if (!in_mill) continue;
      if (steps_into_mill(B, p, steps, us)) ++running;
    }
    f[feature::mobility] += sign * steps_total;
    f[feature::cramped] += sign * std::max(0, 3 - steps_total);
    f[feature::blocked] += sign * blocked;
    f[feature::running_mill] += sign * running;
  }
  constexpr Bitboard kCross4 = cross_points<R>();
  f[feature::cross] += sign * count(us & kCross4);
}

// The features counted point by point and line by line, one side at a time: the plain form,
// which tests hold `features` to.
template <const Rules& R>
FeatureVector features_plain(const Position& pos) {
  FeatureVector v;
  v.phase = phase_of(pos);
  count_side<R>(pos, Side::white, v.diff, 1);
  count_side<R>(pos, Side::black, v.diff, -1);
  return v;
}

// The same counts as features_plain, as the search needs them (about half its time went there):
// both sides in one pass over the lines, and the steps counted a whole set of points at a time
// (Board::steps); only the running mills of the moving phase are still found piece by piece.
template <const Rules& R>
FeatureVector features(const Position& pos) {
  constexpr const Board& B = *R.board;
  FeatureVector v;
  v.phase = phase_of(pos);
  auto& f = v.diff;
  const Bitboard empty = pos.empty();
  const Bitboard own[2] = {pos.of(Side::white), pos.of(Side::black)};
  bool flying[2];
  for (int s = 0; s < 2; ++s) {
    const Side side = static_cast<Side>(s);
    const int sign = s == 0 ? 1 : -1;
    flying[s] = pos.in_hand(side) == 0 && pos.on_board(side) <= R.flying_at;
    f[feature::piece] += sign * pos.total(side);
    f[feature::hand] += sign * pos.in_hand(side);
    f[feature::flying] += sign * (flying[s] ? 1 : 0);
    f[feature::to_move] += sign * (pos.side == side ? 1 : 0);
  }
  Bitboard holes[2] = {0, 0}, double_holes[2] = {0, 0}, mills[2] = {0, 0};
  for (int i = 0; i < B.line_count; ++i) {
    const Bitboard line = B.lines[i];
    const int n[2] = {count(own[0] & line), count(own[1] & line)};
    const Bitboard hole = empty & line;
    if (!hole) {  // full: a mill, or one piece closing off two opposing ones
      if (n[0] == 3) {
        ++f[feature::mill];
        mills[0] |= line;
      } else if (n[1] == 3) {
        --f[feature::mill];
        mills[1] |= line;
      } else {
        f[feature::blocking] += n[0] == 1 ? 1 : -1;
      }
      continue;
    }
    for (int s = 0; s < 2; ++s) {
      if (n[s] != 2) continue;
      const int sign = s == 0 ? 1 : -1;
      f[feature::open_mill] += sign;
      double_holes[s] |= holes[s] & hole;
      holes[s] |= hole;
      if (pos.in_hand(static_cast<Side>(s)) > 0 || flying[s] ||
          (B.adjacent[lowest_point(hole)] & own[s] & ~line))
        f[feature::closable_mill] += sign;
    }
  }
  constexpr Bitboard kCross4 = cross_points<R>();
  const Bitboard free_reach = B.neighbours(empty);  // points with an empty point next to them
  for (int s = 0; s < 2; ++s) {
    const int sign = s == 0 ? 1 : -1;
    const Bitboard us = own[s];
    f[feature::double_threat] += sign * count(double_holes[s]);
    f[feature::cross] += sign * count(us & kCross4);
    if (flying[s]) continue;
    const int steps = B.steps(us, empty);
    f[feature::mobility] += sign * steps;
    f[feature::cramped] += sign * std::max(0, 3 - steps);
    f[feature::blocked] += sign * count(us & ~free_reach);
    if (pos.in_hand(static_cast<Side>(s)) > 0) continue;
    int running = 0;
    for (Bitboard b = mills[s] & free_reach; b; b &= b - 1) {
      const int p = lowest_point(b);
      if (steps_into_mill(B, p, B.adjacent[p] & empty, us)) ++running;
    }
    f[feature::running_mill] += sign * running;
  }
  return v;
}

// From the side to move.
template <const Rules& R>
search::Value evaluate(const Position& pos, const EvalWeights& weights) {
  const FeatureVector v = features<R>(pos);
  const auto& w = weights.w[v.phase];
  int white = 0;
  for (int i = 0; i < feature::count; ++i) white += w[i] * v.diff[i];
  return pos.side == Side::white ? white : -white;
}

// The text form: "game <id>", then one line "<feature> <placement> <moving>" per feature; '#'
// starts a comment. Every feature must be given once; an error names the line.
Result<EvalWeights> parse_weights(std::string_view text, std::string_view source);
Result<EvalWeights> load_weights(const std::string& path);
std::string format_weights(const EvalWeights& w, std::string_view comment);
// The weights compiled in from data/eval/<game>.txt (cmake/mill_eval_data.cmake); an error if
// the game has none or its file does not read.
Result<const EvalWeights*> builtin_weights(std::string_view game);

}  // namespace doska::mill
