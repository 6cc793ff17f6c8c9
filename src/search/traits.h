// What a game's search traits provide to the one search (search/search.h), and the optional
// parts it detects at compile time.
//
// A traits type T provides (all static):
//   Position, Move, MoveList (size(), operator[])
//   generate(pos, list)            every legal move
//   generate_noisy(pos, list)      the moves quiescence searches when standing pat is allowed
//   stand_pat_allowed(pos)         false when the position must be resolved (a capture is due)
//   after(pos, move) -> Position   the position after the move, with its key
//   key(pos) -> uint64             Zobrist key
//   evaluate(pos) -> Value         from the side to move
//   no_moves_value(pos) -> Value   -1 loss, 0 draw, +1 win for the side to move with no move
//   irreversible(pos, move)        captures, man or pawn moves: repetition cannot cross them
//   kReversibleLimit               plies of reversible moves that make a draw (0: none)
//   move_id(move) -> uint32        nonzero fingerprint of the move in this position
//   history_index(move) -> int     0..4095, for the history table
//   is_quiet(pos, move)            not a capture/removal/promotion: killers, history, reductions
//   order_noisy(pos, move) -> int  ordering among noisy moves (bigger first)
//   move_text(pos, move) -> string
//   side_index(pos) -> int         0 or 1, the side to move
// and may provide (detected at compile time; without them the search does without):
//   kLateMoveReductions            false: never reduce late quiet moves (default true)
//   generate_unresolved(pos, list) every legal move of a position where stand_pat_allowed(pos)
//                                  is false (draughts: the captures, without asking again)
//   skip_in_quiescence(pos, move)  a noisy move not worth searching when standing pat is allowed
//                                  (a capture that loses material, an under-promotion)
//   order_quiet(pos, move) -> int  a bonus (below 1 << 26) on a quiet move's history score, for
//                                  an order before the history is learned (killers still first)
//   noisy_gain(pos, move) -> Value the most a noisy move can gain, for delta pruning
//   kDeltaMargin                   what the evaluation may add beyond that gain
//   kTableDrawEval                 the percent of the evaluation a table draw keeps, when
//                                  Limits::table_draw_eval leaves it to the game (default 0)
//   kDrawContempt                  the most a draw in the tree costs the side standing better at
//                                  the root (draw_contempt below; default 0)
//   kContemptFloor                 a draw's cost to the root side when level, as
//                                  Limits::contempt (contempt_floor below; default 0)
//   null_move_allowed(pos), null_move(pos) -> Position
//                                  null-move pruning: passing is allowed (not in check, no
//                                  zugzwang to fear) and the position after a pass
//   futility_allowed(pos), kFutilityMargin, kFutilityPerPly, kFutilityDepth
//                                  futility pruning: near the horizon, where nothing is hanging
//                                  and the evaluation is one the margin was set for, a static
//                                  value well above beta cuts the node (margin 0: none)
//   kNoisyHistory                  true: a noisy move that cuts raises its history, and noisy
//                                  moves of equal order_noisy are tried by it (default false)
//   kProbCutMargin                 ProbCut: at a node outside the principal variation, a search
//                                  of 40% of the depth that holds beta + margin * depth cuts the
//                                  node (0 or absent: none)
//   evaluation_worth_caching(pos)  true: keep the evaluation by key (it costs more than a probe)
//   after_in_tree(pos, move) -> Position
//                                  the position after the move as the tree makes it: it may keep
//                                  a reference to `pos`, which the search keeps alive as long as
//                                  the child (work left until an evaluation asks for it)
//   in_tables(pos), probe_table(pos) -> optional<TableValue>
//                                  the exact value from an endgame database, when it has one: the
//                                  tree stops there, and a won or lost root is played from it
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>

#include "search/types.h"

