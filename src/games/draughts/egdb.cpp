#include "games/draughts/egdb.h"

#include "egdb/retrograde.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

#include "common/text.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace doska::draughts::egdb {

namespace {

namespace code = doska::egdb::code;
using doska::egdb::Table;
using doska::egdb::TableHeader;
using doska::egdb::TableValues;
using doska::egdb::unpacked_copy;

using doska::egdb::choose;
using doska::egdb::compress;
using doska::egdb::expand;
using doska::egdb::rank;
using doska::egdb::unrank;

struct Layout {
  std::uint64_t own_men, opp_men, own_kings, opp_kings, size;
};

template <int N>
struct Frame {
  using G = Geometry<N>;
  static constexpr int kSquares = G::kSquares;
  static constexpr int kRow = G::kRowSquares;
  static constexpr int kManSquares = kSquares - kRow;

  // The squares of a bitboard as bits 0..kSquares-1, and back; the bitboard's gaps (a bit past
  // every row pair) dropped by one instruction where the processor has BMI2.
  static std::uint64_t squares_bits(Bitboard b) {
    std::uint64_t s = 0;
    for (; b; b &= b - 1) s |= std::uint64_t{1} << G::square_of(lowest_bit(b));
    return s;
  }
  static Bitboard bits_of_squares(std::uint64_t s) {
    Bitboard b = 0;
    for (; s; s &= s - 1) b |= G::mask_of(std::countr_zero(s));
    return b;
  }
  static std::uint64_t squares(Bitboard b) {
#if defined(__BMI2__)
    return _pext_u64(b, G::kBoard);
#else
    return squares_bits(b);
#endif
  }
  static Bitboard bits(std::uint64_t s) {
#if defined(__BMI2__)
    return _pdep_u64(s, G::kBoard);
#else
    return bits_of_squares(s);
#endif
  }
  // Square s to square kSquares-1-s: the square bits reversed.
  static Bitboard rotate(Bitboard b) {
    return bits(doska::egdb::reverse_bits(squares(b)) >> (64 - kSquares));
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
    return index_of_squares(l, squares(pos.white & ~pos.kings), squares(pos.black & ~pos.kings),
                            squares(pos.white & pos.kings), squares(pos.black & pos.kings));
  }
  // The index of flip(pos) (`pos` has Black to move), without turning the position first.
  static std::uint64_t flipped_index(const Layout& l, const Position& pos) {
    const auto turned = [](Bitboard b) {
      return doska::egdb::reverse_bits(squares(b)) >> (64 - kSquares);
    };
    return index_of_squares(l, turned(pos.black & ~pos.kings), turned(pos.white & ~pos.kings),
                            turned(pos.black & pos.kings), turned(pos.white & pos.kings));
  }
  // The index from the squares (bits 0..kSquares-1) of each kind of piece, side to move first.
  static std::uint64_t index_of_squares(const Layout& l, std::uint64_t own_men,
                                        std::uint64_t opp_men, std::uint64_t own_kings,
                                        std::uint64_t opp_kings) {
    const std::uint64_t men = own_men | opp_men;
    std::uint64_t i = rank(own_men >> kRow);
    i = i * l.opp_men + rank(opp_men);
    i = i * l.own_kings + rank(compress(own_kings, men));
    return i * l.opp_kings + rank(compress(opp_kings, men | own_kings));
  }
  // Turns indices of one material into positions: each part of the index looked up among the
  // sets of its rank, computed once (at most a few million of them), in place of unranking
  // every part of every index.
  class Decoder {
   public:
    explicit Decoder(Material m) : layout_(Frame::layout(m)) {
      const int free_squares = kSquares - m.own_men - m.opp_men;
      fill(own_men_, m.own_men, kManSquares, kRow);
      fill(opp_men_, m.opp_men, kManSquares, 0);
      fill(own_kings_, m.own_kings, free_squares, 0);
      fill(opp_kings_, m.opp_kings, free_squares - m.own_kings, 0);
    }
    const Layout& layout() const { return layout_; }
    // False when the index is not a position (two pieces on one square).
    bool decode(std::uint64_t i, Position& pos) const {
      const std::uint64_t r_opp_kings = i % layout_.opp_kings;
      i /= layout_.opp_kings;
      const std::uint64_t r_own_kings = i % layout_.own_kings;
      i /= layout_.own_kings;
      const std::uint64_t own_men = own_men_[i / layout_.opp_men];
      const std::uint64_t opp_men = opp_men_[i % layout_.opp_men];
      if (own_men & opp_men) return false;
      const std::uint64_t men = own_men | opp_men;
      const std::uint64_t own_kings = expand(own_kings_[r_own_kings], men);
      const std::uint64_t opp_kings = expand(opp_kings_[r_opp_kings], men | own_kings);
      pos.white = bits(own_men | own_kings);
      pos.black = bits(opp_men | opp_kings);
      pos.kings = bits(own_kings | opp_kings);
      pos.side = Side::white;
      return true;
    }

