// Endgame database probe speed (docs/egdb.md). Random positions of a material are probed one
// after another: "hot" probes English tables of at most 4 pieces built into a scratch folder at
// the start (every block soon in the cache), "folder" probes the tables of DOSKA_EGDB_GAME
// (default international) with DOSKA_EGDB_PIECES pieces (default: the largest complete count) in
// DOSKA_EGDB_DIR (default data/egdb), spread over the whole table, so most probes read and
// inflate a block. The folder benchmark is skipped when the folder has no such tables.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "games/draughts/egdb.h"
#include "games/draughts/variant.h"

namespace {

using namespace doska::draughts;

// A random position with `m` (White to move) in which no two pieces share a square and no man
// stands on its own promotion row.
Position random_position(const Rules& rules, egdb::Material m, std::mt19937_64& rng) {
  const int squares = square_count(rules);
  std::uniform_int_distribution<int> pick(1, squares);
  Position pos;
  auto place = [&](Side side, bool king) {
    for (;;) {
      const Bitboard bit = square_mask(rules, pick(rng));
      if (pos.occupied() & bit) continue;
      if (!king && (bit & promotion_row(rules, side))) continue;
      pos.pieces(side) |= bit;
      if (king) pos.kings |= bit;
      return;
    }
  };
  for (int i = 0; i < m.own_men; ++i) place(Side::white, false);
  for (int i = 0; i < m.own_kings; ++i) place(Side::white, true);
  for (int i = 0; i < m.opp_men; ++i) place(Side::black, false);
  for (int i = 0; i < m.opp_kings; ++i) place(Side::black, true);
  return pos;
}

// Positions drawn evenly from every table with exactly `pieces` pieces.
std::vector<Position> sample(const Rules& rules, int pieces, std::size_t count) {
  std::vector<egdb::Material> of_size;
  for (const egdb::Material& m : egdb::materials(pieces))
    if (m.pieces() == pieces) of_size.push_back(m);
  std::mt19937_64 rng(7);
  std::vector<Position> out;
  for (std::size_t i = 0; i < count; ++i)
    out.push_back(random_position(rules, of_size[i % of_size.size()], rng));
  return out;
}

void probe_all(benchmark::State& state, const egdb::Database& db,
               const std::vector<Position>& positions) {
  std::size_t i = 0, found = 0;
  for (auto _ : state) {
    const auto value = db.probe(positions[i]);
    found += value.has_value();
    benchmark::DoNotOptimize(value);
    if (++i == positions.size()) i = 0;
  }
  if (found == 0) state.SkipWithError("no probe found a table");
  state.counters["probes"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_EgdbProbeHot(benchmark::State& state) {
  const Rules& rules = kEnglish;
  const std::string dir = (std::filesystem::temp_directory_path() / "doska_egdb_bench").string();
  egdb::BuildOptions options;
  options.dir = dir;
  options.pieces = 4;
  if (auto built = egdb::build(rules, options); !built) {
    state.SkipWithError(built.error().c_str());
    return;
  }
  auto db = egdb::Database::open(rules, dir);
  if (!db) {
    state.SkipWithError(db.error().c_str());
    return;
  }
  probe_all(state, **db, sample(rules, 4, 4096));
}
BENCHMARK(BM_EgdbProbeHot);

void BM_EgdbProbeFolder(benchmark::State& state) {
  const char* game = std::getenv("DOSKA_EGDB_GAME");
  const Rules* rules = find_rules(game ? game : "international");
  if (!rules) {
    state.SkipWithError("DOSKA_EGDB_GAME is not a draughts game id");
    return;
  }
  const char* dir = std::getenv("DOSKA_EGDB_DIR");
  auto db = egdb::Database::open(*rules, dir ? dir : "data/egdb");
  if (!db) {
    state.SkipWithError(db.error().c_str());
    return;
  }
  const char* pieces_env = std::getenv("DOSKA_EGDB_PIECES");
  const int pieces = pieces_env ? std::atoi(pieces_env) : (*db)->complete_pieces();
  if (pieces < 2 || pieces > (*db)->complete_pieces()) {
    state.SkipWithError("no complete tables of that many pieces in the folder");
    return;
  }
  state.SetLabel(std::string(rules->id) + ", " + std::to_string(pieces) + " pieces");
  probe_all(state, **db, sample(*rules, pieces, 1 << 20));
}
BENCHMARK(BM_EgdbProbeFolder);

}  // namespace
