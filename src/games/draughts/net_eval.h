// A small neural network as a draughts evaluation, alone or added to the pattern evaluation
// (docs/engine.md, "The network").
//
// The inputs are the position seen by the side to move: the board turned half a turn when Black
// moves, so that the mover always moves up; four planes of squares (own men, own kings, opposing
// men, opposing kings), one input a piece, and where the network has them the contents of small
// diamonds of squares (DiamondLayout). Two hidden layers with clipped ReLU (min(max(x, 0), 1))
// and one output, in units of kOutputScale centipawns, for the side to move. A position and its
// colour mirror have the same inputs, so they get opposite values for White by construction.
//
// The first layer is summed in 16-bit integers (the weights scaled by a power of two chosen so
// that no sum can overflow), which makes it exact to keep up to date move by move: the search
// keeps, with each position, the first layer's sums for both sides to move (Accumulator) and
// changes only the rows of the squares a move touches. The rest is computed at each evaluation,
// with the layer sizes fixed at compile time so that the loops run on the CPU's vector units: the
// second layer in 8-bit integers (the first layer's outputs in 1/255ths, each unit's weights
// scaled to the range of 8 bits), four products a 32-bit lane at once where the CPU has AVX-512
// VNNI, else two in 16 bits where it has AVX2 (the same integers either way).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <cstring>

#if defined(__AVX2__) || defined(__BMI2__)
#include <immintrin.h>
#endif

#include "common/result.h"
#include "games/draughts/board.h"
#include "games/draughts/position.h"

namespace doska::draughts::net {

constexpr int kPlanes = 4;  // own men, own kings, opposing men, opposing kings
constexpr float kOutputScale = 100;
// The layer sizes a file may have (each with a compiled forward pass).
constexpr std::array<int, 4> kHiddenSizes = {32, 64, 128, 256};
constexpr std::array<int, 3> kHidden2Sizes = {8, 16, 32};

// The largest first layer whose sums a position carries (every size compiled in: 256 costs a
// position 1 KB of sums, of which a 128-unit network touches half).
constexpr int kAccumulated = 256;
static_assert(kHiddenSizes.back() == kAccumulated, "every size compiled in is carried");

// A first-layer unit's output of 1 in the integer second layer (outputs in 1/255ths).
constexpr int kUnitOne = 255;

// How a game's network rounds its second layer's weights to integers: the largest weight of a
// second-layer unit is `top` (127 or 63). Where two products of an output and a weight add within
// 16 bits (2 * 255 * top < 2^15), AVX2's byte multiply-add (_mm256_maddubs_epi16) is exact.
struct Quantization {
  int top = 127;
  constexpr bool byte_pairs_exact() const { return 2 * kUnitOne * top < 32768; }
};

// Each game's: weights up to 127, or coarser where its network measured as strong with them at
// equal nodes (the second layer is faster on AVX2; docs/engine.md, "The evaluation network").
Quantization quantization_of(std::string_view game);

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
  // The first layer in 16-bit integers, w1 and b1 times 2^l1_shift (set by prepare()): the
  // pieces' rows of `hidden` weights, then the diamonds' rows of kDiamondUnits (diamond_rows).
  std::vector<std::int16_t> q1, qb1;
  int l1_shift = 0;
  // The second layer in 8-bit integers (set by prepare()): unit k's weights times q2_scale[k]
  // (quant.top over the largest of them), grouped by four first-layer units: q2[(g * hidden2 + k) *
  // 4 + i] is unit 4g+i's weight into unit k. q2_unit[k] turns unit k's integer sum back into a
  // value.
  std::vector<std::int8_t> q2;
  Quantization quant;  // the game's (quantization_of), set by prepare()
  // The same weights in 16 bits, grouped by two first-layer units: q2_pairs[(p * hidden2 + k) * 2
  // + i] is unit 2p+i's weight into unit k (for CPUs without VNNI, which multiply 16-bit pairs
  // where bytes are not exact: quant.byte_pairs_exact()).
  std::vector<std::int16_t> q2_pairs;
  std::vector<float> q2_scale, q2_unit;
  // Not 0: the inputs go on with the diamonds' contents (visit_diamonds), kept move by move as
  // the pieces' are; the file holds kDiamondUnits here.
  int diamonds = 0;