   private:
    static void fill(std::vector<std::uint64_t>& sets, int k, int domain, int shift) {
      sets.resize(choose(domain, k));
      for (std::uint64_t r = 0; r < sets.size(); ++r) sets[r] = unrank(r, k, domain) << shift;
    }
    Layout layout_;
    std::vector<std::uint64_t> own_men_, opp_men_, own_kings_, opp_kings_;
  };
};

Material material_of(const Position& pos) {
  return {count(pos.white & ~pos.kings), count(pos.white & pos.kings),
          count(pos.black & ~pos.kings), count(pos.black & pos.kings)};
}

std::uint8_t terminal_code(const Rules& rules) {
  // No piece or no move: a loss, or in giveaway a win (RULINGS §1.3, §1.7; 004).
  return Value{rules.giveaway ? Outcome::win : Outcome::loss, 0}.encode();
}

using doska::egdb::better;
using doska::egdb::parallel_chunks;
using doska::egdb::through;
using Clock = doska::egdb::Stopwatch;

// The moves and predecessors of the draughts family for the retrograde solver (egdb/retrograde.h).
template <const Rules& G>
struct DraughtsPair {
  using F = Frame<G.board_size>;
  using Geo = Geometry<G.board_size>;

  const Rules& rules;
  const Database& db;
  std::vector<Material> materials;
  std::vector<typename F::Decoder> decoders;

  std::string first_look(std::size_t t, std::uint64_t i, doska::egdb::FirstLook& look) const {
    Position pos;
    if (!decoders[t].decode(i, pos)) return {};  // no position: kNone
    MoveList list;
    Generator<G>::generate(pos, list);
    if (list.empty()) look.best_outside = Value::decode(terminal_code(rules));
    for (int k = 0; k < list.size(); ++k) {
      const Move& move = list[k];
      if (!move.is_capture() && !move.promotes) {
        ++look.inside;
        continue;
      }
      Position next = pos;
      play(next, move);
      const auto v = db.probe(next);
      if (!v) return "no table for " + to_fen(rules, next) + " (a smaller table is missing)";
      look.outside(through(*v, true));
    }
    return {};
  }

