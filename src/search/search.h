// The one search, written once over a game's search traits and instantiated per game:
// iterative deepening, principal-variation alpha-beta with aspiration windows, a shared
// transposition table, quiescence, move ordering (hash move, killers, history), late-move
// reductions, repetition and the reversible-move draw rules inside the tree, win distances, node,
// depth and time limits, a stop that is seen within a millisecond, and Lazy SMP threads.
//
// The traits a game provides, and what the search detects in them: search/traits.h.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "search/traits.h"
#include "search/tt.h"
#include "search/types.h"

namespace doska::search {

constexpr int kMaxPly = 128;

// A move's key for the ordering: its score in the high half, the complement of its index in the
// low half, so that keys compare as (score, the earlier move first) and are all different.
inline std::int64_t order_key(int score, int index) {
  return static_cast<std::int64_t>(score) * (std::int64_t{1} << 32) + (0xffffffffLL - index);
}

// The index of the k-th move in the order, the moves before it already taken: the highest key of
// the rest, swapped into place k. Move by move, this is the order of a stable sort by score, and a
// cut-off spares ordering the moves that are never searched (move lists are short, and nothing is
// allocated).
// The comparisons are made without branches: which key is larger is not predictable.
inline int next_move(std::vector<std::int64_t>& keys, int k, int n) {
  std::int64_t* const key = keys.data();
  int best = k;
  std::int64_t best_key = key[k];
  for (int i = k + 1; i < n; ++i) {
    const std::int64_t candidate = key[i];
    const bool larger = candidate > best_key;
    best_key = larger ? candidate : best_key;
    best = larger ? i : best;
  }
  key[best] = key[k];
  key[k] = best_key;
  return static_cast<int>(0xffffffffLL - (best_key & 0xffffffff));
}

// Makes an ordering buffer hold at least n entries; it never shrinks, so that most nodes leave
// it alone.
template <class V>
void reserve_entries(std::vector<V>& buffer, int n) {
  if (static_cast<int>(buffer.size()) < n) buffer.resize(n);
}

// Late-move reductions by depth and move number: about ln(depth) * ln(move + 1) / 2.25.
struct ReductionTable {
  std::array<std::array<int, 64>, 64> r{};
  ReductionTable() {
    for (int d = 1; d < 64; ++d)
      for (int k = 1; k < 64; ++k)
        r[d][k] = static_cast<int>(0.75 + std::log(d) * std::log(k + 1) / 2.25);
  }
  const std::array<int, 64>& operator[](int d) const { return r[d]; }
};
inline const ReductionTable kReductions;

// The depth of a transposition-table entry that holds a database value.
constexpr int kTableDepth = 250;

// The most a table draw may be worth with Limits::table_draw_eval (below what a pawn, a man or
// a piece is worth in every game's evaluation).
constexpr Value kTableDrawCap = 60;

// A database's value as a search value (types.h, kTableWin).
constexpr Value table_value(const TableValue& t) {
  if (t.outcome > 0) return kTableWin - t.plies;
  if (t.outcome < 0) return -kTableWin + t.plies;
  return kDraw;
}

class Clock {
 public:
  Clock() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

// How long to think. A fixed time per move is spent whole: iterations go on until the hard limit
// stops one inside the tree, and what that iteration found is used. With a clock, no iteration
// starts after the soft limit, and the hard one keeps a reserve so that the clock never runs out.
struct TimeBudget {
  double soft = 0;  // 0: none
  double hard = 0;

  static TimeBudget from(const Limits& limits) {
    TimeBudget t;
    if (limits.move_time > 0) {
      t.hard = limits.move_time;
    } else if (limits.clock > 0) {
      const int moves = limits.moves_to_go > 0 ? limits.moves_to_go : 30;
      // What answering costs beside the search (process, pipes, the opponent's adapter).
      const double reserve = std::min(0.05, limits.clock * 0.1);
      const double left = std::max(0.0, limits.clock - reserve);
      const double share = left / moves + 0.8 * limits.increment;
      t.soft = std::min(share, left * 0.4);
      t.hard = std::max(0.001, std::min(share * 3, left * 0.5));
    }
    return t;
  }
};

struct RootMove {
  std::string text;
  Value value = 0;
};

struct SearchResult {
  std::string best;  // empty when there is no legal move
  Value value = 0;
  bool exact_draw = false;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::vector<std::string> pv;
};

template <class T>
class Search {
 public:
  using Position = typename T::Position;
  using Move = typename T::Move;
  using MoveList = typename T::MoveList;
  using InfoCallback = std::function<void(const Info&)>;