  int inputs() const;
};

// Beside the pieces: every diamond of four squares (r, c), (r+1, c-1), (r+1, c+1), (r+2, c) of the
// board seen by the side to move, one input for each of its contents but the empty one (each
// square empty, own piece or opposing piece: 3^4 contents). The diamonds feed the first
// kDiamondUnits units of the first layer only (their weights into the others are 0), so that a
// move changes 32 sums for each diamond it touches, not the whole layer.
constexpr int kDiamondContents = 81;
// The pieces' inputs, which come first: four planes of the board's squares.
constexpr int piece_inputs(int board_size) {
  return kPlanes * board_size * board_size / 2;
}
constexpr int kDiamondUnits = 32;
constexpr int diamond_count(int board_size) {
  return (board_size - 2) / 2 * (board_size / 2 - 1);
}
inline int Network::inputs() const {
  return piece_inputs(board_size) + (diamonds ? diamond_count(board_size) * kDiamondContents : 0);
}

// Whether w1[i] can be other than 0: a piece's weight, or a diamond's into the units it feeds.
inline bool fed_weight(const Network& n, std::size_t i) {
  const auto h = static_cast<std::size_t>(n.hidden);
  return i < static_cast<std::size_t>(piece_inputs(n.board_size)) * h || i % h < kDiamondUnits;
}

template <int N>
struct DiamondLayout {
  using G = Geometry<N>;
  static constexpr int kCount = diamond_count(N);
  static constexpr std::array<std::array<int, 4>, kCount> make() {
    std::array<std::array<int, 4>, kCount> d{};
    int k = 0;
    for (int r = 0; r + 2 < N; r += 2)
      for (int c = 1; c + 1 < N; ++c) {
        if (G::square_at(r, c) < 0) continue;
        d[k++] = {G::square_at(r, c), G::square_at(r + 1, c - 1), G::square_at(r + 1, c + 1),
                  G::square_at(r + 2, c)};
      }
    return d;
  }
  static constexpr auto kSquares4 = make();
  // By view (0: White to move, 1: Black): each diamond's four squares as bits of the board, and
  // for each bit the diamonds that hold it.
  static constexpr std::array<std::array<std::array<int, 4>, kCount>, 2> bits() {
    std::array<std::array<std::array<int, 4>, kCount>, 2> b{};
    for (int v = 0; v < 2; ++v)
      for (int d = 0; d < kCount; ++d)
        for (int i = 0; i < 4; ++i)
          b[v][d][i] = G::bit_of(v ? G::kSquares - 1 - kSquares4[d][i] : kSquares4[d][i]);
    return b;
  }
  static constexpr auto kBits = bits();
  static constexpr std::array<std::array<std::uint64_t, 64>, 2> holders() {
    std::array<std::array<std::uint64_t, 64>, 2> h{};
    for (int v = 0; v < 2; ++v)
      for (int d = 0; d < kCount; ++d)
        for (int i = 0; i < 4; ++i) h[v][kBits[v][d][i]] |= std::uint64_t{1} << d;
    return h;
  }
  static constexpr auto kHolders = holders();
  static_assert(kCount <= 64);
  // Diamond d's content with `own` and `other` the pieces of the view's side and the other.
  static constexpr std::array<std::array<Bitboard, kCount>, 2> masks() {
    std::array<std::array<Bitboard, kCount>, 2> m{};
    for (int v = 0; v < 2; ++v)
      for (int d = 0; d < kCount; ++d)
        for (int i = 0; i < 4; ++i) m[v][d] |= Bitboard{1} << kBits[v][d][i];
    return m;
  }
  static constexpr auto kMasks = masks();
  // The base-3 value of four bits taken in the order of the board's bits: for White's view the
  // diamond's squares come in that order, for Black's (the board turned) reversed.
  static constexpr std::array<std::array<std::uint8_t, 16>, 2> ternary() {
    std::array<std::array<std::uint8_t, 16>, 2> t{};
    constexpr int p[4] = {1, 3, 9, 27};
    for (int b = 0; b < 16; ++b)
      for (int i = 0; i < 4; ++i)
        if (b & (1 << i)) {
          t[0][b] = static_cast<std::uint8_t>(t[0][b] + p[i]);
          t[1][b] = static_cast<std::uint8_t>(t[1][b] + p[3 - i]);
        }
    return t;
  }
  static constexpr auto kTernary4 = ternary();
  static int content(int view, int d, Bitboard own, Bitboard other) {
#if defined(__BMI2__)
    const Bitboard m = kMasks[view][d];
    return kTernary4[view][_pext_u64(own, m)] + 2 * kTernary4[view][_pext_u64(other, m)];
#else
    int c = 0;
    for (int i = 3; i >= 0; --i) {
      const int bit = kBits[view][d][i];
      c = 3 * c + static_cast<int>((own >> bit) & 1) + 2 * static_cast<int>((other >> bit) & 1);
    }
    return c;
#endif
  }
};