  // Positions whose last move, by `pos`'s opponent (Black here), stayed inside the pair: the
  // previous mover's piece taken back one step (a man) or one slide (a king).
  template <typename Visit>
  void predecessors(std::size_t t, std::uint64_t i, Visit&& visit) const {
    Position pos;
    decoders[t].decode(i, pos);
    const Layout& before = decoders[materials.size() == 1 ? 0 : 1 - t].layout();
    const Bitboard empty = Geo::kBoard & ~pos.occupied();
    auto emit = [&](Bitboard from, Bitboard to, bool king) {
      Position p = pos;
      p.black = (p.black & ~from) | to;
      if (king) p.kings = (p.kings & ~from) | to;
      p.side = Side::black;
      visit(F::index(before, F::flip(p)));
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
};

// The tables with as many pieces as `m` that a move from a position of `m` or of its twin can
// reach: the promotions (captures lead to fewer pieces), as the side to move then sees them.
std::vector<Material> same_count_successors(Material m) {
  std::vector<Material> out;
  for (const Material& x : {m, m.flipped()})
    if (x.own_men > 0) out.push_back({x.opp_men, x.opp_kings, x.own_men - 1, x.own_kings + 1});
  return out;
}

// Holds the tables of `wanted` unpacked, read again packed from their files the unpacked tables
// of as many pieces that are not wanted where the memory budget needs the room. A table of the
// largest size built so far is read at random places by the promotions of the pair being solved
// (or verified); packed, each such probe unpacks a block.
Status unpack_wanted(const Rules& rules, Database& db, const BuildOptions& options,
                     std::uint64_t& unpacked_bytes, const std::vector<Material>& wanted) {
  if (options.packed) return Ok{};
  auto is_wanted = [&](const Material& x) {
    return std::find(wanted.begin(), wanted.end(), x) != wanted.end();
  };
  for (const Material& w : wanted) {
    const Table* table = db.table(w);
    if (!table || !table->packed()) continue;
    const std::uint64_t bytes = table->header().entries;
    while (unpacked_bytes + bytes > options.memory_budget) {
      std::optional<Material> victim;
      for (const Material& x : materials(kMaxPieces)) {
        const Table* t = db.table(x);
        if (x.pieces() == w.pieces() && t && !t->packed() && !is_wanted(x)) {
          victim = x;
          break;
        }
      }
      if (!victim) break;
      auto packed = Table::load(table_path(rules, options.dir, *victim), false);
      if (!packed) return make_error(packed.error());
      unpacked_bytes -= db.table(*victim)->header().entries;
      db.add(*victim, std::move(*packed));
      if (options.progress)
        options.progress(victim->name() + " packed again to make room for " + w.name());
    }
    if (unpacked_bytes + bytes > options.memory_budget) {
      if (options.progress)
        options.progress(w.name() + " stays packed (slower): --memory is too small to hold it");
      continue;
    }
    unpacked_bytes += bytes;
    db.add(w, unpacked_copy(*table));
  }
  return Ok{};
}

// The database under construction, as egdb::build_missing sees it.
struct Builder {
  const Rules& rules;
  Database& db;
  const BuildOptions& options;
  std::uint64_t unpacked_bytes;  // of the tables held unpacked, against the memory budget

  bool has(Material m) const { return db.table(m) != nullptr; }
  std::uint64_t size(Material m) const { return table_size(rules, m); }
  TableHeader header(Material m) const {
    return {
        std::string(rules.id), kRulesVersion, {m.own_men, m.own_kings, m.opp_men, m.opp_kings}, 0};
  }
  std::string path(Material m) const { return table_path(rules, options.dir, m); }
  int threads() const { return options.threads; }
  // A table just built and saved: kept as built while the memory budget allows, or read back
  // packed from its file.
  Status add(Material m, std::shared_ptr<Table> table) {
    if (!options.packed && unpacked_bytes + size(m) <= options.memory_budget) {
      unpacked_bytes += size(m);
    } else {
      auto reread = Table::load(path(m), false);
      if (!reread) return make_error(reread.error());
      table = std::move(*reread);
    }
    db.add(m, std::move(table));
    return Ok{};
  }

  Result<std::vector<std::pair<Material, doska::egdb::TableValues>>> solve(Material m) {
    if (Status s = unpack_wanted(rules, db, options, unpacked_bytes, same_count_successors(m)); !s)
      return make_error(s.error());
    std::vector<Material> pair{m};
    if (!(m.flipped() == m)) pair.push_back(m.flipped());
    std::vector<doska::egdb::PairTable> tables;
    for (const Material& x : pair) tables.push_back({x.name(), size(x), {}, {}, {}});
    Status status = with_move_rules(rules, [&]<const Rules & G>() {
      DraughtsPair<G> family{rules, db, pair, {}};
      for (const Material& x : pair) family.decoders.emplace_back(x);
      return doska::egdb::solve_pair(
          tables, options.threads, options.progress,
          [&](std::size_t t, std::uint64_t i, doska::egdb::FirstLook& look) {
            return family.first_look(t, i, look);
          },
          [&](std::size_t t, std::uint64_t i, const auto& visit) {
            family.predecessors(t, i, visit);
          },
          options.short_plies);
    });
    if (!status) return make_error(status.error());
    std::vector<std::pair<Material, doska::egdb::TableValues>> out;
    for (std::size_t t = 0; t < pair.size(); ++t)
      out.emplace_back(pair[t], doska::egdb::TableValues{std::move(tables[t].value),
                                                         std::move(tables[t].longs)});
    return out;
  }
};

using doska::egdb::Place;

template <int N>
Place place_in(const Database& db, const Rules& rules, const Position& pos) {
  using F = Frame<N>;
  // No piece left: the game is over, table or not.
  if (pos.pieces(pos.side) == 0) return {nullptr, 0, Value::decode(terminal_code(rules))};
  if (db.table_count() == 0 || count(pos.occupied()) > db.largest_pieces()) return {};
  const Position rel = pos.side == Side::white ? pos : F::flip(pos);
  if (rel.black == 0) return {};
  const Material m = material_of(rel);
  const Table* table = db.table(m);
  if (!table) return {};
  return {table, F::index(F::layout(m), rel), std::nullopt};
}

template <int N>
std::optional<Value> probe_in(const Database& db, const Rules& rules, const Position& pos) {
  const Place place = place_in<N>(db, rules, pos);
  if (!place.table) return place.fixed;
  return place.table->value(place.index);
}

// place_in for many positions of one table, with the table and layout of the material seen last
// kept (most moves capture nothing and promote nothing: their successors share one material),
// and a Black-to-move position's index found from its turned squares without turning it.
template <int N>
class Placer {
 public:
  Placer(const Rules& rules, const Database& db) : rules_(rules), db_(db) {}
  Place operator()(const Position& pos) {
    using F = Frame<N>;
    if (pos.pieces(pos.side) == 0 || db_.table_count() == 0 ||
        count(pos.occupied()) > db_.largest_pieces())
      return place_in<N>(db_, rules_, pos);
    const bool white = pos.side == Side::white;
    if ((white ? pos.black : pos.white) == 0) return {};
    const Material seen = material_of(pos);
    const Material m = white ? seen : seen.flipped();
    if (!(m == last_material_)) {
      last_material_ = m;
      last_table_ = db_.table(m);
      if (last_table_) last_layout_ = F::layout(m);
    }
    if (!last_table_) return {};
    return {last_table_, white ? F::index(last_layout_, pos) : F::flipped_index(last_layout_, pos),
            std::nullopt};
  }

 private:
  const Rules& rules_;
  const Database& db_;
  Material last_material_{-1, -1, -1, -1};
  const Table* last_table_ = nullptr;
  Layout last_layout_{};
};

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

Material material_of_table(const Rules& rules, const Position& pos) {
  return material_of(to_move_up(rules, pos));
}

Database::Database(const Rules& rules) : rules_(&rules), tables_(9 * 9 * 9 * 9) {}

void Database::add(Material m, std::shared_ptr<const Table> table) {
  auto& slot_ref = tables_[static_cast<std::size_t>(slot(m))];
  if (!slot_ref) ++count_;
  slot_ref = std::move(table);
  largest_ = std::max(largest_, m.pieces());
  update_complete();
}

void Database::unpack_within(std::uint64_t memory) {
  std::uint64_t used = 0;
  for (const Material& m : materials(kMaxPieces)) {
    const Table* t = table(m);
    if (!t || !t->packed() || used + t->header().entries > memory) continue;
    used += t->header().entries;
    add(m, unpacked_copy(*t, doska::egdb::machine_threads()));
  }
}

const Table* Database::table(Material m) const {
  if (m.own_men > kMaxPieces || m.own_kings > kMaxPieces || m.opp_men > kMaxPieces ||
      m.opp_kings > kMaxPieces)
    return nullptr;
  return tables_[static_cast<std::size_t>(slot(m))].get();
}

bool Database::present(Material m) const {
  if (in_folder_.empty()) return table(m) != nullptr;
  return in_folder_[static_cast<std::size_t>(slot(m))];
}

void Database::update_complete() {
  complete_ = 0;
  for (int n = 2; n <= kMaxPieces; ++n) {
    bool all = true;
    for (const Material& m : materials(n))
      if (m.pieces() == n && !present(m)) all = false;
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
  return with_geometry(*rules_, [&]<int N>() { return probe_in<N>(*this, *rules_, pos); });
}

namespace {

// Reads the table files of the folder that `wanted(file name)` takes into `db`.
template <class Wanted>
Status read_tables(Database& db, const Rules& rules, const std::string& dir, bool unpack,
                   Wanted&& wanted) {
  return doska::egdb::read_folder(
      std::filesystem::path(dir) / std::string(rules.id), std::string(rules.id), kRulesVersion,
      unpack,
      [&](std::shared_ptr<Table> table, const std::string& file) -> std::string {
        const TableHeader& h = table->header();
        const Material m{h.material[0], h.material[1], h.material[2], h.material[3]};
        if (m.own_men < 0 || m.own_kings < 0 || m.opp_men < 0 || m.opp_kings < 0 ||
            m.pieces() > kMaxPieces || m.own_men + m.own_kings == 0 || m.opp_men + m.opp_kings == 0)
          return "has an impossible material";
        if (h.entries != table_size(rules, m))
          return "has " + std::to_string(h.entries) + " entries, " + m.name() + " needs " +
                 std::to_string(table_size(rules, m));
        if (file != m.name() + ".egdb") return "holds " + m.name() + " under another name";
        db.add(m, std::move(table));
        return {};
      },
      std::forward<Wanted>(wanted));
}

}  // namespace

Result<std::shared_ptr<Database>> Database::open_tables(const Rules& rules, const std::string& dir,
                                                        bool unpack,
                                                        const std::vector<Material>* only) {
  auto db = std::make_shared<Database>(rules);
  if (only)  // which files the folder has, for complete_pieces()
    db->in_folder_ = doska::egdb::files_present(
        materials(kMaxPieces), db->tables_.size(),
        [&](Material m) { return table_path(rules, dir, m); }, &Database::slot);
  Status read = read_tables(*db, rules, dir, unpack, doska::egdb::files_of(only));
  if (!read) return make_error(read.error());
  db->update_complete();
  return db;
}

namespace {

// The tables of the folder for a build or a verification: unpacked fewest pieces first within the
// memory budget (unless `packed`), the rest packed. A probe of a packed table unpacks a whole
// block, which is most of a build's time when captures lead to random places of smaller tables.
Result<std::shared_ptr<Database>> open_for_work(const Rules& rules, const BuildOptions& options,
                                                std::uint64_t& unpacked_bytes) {
  auto opened = Database::open(rules, options.dir, false);
  if (!opened || options.packed) return opened;
  Database& db = **opened;
  for (const Material& m : materials(kMaxPieces)) {
    const Table* table = db.table(m);
    if (!table) continue;
    const std::uint64_t bytes = table->header().entries;
    if (unpacked_bytes + bytes > options.memory_budget) break;
    unpacked_bytes += bytes;
    db.add(m, unpacked_copy(*table));
  }
  return opened;
}

}  // namespace

Result<BuildReport> build(const Rules& rules, const BuildOptions& options) {
  if (options.pieces < 2 || options.pieces > kMaxPieces)
    return make_error("--pieces must be 2.." + std::to_string(kMaxPieces));
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(options.dir) / std::string(rules.id),
                                      ec);
  if (ec) return make_error("cannot create " + options.dir + ": " + ec.message());
  std::uint64_t unpacked_bytes = 0;
  auto opened = open_for_work(rules, options, unpacked_bytes);
  if (!opened) return make_error(opened.error());
  Database& db = **opened;
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
  Builder builder{rules, db, options, unpacked_bytes};
  return doska::egdb::build_missing(all, builder, options.progress);
}

Result<VerifyReport> verify(const Rules& rules, const BuildOptions& options) {
  std::uint64_t unpacked_bytes = 0;
  auto opened = open_for_work(rules, options, unpacked_bytes);
  if (!opened) return make_error(opened.error());
  Database& db = **opened;
  VerifyReport report;
  Clock clock;
  // The tables to check, in build order, from the one `from` names on.
  std::vector<Material> order;
  std::uint64_t total = 0;
  for (const Material& m : materials(kMaxPieces)) {
    if (!db.table(m)) continue;
    if (order.empty() && !options.from.empty() && m.name() != options.from) continue;
    order.push_back(m);
    total += table_size(rules, m);
  }
  if (order.empty() && !options.from.empty())
    return make_error("no table " + doska::quoted(options.from) + " of " + std::string(rules.id) +
                      " in " + options.dir + " to verify from (a name such as m2k1-m1k0)");
  std::uint64_t done = 0;
  for (const Material& m : order) {
    // The moves that stay inside land at random places of the colour twin: it is unpacked too.
    std::vector<Material> wanted = same_count_successors(m);
    wanted.push_back(m);
    wanted.push_back(m.flipped());
    if (Status s = unpack_wanted(rules, db, options, unpacked_bytes, wanted); !s)
      return make_error(s.error());
    const Table* table = db.table(m);
    std::atomic<std::uint64_t> positions{0};
    with_geometry(rules, [&]<int N>() {
      const typename Frame<N>::Decoder decoder(m);
      doska::egdb::verify_ranges(
          decoder.layout().size, options.threads, report,
          [&](std::uint64_t begin, std::uint64_t end, const auto& note) {
            using Batch = doska::egdb::SuccessorBatch<Position, Move>;
            Placer<N> placer(rules, db);
            positions += doska::egdb::verify_batches<Position, Move>(
                *table, begin, end, m.name(),
                [&](std::uint64_t i, Position& pos) { return decoder.decode(i, pos); },
                [&](Batch& batch, const Position& pos) {
                  MoveList list;
                  generate_moves(rules, pos, list);
                  return batch.add(pos, list, [&](const Move& move) {
                    Position next = pos;
                    play(next, move);
                    return placer(next);
                  });
                },
                Value::decode(terminal_code(rules)),
                [](Value v, const Move& move) {
                  return through(v, move.is_capture() || move.promotes);
                },
                [&](const Position& pos) { return to_fen(rules, pos); }, note);
          },
          options.progress, m.name());
    });
    report.positions += positions;
    done += table_size(rules, m);
    if (options.progress)
      options.progress("verified " + m.name() + " (" + std::to_string(positions.load()) +
                       " positions, " + std::to_string(report.wrong) + " wrong so far), " +
                       std::to_string(static_cast<int>(clock.seconds())) + " s; all tables: " +
                       doska::egdb::progress_text(done, total, clock.seconds()));
  }
  return report;
}

}  // namespace doska::draughts::egdb
