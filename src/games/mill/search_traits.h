// The mill family seen by the generic search (src/search/search.h). A Ceylon extra turn keeps the
// side to move; the search reads that from side_index.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>

#include "games/mill/book.h"
#include "games/mill/egdb.h"
#include "games/mill/eval.h"
#include "games/mill/movegen.h"
#include "games/mill/notation.h"
#include "games/mill/position.h"
#include "search/types.h"
#include "search/weights.h"

namespace doska::mill {

// The position the search sees: the game's position, the endgame databases (egdb.h) the
// engine probes (nullptr when none) and the evaluation's weights (eval.h).
struct TabledPosition {
  mill::Position pos;
  const egdb::Database* tables = nullptr;
  const EvalWeights* weights = nullptr;
};

template <const Rules& R>
struct SearchTraits {
  using Gen = Generator<R>;
  using Position = TabledPosition;
  using Move = mill::Move;
  using MoveList = mill::MoveList;
  // The 50-move rule (RULINGS §3.2), counted here over moves without placement or removal.
  static constexpr int kReversibleLimit = 100;
  // A repetition is refused when standing better: up to half a piece of contempt.
  static constexpr int kDrawContempt = 50;

  static Position make(const mill::Position& pos) {
    const auto builtin = builtin_weights(R.id);
    return {pos, nullptr, builtin ? *builtin : nullptr};
  }
  static void generate(const Position& p, MoveList& list) { Gen::generate(p.pos, list); }
  static void generate_noisy(const Position& p, MoveList& list) {
    Gen::generate_removals(p.pos, list);
  }
  static bool stand_pat_allowed(const Position&) { return true; }
  static Position after(const Position& p, const Move& m) {
    Position next = p;
    play(next.pos, m);
    return next;
  }
  static std::uint64_t key(const Position& p) { return p.pos.key(); }
  // The child's key ahead of the search (search.h, KeysAhead): a mill position is a few words.
  static std::uint64_t key_after(const Position& p, const Move& m) {
    mill::Position next = p.pos;
    play(next, m);
    return next.key();
  }
  static search::Value evaluate(const Position& p) {
    if (!p.weights) {  // only if the built-in weights do not read: the backend refuses then
      const int white = (p.pos.total(Side::white) - p.pos.total(Side::black)) * 100;
      return p.pos.side == Side::white ? white : -white;
    }
    return mill::evaluate<R>(p.pos, *p.weights);
  }

  // The evaluation: "builtin" (data/eval/<game>.txt, compiled in) or a weights file of this game.
  using EvalWeights = mill::EvalWeights;
  static Result<std::shared_ptr<const EvalWeights>> load_eval(std::string_view spec) {
    if (spec.empty() || spec == "builtin") {
      auto builtin = builtin_weights(R.id);
      if (!builtin) return make_error(builtin.error());
      return search::builtin_weights_handle(*builtin);
    }
    if (spec == "classic")
      return make_error(
          "this game has one evaluation, learned: eval=classic is for the draughts "
          "games (give builtin or a mill weights file)");
    return search::loaded_weights(load_weights(std::string(spec)), spec, R.id);
  }
  static void use_eval(Position& p, const EvalWeights* w) { p.weights = w; }
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
  // Removals first of a piece that stands in an opposing line of two with its third point empty
  // (a mill about to close), then of one that closes off a line of two of ours.
  static int order_noisy(const Position& p, const Move& m) {
    if (!m.is_removal()) return 0;
    constexpr const Board& B = *R.board;
    const Bitboard vacated = m.is_placement() ? 0 : bit(m.from);
    const Bitboard us = (p.pos.of(p.pos.side) & ~vacated) | bit(m.to);
    const Bitboard them = p.pos.of(opposite(p.pos.side));
    const Bitboard empty = (p.pos.empty() | vacated) & ~bit(m.to);
    int s = 0;
    for (const Bitboard others : B.partners[m.removed]) {
      if (count(others & them) == 1 && count(others & empty) == 1) s += 8;
      if ((others & us) == others) s += 4;
    }
    return s;
  }
  // Quiet moves, before any history: onto the point where the opponent would close a mill
  // (blocking it) and those that make two open lines of two of ours at once rank alike (the
  // fewest nodes of the weights tried, docs/mill.md), above one that makes one such line.
  static int order_quiet(const Position& p, const Move& m) {
    // Not in Ceylon mill, whose extra turns make another order: there the history alone
    // reached depth 13 in 22% fewer nodes (docs/mill.md).
    if constexpr (R.mill_by_placement == MillReward::extra_turn) return 0;
    constexpr const Board& B = *R.board;
    const Bitboard vacated = m.is_placement() ? 0 : bit(m.from);
    const Bitboard us = p.pos.of(p.pos.side) & ~vacated;
    const Bitboard them = p.pos.of(opposite(p.pos.side));
    const Bitboard empty = p.pos.empty() & ~bit(m.to);
    int s = 0;
    if (B.closes_mill(them, m.to)) s += 1 << 25;
    // A step along a line leaves its own point empty: that line of two was there before.
    for (const Bitboard others : B.partners[m.to])
      if (count(others & us) == 1 && count(others & empty) == 1) s += 1 << 24;
    return s;
  }
  static std::string move_text(const Position&, const Move& m) { return mill::move_text(m); }
  static int side_index(const Position& p) { return static_cast<int>(p.pos.side); }

  // The opening book of the placement phase (book.h, data/book/<game>.txt), where the game has
  // one.
  static std::optional<search::BookHit> book_move(const Position& p) {
    const auto book = builtin_book(R.id);
    if (!book || !*book) return std::nullopt;
    const auto hit = (*book)->probe(p.pos);
    if (!hit) return std::nullopt;
    return search::BookHit{mill::move_text(hit->move), hit->value, hit->depth};
  }

  // Endgame databases of the moving phase (docs/egdb.md); mill and mixed mill share theirs.
  using TableSet = egdb::Database;
  static std::string table_game() { return egdb::table_game(R); }
  static Result<std::shared_ptr<TableSet>> open_tables(const std::string& dir,
                                                       std::uint64_t memory) {
    auto db = egdb::Database::open(R, dir);
    if (db) (*db)->unpack_within(memory);
    return db;
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
