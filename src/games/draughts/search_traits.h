// The draughts family seen by the generic search (src/search/search.h).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include "games/draughts/book.h"
#include "games/draughts/egdb.h"
#include "games/draughts/eval.h"
#include "games/draughts/movegen.h"
#include "games/draughts/notation.h"
#include "games/draughts/pattern_eval.h"
#include "games/draughts/variant.h"
#include "search/types.h"
#include "search/weights.h"

namespace doska::draughts {

// Zobrist keys: one per (piece kind, bit) and one for the side to move; fixed numbers.
struct Zobrist {
  std::array<std::array<std::uint64_t, 64>, 4>
      piece{};  // white man, white king, black man, black king
  std::uint64_t black_to_move = 0;

  constexpr Zobrist() {
    std::uint64_t state = 0x243f6a8885a308d3ULL;
    auto next = [&state] {
      state += 0x9e3779b97f4a7c15ULL;
      std::uint64_t z = state;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      return z ^ (z >> 31);
    };
    for (auto& kind : piece)
      for (auto& k : kind) k = next();
    black_to_move = next();
  }
};
inline constexpr Zobrist kZobrist{};

inline int piece_kind(const Position& pos, int bit) {
  const Bitboard m = Bitboard{1} << bit;
  return ((pos.black & m) ? 2 : 0) + ((pos.kings & m) ? 1 : 0);
}

inline std::uint64_t compute_key(const Position& pos) {
  std::uint64_t key = pos.side == Side::black ? kZobrist.black_to_move : 0;
  for (Bitboard b = pos.occupied(); b; b &= b - 1) {
    const int bit = lowest_bit(b);
    key ^= kZobrist.piece[piece_kind(pos, bit)][bit];
  }
  return key;
}

struct KeyedPosition {
  Position pos;
  std::uint64_t key = 0;
  Side side = Side::white;
  // The learned evaluation's weights; nullptr: the classic hand-written evaluation (eval.h).
  const pattern::Weights* weights = nullptr;
  // The endgame databases (egdb.h); nullptr: none.
  const egdb::Database* tables = nullptr;
  // The first layer's sums of the weights' network (net_eval.h) for each side to move, computed
  // when an evaluation asks for them (sums()): from the pieces, or from the sums of the position
  // this one came from and the move. A position the search makes (after_in_tree) leaves them to
  // that moment, so that a position whose subtree evaluates nothing (a table cut, a draw, a
  // capture due) costs nothing, and a side's view is kept only where it is used. Unused without
  // a network.
  mutable net::Accumulator acc;
  mutable std::uint8_t fresh = 0;         // bit v: acc.sums[v] is computed
  const KeyedPosition* parent = nullptr;  // the search's position before `move`; it outlives this
  Move move{};

