#include "games/draughts/net_eval.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "games/draughts/binary_io.h"
#include "games/draughts/pattern_eval.h"

namespace doska::draughts::net {

namespace {

constexpr std::string_view kMagic = "DOSKANET";
constexpr std::uint32_t kFormatVersion = 1;
constexpr std::uint32_t kDiamondsVersion = 2;  // version 1 and the diamonds (net_eval.h)

void put_floats(std::string& out, const std::vector<float>& values) {
  for (float v : values) binary::put_u32(out, std::bit_cast<std::uint32_t>(v));
}

bool take_floats(binary::Reader& r, std::size_t n, std::vector<float>& values) {
  values.resize(n);
  for (float& v : values) {
    std::uint32_t bits = 0;
    if (!r.u32(bits)) return false;
    v = std::bit_cast<float>(bits);
  }
  return true;
}

template <std::size_t K>
bool one_of(const std::array<int, K>& sizes, std::uint32_t v) {
  return std::find(sizes.begin(), sizes.end(), static_cast<int>(v)) != sizes.end();
}

// The second layer in 8 bits: each unit's weights scaled so that the largest is quant.top, grouped
// by four first-layer units, and the same by two in 16 bits (net_eval.h).
void prepare_second_layer(Network& n) {
  n.quant = quantization_of(n.game);
  const std::size_t h = static_cast<std::size_t>(n.hidden),
                    h2 = static_cast<std::size_t>(n.hidden2);
  n.q2.assign(n.w2.size(), 0);
  n.q2_pairs.assign(n.w2.size(), 0);
  n.q2_scale.assign(h2, 1.0f);
  n.q2_unit.assign(h2, 0.0f);
  for (std::size_t k = 0; k < h2; ++k) {
    float largest = 0;
    for (std::size_t j = 0; j < h; ++j) largest = std::max(largest, std::fabs(n.w2[j * h2 + k]));
    const float scale = largest > 0 ? static_cast<float>(n.quant.top) / largest : 1.0f;
    n.q2_scale[k] = scale;
    n.q2_unit[k] = 1.0f / (static_cast<float>(kUnitOne) * scale);
    for (std::size_t j = 0; j < h; ++j) {
      const auto q =
          static_cast<std::int8_t>(std::clamp(std::lround(n.w2[j * h2 + k] * scale),
                                              -static_cast<long>(n.quant.top), long{n.quant.top}));
      n.q2[((j / 4) * h2 + k) * 4 + j % 4] = q;
      n.q2_pairs[((j / 2) * h2 + k) * 2 + j % 2] = q;
    }
  }
}

}  // namespace

Quantization quantization_of(std::string_view game) {
  // International: as strong at equal nodes with weights up to 63 (docs/measurements.md, "The
  // forward pass on AVX2"); english weaker with them, and with outputs in 1/127ths.
  if (game == "international") return {63};
  return {};
}

bool prepare(Network& n) {
  const int pieces =
      (n.board_size == 10 ? 40 : 24) + (n.diamonds ? diamond_count(n.board_size) : 0);
  for (int shift = 9; shift >= 4; --shift) {
    const float scale = static_cast<float>(1 << shift);
    // The largest sum a unit can reach: its bias and a full board of its largest weights.
    bool fits = true;
    for (int j = 0; j < n.hidden && fits; ++j) {
      float largest = 0;
      for (int i = 0; i < n.inputs(); ++i)
        largest = std::max(largest, std::fabs(n.w1[static_cast<std::size_t>(i) * n.hidden + j]));
      fits = (std::fabs(n.b1[j]) + pieces * largest) * scale + pieces + 1 < 32767;
    }
    if (!fits) continue;
    n.l1_shift = shift;
    // The pieces' rows whole, then each diamond's row with the kDiamondUnits weights it has
    // (diamond_rows): a quarter of the memory for the update to touch.
    n.q1.clear();
    for (std::size_t i = 0; i < n.w1.size(); ++i)
      if (fed_weight(n, i)) n.q1.push_back(static_cast<std::int16_t>(std::lround(n.w1[i] * scale)));
    n.qb1.resize(n.b1.size());
    for (std::size_t j = 0; j < n.b1.size(); ++j)
      n.qb1[j] = static_cast<std::int16_t>(std::lround(n.b1[j] * scale));
    prepare_second_layer(n);
    return true;
  }
  return false;
}

bool is_network(std::string_view bytes) {
  return bytes.substr(0, kMagic.size()) == kMagic;
}

std::string serialize(const Network& n) {
  std::string out(kMagic);
  binary::put_u32(out, n.diamonds ? kDiamondsVersion : kFormatVersion);
  binary::put_u32(out, static_cast<std::uint32_t>(n.game.size()));
  out += n.game;
  for (int v : {n.board_size, n.hidden, n.hidden2, n.lone_king_divisor})
    binary::put_u32(out, static_cast<std::uint32_t>(v));
  if (n.diamonds) binary::put_u32(out, kDiamondUnits);
  binary::put_u64(out, n.base_checksum);
  // The pieces' rows whole; a diamond's row only for the kDiamondUnits units it feeds.
  for (std::size_t i = 0; i < n.w1.size(); ++i)
    if (fed_weight(n, i)) binary::put_u32(out, std::bit_cast<std::uint32_t>(n.w1[i]));
  put_floats(out, n.b1);
  put_floats(out, n.w2);
  put_floats(out, n.b2);
  put_floats(out, n.w3);
  put_floats(out, {n.b3});
  binary::put_u64(out, binary::fnv1a(out));
  return out;
}

Result<Network> parse(std::string_view bytes, std::string_view what) {
  const std::string name(what);
  auto bad = [&](const std::string& why) -> Result<Network> {
    return make_error("evaluation network " + name + ": " + why);
  };
  std::string_view body;
  std::string why;
  if (!binary::checked_body(bytes, kMagic, body, why)) return bad(why);
  binary::Reader r(body);
  std::string_view skip, game;
  r.take(kMagic.size(), skip);
  std::uint32_t version = 0, length = 0, size = 0, hidden = 0, hidden2 = 0, divisor = 0;
  if (!r.u32(version)) return bad("truncated header");
  if (version != kFormatVersion && version != kDiamondsVersion)
    return bad("format version " + std::to_string(version) + ", this doska reads versions " +
               std::to_string(kFormatVersion) + " and " + std::to_string(kDiamondsVersion));
  if (!r.u32(length) || length > 64 || !r.take(length, game)) return bad("bad game id");
  Network n;
  n.game = std::string(game);
  std::uint32_t diamonds = 0;
  if (!r.u32(size) || !r.u32(hidden) || !r.u32(hidden2) || !r.u32(divisor) ||
      (version == kDiamondsVersion && !r.u32(diamonds)) || !r.u64(n.base_checksum))
    return bad("truncated header");
  if (version == kDiamondsVersion && diamonds != kDiamondUnits)
    return bad("diamonds feeding " + std::to_string(diamonds) +
               " units (this doska: " + std::to_string(kDiamondUnits) + ")");
  n.diamonds = version == kDiamondsVersion ? 1 : 0;
  int expected_size = 0;
  if (!pattern::known_game(n.game, expected_size)) return bad("unknown game id '" + n.game + "'");
  if (static_cast<int>(size) != expected_size)
    return bad("board size " + std::to_string(size) + " does not match " + n.game);
  if (!one_of(kHiddenSizes, hidden))
    return bad("first hidden layer of " + std::to_string(hidden) + " (32, 64, 128 or 256)");
  if (!one_of(kHidden2Sizes, hidden2))
    return bad("second hidden layer of " + std::to_string(hidden2) + " (8, 16 or 32)");
  if (divisor < 1 || divisor > 100) return bad("bad lone-king divisor");
  n.board_size = expected_size;
  n.hidden = static_cast<int>(hidden);
  n.hidden2 = static_cast<int>(hidden2);
  n.lone_king_divisor = static_cast<int>(divisor);
  const std::size_t h = n.hidden, h2 = n.hidden2;
  std::vector<float> b3;
  const std::size_t pieces = static_cast<std::size_t>(piece_inputs(expected_size));
  const std::size_t diamond_rows = static_cast<std::size_t>(n.inputs()) - pieces;
  const std::size_t fed = std::min<std::size_t>(h, kDiamondUnits);
  std::vector<float> diamond_weights;
  if (!take_floats(r, pieces * h, n.w1) || !take_floats(r, diamond_rows * fed, diamond_weights))
    return bad("truncated parameters");
  for (std::size_t row = 0; row < diamond_rows; ++row) {
    if (row % kDiamondContents == 0)
      for (std::size_t j = 0; j < fed; ++j)
        if (diamond_weights[row * fed + j] != 0)
          return bad("a weight of an empty diamond (never an input)");
    n.w1.insert(n.w1.end(), diamond_weights.begin() + static_cast<std::ptrdiff_t>(row * fed),
                diamond_weights.begin() + static_cast<std::ptrdiff_t>((row + 1) * fed));
    n.w1.resize(n.w1.size() + (h - fed), 0.0f);
  }
  if (!take_floats(r, h, n.b1) || !take_floats(r, h2 * h, n.w2) || !take_floats(r, h2, n.b2) ||
      !take_floats(r, h2, n.w3) || !take_floats(r, 1, b3))
    return bad("truncated parameters");
  if (r.position() != body.size()) return bad("trailing bytes after the parameters");
  n.b3 = b3[0];
  for (const auto* values : {&n.w1, &n.b1, &n.w2, &n.b2, &n.w3, &b3})
    for (float v : *values)
      if (!std::isfinite(v) || std::fabs(v) > 1e6f) return bad("a parameter is not finite");
  if (!prepare(n)) return bad("first-layer weights too large for 16-bit sums");
  return n;
}

}  // namespace doska::draughts::net
