#include "games/draughts/egdb.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace doska::draughts::egdb {

namespace {

namespace code = doska::egdb::code;
using doska::egdb::Table;
using doska::egdb::TableHeader;

struct Binomial {
  std::uint64_t c[65][kMaxPieces + 1]{};
  constexpr Binomial() {
    for (int n = 0; n <= 64; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= kMaxPieces; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
  }
};
constexpr Binomial kBinomial{};

std::uint64_t choose(int n, int k) {
  if (n < 0 || k < 0 || k > n) return 0;
  return kBinomial.c[n][k];
}

// The rank of a set of positions among all sets of its size (combinatorial number system).
std::uint64_t rank(std::uint64_t set) {
  std::uint64_t r = 0;
  for (int i = 1; set; set &= set - 1, ++i) r += choose(std::countr_zero(set), i);
  return r;
}
std::uint64_t unrank(std::uint64_t r, int k, int domain) {
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
// Squares of `set` renumbered among the squares not in `occupied`, and back.
std::uint64_t compress(std::uint64_t set, std::uint64_t occupied) {
  std::uint64_t out = 0;
  for (; set; set &= set - 1) {
    const int s = std::countr_zero(set);
    out |= std::uint64_t{1} << (s - std::popcount(occupied & ((std::uint64_t{1} << s) - 1)));
  }
  return out;
}
std::uint64_t expand(std::uint64_t set, std::uint64_t occupied) {
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

struct Layout {
  std::uint64_t own_men, opp_men, own_kings, opp_kings, size;
};

template <int N>
struct Frame {
  using G = Geometry<N>;
  static constexpr int kSquares = G::kSquares;
  static constexpr int kRow = G::kRowSquares;
  static constexpr int kManSquares = kSquares - kRow;

  static std::uint64_t squares(Bitboard b) {
    std::uint64_t s = 0;
    for (; b; b &= b - 1) s |= std::uint64_t{1} << G::square_of(lowest_bit(b));
    return s;
  }
  static Bitboard bits(std::uint64_t s) {
    Bitboard b = 0;
    for (; s; s &= s - 1) b |= G::mask_of(std::countr_zero(s));
    return b;
  }
  static Bitboard rotate(Bitboard b) {
    Bitboard r = 0;
    for (; b; b &= b - 1) r |= G::mask_of(kSquares - 1 - G::square_of(lowest_bit(b)));
    return r;
  }
  // Half a turn with the colours swapped: the same game seen from the other side.
  static Position flip(const Position& p) {
    return {rotate(p.black), rotate(p.white), rotate(p.kings), opposite(p.side)};
  }

  static Layout layout(Material m) {
    const int free_squares = kSquares - m.own_men - m.opp_men;
    Layout l{choose(kManSquares, m.own_men), choose(kManSquares, m.opp_men),
             choose(free_squares, m.own_kings), choose(free_squares - m.own_kings, m.opp_kings), 0};
    l.size = l.own_men * l.opp_men * l.own_kings * l.opp_kings;
    return l;
  }

  // `pos` has White to move, with the material of the layout.
  static std::uint64_t index(const Layout& l, const Position& pos) {
    const std::uint64_t own_men = squares(pos.white & ~pos.kings);
    const std::uint64_t opp_men = squares(pos.black & ~pos.kings);
    const std::uint64_t own_kings = squares(pos.white & pos.kings);
    const std::uint64_t opp_kings = squares(pos.black & pos.kings);
    const std::uint64_t men = own_men | opp_men;
    std::uint64_t i = rank(own_men >> kRow);
    i = i * l.opp_men + rank(opp_men);
    i = i * l.own_kings + rank(compress(own_kings, men));
    return i * l.opp_kings + rank(compress(opp_kings, men | own_kings));
  }
  // False when the index is not a position (two pieces on one square).
  static bool decode(const Layout& l, Material m, std::uint64_t i, Position& pos) {
    const std::uint64_t r_opp_kings = i % l.opp_kings;
    i /= l.opp_kings;
    const std::uint64_t r_own_kings = i % l.own_kings;
    i /= l.own_kings;
    const std::uint64_t r_opp_men = i % l.opp_men;
    const std::uint64_t r_own_men = i / l.opp_men;
    const std::uint64_t own_men = unrank(r_own_men, m.own_men, kManSquares) << kRow;
    const std::uint64_t opp_men = unrank(r_opp_men, m.opp_men, kManSquares);
    if (own_men & opp_men) return false;
    const std::uint64_t men = own_men | opp_men;
    const int free_squares = kSquares - m.own_men - m.opp_men;
    const std::uint64_t own_kings = expand(unrank(r_own_kings, m.own_kings, free_squares), men);
    const std::uint64_t opp_kings =
        expand(unrank(r_opp_kings, m.opp_kings, free_squares - m.own_kings), men | own_kings);
    pos.white = bits(own_men | own_kings);
    pos.black = bits(opp_men | opp_kings);
    pos.kings = bits(own_kings | opp_kings);
    pos.side = Side::white;
    return true;
  }
};

Material material_of(const Position& pos) {
  return {count(pos.white & ~pos.kings), count(pos.white & pos.kings),
          count(pos.black & ~pos.kings), count(pos.black & pos.kings)};
}

std::uint8_t terminal_code(const Rules& rules) {
  // No piece or no move: a loss, or in giveaway a win (RULINGS §1.3, §1.7; 004).
  return Value{rules.giveaway ? Outcome::win : Outcome::loss, 0}.encode();
}

// The value a move gets from its successor's value: one ply more, or 1 when the move leaves the
// table (a capture or a promotion: the distance counts to the conversion).
Value through(Value successor, bool leaves_table) {
  const int plies = leaves_table ? 1 : successor.plies + 1;
  switch (successor.outcome) {
    case Outcome::loss:
      return {Outcome::win, plies};
    case Outcome::win:
      return {Outcome::loss, plies};
    case Outcome::draw:
      break;
  }
  return {};
}
// Better for the side to move: the fastest win, then a draw, then the slowest loss.
bool better(Value a, Value b) {
  if (a.outcome != b.outcome) return static_cast<int>(a.outcome) > static_cast<int>(b.outcome);
  if (a.outcome == Outcome::win) return a.plies < b.plies;
  if (a.outcome == Outcome::loss) return a.plies > b.plies;
  return false;
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

class Clock {
 public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Builds the tables of one material and of its colour-swapped twin together: the positions of
// each have their successors in the other.
template <const Rules& G>
class PairBuilder {
  using F = Frame<G.board_size>;
  using Geo = Geometry<G.board_size>;

  struct Work {
    Material m;
    Layout layout;
    std::vector<std::uint8_t> value;
    // Moves inside the pair not yet known to lose (bits 0..6), and bit 7: a move out of the
    // pair that draws. Zero once the value is final.
    std::vector<std::uint8_t> pending;
  };

 public:
  PairBuilder(const Rules& rules, const Database& db, const BuildOptions& options)
      : rules_(rules), db_(db), options_(options) {}

  Status run(Material m) {
    works_.clear();
    works_.push_back(make_work(m));
    if (!(m.flipped() == m)) works_.push_back(make_work(m.flipped()));
    for (std::size_t w = 0; w < works_.size(); ++w)
      if (Status s = initialise(works_[w]); !s) return s;
    return propagate();
  }
  std::vector<std::pair<Material, std::vector<std::uint8_t>>> take() {
    std::vector<std::pair<Material, std::vector<std::uint8_t>>> out;
    for (auto& w : works_) out.emplace_back(w.m, std::move(w.value));
    return out;
  }

 private:
  Work make_work(Material m) {
    Work w{m, F::layout(m), {}, {}};
    w.value.assign(w.layout.size, code::kDraw);
    w.pending.assign(w.layout.size, 0);
    return w;
  }
  Work& partner(const Work& w) {
    return works_.size() == 1 || &w == &works_[1] ? works_[0] : works_[1];
  }

  void report(const std::string& line) {
    if (options_.progress) options_.progress(line);
  }

  Status initialise(Work& w) {
    std::mutex error_mutex;
    std::string error;
    std::atomic<std::uint64_t> done{0};
    Clock clock;
    double last_report = 0;
    parallel_chunks(w.layout.size, options_.threads, [&](std::uint64_t begin, std::uint64_t end) {
      MoveList list;
      Position pos;
      for (std::uint64_t i = begin; i < end; ++i) {
        if (!F::decode(w.layout, w.m, i, pos)) {
          w.value[i] = code::kNone;
          continue;
        }
        Generator<G>::generate(pos, list);
        if (list.empty()) {
          w.value[i] = terminal_code(rules_);
          continue;
        }
        int inside = 0;
        bool draw_outside = false;
        std::optional<Value> best;
        for (int k = 0; k < list.size(); ++k) {
          const Move& move = list[k];
          if (!move.is_capture() && !move.promotes) {
            ++inside;
            continue;
          }
          Position next = pos;
          play(next, move);
          const auto v = db_.probe(next);
          if (!v) {
            std::lock_guard lock(error_mutex);
            error = "no table for " + to_fen(rules_, next) + " (a smaller table is missing)";
            return;
          }
          const Value mine = through(*v, true);
          if (!best || better(mine, *best)) best = mine;
          if (mine.outcome == Outcome::draw) draw_outside = true;
        }
        if (best && best->outcome == Outcome::win) {
          w.value[i] = best->encode();
        } else if (inside == 0) {
          w.value[i] = best->encode();
        } else if (inside > 127) {
          std::lock_guard lock(error_mutex);
          error = "too many moves in " + to_fen(rules_, pos);
          return;
        } else {
          w.pending[i] = static_cast<std::uint8_t>(inside | (draw_outside ? 0x80 : 0));
        }
      }
      const std::uint64_t total = done.fetch_add(end - begin) + (end - begin);
      std::lock_guard lock(error_mutex);
      if (clock.seconds() - last_report > 2) {
        last_report = clock.seconds();
        report(w.m.name() +
               " moves: " + doska::egdb::progress_text(total, w.layout.size, clock.seconds()));
      }
    });
    if (!error.empty()) return make_error(error);
    return Ok{};
  }

  // Positions whose last move went from `pos`'s opponent (Black here), inside the pair: the
  // previous mover's piece taken back one step (a man) or one slide (a king).
  template <typename Visit>
  void predecessors(const Position& pos, Visit&& visit) {
    const Bitboard empty = Geo::kBoard & ~pos.occupied();
    auto emit = [&](Bitboard from, Bitboard to, bool king) {
      Position p = pos;
      p.black = (p.black & ~from) | to;
      if (king) p.kings = (p.kings & ~from) | to;
      p.side = Side::black;
      visit(F::flip(p));
    };
    for (Bitboard men = pos.black & ~pos.kings; men; men &= men - 1) {
      const Bitboard from = men & (~men + 1);
      for (Direction d : {kNorthWest, kNorthEast}) {
        const Bitboard to = Geo::shift(from, d) & empty;
        if (to) emit(from, to, false);
      }
    }
    for (Bitboard kings = pos.black & pos.kings; kings; kings &= kings - 1) {
      const Bitboard from = kings & (~kings + 1);
      for (Direction d : {kNorthWest, kNorthEast, kSouthWest, kSouthEast}) {
        for (Bitboard to = Geo::shift(from, d) & empty; to; to = Geo::shift(to, d) & empty) {
          emit(from, to, true);
          if (!G.flying_kings) break;
        }
      }
    }
  }

  Status propagate() {
    Clock clock;
    int longest = 0;
    for (auto& w : works_)
      for (std::uint8_t v : w.value)
        if (v != code::kNone && v != code::kDraw)
          longest = std::max(longest, Value::decode(v).plies);
    for (int d = 0; d <= longest; ++d) {
      const std::uint8_t win = Value{Outcome::win, d}.encode();
      const std::uint8_t loss = Value{Outcome::loss, d}.encode();
      for (auto& w : works_) {
        Work& before = partner(w);
        Position pos;
        for (std::uint64_t i = 0; i < w.layout.size; ++i) {
          const std::uint8_t v = w.value[i];
          if (v != win && v != loss) continue;
          F::decode(w.layout, w.m, i, pos);
          predecessors(pos, [&](const Position& p) {
            const std::uint64_t j = F::index(before.layout, p);
            std::uint8_t& pending = before.pending[j];
            if ((pending & 0x7f) == 0) return;
            if (v == loss) {
              before.value[j] = Value{Outcome::win, d + 1}.encode();
              pending = 0;
            } else if ((--pending & 0x7f) == 0) {
              before.value[j] =
                  (pending & 0x80) ? code::kDraw : Value{Outcome::loss, d + 1}.encode();
              pending = 0;
            } else {
              return;
            }
            longest = std::max(longest, d + 1);
          });
        }
      }
      if (longest > code::kMaxPlies)
        return make_error(works_[0].m.name() + ": a distance beyond " +
                          std::to_string(code::kMaxPlies) + " plies");
      report(works_[0].m.name() + " distance " + std::to_string(d) + " of at least " +
             std::to_string(longest) + ", " + std::to_string(static_cast<int>(clock.seconds())) +
             " s");
    }
    // What is still open has a move that keeps the game going forever: a draw (by repetition).
    for (auto& w : works_) {
      w.pending.clear();
      w.pending.shrink_to_fit();
    }
    return Ok{};
  }

  const Rules& rules_;
  const Database& db_;
  const BuildOptions& options_;
  std::vector<Work> works_;
};

template <int N>
std::optional<Value> probe_in(const Database& db, const Rules& rules, const Position& pos) {
  using F = Frame<N>;
  const Position rel = pos.side == Side::white ? pos : F::flip(pos);
  if (rel.white == 0) return Value::decode(terminal_code(rules));
  if (rel.black == 0) return std::nullopt;
  const Material m = material_of(rel);
  const Table* table = db.table(m);
  if (!table) return std::nullopt;
  const std::uint8_t v = table->at(F::index(F::layout(m), rel));
  if (v == code::kNone) return std::nullopt;
  return Value::decode(v);
}

// The value of a position from its successors' (the definition the build computes).
std::optional<Value> from_successors(const Rules& rules, const Database& db, const Position& pos,
                                     std::string& missing) {
  MoveList list;
  generate_moves(rules, pos, list);
  if (list.empty()) return Value::decode(terminal_code(rules));
  std::optional<Value> best;
  for (int k = 0; k < list.size(); ++k) {
    Position next = pos;
    play(next, list[k]);
    const auto v = db.probe(next);
    if (!v) {
      missing = to_fen(rules, next);
      return std::nullopt;
    }
    const Value mine = through(*v, list[k].is_capture() || list[k].promotes);
    if (!best || better(mine, *best)) best = mine;
  }
  return best;
}

}  // namespace

std::string Material::name() const {
  return "m" + std::to_string(own_men) + "k" + std::to_string(own_kings) + "-m" +
         std::to_string(opp_men) + "k" + std::to_string(opp_kings);
}

std::vector<Material> materials(int pieces) {
  std::vector<Material> out;
  for (int a = 0; a <= pieces; ++a)
    for (int b = 0; a + b <= pieces; ++b)
      for (int c = 0; a + b + c <= pieces; ++c)
        for (int d = 0; a + b + c + d <= pieces; ++d)
          if (a + b > 0 && c + d > 0) out.push_back({a, b, c, d});
  std::stable_sort(out.begin(), out.end(), [](const Material& x, const Material& y) {
    if (x.pieces() != y.pieces()) return x.pieces() < y.pieces();
    return x.own_men + x.opp_men < y.own_men + y.opp_men;
  });
  return out;
}

std::uint64_t table_size(const Rules& rules, Material m) {
  return with_geometry(rules, [&]<int N>() { return Frame<N>::layout(m).size; });
}

std::string table_path(const Rules& rules, const std::string& dir, Material m) {
  return dir + "/" + std::string(rules.id) + "/" + m.name() + ".egdb";
}

Position to_move_up(const Rules& rules, const Position& pos) {
  if (pos.side == Side::white) return pos;
  return with_geometry(rules, [&]<int N>() { return Frame<N>::flip(pos); });
}

Database::Database(const Rules& rules) : rules_(&rules), tables_(9 * 9 * 9 * 9) {}

void Database::add(Material m, std::shared_ptr<const Table> table) {
  auto& slot_ref = tables_[static_cast<std::size_t>(slot(m))];
  if (!slot_ref) ++count_;
  slot_ref = std::move(table);
  largest_ = std::max(largest_, m.pieces());
  update_complete();
}

const Table* Database::table(Material m) const {
  if (m.own_men > kMaxPieces || m.own_kings > kMaxPieces || m.opp_men > kMaxPieces ||
      m.opp_kings > kMaxPieces)
    return nullptr;
  return tables_[static_cast<std::size_t>(slot(m))].get();
}

void Database::update_complete() {
  complete_ = 0;
  for (int n = 2; n <= kMaxPieces; ++n) {
    bool all = true;
    for (const Material& m : materials(n))
      if (m.pieces() == n && !table(m)) all = false;
    if (!all) break;
    complete_ = n;
  }
}

std::uint64_t Database::packed_bytes() const {
  std::uint64_t total = 0;
  for (const auto& t : tables_)
    if (t) total += t->packed_bytes();
  return total;
}

std::optional<Value> Database::probe(const Position& pos) const {
  // No piece left: the game is over, table or not.
  if (pos.pieces(pos.side) == 0) return Value::decode(terminal_code(*rules_));
  if (count_ == 0 || count(pos.occupied()) > largest_) return std::nullopt;
  return with_geometry(*rules_, [&]<int N>() { return probe_in<N>(*this, *rules_, pos); });
}

Result<std::shared_ptr<Database>> Database::open(const Rules& rules, const std::string& dir,
                                                 bool unpack) {
  auto db = std::make_shared<Database>(rules);
  const std::filesystem::path folder = std::filesystem::path(dir) / std::string(rules.id);
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) return db;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.path().extension() == ".egdb") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    auto table = Table::load(file.string(), unpack);
    if (!table) return make_error(table.error());
    const TableHeader& h = (*table)->header();
    const Material m{h.material[0], h.material[1], h.material[2], h.material[3]};
    auto refuse = [&](const std::string& why) {
      return make_error("endgame table " + file.string() + " " + why);
    };
    if (h.game != rules.id) return refuse("is for " + h.game + ", not " + std::string(rules.id));
    if (h.rules_version != kRulesVersion)
      return refuse("was built under rules version " + std::to_string(h.rules_version) +
                    "; this program needs version " + std::to_string(kRulesVersion) +
                    " (build it again)");
    if (m.own_men < 0 || m.own_kings < 0 || m.opp_men < 0 || m.opp_kings < 0 ||
        m.pieces() > kMaxPieces || m.own_men + m.own_kings == 0 || m.opp_men + m.opp_kings == 0)
      return refuse("has an impossible material");
    if (h.entries != table_size(rules, m))
      return refuse("has " + std::to_string(h.entries) + " entries, " + m.name() + " needs " +
                    std::to_string(table_size(rules, m)));
    if (file.filename().string() != m.name() + ".egdb")
      return refuse("holds " + m.name() + " under another name");
    db->add(m, std::move(*table));
  }
  return db;
}

Result<BuildReport> build(const Rules& rules, const BuildOptions& options) {
  if (options.pieces < 2 || options.pieces > kMaxPieces)
    return make_error("--pieces must be 2.." + std::to_string(kMaxPieces));
  Clock clock;
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(options.dir) / std::string(rules.id),
                                      ec);
  if (ec) return make_error("cannot create " + options.dir + ": " + ec.message());
  auto opened = Database::open(rules, options.dir, true);
  if (!opened) return make_error(opened.error());
  Database& db = **opened;
  BuildReport report;
  auto all = materials(options.pieces);
  if (!options.only.empty()) {
    // A capture lowers a count, a promotion turns a man into a king: what a target can become.
    auto needed = [&](const Material& x) {
      for (const Material& t : options.only)
        for (const Material& u : {t, t.flipped()})
          if (x.own_men <= u.own_men && x.opp_men <= u.opp_men &&
              x.own_men + x.own_kings <= u.own_men + u.own_kings &&
              x.opp_men + x.opp_kings <= u.opp_men + u.opp_kings)
            return true;
      return false;
    };
    std::erase_if(all, [&](const Material& x) { return !needed(x) && !needed(x.flipped()); });
  }
  std::uint64_t total = 0, done = 0;
  for (const Material& m : all) total += table_size(rules, m);
  std::vector<std::string> handled;
  for (const Material& m : all) {
    if (std::find(handled.begin(), handled.end(), m.name()) != handled.end()) continue;
    handled.push_back(m.name());
    handled.push_back(m.flipped().name());
    const int twins = m.flipped() == m ? 1 : 2;
    if (db.table(m) && db.table(m.flipped())) {
      report.tables_kept += twins;
      done += table_size(rules, m) * static_cast<std::uint64_t>(twins);
      continue;
    }
    Status status = Ok{};
    std::vector<std::pair<Material, std::vector<std::uint8_t>>> built;
    with_move_rules(rules, [&]<const Rules & G>() {
      PairBuilder<G> builder(rules, db, options);
      status = builder.run(m);
      if (status) built = builder.take();
    });
    if (!status) return make_error(status.error());
    for (auto& [material, values] : built) {
      TableHeader header{
          std::string(rules.id),
          kRulesVersion,
          {material.own_men, material.own_kings, material.opp_men, material.opp_kings},
          values.size()};
      for (std::uint8_t v : values) {
        if (v == code::kNone) continue;
        ++report.positions;
        const Value value = Value::decode(v);
        if (value.outcome == Outcome::win) ++report.wins;
        if (value.outcome == Outcome::draw) ++report.draws;
        if (value.outcome == Outcome::loss) ++report.losses;
        if (value.plies > report.longest) {
          report.longest = value.plies;
          report.longest_table = material.name();
        }
      }
      auto table = std::make_shared<Table>(std::move(header), std::move(values));
      const std::string path = table_path(rules, options.dir, material);
      if (Status s = table->save(path); !s) return make_error(s.error());
      report.bytes += std::filesystem::file_size(path, ec);
      done += table->header().entries;
      db.add(material, std::move(table));
      ++report.tables_built;
      if (options.progress)
        options.progress(material.name() + " done; all tables: " +
                         doska::egdb::progress_text(done, total, clock.seconds()));
    }
  }
  report.seconds = clock.seconds();
  return report;
}

Result<VerifyReport> verify(const Rules& rules, const BuildOptions& options) {
  auto opened = Database::open(rules, options.dir, true);
  if (!opened) return make_error(opened.error());
  const Database& db = **opened;
  VerifyReport report;
  std::mutex mutex;
  Clock clock;
  for (const Material& m : materials(kMaxPieces)) {
    const Table* table = db.table(m);
    if (!table) continue;
    ++report.tables;
    std::atomic<std::uint64_t> positions{0}, wrong{0};
    with_geometry(rules, [&]<int N>() {
      const Layout layout = Frame<N>::layout(m);
      parallel_chunks(layout.size, options.threads, [&](std::uint64_t begin, std::uint64_t end) {
        Position pos;
        for (std::uint64_t i = begin; i < end; ++i) {
          const std::uint8_t stored = table->at(i);
          const bool is_position = Frame<N>::decode(layout, m, i, pos);
          std::string problem;
          if (!is_position) {
            if (stored != code::kNone)
              problem =
                  m.name() + " index " + std::to_string(i) + ": a value where there is no position";
          } else {
            ++positions;
            std::string missing;
            const auto expected = from_successors(rules, db, pos, missing);
            if (!expected)
              problem = to_fen(rules, pos) + ": no table for the successor " + missing;
            else if (stored == code::kNone || Value::decode(stored) != *expected)
              problem = to_fen(rules, pos) + ": stored " +
                        (stored == code::kNone ? "nothing" : Value::decode(stored).text()) +
                        ", its moves give " + expected->text();
          }
          if (!problem.empty()) {
            ++wrong;
            std::lock_guard lock(mutex);
            if (report.problems.size() < 10) report.problems.push_back(problem);
          }
        }
      });
    });
    report.positions += positions;
    report.wrong += wrong;
    if (options.progress)
      options.progress("verified " + m.name() + " (" + std::to_string(positions.load()) +
                       " positions), " + std::to_string(static_cast<int>(clock.seconds())) + " s");
  }
  return report;
}

}  // namespace doska::draughts::egdb