namespace doska::search {

// Games whose traits set kLogReductions reduce by the logarithmic table (search.h), in PV nodes too
// (one ply less); the others reduce late quiet moves outside the PV by one or two plies.
template <class T>
constexpr bool log_reductions() {
  if constexpr (requires { T::kLogReductions; })
    return T::kLogReductions;
  else
    return false;
}

// Games whose traits set kDrawContempt > 0 score a draw by repetition or by the reversible-move
// rule below zero for the side to move at the root when it stands better: by half its advantage
// (the root's static value, fixed for the search), at most kDrawContempt. A side that stands
// better plays on instead of repeating, even into a line the search rates a little below zero; a
// side that stands worse still takes the draw.
template <class T>
constexpr int draw_contempt() {
  if constexpr (requires { T::kDrawContempt; })
    return T::kDrawContempt;
  else
    return 0;
}

// Games whose traits set kContemptFloor > 0 (or a search given Limits::contempt > 0) score every
// draw in the tree, an endgame database's draws too, that much further below zero for the root
// side, on top of draw_contempt's part of its advantage.
template <class T>
constexpr int contempt_floor() {
  if constexpr (requires { T::kContemptFloor; })
    return T::kContemptFloor;
  else
    return 0;
}

// The part of the evaluation (percent) a position an endgame database calls drawn keeps when
// Limits::table_draw_eval is left to the game (search.h, table_draw).
template <class T>
constexpr int table_draw_eval() {
  if constexpr (requires { T::kTableDrawEval; })
    return T::kTableDrawEval;
  else
    return 0;
}

template <class T>
constexpr bool late_move_reductions() {
  if constexpr (requires { T::kLateMoveReductions; })
    return T::kLateMoveReductions;
  else
    return true;
}
// History for noisy moves too (kNoisyHistory): a noisy move that cuts raises its history, and
// among noisy moves of equal order_noisy (below 2^17) the higher history comes first.
template <class T>
constexpr bool noisy_history() {
  if constexpr (requires { T::kNoisyHistory; })
    return T::kNoisyHistory;
  else
    return false;
}
template <class T>
constexpr int probcut_margin() {
  if constexpr (requires { T::kProbCutMargin; })
    return T::kProbCutMargin;
  else
    return 0;
}

// Futility pruning: a node outside the principal variation, a few plies from the horizon, where
// the traits allow it (`futility_allowed`: no capture due for either side, an evaluation the margin
// was set for) and the static value clears beta by kFutilityMargin +
// kFutilityPerPly * depth, is cut with that value.
template <class T>
concept Futility = requires(const typename T::Position& p) {
  { T::futility_allowed(p) } -> std::convertible_to<bool>;
  { T::kFutilityMargin } -> std::convertible_to<Value>;
  { T::kFutilityPerPly } -> std::convertible_to<Value>;
  { T::kFutilityDepth } -> std::convertible_to<int>;
};

template <class T>
concept GeneratesUnresolved = requires(const typename T::Position& p, typename T::MoveList& l) {
  T::generate_unresolved(p, l);
};
template <class T>
concept SkipsInQuiescence = requires(const typename T::Position& p, const typename T::Move& m) {
  { T::skip_in_quiescence(p, m) } -> std::convertible_to<bool>;
};
template <class T>
concept NullMovePruning = requires(const typename T::Position& p) {
  { T::null_move_allowed(p) } -> std::convertible_to<bool>;
  { T::null_move(p) } -> std::convertible_to<typename T::Position>;
};
// Games whose traits rank quiet moves before any history is learned: a bonus (below 1 << 26) on
// top of the move's history score, so that killers still come first.
template <class T>
concept QuietOrdering = requires(const typename T::Position& p, const typename T::Move& m) {
  { T::order_quiet(p, m) } -> std::convertible_to<int>;
};
template <class T>
concept DeltaPruning = requires(const typename T::Position& p, const typename T::Move& m) {
  { T::noisy_gain(p, m) } -> std::convertible_to<Value>;
  { T::kDeltaMargin } -> std::convertible_to<Value>;
};

// Games whose traits give the key of the position after a move without making it: a node
// asks the memory for every child's table entry as soon as its moves are generated, so that the
// entries are on their way while the moves are ordered and the first children searched.
template <class T>
concept KeysAhead = requires(const typename T::Position& p, const typename T::Move& m) {
  { T::key_after(p, m) } -> std::convertible_to<std::uint64_t>;
};

// Games whose evaluation costs enough (a network) that the search keeps the values it computed,
// by key, and evaluates a position met again only once: evaluation_worth_caching(pos) -> bool.
template <class T>
concept CachedEvaluation = requires(const typename T::Position& p) {
  { T::evaluation_worth_caching(p) } -> std::convertible_to<bool>;
};

template <class T>
concept TreeChildren = requires(const typename T::Position& p, const typename T::Move& m) {
  { T::after_in_tree(p, m) } -> std::same_as<typename T::Position>;
};
// A child in the tree: `pos` outlives it.
template <class T>
typename T::Position child_in_tree(const typename T::Position& pos, const typename T::Move& m) {
  if constexpr (TreeChildren<T>)
    return T::after_in_tree(pos, m);
  else
    return T::after(pos, m);
}

template <class T>
concept ProbesTables = requires(const typename T::Position& p) {
  { T::in_tables(p) } -> std::convertible_to<bool>;
  { T::probe_table(p) } -> std::convertible_to<std::optional<TableValue>>;
};

}  // namespace doska::search