  // `history` holds the keys of the game's earlier positions, oldest first, back to the last
  // irreversible move; `reversible` is the number of reversible plies played before the root.
  Search(TranspositionTable& tt, std::atomic<bool>& stop) : tt_(tt), stop_(stop) {}

  SearchResult run(const Position& root, const std::vector<std::uint64_t>& history, int reversible,
                   const Limits& limits, const InfoCallback& on_info) {
    const int threads = std::clamp(limits.threads, 1, 64);
    budget_ = TimeBudget::from(limits);
    limits_ = limits;
    clock_ = Clock();
    tt_.new_search();
    std::vector<std::unique_ptr<Worker>> workers;
    for (int i = 0; i < threads; ++i)
      workers.push_back(std::make_unique<Worker>(*this, i, root, history, reversible));
    workers_ = &workers;
    std::vector<std::thread> helpers;
    for (int i = 1; i < threads; ++i)
      helpers.emplace_back([&, i] { workers[i]->iterate(nullptr); });
    workers[0]->iterate(&on_info);
    stop_.store(true);
    for (auto& t : helpers) t.join();
    SearchResult result = workers[0]->result;
    // A drawn root stays drawn whatever part of the evaluation its table draws keep and whatever
    // contempt they bear.
    result.exact_draw = workers[0]->root_table_draw &&
                        std::abs(result.value) <= kTableDrawCap + workers[0]->contempt;
    result.nodes = total_nodes();
    workers_ = nullptr;
    return result;
  }

  // Every root move with its value from a search of `depth` plies (for the lower levels).
  std::vector<RootMove> score_root_moves(const Position& root,
                                         const std::vector<std::uint64_t>& history, int reversible,
                                         int depth) {
    budget_ = TimeBudget{};
    limits_ = Limits{};
    // Shallow and full width: the same position and seed give the same move, whatever the
    // table holds from an earlier search.
    limits_.reductions = false;
    clock_ = Clock();
    std::vector<std::unique_ptr<Worker>> workers;
    workers.push_back(std::make_unique<Worker>(*this, 0, root, history, reversible));
    workers_ = &workers;
    std::vector<RootMove> scored = workers[0]->score_all(depth);
    workers_ = nullptr;
    return scored;
  }

 private:
  std::uint64_t total_table_hits() const {
    std::uint64_t n = 0;
    for (const auto& w : *workers_) n += w->table_hits.load(std::memory_order_relaxed);
    return n;
  }
  std::uint64_t total_nodes() const {
    std::uint64_t n = 0;
    for (const auto& w : *workers_) n += w->nodes.load(std::memory_order_relaxed);
    return n;
  }

  struct Worker {
    Worker(Search& s, int index, const Position& root, const std::vector<std::uint64_t>& history,
           int reversible)
        : search(s), id(index), root_position(root), root_reversible(reversible) {
      keys.assign(history.begin(), history.end());
      base = static_cast<int>(keys.size());
      keys.resize(base + kMaxPly + 2);
      rng.seed(0x9e3779b97f4a7c15ULL * (index + 1));
    }