// Fills the integer layers: the first from w1 and b1, the second from w2; false when no scale of
// at least 2^4 keeps every first-layer sum of a full board within 16 bits (the weights are then
// too large to be played).
bool prepare(Network& n);

// The first layer's sums, for White to move (0) and for Black to move (1).
struct Accumulator {
  alignas(64) std::int16_t sums[2][kAccumulated];
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

// Calls visit(input) for every diamond of `pos` that is not empty, seen by the side to move.
template <int N, class Visit>
inline void visit_diamonds(const Position& pos, Visit&& visit) {
  using D = DiamondLayout<N>;
  const int view = pos.side == Side::black ? 1 : 0;
  const Bitboard own = view ? pos.black : pos.white, other = view ? pos.white : pos.black;
  constexpr int base = piece_inputs(N);
  for (int d = 0; d < D::kCount; ++d)
    if (const int content = D::content(view, d, own, other))
      visit(base + d * kDiamondContents + content);
}

inline float clipped(float x) {
  return std::min(std::max(x, 0.0f), 1.0f);
}

// The input of a piece seen with `side` to move: plane (0 own man, 1 own king, 2 opposing man,
// 3 opposing king) and the square, turned for Black.
template <int N>
constexpr int input_of(Side side, bool own, bool king, int square) {
  constexpr int S = Geometry<N>::kSquares;
  return ((own ? 0 : 2) + (king ? 1 : 0)) * S + (side == Side::black ? S - 1 - square : square);
}

// The integer rows of the diamonds' inputs, kDiamondUnits weights each, from input
// piece_inputs(N) on.
template <int N, int H>
inline const std::int16_t* diamond_rows(const Network& n) {
  return n.q1.data() + static_cast<std::size_t>(piece_inputs(N)) * H;
}

// The first layer's sums for the side to move of `pos`, whole.
template <int N, int H>
inline void sum_first_layer(const Network& n, const Position& pos, std::int16_t* sums) {
  const std::int16_t* b = n.qb1.data();
  for (int j = 0; j < H; ++j) sums[j] = b[j];
  visit_inputs<N>(pos, [&](int input) {
    const std::int16_t* row = n.q1.data() + static_cast<std::size_t>(input) * H;
    for (int j = 0; j < H; ++j) sums[j] = static_cast<std::int16_t>(sums[j] + row[j]);
  });
  if (n.diamonds)
    visit_diamonds<N>(pos, [&](int input) {
      const std::int16_t* row =
          diamond_rows<N, H>(n) + static_cast<std::size_t>(input - piece_inputs(N)) * kDiamondUnits;
      for (int j = 0; j < kDiamondUnits; ++j) sums[j] = static_cast<std::int16_t>(sums[j] + row[j]);
    });
}

// A first-layer unit's output in 1/kUnitOne: its sum clipped to [0, 1] and rounded.
inline std::uint8_t unit_output(int sum, int l1_shift) {
  const int clipped_sum = std::min(std::max(sum, 0), 1 << l1_shift);
  return static_cast<std::uint8_t>((clipped_sum * kUnitOne + (1 << (l1_shift - 1))) >> l1_shift);
}

// The second layer's sums z[k] = sum over j of h1[j] * weight(j, k), h1 the first layer's
// outputs (unit_output), in integers: the plain loops, which any CPU runs.
template <int H, int H2>
inline void second_layer_plain(const Network& n, const std::int16_t* sums, std::int32_t* z) {
  std::uint8_t h1[H];
  for (int j = 0; j < H; ++j) h1[j] = unit_output(sums[j], n.l1_shift);
  const std::int8_t* w = n.q2.data();
  for (int k = 0; k < H2; ++k) z[k] = 0;
  for (int g = 0; g < H / 4; ++g)
    for (int k = 0; k < H2; ++k)
      for (int i = 0; i < 4; ++i)
        z[k] += h1[4 * g + i] * w[(static_cast<std::size_t>(g) * H2 + k) * 4 + i];
}

#if defined(__AVX2__)
// unit_output of 16 sums at once, in 16 bits: the clip, then (c * 255 + 2^(s-1)) >> s as
// _mm256_mulhrs_epi16's (a * b + 2^14) >> 15 with a = c * 2^(14-s) (at most 2^14) and
// b = 2 * 255, which is the same integer.
class UnitOutputs {
 public:
  explicit UnitOutputs(int l1_shift)
      : top_(_mm256_set1_epi16(static_cast<std::int16_t>(1 << l1_shift))),
        twice_one_(_mm256_set1_epi16(2 * kUnitOne)),
        up_(_mm_cvtsi32_si128(14 - l1_shift)) {}
  __m256i operator()(const std::int16_t* sums) const {
    __m256i s = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sums));
    s = _mm256_min_epi16(_mm256_max_epi16(s, _mm256_setzero_si256()), top_);
    return _mm256_mulhrs_epi16(_mm256_sll_epi16(s, up_), twice_one_);
  }

 private:
  __m256i top_, twice_one_;
  __m128i up_;
};

