#include "games/mill/egdb.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <filesystem>
#include <mutex>

#include "common/text.h"
#include "egdb/retrograde.h"
#include "games/mill/egdb_index.h"
#include "games/mill/movegen.h"
#include "games/mill/notation.h"

namespace doska::mill::egdb {

namespace {

namespace code = doska::egdb::code;
namespace eg = doska::egdb;
using eg::Table;
using eg::TableHeader;

std::uint64_t index_of(Material m, Bitboard own, Bitboard opp) {
  return symmetric_index(m.own, m.opp, own, opp);
}
// The position of slot i (White to move), or none when the slot is no position's
// (egdb_index.h).
std::optional<Position> decode(Material m, std::uint64_t i) {
  Bitboard own = 0, opp = 0;
  if (!symmetric_decode(m.own, m.opp, i, own, opp)) return std::nullopt;
  Position pos;
  pos.pieces = {own, opp};
  pos.side = Side::white;
  return pos;
}
// The slots in `found[0..n)`, each once (positions of one class count once: the predecessors of
// a class are listed once each, so its moves must be counted by class too).
int distinct(std::array<std::uint64_t, 128>& found, int n) {
  std::sort(found.begin(), found.begin() + n);
  return static_cast<int>(std::unique(found.begin(), found.begin() + n) - found.begin());
}
// Calls f.template operator()<R>() with the generator of the variant's moving phase (mill and
// mixed mill move alike once the hands are empty).
template <typename F>
decltype(auto) with_moving_rules(const Rules& rules, F&& f) {
  if (rules.id == kMillCeylon.id) return f.template operator()<kMillCeylon>();
  return f.template operator()<kMill>();
}

// The moves and predecessors of the moving phase for the retrograde solver
// (egdb/retrograde.h).
template <const Rules& G>
struct MillPair {
  const Database& db;
  std::vector<Material> materials;

  std::string first_look(std::size_t t, std::uint64_t i, eg::FirstLook& look) const {
    const auto decoded = decode(materials[t], i);
    if (!decoded) return {};  // no position: the slot stays "none"
    const Position& pos = *decoded;
    const Material& after = materials[materials.size() == 1 ? 0 : 1 - t];
    const Bitboard own = pos.of(Side::white), opp = pos.of(Side::black);
    MoveList list;
    Generator<G>::generate(pos, list);
    if (list.empty()) look.best_outside = Value{Outcome::loss, 0};  // no move loses (§3.2)
    std::array<std::uint64_t, 128> inside{};
    int n = 0;
    for (const Move& move : list) {
      if (!move.is_removal()) {
        if (n == static_cast<int>(inside.size())) return materials[t].name() + ": too many moves";
        inside[static_cast<std::size_t>(n++)] =
            index_of(after, opp, (own & ~bit(move.from)) | bit(move.to));
        continue;
      }
      Position next = pos;
      play(next, move);
      const auto v = db.probe(next);
      if (!v) return "no table for " + to_fen(next) + " (a smaller table is missing)";
      look.outside(eg::through(*v, true, move.keeps_turn));
    }
    look.inside = distinct(inside, n);
    return {};
  }

  // Positions whose last move, by the opponent, stayed inside the pair: a piece that did not
  // close a mill taken back one step (or one flight, with three pieces).
  template <typename Visit>
  void predecessors(std::size_t t, std::uint64_t i, Visit&& visit) const {
    const auto decoded = decode(materials[t], i);
    if (!decoded) return;
    const Material& before = materials[materials.size() == 1 ? 0 : 1 - t];
    const Bitboard own = decoded->of(Side::white), opp = decoded->of(Side::black);
    const Bitboard empty = kAllPoints & ~(own | opp);
    const bool flew = count(opp) <= G.flying_at;
    std::array<std::uint64_t, 128> found{};
    int n = 0;
    for (Bitboard b = opp; b; b &= b - 1) {
      const int to = lowest_point(b);
      const Bitboard rest = opp & ~bit(to);
      if ((*G.board).closes_mill(rest, to)) continue;  // that move removed a piece
      for (Bitboard f = flew ? empty : (*G.board).adjacent[to] & empty; f; f &= f - 1)
        found[static_cast<std::size_t>(n++)] = index_of(before, rest | bit(lowest_point(f)), own);
    }
    n = distinct(found, n);
    for (int k = 0; k < n; ++k) visit(found[static_cast<std::size_t>(k)]);
  }
};

// The database under construction, as egdb::build_missing sees it.
struct Builder {
  const Rules& rules;
  Database& db;
  const BuildOptions& options;

  bool has(Material m) const { return db.table(m) != nullptr; }
  std::uint64_t size(Material m) const { return table_size(m); }
  TableHeader header(Material m) const {
    return {table_game(rules), kRulesVersion, {m.own, m.opp, 0, 0}, 0};
  }
  std::string path(Material m) const { return table_path(rules, options.dir, m); }
  int threads() const { return options.threads; }
  Status add(Material m, std::shared_ptr<Table> table) {
    db.add(m, std::move(table));
    return Ok{};
  }