    Search& search;
    int id;
    Position root_position;
    int root_reversible;
    std::vector<std::uint64_t> keys;  // game history, then one key per ply of the tree
    int base = 0;
    std::array<int, kMaxPly + 2> reversible{};
    std::atomic<std::uint64_t> nodes{0};
    std::uint64_t local_nodes = 0;
    std::array<std::array<std::uint32_t, 2>, kMaxPly + 2> killers{};
    std::vector<int> history = std::vector<int>(2 * 4096, 0);
    std::array<std::array<std::uint32_t, kMaxPly + 2>, kMaxPly + 2> pv_ids{};
    std::array<int, kMaxPly + 2> pv_length{};
    std::array<bool, kMaxPly + 2> after_null{};  // the move that led to this ply was a pass
    int seldepth = 0;
    std::atomic<std::uint64_t> table_hits{0};
    bool root_table_draw = false;
    std::mt19937_64 rng;
    SearchResult result;
    bool aborted = false;
    // The best root move of the iteration under way, once one has been searched to the end.
    std::uint32_t iteration_best = 0;
    Value iteration_value = 0;
    // The root side's contempt for a draw in the tree (draw_contempt above).
    Value contempt = 0;
    bool table_contempt = false;
    // The static values of this search by key, where the traits ask for it (the upper 40 bits
    // of a slot hold the key's, the lower 24 the value): a position met again, by a
    // transposition or by quiescence under a node evaluated before, is not evaluated twice.
    // 16 K slots (128 KB) stay in a core's L2 cache beside the rest of the search: on a 2-core
    // machine with 512 KB of L2 a core, 64 K slots made the same trees about 5% slower
    // (docs/measurements.md, "On a machine without AVX-512").
    static constexpr std::size_t kEvalSlots = std::size_t{1} << 14;
    static constexpr std::uint64_t kValueBits = (std::uint64_t{1} << 24) - 1;
    static constexpr Value kValueBias = Value{1} << 23;
    // Allocated at the first evaluation worth keeping: a search that keeps none pays nothing.
    std::vector<std::uint64_t> eval_cache;

    Value evaluate(const Position& pos) {
      if constexpr (!CachedEvaluation<T>) {
        return T::evaluate(pos);
      } else {
        if (!T::evaluation_worth_caching(pos)) return T::evaluate(pos);
      }
      if (eval_cache.empty()) eval_cache.assign(kEvalSlots, 0);
      const std::uint64_t key = T::key(pos);
      std::uint64_t& slot = eval_cache[key & (kEvalSlots - 1)];
      const std::uint64_t tag = key & ~kValueBits;
      if (slot != 0 && (slot & ~kValueBits) == tag)
        return static_cast<Value>(slot & kValueBits) - kValueBias;
      const Value v = T::evaluate(pos);
      if (v > -kValueBias && v < kValueBias)
        slot = tag | static_cast<std::uint64_t>(v + kValueBias);
      return v;
    }

    void set_contempt(Value root_value) {
      const int floor =
          search.limits_.contempt >= 0 ? search.limits_.contempt : contempt_floor<T>();
      const int cap = draw_contempt<T>() + floor;
      table_contempt = floor > 0;
      contempt = cap == 0 || is_decided(root_value)
                     ? 0
                     : std::clamp<Value>(root_value / 2 + floor, 0, cap);
    }
    // A draw in the tree as seen by the side to move at `pos`.
    Value draw_value(const Position& pos) const {
      if (contempt == 0) return kDraw;
      return T::side_index(pos) == T::side_index(root_position) ? -contempt : contempt;
    }
    // What contempt adds to an endgame database's draw (its value without it is kept in the
    // transposition table, the same for every search).
    Value table_draw_shift(const Position& pos) const {
      return table_contempt ? draw_value(pos) : kDraw;
    }

    // A position an endgame database calls drawn: kDraw, or the part of its evaluation that
    // Limits::table_draw_eval keeps, well short of any win the search may find.
    Value table_draw(const Position& pos) {
      const int part = search.limits_.table_draw_eval >= 0 ? search.limits_.table_draw_eval
                                                           : table_draw_eval<T>();
      if (part <= 0) return kDraw;
      const Value v = evaluate(pos);
      if (is_decided(v) || is_table_value(v)) return kDraw;
      return std::clamp<Value>(v * part / 100, -kTableDrawCap, kTableDrawCap);
    }

    bool should_stop() {
      if (search.stop_.load(std::memory_order_relaxed)) return true;
      if ((local_nodes & 1023) != 0) return false;
      if (id == 0) {
        if (search.limits_.nodes && search.total_nodes() >= search.limits_.nodes) {
          search.stop_.store(true);
          return true;
        }
        if (search.budget_.hard > 0 && !search.limits_.infinite &&
            search.clock_.seconds() >= search.budget_.hard) {
          search.stop_.store(true);
          return true;
        }
      }
      return false;
    }

    void count_node() {
      ++local_nodes;
      nodes.store(local_nodes, std::memory_order_relaxed);
    }