  const net::Network* network() const { return weights ? weights->net.get() : nullptr; }
  // The sums with `view` (0 White, 1 Black) to move.
  template <int N>
  const std::int16_t* sums(int view) const {
    if (!((fresh >> view) & 1)) {
      const net::Network& n = *network();
      if (parent)
        net::update_view<N>(n, parent->sums<N>(view), acc.sums[view], parent->pos, move, view);
      else
        net::refresh_view<N>(n, pos, view, acc.sums[view]);
      fresh = static_cast<std::uint8_t>(fresh | (1 << view));
    }
    return acc.sums[view];
  }
  // Forgets the sums (a new network, or new pieces): they are summed afresh when asked for.
  void refresh() {
    fresh = 0;
    parent = nullptr;
  }
};

template <const Rules& R>
struct SearchTraits {
  // A giveaway variant moves with its base game's generator.
  using Gen = std::conditional_t<
      same_move_rules(R, kInternational), Generator<kInternational>,
      std::conditional_t<same_move_rules(R, kRussian), Generator<kRussian>, Generator<kEnglish>>>;
  using Position = KeyedPosition;
  using Move = draughts::Move;
  using MoveList = draughts::MoveList;
  static constexpr int kReversibleLimit = 2 * R.kings_only_moves;
  // Russian refuses a draw by repetition or by the kings' 15 moves when standing better: up to a
  // quarter of a man of contempt (search/traits.h). Against KestoG 1.1 at 0.2 s on the same 240
  // balanced openings: 83.8% (+163 -1 =76) with it, 80.6% (+148 -1 =91) without
  // (docs/measurements.md, "Draw contempt, russian"); international with it was even against
  // Scan 2.0, english against Cake 1.89 48.8% with it and 50.6% without on the same 80 balanced
  // openings ("English against Cake: draw contempt and the 5-piece tables"): both left without.
  static constexpr int kDrawContempt = R.id == "russian" ? 25 : 0;
  // Russian also scores every draw in the tree, an endgame table's draws too, 40 centipawns below
  // zero for the side to play in a level game (search/traits.h, contempt_floor), so that it keeps
  // the game going instead of trading down into a drawn ending: against KestoG 1.1 at 0.2 s on
  // the same 360 balanced openings 85.7% (+258 -1 =101) with it, 82.1% (+231 -0 =129) without
  // (docs/measurements.md, "A contempt floor, russian"). Analyses report values without it.
  // English has a floor of 20 (and no draw contempt besides): against Cake 1.89 at 0.2 s on the
  // same 160 balanced openings 53.8% (+14 -2 =144) with it, 51.9% (+7 -1 =152) without
  // ("A contempt floor, english"). International has a floor of 20 too: against Scan 2.0 at 0.2 s
  // on the same 160 balanced openings it won 31 games and lost 11 where it won 12 and lost 5
  // (10 of the 31 on Scan's clock in long endings of kings; "A contempt floor, international").
  static constexpr int kContemptFloor = R.id == "russian"                                ? 40
                                        : (R.id == "english" || R.id == "international") ? 20
                                                                                         : 0;
  // Measured at 0.1 s a move against the one- or two-ply reductions: international +17 -5 =31,
  // english +19 -16 =45 (docs/measurements.md).
  // English giveaway reduces nothing: at 20,000 nodes a move, 200 games, the search without
  // reductions scored 82.5% against these and 59.2% against the one- or two-ply ones (in russian
  // and international giveaway the difference was within the margin; docs/measurements.md).
  static constexpr bool kNoReductions = R.giveaway && same_move_rules(R, kEnglish);
  static constexpr bool kLogReductions = !kNoReductions;
  static constexpr bool kLateMoveReductions = !kNoReductions;
  // ProbCut (search.h): a search of 40% of the depth holding beta + 5 centipawns a ply. Measured
  // at 20,000 nodes a move (docs/measurements.md); not in giveaway, where the evaluation predicts
  // less (english giveaway with it, 4,000 nodes a move: 3.2% against the search without it).
  static constexpr int kProbCutMargin = R.giveaway ? 0 : 5;
  // Captures of equal weight tried by their history (search/traits.h): against Scan 2.0 at 0.2 s
  // 54.4% over 160 balanced openings where the search without it made 52.2%; against Cake 1.89
  // 53.1% over 80 where it made 50.6% (docs/measurements.md). Russian against KestoG 1.1 made
  // 82.9% with it and 82.3% without over 240 games: not a gain, left out.
  static constexpr bool kNoisyHistory = R.id == "international" || R.id == "english";
  // Futility pruning (search.h), english with the patterns only: within 9 plies of the horizon,
  // with no capture due for either side, a static value 40 + 8 a ply above beta cuts. Against Cake
  // at 0.2 s, 120 games: 34.6% against 30.4% without; 30 + 6 a ply and 50 + 10 a ply did worse.
  // Russian against KestoG and international against Scan did worse with it. With the english
  // network it costs nodes at depths 14-16 and plays worse: at 200,000 nodes a move the search
  // without it scored 56.5% (+29 -3 =168) against the search with it (docs/measurements.md).
  static constexpr search::Value kFutilityMargin =
      !R.giveaway && same_move_rules(R, kEnglish) ? 40 : 0;
  static constexpr search::Value kFutilityPerPly = 8;
  static constexpr int kFutilityDepth = 9;
  static bool futility_allowed(const Position& p) {
    if (p.network() || Gen::has_capture(p.pos)) return false;
    draughts::Position other = p.pos;
    other.side = opposite(other.side);
    return !Gen::has_capture(other);
  }

  static Position make(const draughts::Position& pos) {
    Position p;
    p.pos = pos;
    p.key = compute_key(pos);
    p.side = pos.side;
    p.weights = pattern::builtin(R.id);
    p.refresh();
    return p;
  }

