// What every game's endgame builder shares (docs/egdb.md): the value a move takes from its
// successor, the order of values, the combinatorial number system, and a parallel loop.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "egdb/table_file.h"

namespace doska::egdb {

// The value a move gets from its successor's value (the opponent's, unless the mover keeps the
// turn): one ply more, or 1 when the move leaves the table (a capture, a promotion, a removal:
// the distance counts to the conversion).
inline Value through(Value successor, bool leaves_table, bool keeps_turn = false) {
  const int plies = leaves_table ? 1 : successor.plies + 1;
  Outcome outcome = successor.outcome;
  if (!keeps_turn) outcome = static_cast<Outcome>(-static_cast<int>(outcome));
  if (outcome == Outcome::draw) return {};
  return {outcome, plies};
}

// Better for the side to move: the fastest win, then a draw, then the slowest loss.
inline bool better(Value a, Value b) {
  if (a.outcome != b.outcome) return static_cast<int>(a.outcome) > static_cast<int>(b.outcome);
  if (a.outcome == Outcome::win) return a.plies < b.plies;
  if (a.outcome == Outcome::loss) return a.plies > b.plies;
  return false;
}

// Binomial coefficients C(n, k) for n <= 64, k <= 12.
struct Binomial {
  static constexpr int kMaxK = 12;
  std::uint64_t c[65][kMaxK + 1]{};
  constexpr Binomial() {
    for (int n = 0; n <= 64; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= kMaxK; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
  }
};
inline constexpr Binomial kBinomial{};

inline std::uint64_t choose(int n, int k) {
  if (n < 0 || k < 0 || k > n || k > Binomial::kMaxK) return 0;
  return kBinomial.c[n][k];
}
// The rank of a set of positions among all sets of its size (combinatorial number system); a
// set has at most Binomial::kMaxK positions (a table's pieces of one kind).
inline std::uint64_t rank(std::uint64_t set) {
  std::uint64_t r = 0;
  for (int i = 1; set; set &= set - 1, ++i) r += kBinomial.c[std::countr_zero(set)][i];
  return r;
}
// The set of `k` positions among `domain` with rank `r`: each position, from the highest, the
// largest x with C(x, i) <= r, found by halving (C(x, i) grows with x).
inline std::uint64_t unrank(std::uint64_t r, int k, int domain) {
  std::uint64_t set = 0;
  int x = domain - 1;
  for (int i = k; i >= 1; --i) {
    int lo = i - 1;  // C(i - 1, i) = 0 <= r
    while (lo < x) {
      const int mid = (lo + x + 1) / 2;
      if (choose(mid, i) <= r)
        lo = mid;
      else
        x = mid - 1;
    }
    r -= choose(x, i);
    set |= std::uint64_t{1} << x;
    --x;
  }
  return set;
}
// The same by stepping down one position at a time (what the test compares with).
inline std::uint64_t unrank_linear(std::uint64_t r, int k, int domain) {
  std::uint64_t set = 0;
  int x = domain - 1;
  for (int i = k; i >= 1; --i) {
    while (choose(x, i) > r) --x;
    r -= choose(x, i);
    set |= std::uint64_t{1} << x;
    --x;
  }
  return set;
}
// Bit b to bit 63 - b.
constexpr std::uint64_t reverse_bits(std::uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
  return __builtin_bswap64(x);
}
// Positions of `set` renumbered among the positions not in `occupied`, and back (`set` and
// `occupied` disjoint), bit by bit.
inline std::uint64_t compress_bits(std::uint64_t set, std::uint64_t occupied) {
  std::uint64_t out = 0;
  for (; set; set &= set - 1) {
    const int s = std::countr_zero(set);
    out |= std::uint64_t{1} << (s - std::popcount(occupied & ((std::uint64_t{1} << s) - 1)));
  }
  return out;
}
inline std::uint64_t expand_bits(std::uint64_t set, std::uint64_t occupied) {
  std::uint64_t out = 0;
  int p = 0;
  for (int s = 0; set; ++s) {
    if (occupied >> s & 1) continue;
    if (set >> p & 1) {
      out |= std::uint64_t{1} << s;
      set &= ~(std::uint64_t{1} << p);
    }
    ++p;
  }
  return out;
}
// The same, one instruction each where the processor has BMI2 (the build's -march=native): the
// first look at a table decodes every index, and this was a third of a 7-piece build's time.
inline std::uint64_t compress(std::uint64_t set, std::uint64_t occupied) {
#if defined(__BMI2__)
  return _pext_u64(set, ~occupied);
#else
  return compress_bits(set, occupied);
#endif
}
inline std::uint64_t expand(std::uint64_t set, std::uint64_t occupied) {
#if defined(__BMI2__)
  return _pdep_u64(set, ~occupied);
#else
  return expand_bits(set, occupied);
#endif
}

// Runs f(begin, end) over [0, size) in chunks on `threads` threads.
template <typename F>
void parallel_chunks(std::uint64_t size, int threads, F&& f) {
  constexpr std::uint64_t kChunk = 1 << 16;
  std::atomic<std::uint64_t> next{0};
  auto work = [&] {
    for (;;) {
      const std::uint64_t begin = next.fetch_add(kChunk);
      if (begin >= size) return;
      f(begin, std::min(size, begin + kChunk));
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
}

class Stopwatch {
 public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace doska::egdb

namespace doska::egdb {

using Progress = std::function<void(const std::string&)>;
inline constexpr auto kRelaxed = std::memory_order_relaxed;

// Whether one of the eight bytes at `p` (eight-aligned) is `a` or `b`, read as one word (other
// threads may be writing bytes of it: a relaxed atomic read, typed to alias the bytes).
inline bool has_byte(const std::uint8_t* p, std::uint8_t a, std::uint8_t b) {
  using Word [[gnu::may_alias]] = std::uint64_t;
  const std::uint64_t w = __atomic_load_n(reinterpret_cast<const Word*>(p), __ATOMIC_RELAXED);
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  auto zero_byte = [&](std::uint64_t x) { return (x - kOnes) & ~x & kHigh; };
  return (zero_byte(w ^ (kOnes * a)) | zero_byte(w ^ (kOnes * b))) != 0;
}

// One table of a pair under construction: the values, and for each position still open the
// moves inside the pair not yet known to lose (bits 0..6) and whether a move out of the pair
// draws (bit 7); distances of `short_plies` or more go to `longs` (their byte says a long win
// or loss).
struct PairTable {
  std::string name;
  std::uint64_t size = 0;
  std::vector<std::uint8_t> value;
  std::vector<std::uint8_t> pending;
  std::vector<LongValue> longs;
};

// What the first look at a position's moves found: the best move out of the table (a capture,
// a promotion, a removal: valued from the smaller tables), and the moves that stay inside.
struct FirstLook {
  std::optional<Value> best_outside;
  int inside = 0;
  bool draw_outside = false;

  void outside(Value v) {
    if (!best_outside || better(v, *best_outside)) best_outside = v;
    if (v.outcome == Outcome::draw) draw_outside = true;
  }
};

// Solves the tables of one material and of its colour twin (one table when the material is its
// own twin), whose positions have their successors in each other:
//   first_look(t, i, look) -> error text (empty: fine): the moves of position i of table t; a
//       position with no move sets look.best_outside to its value
//   predecessors(t, i, visit): visit(j) for each position j of the other table whose move
//       inside the pair leads to position i of table t
// By increasing distance: a predecessor of a loss is a win one ply longer; a predecessor of a win
// loses a move, and with none left is a loss one ply longer (a draw if a move out draws). What is
// left open is a draw (best play repeats).
template <class FirstLookFn, class PredecessorsFn>
Status solve_pair(std::vector<PairTable>& tables, int threads, const Progress& progress,
                  FirstLookFn&& first_look, PredecessorsFn&& predecessors,
                  int short_plies = code::kShortPlies) {
  for (std::size_t t = 0; t < tables.size(); ++t) {
    PairTable& table = tables[t];
    table.value.assign(table.size, code::kDraw);
    table.pending.assign(table.size, 0);
    std::mutex mutex;
    std::string error;
    Stopwatch clock;
    double last_report = 0;
    std::atomic<std::uint64_t> done{0};
    parallel_chunks(table.size, threads, [&](std::uint64_t begin, std::uint64_t end) {
      for (std::uint64_t i = begin; i < end; ++i) {
        FirstLook look;
        std::string problem = first_look(t, i, look);
        if (problem.empty() && look.inside > 127) problem = table.name + ": too many moves";
        if (!problem.empty()) {
          std::lock_guard lock(mutex);
          error = problem;
          return;
        }
        if (look.inside == 0 || (look.best_outside && look.best_outside->outcome == Outcome::win))
          table.value[i] = look.best_outside ? look.best_outside->encode() : code::kNone;
        else
          table.pending[i] =
              static_cast<std::uint8_t>(look.inside | (look.draw_outside ? 0x80 : 0));
      }
      const std::uint64_t total = done.fetch_add(end - begin) + (end - begin);
      std::lock_guard lock(mutex);
      if (progress && clock.seconds() - last_report > 2) {
        last_report = clock.seconds();
        progress(table.name + " moves: " + progress_text(total, table.size, clock.seconds()));
      }
    });
    if (!error.empty()) return make_error(error);
  }

  Stopwatch clock;
  int longest = 0;
  for (const auto& table : tables)
    for (std::uint8_t v : table.value)
      if (v != code::kDraw && v != code::kNone) longest = std::max(longest, Value::decode(v).plies);
  // One pass a distance; each pass runs on every thread. A position's pending count is changed by
  // compare-and-swap, and only the thread that settles a position writes its value, so the values
  // do not depend on the order in which the threads meet the positions. Below `short_plies` a
  // pass finds the positions of its distance by their byte; from there on in the long values
  // that the pass before added (a range of each table's list, the list growing by distance).
  short_plies = std::clamp(short_plies, 2, code::kShortPlies);
  auto code_of = [&](Outcome outcome, int plies) {
    if (plies < short_plies) return Value{outcome, plies}.encode();
    return outcome == Outcome::win ? code::kLongWin : code::kLongLoss;
  };
  std::vector<std::pair<std::size_t, std::size_t>> frontier(tables.size());  // into longs
  for (int d = 0; d <= longest; ++d) {
    const bool listed = d >= short_plies;
    const std::uint8_t win = code_of(Outcome::win, d);
    const std::uint8_t loss = code_of(Outcome::loss, d);
    const std::uint8_t win_next = code_of(Outcome::win, d + 1);
    const std::uint8_t loss_next = code_of(Outcome::loss, d + 1);
    const bool next_listed = d + 1 >= short_plies;
    std::atomic<bool> settled{false};
    std::mutex added_mutex;
    std::vector<std::vector<LongValue>> added(tables.size());
    for (std::size_t t = 0; t < tables.size(); ++t) {
      PairTable& now = tables[t];
      const std::size_t b = tables.size() == 1 ? 0 : 1 - t;
      PairTable& before = tables[b];
      const std::uint64_t count = listed ? frontier[t].second - frontier[t].first : now.size;
      parallel_chunks(count, threads, [&](std::uint64_t begin, std::uint64_t end) {
        bool any = false;
        std::vector<LongValue> mine;
        // A predecessor j of a position that is lost (`to_loss`) or won at this distance.
        auto settle = [&](std::uint64_t j, bool to_loss) {
          std::atomic_ref<std::uint8_t> pending(before.pending[j]);
          std::uint8_t old = pending.load(kRelaxed);
          std::uint8_t next = 0;
          do {
            if ((old & 0x7f) == 0) return;
            next = to_loss ? std::uint8_t{0} : static_cast<std::uint8_t>(old - 1);
          } while (!pending.compare_exchange_weak(old, next, kRelaxed));
          std::uint8_t value = win_next;
          if (!to_loss) {
            if ((next & 0x7f) != 0) return;
            value = (next & 0x80) ? code::kDraw : loss_next;
          }
          std::atomic_ref<std::uint8_t>(before.value[j]).store(value, kRelaxed);
          if (next_listed && value != code::kDraw)
            mine.push_back({j, static_cast<std::uint32_t>(d + 1)});
          any = true;
        };
        // The predecessors land at random places of a table of up to thousands of millions of
        // bytes: they are queued, their bytes asked of the memory at once, and settled a batch
        // later, so that the waits overlap (the order does not matter, see above).
        constexpr int kBatch = 64;
        std::array<std::uint64_t, kBatch> queue{};
        std::array<bool, kBatch> queue_loss{};
        int queued = 0;
        auto flush = [&] {
          for (int q = 0; q < queued; ++q) settle(queue[q], queue_loss[q]);
          queued = 0;
        };
        for (std::uint64_t k = begin; k < end; ++k) {
          // Most bytes are of other distances: eight at a time are skipped when none is of this
          // one (a chunk starts at a multiple of eight).
          if (!listed && k % 8 == 0 && k + 8 <= end && !has_byte(now.value.data() + k, win, loss)) {
            k += 7;
            continue;
          }
          const std::uint64_t i = listed ? now.longs[frontier[t].first + k].index : k;
          const std::uint8_t v = std::atomic_ref<std::uint8_t>(now.value[i]).load(kRelaxed);
          if (v != win && v != loss) continue;
          predecessors(t, i, [&](std::uint64_t j) {
            __builtin_prefetch(&before.pending[j], 1);
            queue[queued] = j;
            queue_loss[queued] = v == loss;
            if (++queued == kBatch) flush();
          });
        }
        flush();
        if (any) settled.store(true, kRelaxed);
        if (!mine.empty()) {
          std::lock_guard lock(added_mutex);
          added[b].insert(added[b].end(), mine.begin(), mine.end());
        }
      });
    }
    // What this pass settled is the next pass's frontier (appended only now: a table that is
    // its own twin is read and extended in the same pass).
    for (std::size_t t = 0; t < tables.size(); ++t) {
      frontier[t] = {tables[t].longs.size(), tables[t].longs.size() + added[t].size()};
      tables[t].longs.insert(tables[t].longs.end(), added[t].begin(), added[t].end());
    }
    if (settled.load()) longest = std::max(longest, d + 1);
    if (progress)
      progress(tables[0].name + " distance " + std::to_string(d) + " of at least " +
               std::to_string(longest) + ", " + std::to_string(static_cast<int>(clock.seconds())) +
               " s");
  }
  for (auto& table : tables) {
    table.pending.clear();
    table.pending.shrink_to_fit();
  }
  return Ok{};
}

struct BuildReport {
  int tables_built = 0;
  int tables_kept = 0;  // already there and sound (a resumed build)
  std::uint64_t positions = 0;
  std::uint64_t wins = 0, draws = 0, losses = 0;
  std::uint64_t bytes = 0;  // on disk
  double seconds = 0;
  int longest = 0;  // the longest win or loss in plies (to conversion)
  std::string longest_table;
};

struct VerifyReport {
  int tables = 0;
  std::uint64_t positions = 0;
  std::uint64_t wrong = 0;
  std::vector<std::string> problems;  // the first few, with the FEN of the position
};

// Builds, in order, every material of `all` whose table or its twin's is missing from `shelf`,
// saves both and adds them to the shelf. A Shelf gives: has(m), size(m), header(m), threads(),
// path(m), add(m, table) -> Status (after the table is saved), and solve(m) ->
// Result<vector<pair<Material, TableValues>>>.
template <class Material, class Shelf>
Result<BuildReport> build_missing(const std::vector<Material>& all, Shelf& shelf,
                                  const Progress& progress) {
  Stopwatch clock;
  BuildReport report;
  std::uint64_t total = 0, done = 0, kept = 0;
  for (const Material& m : all) total += shelf.size(m);
  std::vector<std::string> handled;
  for (const Material& m : all) {
    if (std::find(handled.begin(), handled.end(), m.name()) != handled.end()) continue;
    handled.push_back(m.name());
    handled.push_back(m.flipped().name());
    const int twins = m.flipped() == m ? 1 : 2;
    if (shelf.has(m) && shelf.has(m.flipped())) {
      // A table and its twin may differ in size (mill: classes under the board's symmetries).
      const std::uint64_t both = shelf.size(m) + (twins == 2 ? shelf.size(m.flipped()) : 0);
      report.tables_kept += twins;
      done += both;
      kept += both;
      continue;
    }
    auto built = shelf.solve(m);
    if (!built) return make_error(built.error());
    for (auto& [material, values] : *built) {
      for (std::uint8_t v : values.bytes) {
        if (v == code::kNone) continue;
        ++report.positions;
        const Value value = Value::decode(v);
        if (value.outcome == Outcome::win) ++report.wins;
        if (value.outcome == Outcome::draw) ++report.draws;
        if (value.outcome == Outcome::loss) ++report.losses;
        const bool listed = v == code::kLongWin || v == code::kLongLoss;  // plies: below
        if (!listed && value.plies > report.longest) {
          report.longest = value.plies;
          report.longest_table = material.name();
        }
      }
      for (const LongValue& e : values.longs) {
        if (static_cast<int>(e.plies) > report.longest) {
          report.longest = static_cast<int>(e.plies);
          report.longest_table = material.name();
        }
      }
      auto table = std::make_shared<Table>(shelf.header(material), std::move(values));
      const std::string path = shelf.path(material);
      if (Status s = table->save(path, shelf.threads()); !s) return make_error(s.error());
      std::error_code ec;
      report.bytes += std::filesystem::file_size(path, ec);
      done += table->header().entries;
      if (Status s = shelf.add(material, std::move(table)); !s) return make_error(s.error());
      ++report.tables_built;
      if (progress)
        progress(material.name() +
                 " done; all tables: " + progress_text(done, total, clock.seconds(), kept));
    }
  }
  report.seconds = clock.seconds();
  return report;
}

// Where a position's value is: a table and an index, or a value without a table (the game is
// over), or nowhere (no table of its material).
struct Place {
  const Table* table = nullptr;
  std::uint64_t index = 0;
  std::optional<Value> fixed;
};

// The values of a batch of positions from their successors' (the definition the build
// computes), for `verify`. The successors of every position of the batch are placed first and
// their bytes asked of the memory at once, then read: in a large table they land at random
// places, and the waits of the whole batch overlap (one position's few moves are too few to hide
// them).
template <class Position, class Move>
class SuccessorBatch {
 public:
  static constexpr int kPositions = 32;

  SuccessorBatch() { slots_.reserve(kPositions * 16); }
  void clear() {
    slots_.clear();
    size_ = 0;
  }
  // Adds a position and its moves (at most kPositions a batch); `place(move)` places the
  // position after the move. The result is the position's number in the batch.
  template <class Moves, class PlaceOf>
  int add(const Position& pos, const Moves& moves, PlaceOf&& place) {
    positions_[static_cast<std::size_t>(size_)] = pos;
    first_[static_cast<std::size_t>(size_)] = static_cast<int>(slots_.size());
    for (const Move& move : moves) {
      const Place p = place(move);
      if (p.table) p.table->prefetch(p.index);
      slots_.push_back({p, move});
    }
    first_[static_cast<std::size_t>(size_) + 1] = static_cast<int>(slots_.size());
    return size_++;
  }
  const Position& position(int k) const { return positions_[static_cast<std::size_t>(k)]; }
  // The value of position `k` from its successors': `terminal` where it has no move, each
  // successor's value turned by `through(value, move)`; none where a successor has no table
  // (that move in `missing`).
  template <class Through>
  std::optional<Value> value(int k, Value terminal, Through&& through,
                             std::optional<Move>& missing) const {
    const int first = first_[static_cast<std::size_t>(k)];
    const int last = first_[static_cast<std::size_t>(k) + 1];
    if (first == last) return terminal;
    std::optional<Value> best;
    for (int j = first; j < last; ++j) {
      const Slot& slot = slots_[static_cast<std::size_t>(j)];
      const auto v =
          slot.place.table ? slot.place.table->value(slot.place.index) : slot.place.fixed;
      if (!v) {
        missing = slot.move;
        return std::nullopt;
      }
      const Value mine = through(*v, slot.move);
      if (!best || better(mine, *best)) best = mine;
    }
    return best;
  }

 private:
  struct Slot {
    Place place;
    Move move;
  };
  std::vector<Slot> slots_;
  std::array<Position, kPositions> positions_{};
  std::array<int, kPositions + 1> first_{};
  int size_ = 0;
};

// Verifies the entries begin..end-1 of a table `kPositions` at a time: `decode(i, pos)` says
// whether index i is a position (and which), `add(batch, pos)` adds it with its moves and gives
// its number; a position's value is `terminal` without a move, else the best of its successors'
// turned by `through(value, move)`, and must be the one stored; an index that is no position
// must hold no value. Each problem goes to `note`, the positions named by `fen(pos)`; the result
// is the number of positions checked.
template <class Position, class Move, class Decode, class Add, class Through, class Fen>
std::uint64_t verify_batches(const Table& table, std::uint64_t begin, std::uint64_t end,
                             const std::string& name, Decode&& decode, Add&& add, Value terminal,
                             Through&& through, Fen&& fen,
                             const std::function<void(const std::string&)>& note) {
  using Batch = SuccessorBatch<Position, Move>;
  Batch batch;
  std::uint64_t counted = 0;
  for (std::uint64_t start = begin; start < end; start += Batch::kPositions) {
    const std::uint64_t stop = std::min<std::uint64_t>(end, start + Batch::kPositions);
    std::array<int, Batch::kPositions> number{};  // in the batch, -1 where no position
    batch.clear();
    for (std::uint64_t i = start; i < stop; ++i) {
      Position pos{};
      number[i - start] = decode(i, pos) ? add(batch, pos) : -1;
    }
    for (std::uint64_t i = start; i < stop; ++i) {
      const std::optional<Value> stored = table.value(i);
      const int k = number[i - start];
      if (k < 0) {
        if (stored)
          note(name + " index " + std::to_string(i) + ": a value where there is no position");
        continue;
      }
      ++counted;
      std::optional<Move> missing;
      const auto expected = batch.value(k, terminal, through, missing);
      const Position& pos = batch.position(k);
      if (!expected) {
        Position next = pos;
        play(next, *missing);
        note(fen(pos) + ": no table for the successor " + fen(next));
      } else if (stored != expected) {
        note(fen(pos) + ": stored " + (stored ? stored->text() : "nothing") + ", its moves give " +
             expected->text());
      }
    }
  }
  return counted;
}

// Checks every entry of one table, a range at a time: `check(begin, end, note)` checks the
// entries begin..end-1 and calls note(problem) for each wrong one (the problem names the position
// and what is wrong). A table that takes longer than 2 s says how far it is ("NAME verify:
// [###...] 40% ..., about N s left").
template <class CheckRange>
void verify_ranges(std::uint64_t size, int threads, VerifyReport& report, CheckRange&& check,
                   const Progress& progress = {}, const std::string& name = {}) {
  std::mutex mutex;
  std::atomic<std::uint64_t> wrong{0};
  std::atomic<std::uint64_t> done{0};
  Stopwatch clock;
  double last_report = 0;
  parallel_chunks(size, threads, [&](std::uint64_t begin, std::uint64_t end) {
    check(begin, end, [&](const std::string& problem) {
      ++wrong;
      std::lock_guard lock(mutex);
      if (report.problems.size() < 10) report.problems.push_back(problem);
    });
    const std::uint64_t total = done.fetch_add(end - begin) + (end - begin);
    std::lock_guard lock(mutex);
    if (progress && clock.seconds() - last_report > 2) {
      last_report = clock.seconds();
      progress(name + " verify: " + progress_text(total, size, clock.seconds()));
    }
  });
  ++report.tables;
  report.wrong += wrong;
}

}  // namespace doska::egdb

namespace doska::egdb {

// Every table file in `folder` (none: no folder) that `wanted(file name)` takes, read and checked
// for its game and rules version; `accept(table, file)` checks the rest and keeps the table, or
// says what is wrong. Unless `unpack`, a file larger than `read_whole` bytes is opened on demand
// (Table::open: its blocks read as probes need them).
template <class Accept, class Wanted>
Status read_folder(const std::filesystem::path& folder, const std::string& game, int rules_version,
                   bool unpack, Accept&& accept, Wanted&& wanted,
                   std::uint64_t read_whole = kReadWholeBytes) {
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) return Ok{};
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.path().extension() == ".egdb" && wanted(entry.path().filename().string()))
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    const std::uint64_t size = std::filesystem::file_size(file, ec);
    auto table = !unpack && !ec && size > read_whole ? Table::open(file.string())
                                                     : Table::load(file.string(), unpack);
    if (!table) return make_error(table.error());
    const TableHeader& h = (*table)->header();
    std::string why;
    if (h.game != game)
      why = "is for " + h.game + ", not " + game;
    else if (h.rules_version != rules_version)
      why = "was built under rules version " + std::to_string(h.rules_version) +
            "; this program needs version " + std::to_string(rules_version) + " (build it again)";
    else
      why = accept(std::move(*table), file.filename().string());
    if (!why.empty()) return make_error("endgame table " + file.string() + " " + why);
  }
  return Ok{};
}

// By slot, whether the folder has the file of each of `all` (`path_of(m)`, `slot_of(m)`).
template <class Material, class PathOf, class SlotOf>
std::vector<bool> files_present(const std::vector<Material>& all, std::size_t slots,
                                PathOf&& path_of, SlotOf&& slot_of) {
  std::vector<bool> present(slots, false);
  std::error_code ec;
  for (const Material& m : all)
    if (std::filesystem::exists(path_of(m), ec))
      present[static_cast<std::size_t>(slot_of(m))] = true;
  return present;
}

// A file filter for read_folder: every file (`only` null), or the files of these materials.
template <class Material>
auto files_of(const std::vector<Material>* only) {
  return [only](const std::string& file) {
    return !only || std::any_of(only->begin(), only->end(),
                                [&](const Material& m) { return file == m.name() + ".egdb"; });
  };
}

}  // namespace doska::egdb