// The outputs of H sums in bytes, 32 units at once (packus interleaves the halves of its two
// vectors by 64 bits; the permutation puts them back in order).
template <int H>
inline void unit_output_bytes(const Network& n, const std::int16_t* sums, std::uint8_t* h1) {
  const UnitOutputs outputs(n.l1_shift);
  for (int j = 0; j < H; j += 32)
    _mm256_store_si256(reinterpret_cast<__m256i*>(h1 + j),
                       _mm256_permute4x64_epi64(
                           _mm256_packus_epi16(outputs(sums + j), outputs(sums + j + 16)), 0xd8));
}

// z[k] = the sum over groups g of product(the 4 bytes of group g in `h1`, broadcast to every lane;
// group g's row of weights into 8 units a vector), the rows H2 * 4 bytes apart: the first layer's
// outputs four bytes at a time (bytes or 16-bit pairs) against their weights laid out alike (q2,
// q2_pairs); two chains so that the additions do not wait on each other.
template <int Groups, int H2, class Product>
inline void groups_times_rows(const void* h1, const void* rows, std::int32_t* z, Product product) {
  constexpr int C = H2 / 8;
  const auto* in = static_cast<const unsigned char*>(h1);
  const auto* w = static_cast<const unsigned char*>(rows);
  __m256i acc[2][C];
  for (auto& chain : acc)
    for (auto& a : chain) a = _mm256_setzero_si256();
  for (int g = 0; g < Groups; g += 2)
    for (int u = 0; u < 2; ++u) {
      std::int32_t four;
      std::memcpy(&four, in + 4 * (g + u), 4);
      const __m256i x = _mm256_set1_epi32(four);
      const unsigned char* row = w + static_cast<std::size_t>(g + u) * H2 * 4;
      for (int c = 0; c < C; ++c)
        acc[u][c] = _mm256_add_epi32(
            acc[u][c],
            product(x, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + 32 * c))));
    }
  for (int c = 0; c < C; ++c)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(z + 8 * c),
                        _mm256_add_epi32(acc[0][c], acc[1][c]));
}
#endif