    // Draw by repetition or by the reversible-move rule, seen from the tree.
    bool is_draw(int ply) const {
      const int rev = reversible[ply];
      if (T::kReversibleLimit > 0 && rev >= T::kReversibleLimit) return true;
      const int here = base + ply;
      const std::uint64_t key = keys[here];
      // Keys include the side to move, so any earlier equal key is the same position.
      for (int back = 2; back <= rev && here - back >= 0; ++back)
        if (keys[here - back] == key) return true;
      return false;
    }

    // A noisy move's place among the noisy moves: its order_noisy and, where the game's noisy
    // moves are often alike (a draughts capture due: every legal capture may take as many),
    // its history after that.
    int noisy_weight(const Position& pos, const Move& m, int side) const {
      const int weight = T::order_noisy(pos, m);
      if constexpr (noisy_history<T>())
        return weight * 1024 + std::min(history[side * 4096 + T::history_index(m)] >> 4, 1023);
      else
        return weight;
    }

    // Ordering keys, one buffer per ply, kept between nodes so that ordering allocates nothing.
    std::array<std::vector<std::int64_t>, kMaxPly + 2> order_keys;

    void order(const Position& pos, const MoveList& list, std::uint32_t tt_move, int ply,
               std::vector<std::int64_t>& sort_keys) {
      const int n = static_cast<int>(list.size());
      reserve_entries(sort_keys, n);
      const int side = T::side_index(pos);
      for (int i = 0; i < n; ++i) {
        const Move& m = list[i];
        const std::uint32_t id = T::move_id(m);
        int s;
        if (id == tt_move)
          s = 1 << 30;
        else if (!T::is_quiet(pos, m))
          s = (1 << 28) + noisy_weight(pos, m, side);
        else if (id == killers[ply][0])
          s = (1 << 27);
        else if (id == killers[ply][1])
          s = (1 << 27) - 1;
        else {
          s = history[side * 4096 + T::history_index(m)];
          if constexpr (QuietOrdering<T>) s += T::order_quiet(pos, m);
        }
        sort_keys[i] = order_key(s, i);
      }
    }

    Value quiescence(const Position& pos, Value alpha, Value beta, int ply) {
      count_node();
      // A stop ends a long sequence of captures too: the server's deadline must hold.
      if (should_stop()) {
        aborted = true;
        return 0;
      }
      if (ply > seldepth) seldepth = ply;
      if (ply >= kMaxPly) return evaluate(pos);
      MoveList list;
      const bool stand_pat = T::stand_pat_allowed(pos);
      Value static_value = 0;
      Value best = -kInfinite;
      if (stand_pat) {
        best = evaluate(pos);
        static_value = best;
        if (best >= beta) return best;
        if (best > alpha) alpha = best;
        T::generate_noisy(pos, list);
      } else {
        if constexpr (GeneratesUnresolved<T>)
          T::generate_unresolved(pos, list);
        else
          T::generate(pos, list);
        if (list.size() == 0) return terminal(pos, ply);
      }
      // Most valuable victim first: the first capture tried is the likeliest to cut off.
      const int n = static_cast<int>(list.size());
      std::vector<std::int64_t>& sort_keys = order_keys[ply];
      reserve_entries(sort_keys, n);
      for (int i = 0; i < n; ++i) sort_keys[i] = order_key(T::order_noisy(pos, list[i]), i);
      for (int k = 0; k < n; ++k) {
        const Move& m = list[next_move(sort_keys, k, n)];
        if (stand_pat) {
          if constexpr (SkipsInQuiescence<T>)
            if (T::skip_in_quiescence(pos, m)) continue;
          // Delta pruning: even winning this much would not lift the score to alpha.
          if constexpr (DeltaPruning<T>)
            if (static_value + T::noisy_gain(pos, m) + T::kDeltaMargin <= alpha) continue;
        }
        const Position next = child_in_tree<T>(pos, m);
        const Value v = keeps_turn(pos, next) ? quiescence(next, alpha, beta, ply + 1)
                                              : -quiescence(next, -beta, -alpha, ply + 1);
        if (v > best) {
          best = v;
          if (v > alpha) alpha = v;
          if (v >= beta) break;
        }
      }
      return best;
    }

