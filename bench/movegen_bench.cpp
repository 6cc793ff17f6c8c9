// Move generation speed: perft from the start positions, and generate_moves on positions with
// quiet moves, man captures and flying-king captures. Perft counts the last ply in bulk, so its
// speed is reported as leaves per second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace {

using namespace doska::draughts;

Position position_of(const Rules& rules, std::string_view fen) {
  if (fen.empty()) return start_position(rules);
  auto pos = parse_fen(rules, fen);
  if (!pos) {
    std::fprintf(stderr, "movegen_bench: %s\n", pos.error().c_str());
    std::abort();
  }
  return *pos;
}

void BM_Perft(benchmark::State& state, const Rules* rules, std::string_view fen) {
  const Position pos = position_of(*rules, fen);
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = perft(*rules, pos, depth);
    benchmark::DoNotOptimize(nodes);
  }
  state.counters["leaves"] = static_cast<double>(nodes);
  state.counters["nodes"] =
      benchmark::Counter(static_cast<double>(nodes) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

void BM_GenerateMoves(benchmark::State& state, const Rules* rules, std::string_view fen) {
  const Position pos = position_of(*rules, fen);
  MoveList list;
  for (auto _ : state) {
    generate_moves(*rules, pos, list);
    benchmark::DoNotOptimize(list);
  }
  state.counters["moves"] = list.size();
}

// Woldouby's position, a standard 10x10 perft position from play.
constexpr std::string_view kWoldouby =
    "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26";
// A white king on the long diagonal with many ways to take several men.
constexpr std::string_view kInternationalKingCaptures = "W:WK46:B8,12,13,19,22,28,30,33,37";
constexpr std::string_view kRussianKingCaptures = "W:WKa1,Kh2,c1:Bb2,d4,f4,f6,d6,b6,g7,c7";
constexpr std::string_view kEnglishMidgame =
    "B:W18,19,21,23,24,26,29,30,31,32:B1,2,3,5,6,7,9,10,11,14";

}  // namespace

BENCHMARK_CAPTURE(BM_Perft, international_start, &kInternational, "")
    ->Arg(6)
    ->Arg(8)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, russian_start, &kRussian, "")
    ->Arg(6)
    ->Arg(9)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, english_start, &kEnglish, "")
    ->Arg(6)
    ->Arg(9)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Perft, international_woldouby, &kInternational, kWoldouby)
    ->Arg(12)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(BM_GenerateMoves, international_start, &kInternational, "");
BENCHMARK_CAPTURE(BM_GenerateMoves, international_woldouby, &kInternational, kWoldouby);
BENCHMARK_CAPTURE(BM_GenerateMoves, international_king_captures, &kInternational,
                  kInternationalKingCaptures);
BENCHMARK_CAPTURE(BM_GenerateMoves, russian_start, &kRussian, "");
BENCHMARK_CAPTURE(BM_GenerateMoves, russian_king_captures, &kRussian, kRussianKingCaptures);
BENCHMARK_CAPTURE(BM_GenerateMoves, english_midgame, &kEnglish, kEnglishMidgame);