// The same sums on the CPU's vector units, where it has them.
template <int H, int H2>
inline void second_layer(const Network& n, const std::int16_t* sums, std::int32_t* z) {
#if defined(__AVX512VNNI__) && defined(__AVX512BW__)
  if constexpr (H2 % 16 == 0) {
    alignas(64) std::uint8_t h1[H];
    unit_output_bytes<H>(n, sums, h1);
    // Four units' outputs broadcast to every lane, times their four weights into each of 16
    // units a vector; four chains so that the additions do not wait on each other (with two an
    // evaluation took 5% longer).
    constexpr int C = H2 / 16, kChains = 4;
    const std::int8_t* w = n.q2.data();
    __m512i acc[kChains][C];
    for (auto& chain : acc)
      for (auto& a : chain) a = _mm512_setzero_si512();
    for (int g = 0; g < H / 4; g += kChains)
      for (int u = 0; u < kChains; ++u) {
        std::int32_t four;
        std::memcpy(&four, h1 + 4 * (g + u), 4);
        const __m512i x = _mm512_set1_epi32(four);
        const std::int8_t* row = w + static_cast<std::size_t>(g + u) * H2 * 4;
        for (int c = 0; c < C; ++c)
          acc[u][c] = _mm512_dpbusd_epi32(acc[u][c], x, _mm512_loadu_si512(row + 64 * c));
      }
    for (int c = 0; c < C; ++c) {
      __m512i total = acc[0][c];
      for (int u = 1; u < kChains; ++u) total = _mm512_add_epi32(total, acc[u][c]);
      _mm512_storeu_si512(z + 16 * c, total);
    }
    return;
  }
#endif
#if defined(__AVX2__)
  if constexpr (H2 % 8 == 0) {
    if (n.quant.byte_pairs_exact()) {
      // Four units' outputs in bytes times their four weights: _mm256_maddubs_epi16 multiplies
      // the bytes and adds them by twos in 16 bits (exact here), _mm256_madd_epi16 by ones adds
      // the two pairs in 32 bits.
      alignas(64) std::uint8_t h1[H];
      unit_output_bytes<H>(n, sums, h1);
      const __m256i ones = _mm256_set1_epi16(1);
      groups_times_rows<H / 4, H2>(h1, n.q2.data(), z, [&](__m256i x, __m256i weights) {
        return _mm256_madd_epi16(_mm256_maddubs_epi16(x, weights), ones);
      });
      return;
    }
    // Two units' outputs in 16 bits times their two weights (_mm256_madd_epi16: exact, a product
    // is at most 255 * 127, two within 2^31).
    alignas(64) std::int16_t h1[H];
    const UnitOutputs outputs(n.l1_shift);
    for (int j = 0; j < H; j += 16)
      _mm256_store_si256(reinterpret_cast<__m256i*>(h1 + j), outputs(sums + j));
    groups_times_rows<H / 2, H2>(h1, n.q2_pairs.data(), z, [](__m256i x, __m256i weights) {
      return _mm256_madd_epi16(x, weights);
    });
    return;
  }
#endif
  second_layer_plain<H, H2>(n, sums, z);
}