    // Some games give a player another turn (Ceylon mill): the child's value is then already
    // from this side's point of view.
    static bool keeps_turn(const Position& pos, const Position& next) {
      return T::side_index(pos) == T::side_index(next);
    }
    Value child(const Position& pos, const Position& next, int depth, Value alpha, Value beta,
                int ply, bool pv_node, bool prune) {
      if (keeps_turn(pos, next)) return negamax(next, depth, alpha, beta, ply + 1, pv_node, prune);
      return -negamax(next, depth, -beta, -alpha, ply + 1, pv_node, prune);
    }

    Value terminal(const Position& pos, int ply) const {
      const Value v = T::no_moves_value(pos);
      if (v < 0) return -kWin + ply;
      if (v > 0) return kWin - ply;
      return kDraw;
    }

    Value value_to_tt(Value v, int ply) const {
      if (v > kWinBound) return v + ply;
      if (v < -kWinBound) return v - ply;
      return v;
    }
    Value value_from_tt(Value v, int ply) const {
      if (v > kWinBound) return v - ply;
      if (v < -kWinBound) return v + ply;
      return v;
    }

    // `prune`: ProbCut may cut here (false inside ProbCut's own reduced search, so that its
    // verdicts never rest on another ProbCut).
    Value negamax(const Position& pos, int depth, Value alpha, Value beta, int ply, bool pv_node,
                  bool prune = true) {
      pv_length[ply] = ply;
      if (ply > 0) {
        if (is_draw(ply)) return draw_value(pos);
        // A win found nearer the root cannot be bettered here.
        alpha = std::max(alpha, -kWin + ply);
        beta = std::min(beta, kWin - ply - 1);
        if (alpha >= beta) return alpha;
        // An endgame database knows the value: no search below (the draw rules are checked
        // above; docs/egdb.md says how they meet the database's values).
        // A probe may unpack a block of the table: its answer is kept in the transposition
        // table, marked by a depth no search reaches.
        if constexpr (ProbesTables<T>) {
          if (T::in_tables(pos)) {
            const std::uint64_t key = keys[base + ply];
            TTData tt;
            if (search.tt_.probe(key, tt) && tt.depth == kTableDepth)
              return is_table_value(tt.value) ? tt.value : tt.value + table_draw_shift(pos);
            if (auto t = T::probe_table(pos)) {
              table_hits.fetch_add(1, std::memory_order_relaxed);
              const Value v = t->outcome == 0 ? table_draw(pos) : table_value(*t);
              search.tt_.store(key, TTData{0, v, kTableDepth, Bound::exact});
              return t->outcome == 0 ? v + table_draw_shift(pos) : v;
            }
          }
        }
      }
      if (depth <= 0) return quiescence(pos, alpha, beta, ply);
      count_node();
      if (should_stop()) {
        aborted = true;
        return 0;
      }
      if (ply >= kMaxPly) return evaluate(pos);

      const std::uint64_t key = keys[base + ply];
      TTData tt;
      std::uint32_t tt_move = 0;
      if (search.tt_.probe(key, tt)) {
        tt_move = tt.move;
        const Value v = value_from_tt(tt.value, ply);
        if (!pv_node && tt.depth >= depth &&
            (tt.bound == Bound::exact || (tt.bound == Bound::lower && v >= beta) ||
             (tt.bound == Bound::upper && v <= alpha)))
          return v;
      }

      if constexpr (Futility<T>) {
        if (T::kFutilityMargin > 0 && search.limits_.futility && !pv_node && ply > 0 &&
            depth <= T::kFutilityDepth && !is_decided(beta) && T::futility_allowed(pos)) {
          const Value e = evaluate(pos);
          if (e - T::kFutilityMargin - T::kFutilityPerPly * depth >= beta) return e;
        }
      }

      // Null-move pruning: if passing still holds beta at a reduced depth, a real move will too.
      if constexpr (NullMovePruning<T>) {
        if (search.limits_.null_move && !pv_node && ply > 0 && depth >= 3 && !after_null[ply] &&
            !is_decided(beta) && T::null_move_allowed(pos) && evaluate(pos) >= beta) {
          const Position next = T::null_move(pos);
          keys[base + ply + 1] = T::key(next);
          reversible[ply + 1] = 0;  // no repetition across a pass
          after_null[ply + 1] = true;
          const int reduction = 2 + depth / 6;
          const Value v =
              -negamax(next, depth - 1 - reduction, -beta, -beta + 1, ply + 1, false, prune);
          after_null[ply + 1] = false;
          if (aborted) return 0;
          if (v >= beta) return is_decided(v) ? beta : v;
        }
      }

      // ProbCut: a shallow search that holds a bound well above beta says the full one would
      // hold beta too. The reduced search runs at this same ply and position (its table entry
      // and killers are this node's), without ProbCut below it.
      if constexpr (probcut_margin<T>() > 0) {
        if (search.limits_.probcut && prune && !pv_node && ply > 0 && depth >= 3 &&
            !is_decided(beta) && !is_decided(beta + probcut_margin<T>() * depth)) {
          const Value margin = probcut_margin<T>() * depth;
          const Value high = beta + margin;
          const Value v = negamax(pos, depth * 40 / 100, high - 1, high, ply, false, false);
          if (aborted) return 0;
          if (v >= high) return v - margin;
        }
      }

      MoveList list;
      T::generate(pos, list);
      const int n = static_cast<int>(list.size());
      if (n == 0) return terminal(pos, ply);
      if constexpr (KeysAhead<T>)
        if (depth >= 2)
          for (int i = 0; i < n; ++i) search.tt_.prefetch(T::key_after(pos, list[i]));

      std::vector<std::int64_t>& sort_keys = order_keys[ply];
      order(pos, list, tt_move, ply, sort_keys);

      const Value original_alpha = alpha;
      Value best = -kInfinite;
      std::uint32_t best_move = 0;
      int searched = 0;  // moves searched here (the root skips the excluded ones)
      for (int k = 0; k < n; ++k) {
        const Move& m = list[next_move(sort_keys, k, n)];
        if (ply == 0 && excluded_at_root(pos, m)) continue;
        ++searched;
        const Position next = child_in_tree<T>(pos, m);
        keys[base + ply + 1] = T::key(next);
        // A single reply is forced: look one ply further (draughts captures often are).
        const int extension = (n == 1 && ply < 2 * depth + 8) ? 1 : 0;
        const int new_depth = depth - 1 + extension;
        // The child probes the table only if it searches (quiescence does not).
        if constexpr (!KeysAhead<T>)
          if (new_depth > 0) search.tt_.prefetch(keys[base + ply + 1]);
        reversible[ply + 1] = T::irreversible(pos, m) ? 0 : reversible[ply] + 1;
        const bool quiet = T::is_quiet(pos, m);
        Value v;
        if (searched == 1) {
          v = child(pos, next, new_depth, alpha, beta, ply, pv_node, prune);
        } else {
          int reduction = 0;
          if constexpr (log_reductions<T>()) {
            if (search.limits_.reductions && depth >= 3 && quiet && k >= 2) {
              reduction = kReductions[std::min(depth, 63)][std::min(k, 63)] - (pv_node ? 1 : 0);
              reduction = std::clamp(reduction, 0, new_depth - 1);
            }
          } else if (late_move_reductions<T>() && search.limits_.reductions && depth >= 3 &&
                     quiet && k >= 3 && !pv_node) {
            reduction = 1 + (k >= 8 && depth >= 6);
          }
          v = child(pos, next, new_depth - reduction, alpha, alpha + 1, ply, false, prune);
          if (v > alpha && reduction > 0)
            v = child(pos, next, new_depth, alpha, alpha + 1, ply, false, prune);
          if (v > alpha && v < beta && pv_node)
            v = child(pos, next, new_depth, alpha, beta, ply, true, prune);
        }
        if (aborted) return 0;
        if (v > best) {
          best = v;
          best_move = T::move_id(m);
          // A later root move that beats the first (the last iteration's choice) at this depth.
          if (ply == 0 && k > 0 && v > alpha) {
            iteration_best = best_move;
            iteration_value = v;
          }
          if (v > alpha) {
            alpha = v;
            pv_ids[ply][ply] = best_move;
            for (int j = ply + 1; j < pv_length[ply + 1]; ++j) pv_ids[ply][j] = pv_ids[ply + 1][j];
            pv_length[ply] = std::max(pv_length[ply + 1], ply + 1);
            if (v >= beta) {
              if (quiet || noisy_history<T>()) {
                if (quiet && killers[ply][0] != best_move) {
                  killers[ply][1] = killers[ply][0];
                  killers[ply][0] = best_move;
                }
                int& h = history[T::side_index(pos) * 4096 + T::history_index(m)];
                h += depth * depth;
                if (h > (1 << 26)) {
                  for (int& x : history) x /= 2;
                }
              }
              break;
            }
          }
        }
      }
      const Bound bound = best >= beta            ? Bound::lower
                          : best > original_alpha ? Bound::exact
                                                  : Bound::upper;
      // A node that failed low has no best move to teach (each move's value is only a bound):
      // its entry keeps the move it had. At 100,000 nodes a move against storing the move of the
      // highest bound (docs/measurements.md): international 53.6% over 600 games, english 57.0%
      // over 200, russian 50.0%, mill 53.0% over 200.
      const std::uint32_t move_kept = bound == Bound::upper ? tt_move : best_move;
      search.tt_.store(key, TTData{move_kept, value_to_tt(best, ply), depth, bound});
      return best;
    }