  static void generate(const Position& p, MoveList& list) { Gen::generate(p.pos, list); }
  // Quiescence searches a man's step onto the promotion row (the captures are searched anyway:
  // where one is due, standing pat is not allowed) and, in international while no king is on the
  // board, the exchanges the side may offer: a man's step that must be taken, one man for one,
  // and is taken back (as Scan 2.0's quiescence does). At equal time they gain in international
  // and not in english or russian (docs/measurements.md, "Exchanges in quiescence").
  static constexpr bool kExchangesInQuiescence = R.id == "international";
  static void generate_noisy(const Position& p, MoveList& list) {
    Gen::generate_promotions(p.pos, list);
    if constexpr (kExchangesInQuiescence)
      if (p.pos.kings == 0) add_exchanges(p.pos, list);
  }
  // The offers that are exchanges: whichever capture the opponent chooses takes one man (the man
  // offered, or another it now reaches), and a capture back is due after it. Against the stricter
  // reading (every capture takes the man offered) this scored 53.7% to 51.7% on the same openings
  // (docs/measurements.md).
  static void add_exchanges(const draughts::Position& pos, MoveList& list) {
    MoveList offers;
    Gen::generate_offers(pos, offers);
    for (const Move& offer : offers)
      if (Gen::offer_is_exchange(pos, offer)) list.push(offer);
  }
  static bool stand_pat_allowed(const Position& p) { return !Gen::has_capture(p.pos); }
  // Where standing pat is not allowed a capture is due: the moves are the captures.
  static void generate_unresolved(const Position& p, MoveList& list) {
    Gen::generate_captures(p.pos, list);
  }

  // The key follows the move: the mover leaves `from` and stands on `to` (a king if it was one
  // or is crowned), the captured pieces are the opponent's (piece_kind's order of kinds).
  static std::uint64_t key_after(const Position& p, const Move& m) {
    const int mover = p.pos.side == Side::black ? 2 : 0, opponent = 2 - mover;
    const int king = static_cast<int>((p.pos.kings >> m.from) & 1);
    std::uint64_t key = p.key ^ kZobrist.black_to_move ^ kZobrist.piece[mover + king][m.from];
    for (Bitboard c = m.captured; c; c &= c - 1) {
      const int bit = lowest_bit(c);
      key ^= kZobrist.piece[opponent + static_cast<int>((p.pos.kings >> bit) & 1)][bit];
    }
    return key ^ kZobrist.piece[mover + (king | static_cast<int>(m.promotes))][m.to];
  }
  // The position after `m`, standing alone: its sums (where a network evaluates) are computed
  // here from those of `p`.
  static Position after(const Position& p, const Move& m) {
    Position next = after_in_tree(p, m);
    if (p.network())
      for (int view = 0; view < 2; ++view) next.template sums<R.board_size>(view);
    next.parent = nullptr;
    return next;
  }
  // The position after `m` as the search makes it: its sums are left until an evaluation asks
  // for them, from those of `p`, which the search keeps alive as long as this position.
  static Position after_in_tree(const Position& p, const Move& m) {
    Position next;  // the sums are computed later or not at all
    next.pos = p.pos;
    play(next.pos, m);
    next.key = key_after(p, m);
    next.side = next.pos.side;
    next.weights = p.weights;
    next.tables = p.tables;
    next.parent = &p;
    next.move = m;
    return next;
  }
  static std::uint64_t key(const Position& p) { return p.key; }

  // The evaluation: "builtin" (data/eval/<game>.weights, compiled in, with data/eval/<game>.net
  // where there is one), "patterns" (the built-in patterns without the network), "classic"
  // (eval.h) or a weights or network file trained for this game.
  using EvalWeights = pattern::Weights;
  static Result<std::shared_ptr<const EvalWeights>> load_eval(std::string_view spec) {
    if (spec.empty() || spec == "builtin") {
      return search::builtin_weights_handle(pattern::builtin(R.id));
    }
    if (spec == "classic") return std::shared_ptr<const EvalWeights>{};
    if (spec == "patterns") {
      if (!pattern::builtin_patterns(R.id))
        return make_error("no built-in pattern weights for " + std::string(R.id));
      return search::builtin_weights_handle(pattern::builtin_patterns(R.id));
    }
    return search::loaded_weights(pattern::load(std::string(spec)), spec, R.id);
  }
  static void use_eval(Position& p, const EvalWeights* w) {
    p.weights = w;
    p.refresh();
  }