// The rest of the network from the first layer's sums: the output (not yet in centipawns).
template <int H, int H2>
inline float forward_from(const Network& n, const std::int16_t* sums) {
  alignas(64) std::int32_t z2[H2];
  second_layer<H, H2>(n, sums, z2);
  const float* b2 = n.b2.data();
  const float* w3 = n.w3.data();
  const float* unit = n.q2_unit.data();
  // Each unit's term w3 * clipped(b2 + z2 * unit), then their sum in a fixed order that the
  // vector units take as well: lane l of eight adds terms l, l + 8, l + 16, ... in turn, then the
  // lanes are added by halves (l and l + 4, l and l + 2, then the last two).
#if defined(__AVX2__) && defined(__FMA__)
  // Eight terms at once: b2 + z2 * unit in one fused multiply-add (as the compiler contracts the
  // plain line), max(0, x) and min(1, x) returning what std::max(x, 0) and std::min(x, 1) return
  // (the second operand on a tie).
  const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
  __m256 lanes = zero;
  for (int k = 0; k < H2; k += 8) {
    const __m256 x = _mm256_fmadd_ps(
        _mm256_cvtepi32_ps(_mm256_load_si256(reinterpret_cast<const __m256i*>(z2 + k))),
        _mm256_loadu_ps(unit + k), _mm256_loadu_ps(b2 + k));
    const __m256 term =
        _mm256_mul_ps(_mm256_loadu_ps(w3 + k), _mm256_min_ps(one, _mm256_max_ps(zero, x)));
    lanes = k == 0 ? term : _mm256_add_ps(lanes, term);
  }
  __m128 four = _mm_add_ps(_mm256_castps256_ps128(lanes), _mm256_extractf128_ps(lanes, 1));
  four = _mm_add_ps(four, _mm_movehl_ps(four, four));
  four = _mm_add_ss(four, _mm_shuffle_ps(four, four, 1));
  return n.b3 + _mm_cvtss_f32(four);
#else
  float terms[H2];
  for (int k = 0; k < H2; ++k)
    terms[k] = w3[k] * clipped(b2[k] + static_cast<float>(z2[k]) * unit[k]);
  float lanes[8];
  for (int l = 0; l < 8; ++l) lanes[l] = terms[l];
  for (int k = 8; k < H2; k += 8)
    for (int l = 0; l < 8; ++l) lanes[l] += terms[k + l];
  for (int l = 0; l < 4; ++l) lanes[l] += lanes[l + 4];
  for (int l = 0; l < 2; ++l) lanes[l] += lanes[l + 2];
  return n.b3 + (lanes[0] + lanes[1]);
#endif
}

template <int H>
inline float forward_h(const Network& n, const std::int16_t* sums) {
  switch (n.hidden2) {
    case 8:
      return forward_from<H, 8>(n, sums);
    case 16:
      return forward_from<H, 16>(n, sums);
    default:
      return forward_from<H, 32>(n, sums);
  }
}

inline int centipawns(float out) {
  const float cp = out * kOutputScale;
  return static_cast<int>(cp < -20000 ? -20000 : (cp > 20000 ? 20000 : cp));
}

// Calls f(std::integral_constant<int, H>{}) with the network's first-layer size H, one of the
// sizes compiled in (32, 64, 128, 256).
template <class F>
inline decltype(auto) with_hidden(const Network& n, F&& f) {
  switch (n.hidden) {
    case 32:
      return f(std::integral_constant<int, 32>{});
    case 64:
      return f(std::integral_constant<int, 64>{});
    case 128:
      return f(std::integral_constant<int, 128>{});
    default:
      return f(std::integral_constant<int, 256>{});
  }
}