    // Texts of the principal variation, following the move ids from the root.
    std::vector<std::string> pv_texts() const {
      std::vector<std::string> texts;
      Position pos = root_position;
      for (int i = 0; i < pv_length[0]; ++i) {
        MoveList list;
        T::generate(pos, list);
        bool found = false;
        for (int k = 0; k < static_cast<int>(list.size()); ++k) {
          if (T::move_id(list[k]) != pv_ids[0][i]) continue;
          texts.push_back(T::move_text(pos, list[k]));
          pos = T::after(pos, list[k]);
          found = true;
          break;
        }
        if (!found) break;
      }
      return texts;
    }

    // A root move the limits exclude (multi-line analysis).
    bool excluded_at_root(const Position& pos, const Move& m) const {
      const auto& exclude = search.limits_.exclude;
      if (exclude.empty()) return false;
      return std::find(exclude.begin(), exclude.end(), T::move_text(pos, m)) != exclude.end();
    }

    void iterate(const InfoCallback* on_info) {
      keys[base] = T::key(root_position);
      reversible[0] = root_reversible;
      MoveList list;
      T::generate(root_position, list);
      if (list.size() == 0) {
        result.value = terminal(root_position, 0);
        return;
      }
      // Fall back on the first move (not excluded) if even depth 1 is stopped; with every move
      // excluded there is nothing to search.
      int first = 0;
      while (first < static_cast<int>(list.size()) && excluded_at_root(root_position, list[first]))
        ++first;
      if (first == static_cast<int>(list.size())) return;
      result.best = T::move_text(root_position, list[first]);
      if constexpr (ProbesTables<T>) {
        if (search.limits_.exclude.empty() && play_from_table(list, on_info)) return;
      }
      const int max_depth =
          search.limits_.depth > 0 ? std::min(search.limits_.depth, kMaxPly - 8) : kMaxPly - 8;
      Value previous = 0;
      set_contempt(T::evaluate(root_position));
      for (int depth = 1 + (id % 2); depth <= max_depth; ++depth) {
        seldepth = 0;
        aborted = false;
        Value window = 40, alpha = -kInfinite, beta = kInfinite;
        if (depth >= 4 && !is_decided(previous)) {
          alpha = previous - window;
          beta = previous + window;
        }
        Value v;
        iteration_best = 0;
        for (;;) {
          v = negamax(root_position, depth, alpha, beta, 0, true);
          if (aborted) break;
          if (v <= alpha) {
            alpha = std::max(-kInfinite, v - window);
            window *= 2;
          } else if (v >= beta) {
            beta = std::min(kInfinite, v + window);
            window *= 2;
          } else {
            break;
          }
          if (window > 1000) alpha = -kInfinite, beta = kInfinite;
        }
        if (aborted) {
          // Stopped inside the iteration: a root move that it searched to the end and found
          // better than the last iteration's choice at this depth is the better guess.
          if (id == 0 && iteration_best != 0 && depth > 1) adopt_partial(depth);
          break;
        }
        previous = v;
        if (id == 0) {
          result.value = v;
          result.depth = depth;
          result.pv = pv_texts();
          if (!result.pv.empty()) result.best = result.pv.front();
          report(on_info, depth, v);
          if (is_decided(v) && depth > kWin - std::abs(v) + 2) break;  // the end is in sight
          if (search.budget_.soft > 0 && !search.limits_.infinite &&
              search.clock_.seconds() >= search.budget_.soft)
            break;
          if (search.limits_.nodes && search.total_nodes() >= search.limits_.nodes) break;
        }
        if (search.stop_.load()) break;
      }
      if (id == 0) search.stop_.store(true);
    }

