// The evaluation network's forward pass from kept first-layer sums (net_eval.h): the second and
// output layers, what every evaluation of the search runs (the sums themselves are kept move by
// move). The built-in networks of international and english draughts, over the sums of positions
// of a short random game, so that the outputs vary as in a search.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "games/draughts/net_eval.h"
#include "games/draughts/notation.h"
#include "games/draughts/pattern_eval.h"
#include "games/draughts/variant.h"

namespace {

using namespace doska::draughts;

template <int N>
void BM_NetForward(benchmark::State& state, const Rules* rules) {
  const pattern::Weights* w = pattern::builtin(rules->id);
  if (!w || !w->net) {
    state.SkipWithError("no built-in network");
    return;
  }
  const net::Network& n = *w->net;
  // The sums of the positions of a random game (up to 64 plies), each for its side to move.
  std::vector<net::Accumulator> sums;
  std::vector<int> view;
  std::mt19937_64 rng(5);
  Position pos = start_position(*rules);
  for (int ply = 0; ply < 64; ++ply) {
    net::Accumulator acc;
    net::refresh<N>(n, pos, acc);
    sums.push_back(acc);
    view.push_back(pos.side == Side::white ? 0 : 1);
    MoveList moves;
    generate_moves(*rules, pos, moves);
    if (moves.size() == 0) break;
    play(pos, moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
  }
  std::size_t i = 0;
  for (auto _ : state) {
    const float out = net::with_hidden(
        n, [&](auto h) { return net::forward_h<decltype(h)::value>(n, sums[i].sums[view[i]]); });
    benchmark::DoNotOptimize(out);
    i = i + 1 == sums.size() ? 0 : i + 1;
  }
  state.SetItemsProcessed(static_cast<long long>(state.iterations()));
}

void BM_NetForwardInternational(benchmark::State& state) {
  BM_NetForward<10>(state, &kInternational);
}
void BM_NetForwardEnglish(benchmark::State& state) {
  BM_NetForward<8>(state, &kEnglish);
}

BENCHMARK(BM_NetForwardInternational);
BENCHMARK(BM_NetForwardEnglish);

}  // namespace
