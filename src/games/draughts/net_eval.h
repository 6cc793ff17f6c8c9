// A small neural network as a draughts evaluation, alone or added to the pattern evaluation
// (docs/engine.md, "The network").
//
// The inputs are the position seen by the side to move: the board turned half a turn when Black
// moves, so that the mover always moves up; four planes of squares (own men, own kings, opposing
// men, opposing kings), one input a piece. Two hidden layers with clipped ReLU (min(max(x, 0), 1))
// and one output, in units of kOutputScale centipawns, for the side to move. A position and its
// colour mirror have the same inputs, so they get opposite values for White by construction.
//
// The forward pass is computed whole at every evaluation (no incremental update): with the
// layer sizes fixed at compile time the loops run on the CPU's vector units.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/draughts/board.h"
#include "games/draughts/position.h"

namespace doska::draughts::net {

constexpr int kPlanes = 4;  // own men, own kings, opposing men, opposing kings
constexpr float kOutputScale = 100;
// The layer sizes a file may have (each with a compiled forward pass).
constexpr std::array<int, 4> kHiddenSizes = {32, 64, 128, 256};
constexpr std::array<int, 3> kHidden2Sizes = {8, 16, 32};

struct Network {
  std::string game;  // the game id it was trained for
  int board_size = 10;
  int hidden = 64;
  int hidden2 = 16;
  int lone_king_divisor = 1;  // as the pattern weights' (pattern_eval.h)
  // Not 0: the network adds to the pattern weights with this checksum (the built-in ones of the
  // game when it was trained); 0: it is the whole evaluation.
  std::uint64_t base_checksum = 0;
  std::vector<float> w1;  // inputs x hidden, one row of `hidden` weights per input
  std::vector<float> b1;  // hidden
  std::vector<float> w2;  // hidden x hidden2, one row of `hidden2` weights per first-layer unit
  std::vector<float> b2;  // hidden2
  std::vector<float> w3;  // hidden2
  float b3 = 0;

  int inputs() const { return kPlanes * board_size * board_size / 2; }
};

// Calls visit(input) for every piece of `pos`, seen by the side to move.
template <int N, class Visit>
inline void visit_inputs(const Position& pos, Visit&& visit) {
  using G = Geometry<N>;
  constexpr int S = G::kSquares;
  const bool black = pos.side == Side::black;
  const Bitboard own = black ? pos.black : pos.white, other = black ? pos.white : pos.black;
  const Bitboard sets[kPlanes] = {own & ~pos.kings, own & pos.kings, other & ~pos.kings,
                                  other & pos.kings};
  for (int plane = 0; plane < kPlanes; ++plane)
    for (Bitboard b = sets[plane]; b; b &= b - 1) {
      const int s = G::square_of(lowest_bit(b));
      visit(plane * S + (black ? S - 1 - s : s));
    }
}

inline float clipped(float x) {
  return std::min(std::max(x, 0.0f), 1.0f);
}

// The network's output for the side to move (not yet scaled to centipawns).
template <int N, int H, int H2>
inline float forward_sized(const Network& n, const Position& pos) {
  alignas(64) float h1[H];
  const float* b1 = n.b1.data();
  for (int j = 0; j < H; ++j) h1[j] = b1[j];
  const float* w1 = n.w1.data();
  visit_inputs<N>(pos, [&](int input) {
    const float* row = w1 + static_cast<std::size_t>(input) * H;
    for (int j = 0; j < H; ++j) h1[j] += row[j];
  });
  // The second layer row by row of the first's units: every sum runs in a vector lane of its own.
  // Four sums a lane, over every fourth unit, so that the additions do not wait on each other.
  for (int j = 0; j < H; ++j) h1[j] = clipped(h1[j]);
  alignas(64) float z2[4][H2] = {};
  const float* w2 = n.w2.data();
  for (int j = 0; j < H; j += 4)
    for (int u = 0; u < 4; ++u) {
      const float* row = w2 + static_cast<std::size_t>(j + u) * H2;
      for (int k = 0; k < H2; ++k) z2[u][k] += h1[j + u] * row[k];
    }
  float out = n.b3;
  const float* b2 = n.b2.data();
  const float* w3 = n.w3.data();
  for (int k = 0; k < H2; ++k)
    out += w3[k] * clipped(b2[k] + ((z2[0][k] + z2[1][k]) + (z2[2][k] + z2[3][k])));
  return out;
}

template <int N, int H>
inline float forward_h(const Network& n, const Position& pos) {
  switch (n.hidden2) {
    case 8:
      return forward_sized<N, H, 8>(n, pos);
    case 16:
      return forward_sized<N, H, 16>(n, pos);
    default:
      return forward_sized<N, H, 32>(n, pos);
  }
}

// The value for the side to move, in centipawns (before any lone-king divisor).
template <int N>
inline int value(const Network& n, const Position& pos) {
  float out = 0;
  switch (n.hidden) {
    case 32:
      out = forward_h<N, 32>(n, pos);
      break;
    case 64:
      out = forward_h<N, 64>(n, pos);
      break;
    case 128:
      out = forward_h<N, 128>(n, pos);
      break;
    default:
      out = forward_h<N, 256>(n, pos);
      break;
  }
  const float cp = out * kOutputScale;
  return static_cast<int>(cp < -20000 ? -20000 : (cp > 20000 ? 20000 : cp));
}

// The file format (docs/engine.md): "DOSKANET", format version, game id, board size, the two
// hidden sizes, the lone-king divisor, the base checksum, the parameters (little-endian IEEE
// floats: w1, b1, w2, b2, w3, b3), then a 64-bit FNV-1a checksum of all that precedes it.
std::string serialize(const Network& n);
Result<Network> parse(std::string_view bytes, std::string_view what);
bool is_network(std::string_view bytes);

}  // namespace doska::draughts::net