    void report(const InfoCallback* on_info, int depth, Value v) {
      if (!on_info || !*on_info) return;
      Info info;
      info.depth = depth;
      info.seldepth = seldepth;
      info.score = Score::from_value(v);
      info.nodes = search.total_nodes();
      info.seconds = search.clock_.seconds();
      info.pv = result.pv;
      info.table_hits = search.total_table_hits();
      (*on_info)(info);
    }

    // A won or lost root in an endgame database: the move that wins fastest (or loses slowest)
    // by the database, with no search; a drawn root is searched, the database keeping the tree
    // from losing moves. The distance counts to the end or to the next conversion, whose table
    // then says how to go on, so a win is always brought home.
    bool play_from_table(const MoveList& list, const InfoCallback* on_info) {
      const auto root = T::probe_table(root_position);
      // A drawn root: searched, and the result says the draw is exact when the search holds it.
      if (root && root->outcome == 0) root_table_draw = true;
      if (!root || root->outcome == 0) return false;
      int best = -1;
      Value best_value = -kInfinite;
      for (int k = 0; k < static_cast<int>(list.size()); ++k) {
        const Position next = T::after(root_position, list[k]);
        const auto t = T::probe_table(next);
        if (!t) return false;  // a successor outside the databases: search as usual
        table_hits.fetch_add(1, std::memory_order_relaxed);
        // Table distances count to a conversion; a move that converts is one ply.
        const bool same_side = keeps_turn(root_position, next);
        TableValue mine{same_side ? t->outcome : -t->outcome, t->plies + 1};
        if (!T::is_quiet(root_position, list[k])) mine.plies = 1;
        const Value v = table_value(mine);
        if (v > best_value) best_value = v, best = k;
      }
      if (best < 0) return false;
      result.best = T::move_text(root_position, list[best]);
      result.value = best_value;
      result.depth = 1;
      result.pv = {result.best};
      if (id == 0) {
        report(on_info, 1, best_value);
        search.stop_.store(true);
      }
      return true;
    }