  Result<std::vector<std::pair<Material, eg::TableValues>>> solve(Material m) const {
    std::vector<Material> pair{m};
    if (!(m.flipped() == m)) pair.push_back(m.flipped());
    std::vector<eg::PairTable> tables;
    for (const Material& x : pair) tables.push_back({x.name(), size(x), {}, {}, {}});
    Status status = with_moving_rules(rules, [&]<const Rules & G>() {
      MillPair<G> family{db, pair};
      return eg::solve_pair(
          tables, options.threads, options.progress,
          [&](std::size_t t, std::uint64_t i, eg::FirstLook& look) {
            return family.first_look(t, i, look);
          },
          [&](std::size_t t, std::uint64_t i, const auto& visit) {
            family.predecessors(t, i, visit);
          },
          options.short_plies);
    });
    if (!status) return make_error(status.error());
    std::vector<std::pair<Material, eg::TableValues>> out;
    for (std::size_t t = 0; t < pair.size(); ++t)
      out.emplace_back(pair[t],
                       eg::TableValues{std::move(tables[t].value), std::move(tables[t].longs)});
    return out;
  }
};

}  // namespace

std::string Material::name() const {
  return "p" + std::to_string(own) + "-p" + std::to_string(opp);
}

std::string table_game(const Rules& rules) {
  return rules.id == kMillMixed.id ? std::string(kMill.id) : std::string(rules.id);
}

std::vector<Material> materials(const Rules& rules, int pieces) {
  std::vector<Material> out;
  const int least = rules.losing_count + 1;
  for (int total = 2 * least; total <= 2 * pieces; ++total)
    for (int own = least; own <= pieces; ++own)
      if (total - own >= least && total - own <= pieces) out.push_back({own, total - own});
  return out;
}

std::uint64_t table_size(Material m) {
  return symmetric_size(m.own, m.opp);
}

std::string table_path(const Rules& rules, const std::string& dir, Material m) {
  return dir + "/" + table_game(rules) + "/" + m.name() + ".egdb";
}

Database::Database(const Rules& rules) : rules_(&rules), tables_(16 * 16) {}

void Database::add(Material m, std::shared_ptr<const Table> table) {
  auto& slot = tables_[static_cast<std::size_t>(m.own * 16 + m.opp)];
  if (!slot) ++count_;
  slot = std::move(table);
  largest_ = std::max({largest_, m.own, m.opp});
}

void Database::unpack_within(std::uint64_t memory) {
  std::uint64_t used = 0;
  auto all = materials(*rules_, kMaxPieces);
  for (auto m = all.rbegin(); m != all.rend(); ++m) {
    const Table* t = table(*m);
    if (!t || !t->packed() || used + t->header().entries > memory) continue;
    used += t->header().entries;
    add(*m, eg::unpacked_copy(*t, eg::machine_threads()));
  }
}

const Table* Database::table(Material m) const {
  if (m.own < 0 || m.opp < 0 || m.own > kMaxPieces || m.opp > kMaxPieces) return nullptr;
  return tables_[static_cast<std::size_t>(m.own * 16 + m.opp)].get();
}

int Database::complete_pieces() const {
  int complete = 0;
  for (int n = rules_->losing_count + 1; n <= kMaxPieces; ++n) {
    for (const Material& m : materials(*rules_, n))
      if (in_folder_.empty() ? !table(m)
                             : !in_folder_[static_cast<std::size_t>(m.own * 16 + m.opp)])
        return complete;
    complete = n;
  }
  return complete;
}

std::optional<Value> Database::probe(const Position& pos) const {
  const eg::Place p = place(pos);
  return p.table ? p.table->value(p.index) : p.fixed;
}

eg::Place Database::place(const Position& pos) const {
  if (pos.in_hand(Side::white) || pos.in_hand(Side::black)) return {};
  // Down to two pieces: the game is over (RULINGS §3.2), table or not.
  if (pos.total(pos.side) <= rules_->losing_count) return {nullptr, 0, Value{Outcome::loss, 0}};
  if (pos.total(opposite(pos.side)) <= rules_->losing_count)
    return {nullptr, 0, Value{Outcome::win, 0}};
  const Material m = material_of_table(pos);
  if (m.own > largest_ || m.opp > largest_) return {};
  const Table* t = table(m);
  if (!t) return {};
  return {t, index_of(m, pos.of(pos.side), pos.of(opposite(pos.side))), std::nullopt};
}

Material material_of_table(const Position& pos) {
  return {pos.on_board(pos.side), pos.on_board(opposite(pos.side))};
}

namespace {

// Reads the table files of the folder that `wanted(file name)` takes into `db`.
template <class Wanted>
Status read_tables(Database& db, const Rules& rules, const std::string& dir, bool unpack,
                   Wanted&& wanted) {
  return eg::read_folder(
      std::filesystem::path(dir) / table_game(rules), table_game(rules), kRulesVersion, unpack,
      [&](std::shared_ptr<Table> table, const std::string& file) -> std::string {
        const TableHeader& h = table->header();
        const Material m{h.material[0], h.material[1]};
        if (m.own <= rules.losing_count || m.opp <= rules.losing_count || m.own > kMaxPieces ||
            m.opp > kMaxPieces || h.material[2] != 0 || h.material[3] != 0)
          return "has an impossible material";
        if (h.entries != table_size(m))
          return "has " + std::to_string(h.entries) + " entries, " + m.name() + " needs " +
                 std::to_string(table_size(m));
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
    db->in_folder_ = eg::files_present(
        materials(rules, kMaxPieces), db->tables_.size(),
        [&](Material m) { return table_path(rules, dir, m); },
        [](Material m) { return m.own * 16 + m.opp; });
  Status read = read_tables(*db, rules, dir, unpack, doska::egdb::files_of(only));
  if (!read) return make_error(read.error());

  return db;
}

Result<BuildReport> build(const Rules& rules, const BuildOptions& options) {
  if (options.pieces <= rules.losing_count || options.pieces > kMaxPieces)
    return make_error("--pieces must be " + std::to_string(rules.losing_count + 1) + ".." +
                      std::to_string(kMaxPieces) + " (pieces a side)");
  std::error_code ec;
  const auto folder = std::filesystem::path(options.dir) / table_game(rules);
  std::filesystem::create_directories(folder, ec);
  if (ec) return make_error("cannot create " + options.dir + ": " + ec.message());
  auto opened = Database::open(rules, options.dir, true);
  if (!opened) {
    // Tables of rules version 1 (every position, before the index by symmetry classes) are set
    // aside as <file>.v1, not deleted, and built again; looked for only when the folder is refused.
    std::vector<std::filesystem::path> old_tables;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
      if (entry.path().extension() != ".egdb") continue;
      auto old = Table::load(entry.path().string(), false);
      if (old && (*old)->header().rules_version == 1) old_tables.push_back(entry.path());
    }
    if (old_tables.empty()) return make_error(opened.error());
    for (const auto& path : old_tables) {
      std::filesystem::rename(path, path.string() + ".v1", ec);
      if (ec) return make_error("cannot set aside " + path.string() + ": " + ec.message());
      if (options.progress)
        options.progress("set aside " + path.string() + " (rules version 1): built again");
    }
    opened = Database::open(rules, options.dir, true);
  }
  if (!opened) return make_error(opened.error());
  Database& db = **opened;
  auto all = materials(rules, options.pieces);
  if (options.max_total > 0)
    std::erase_if(all, [&](const Material& m) { return m.own + m.opp > options.max_total; });
  Builder builder{rules, db, options};
  return eg::build_missing(all, builder, options.progress);
}

Result<VerifyReport> verify(const Rules& rules, const BuildOptions& options) {
  auto opened = Database::open(rules, options.dir, true);
  if (!opened) return make_error(opened.error());
  const Database& db = **opened;
  VerifyReport report;
  eg::Stopwatch clock;
  // The tables to check, in build order, from the one `from` names on.
  std::vector<Material> order;
  std::uint64_t total = 0;
  for (const Material& m : materials(rules, kMaxPieces)) {
    if (!db.table(m)) continue;
    if (order.empty() && !options.from.empty() && m.name() != options.from) continue;
    order.push_back(m);
    total += table_size(m);
  }
  if (order.empty() && !options.from.empty())
    return make_error("no table " + doska::quoted(options.from) + " of " + std::string(rules.id) +
                      " in " + options.dir + " to verify from (a name such as p5-p4)");
  std::uint64_t done = 0;
  for (const Material& m : order) {
    const Table* table = db.table(m);
    std::atomic<std::uint64_t> positions{0};
    eg::verify_ranges(
        table_size(m), options.threads, report,
        [&](std::uint64_t begin, std::uint64_t end, const auto& note) {
          using Batch = eg::SuccessorBatch<Position, Move>;
          positions += eg::verify_batches<Position, Move>(
              *table, begin, end, m.name(),
              [&](std::uint64_t i, Position& pos) {
                const auto decoded = decode(m, i);
                if (decoded) pos = *decoded;
                return decoded.has_value();
              },
              [&](Batch& batch, const Position& pos) {
                return with_moving_rules(rules, [&]<const Rules & G>() {
                  MoveList list;
                  Generator<G>::generate(pos, list);
                  return batch.add(pos, list, [&](const Move& move) {
                    Position next = pos;
                    play(next, move);
                    return db.place(next);
                  });
                });
              },
              Value{Outcome::loss, 0},  // no move loses (RULINGS §3.2)
              [](Value v, const Move& move) {
                return eg::through(v, move.is_removal(), move.keeps_turn);
              },
              [](const Position& pos) { return to_fen(pos); }, note);
        },
        options.progress, m.name());
    report.positions += positions;
    done += table_size(m);
    if (options.progress)
      options.progress("verified " + m.name() + " (" + std::to_string(report.wrong) +
                       " wrong so far), " + std::to_string(static_cast<int>(clock.seconds())) +
                       " s; all tables: " + eg::progress_text(done, total, clock.seconds()));
  }
  return report;
}

}  // namespace doska::mill::egdb