  // Endgame databases (docs/egdb.md).
  using TableSet = egdb::Database;
  static std::string table_game() { return std::string(R.id); }
  static Result<std::shared_ptr<TableSet>> open_tables(const std::string& dir,
                                                       std::uint64_t memory) {
    auto db = egdb::Database::open(R, dir);
    if (db) (*db)->unpack_within(memory);
    return db;
  }
  static void use_tables(Position& p, const TableSet* t) { p.tables = t; }
  // Few enough pieces for the tables at hand (cheap; probe_table says whether one holds it).
  static bool in_tables(const Position& p) {
    return p.tables && count(p.pos.occupied()) <= p.tables->largest_pieces();
  }
  static std::optional<search::TableValue> probe_table(const Position& p) {
    if (!p.tables) return std::nullopt;
    const auto v = p.tables->probe(p.pos);
    if (!v) return std::nullopt;
    return search::TableValue{static_cast<int>(v->outcome), v->plies};
  }
  // English giveaway adds a quarter (two eighths) of the classic evaluation to three quarters of
  // the learned one. At 0.2 s a move against our level 10 of 119d4fd: learned alone 64-72%, the
  // classic one alone 88.4% (160 games), a quarter of it 97.1% (120 games), an eighth 78.8%; head
  // to head the learned evaluation alone scored 59.4% against the blend (80 games) and 72.5%
  // against the classic one (docs/measurements.md).
  static constexpr int kClassicEighths = R.giveaway && same_move_rules(R, kEnglish) ? 2 : 0;
  static search::Value evaluate(const Position& p) {
    if (!p.weights) return draughts::evaluate(R, p.pos);
    const bool net = p.network() != nullptr;
    if (net) p.template sums<R.board_size>(p.side == Side::black ? 1 : 0);
    const search::Value learned =
        pattern::evaluate<R.board_size>(*p.weights, p.pos, net ? &p.acc : nullptr);
    if constexpr (kClassicEighths == 0) return learned;
    return ((8 - kClassicEighths) * learned + kClassicEighths * draughts::evaluate(R, p.pos)) / 8;
  }
  // A network's evaluation is kept by key for the rest of the search (search.h): 3-5% faster
  // from the start positions at equal nodes; the patterns alone are cheaper to count again.
  static bool evaluation_worth_caching(const Position& p) { return p.network() != nullptr; }
  // No piece or no move: a loss, or in giveaway a win (RULINGS §1.3, §1.7).
  static search::Value no_moves_value(const Position&) { return R.giveaway ? 1 : -1; }
  static bool irreversible(const Position& p, const Move& m) {
    return m.captured != 0 || !(p.pos.kings & (Bitboard{1} << m.from));
  }
  static std::uint32_t move_id(const Move& m) {
    std::uint64_t h = m.captured * 0x9e3779b97f4a7c15ULL;
    return 0x80000000u | m.from | (std::uint32_t{m.to} << 6) |
           (static_cast<std::uint32_t>(h >> 40) << 12 & 0x7ffff000u);
  }
  static int history_index(const Move& m) { return (m.from & 63) * 64 + (m.to & 63); }
  static bool is_quiet(const Position&, const Move& m) { return !m.captured && !m.promotes; }
  static int order_noisy(const Position&, const Move& m) {
    return count(m.captured) * 4 + (m.promotes ? 2 : 0);
  }
  static std::string move_text(const Position& p, const Move& m) {
    return draughts::move_text(R, p.pos, m);
  }
  static int side_index(const Position& p) { return static_cast<int>(p.side); }

  // The opening book (book.h, data/book/<game>.txt), where the game has one.
  static std::optional<search::BookHit> book_move(const Position& p) {
    const auto book = builtin_book(R.id);
    if (!book || !*book) return std::nullopt;
    const auto hit = (*book)->probe(p.pos);
    if (!hit) return std::nullopt;
    return search::BookHit{draughts::move_text(R, p.pos, hit->move), hit->value, hit->depth};
  }
};

}  // namespace doska::draughts