    // The root move of an unfinished iteration, if it differs from the finished one's.
    void adopt_partial(int depth) {
      MoveList list;
      T::generate(root_position, list);
      for (int k = 0; k < static_cast<int>(list.size()); ++k) {
        if (T::move_id(list[k]) != iteration_best) continue;
        const std::string text = T::move_text(root_position, list[k]);
        if (text == result.best) return;
        result.best = text;
        result.value = iteration_value;
        result.depth = depth;
        result.pv = {text};
        return;
      }
    }

    std::vector<RootMove> score_all(int depth) {
      keys[base] = T::key(root_position);
      reversible[0] = root_reversible;
      MoveList list;
      T::generate(root_position, list);
      std::vector<RootMove> scored;
      for (int k = 0; k < static_cast<int>(list.size()); ++k) {
        const Move& m = list[k];
        const Position next = T::after(root_position, m);
        keys[base + 1] = T::key(next);
        reversible[1] = T::irreversible(root_position, m) ? 0 : reversible[0] + 1;
        Value v = 0;
        for (int d = 1; d <= std::max(1, depth); ++d)
          v = child(root_position, next, d - 1, -kInfinite, kInfinite, 0, true, true);
        scored.push_back(RootMove{T::move_text(root_position, m), v});
      }
      return scored;
    }
  };

  TranspositionTable& tt_;
  std::atomic<bool>& stop_;
  Limits limits_;
  TimeBudget budget_;
  Clock clock_;
  std::vector<std::unique_ptr<Worker>>* workers_ = nullptr;
};

}  // namespace doska::search