// The value for the side to move, in centipawns (before any lone-king divisor), from the sums
// kept for `pos` when `acc` is given, else summed here.
template <int N>
inline int value(const Network& n, const Position& pos, const Accumulator* acc = nullptr) {
  return with_hidden(n, [&](auto h) {
    constexpr int H = decltype(h)::value;
    if (acc) return centipawns(forward_h<H>(n, acc->sums[pos.side == Side::black ? 1 : 0]));
    alignas(64) std::int16_t sums[H];
    sum_first_layer<N, H>(n, pos, sums);
    return centipawns(forward_h<H>(n, sums));
  });
}

// The sums for one side to move (`view`: 0 White, 1 Black) of `pos`, whole.
template <int N>
inline void refresh_view(const Network& n, const Position& pos, int view, std::int16_t* sums) {
  with_hidden(n, [&](auto h) {
    Position seen = pos;
    seen.side = view ? Side::black : Side::white;
    sum_first_layer<N, decltype(h)::value>(n, seen, sums);
  });
}

// Both sides' sums for `pos`, whole.
template <int N>
inline void refresh(const Network& n, const Position& pos, Accumulator& acc) {
  for (int view = 0; view < 2; ++view) refresh_view<N>(n, pos, view, acc.sums[view]);
}

// `sums` = `old` (the sums of `before` seen with `view` to move) after `move`: the mover leaves
// its square and stands on the move's end (a king if it was one or is crowned), the captured
// pieces go.
template <int N, int H>
inline void update_view_sized(const Network& n, const std::int16_t* old, std::int16_t* sums,
                              const Position& before, const Move& move, int view) {
  using G = Geometry<N>;
  const Side seen = view ? Side::black : Side::white;
  const bool own = seen == before.side;
  const bool was_king = (before.kings >> move.from) & 1;
  int removed[G::kSquares + 1], count = 0;
  removed[count++] = input_of<N>(seen, own, was_king, G::square_of(move.from));
  for (Bitboard c = move.captured; c; c &= c - 1) {
    const int bit = lowest_bit(c);
    removed[count++] = input_of<N>(seen, !own, (before.kings >> bit) & 1, G::square_of(bit));
  }
  const int added = input_of<N>(seen, own, was_king || move.promotes, G::square_of(move.to));
  const std::int16_t* q1 = n.q1.data();
  const std::int16_t* add = q1 + static_cast<std::size_t>(added) * H;
  const std::int16_t* leave = q1 + static_cast<std::size_t>(removed[0]) * H;
#if defined(__AVX2__)
  // Up to 128 sums (eight registers) at a time, every row applied before they are stored once
  // (2-3% faster than a pass a row, international at depth 22; docs/measurements.md).
  constexpr int kBlock = H < 128 ? H : 128, kVectors = kBlock / 16;
  for (int j0 = 0; j0 < H; j0 += kBlock) {
    __m256i v[kVectors];
    for (int i = 0; i < kVectors; ++i) {
      const int j = j0 + 16 * i;
      v[i] = _mm256_sub_epi16(
          _mm256_add_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(old + j)),
                           _mm256_loadu_si256(reinterpret_cast<const __m256i*>(add + j))),
          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(leave + j)));
    }
    for (int r = 1; r < count; ++r) {
      const std::int16_t* row = q1 + static_cast<std::size_t>(removed[r]) * H + j0;
      for (int i = 0; i < kVectors; ++i)
        v[i] = _mm256_sub_epi16(v[i],
                                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + 16 * i)));
    }
    for (int i = 0; i < kVectors; ++i)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(sums + j0 + 16 * i), v[i]);
  }
#else
  // The mover's two rows in one pass (all a quiet move needs), then each piece it took; `out`
  // shares no memory with the rows read, so the sums stay in registers within a pass.
  std::int16_t* __restrict out = sums;
  for (int j = 0; j < H; ++j) out[j] = static_cast<std::int16_t>(old[j] + add[j] - leave[j]);
  for (int r = 1; r < count; ++r) {
    const std::int16_t* row = q1 + static_cast<std::size_t>(removed[r]) * H;
    for (int j = 0; j < H; ++j) out[j] = static_cast<std::int16_t>(out[j] - row[j]);
  }
