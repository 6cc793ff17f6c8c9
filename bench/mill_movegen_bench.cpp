// Mill move generation speed: perft from the start (the last ply counted in bulk, so the speed is
// leaves per second) and generate_moves in the placement, moving and flying phases.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "games/mill/notation.h"
#include "games/mill/variant.h"

namespace {

using namespace doska::mill;

Position position_of(const Rules& rules, std::string_view fen) {
  auto pos = parse_fen(rules, fen);
  if (!pos) {
    std::fprintf(stderr, "mill_movegen_bench: %s\n", pos.error().c_str());
    std::abort();
  }
  return *pos;
}

void BM_MillPerft(benchmark::State& state, const Rules* rules, std::string_view fen) {
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

void BM_MillGenerateMoves(benchmark::State& state, const Rules* rules, std::string_view fen) {
  const Position pos = position_of(*rules, fen);
  MoveList list;
  for (auto _ : state) {
    generate_moves(*rules, pos, list);
    benchmark::DoNotOptimize(list);
  }
  state.counters["moves"] = list.size();
}

constexpr std::string_view kStart = "W:W:B:H9,9";
// Every piece placed, several mills ready to close.
constexpr std::string_view kMoving = "W:Wa1,d1,g4,b6,f2,c3,e5,d7:Bd6,f6,c5,e4,b2,g7,a4,d3:H0,0";
// White flies with three pieces; removals multiply the moves.
constexpr std::string_view kFlying = "W:Wa1,d1,g7:Bd6,f6,c5,e4,b2,a4,d3:H0,0";

}  // namespace

BENCHMARK_CAPTURE(BM_MillPerft, mill_start, &kMill, kStart)
    ->Arg(5)
    ->Arg(6)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MillPerft, mill_mixed_start, &kMillMixed, kStart)
    ->Arg(5)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MillPerft, mill_ceylon_start, &kMillCeylon, kStart)
    ->Arg(5)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_MillPerft, mill_moving, &kMill, kMoving)
    ->Arg(5)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(BM_MillGenerateMoves, mill_start, &kMill, kStart);
BENCHMARK_CAPTURE(BM_MillGenerateMoves, mill_moving, &kMill, kMoving);
BENCHMARK_CAPTURE(BM_MillGenerateMoves, mill_flying, &kMill, kFlying);