#endif
}

// `sums` (the first kDiamondUnits of them) after `move`, seen with `view` to move, for the
// diamonds: each diamond holding a square the move changes takes off the row of its content
// before and adds that of its content after.
template <int N, int H>
inline void update_diamonds(const Network& n, std::int16_t* sums, const Position& before,
                            const Move& move, int view) {
  using D = DiamondLayout<N>;
  Bitboard white = before.white, black = before.black;
  Bitboard& mover = before.side == Side::white ? white : black;
  Bitboard& taken = before.side == Side::white ? black : white;
  mover = (mover & ~(Bitboard{1} << move.from)) | (Bitboard{1} << move.to);
  taken &= ~move.captured;
  std::uint64_t touched = D::kHolders[view][move.from] | D::kHolders[view][move.to];
  for (Bitboard c = move.captured; c; c &= c - 1) touched |= D::kHolders[view][lowest_bit(c)];
  const Bitboard own_before = view ? before.black : before.white;
  const Bitboard other_before = view ? before.white : before.black;
  const Bitboard own_after = view ? black : white, other_after = view ? white : black;
  const std::int16_t* rows = diamond_rows<N, H>(n);
  const auto row = [&](int d, int content) {
    return rows + static_cast<std::size_t>(d * kDiamondContents + content) * kDiamondUnits;
  };
#if defined(__AVX2__)
  // The empty content's row is 0 (never an input), and a content that stays takes its row off and
  // back: no branch.
  static_assert(kDiamondUnits == 32, "two registers of sums");
  __m256i v0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sums));
  __m256i v1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(sums + 16));
  for (; touched; touched &= touched - 1) {
    const int d = std::countr_zero(touched);
    const std::int16_t* was = row(d, D::content(view, d, own_before, other_before));
    const std::int16_t* is = row(d, D::content(view, d, own_after, other_after));
    v0 = _mm256_add_epi16(
        _mm256_sub_epi16(v0, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(was))),
        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(is)));
    v1 = _mm256_add_epi16(
        _mm256_sub_epi16(v1, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(was + 16))),
        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(is + 16)));
  }
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(sums), v0);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(sums + 16), v1);
#else
  for (; touched; touched &= touched - 1) {
    const int d = std::countr_zero(touched);
    const std::int16_t* was = row(d, D::content(view, d, own_before, other_before));
    const std::int16_t* is = row(d, D::content(view, d, own_after, other_after));
    for (int j = 0; j < kDiamondUnits; ++j)
      sums[j] = static_cast<std::int16_t>(sums[j] - was[j] + is[j]);
  }
#endif
}

template <int N>
inline void update_view(const Network& n, const std::int16_t* old, std::int16_t* sums,
                        const Position& before, const Move& move, int view) {
  with_hidden(n, [&](auto h) {
    update_view_sized<N, decltype(h)::value>(n, old, sums, before, move, view);
    if (n.diamonds) update_diamonds<N, decltype(h)::value>(n, sums, before, move, view);
  });
}

// `to` = the sums of `from` (those of `before`, both sides to move) after `move`.
template <int N>
inline void update(const Network& n, const Accumulator& from, Accumulator& to,
                   const Position& before, const Move& move) {
  for (int view = 0; view < 2; ++view)
    update_view<N>(n, from.sums[view], to.sums[view], before, move, view);
}

// The file format (docs/engine.md): "DOSKANET", format version, game id, board size, the two
// hidden sizes, the lone-king divisor, the base checksum, the parameters (little-endian IEEE
// floats: w1, b1, w2, b2, w3, b3), then a 64-bit FNV-1a checksum of all that precedes it.
std::string serialize(const Network& n);
Result<Network> parse(std::string_view bytes, std::string_view what);
bool is_network(std::string_view bytes);

}  // namespace doska::draughts::net
