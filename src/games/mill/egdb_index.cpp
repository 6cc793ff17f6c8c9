#include "games/mill/egdb_index.h"

#include <array>
#include <bit>
#include <cstdlib>

#include "egdb/retrograde.h"
#include "games/mill/book.h"

namespace doska::mill::egdb {

namespace eg = doska::egdb;

namespace {

// A symmetry keeps each ring or swaps the outer and inner ones (bit 3), and moves the points
// round a ring alike on every ring (bits 0-2): one byte table per turn-and-mirror.
struct RingTables {
  std::array<std::array<std::uint8_t, 256>, 8> image{};
  constexpr RingTables() {
    for (int s = 0; s < 8; ++s)
      for (int byte = 0; byte < 256; ++byte) {
        int out = 0;
        for (int k = 0; k < 8; ++k)
          if (byte >> k & 1) out |= 1 << transform_point(s, k);
        image[static_cast<std::size_t>(s)][static_cast<std::size_t>(byte)] =
            static_cast<std::uint8_t>(out);
      }
  }
};
constexpr RingTables kRings{};

// The ring tables agree with transform_point on every point.
constexpr bool rings_agree() {
  for (int s = 0; s < kSymmetryCount; ++s)
    for (int p = 0; p < kPoints; ++p) {
      const int ring = p / 8, k = p % 8;
      const int image = kRings.image[static_cast<std::size_t>(s & 7)][1u << k];
      const int to_ring = (s & 8) ? 2 - ring : ring;
      if (8 * to_ring + std::countr_zero(static_cast<unsigned>(image)) != transform_point(s, p))
        return false;
    }
  return true;
}
static_assert(rings_agree());

SetClasses make_classes(int n) {
  SetClasses c;
  const std::uint64_t sets = eg::choose(kPoints, n);
  c.class_of.resize(sets);
  c.to_form.resize(sets);
  if (n == 0) {
    c.form.push_back(0);
    c.stabilizer.push_back(0xffff);
    return c;
  }
  // Sets of n points in increasing order as numbers, which is the order of their ranks (Gosper).
  Bitboard set = (Bitboard{1} << n) - 1;
  for (std::uint64_t r = 0; r < sets; ++r) {
    Bitboard best = set;
    int best_s = 0;
    for (int s = 1; s < kSymmetryCount; ++s) {
      const Bitboard image = apply_symmetry(s, set);
      if (image < best) best = image, best_s = s;
    }
    if (best == set) {
      std::uint16_t stab = 0;
      for (int s = 0; s < kSymmetryCount; ++s)
        if (apply_symmetry(s, set) == set) stab |= static_cast<std::uint16_t>(1u << s);
      c.class_of[r] = static_cast<std::uint32_t>(c.form.size());
      c.form.push_back(set);
      c.stabilizer.push_back(stab);
    } else {
      c.class_of[r] = c.class_of[eg::rank(best)];  // a smaller number: met before
    }
    c.to_form[r] = static_cast<std::uint8_t>(best_s);
    const Bitboard low = set & (~set + 1), ripple = set + low;
    set = ripple | (((set ^ ripple) >> 2) / low);
  }
  return c;
}

// The opponent's points turned, among the symmetries that keep the own form, to their smallest
// form.
Bitboard smallest_under(std::uint16_t stabilizer, Bitboard opp) {
  Bitboard best = opp;
  for (unsigned rest = stabilizer & ~1u; rest; rest &= rest - 1) {
    const Bitboard image = apply_symmetry(std::countr_zero(rest), opp);
    if (image < best) best = image;
  }
  return best;
}

}  // namespace

Bitboard apply_symmetry(int s, Bitboard points) {
  const auto& image = kRings.image[static_cast<std::size_t>(s & 7)];
  const Bitboard r0 = image[points & 0xff], r1 = image[(points >> 8) & 0xff],
                 r2 = image[(points >> 16) & 0xff];
  return (s & 8) ? (r2 | r1 << 8 | r0 << 16) : (r0 | r1 << 8 | r2 << 16);
}

const SetClasses& set_classes(int n) {
  if (n < 0 || n > kMaxSide) std::abort();  // a caller's error: tables hold 3..9 a side
  static const std::vector<SetClasses> all = [] {
    std::vector<SetClasses> out;
    for (int k = 0; k <= kMaxSide; ++k) out.push_back(make_classes(k));
    return out;
  }();
  return all[static_cast<std::size_t>(n)];
}

std::uint64_t symmetric_size(int own, int opp) {
  return set_classes(own).form.size() * eg::choose(kPoints - own, opp);
}

std::uint64_t symmetric_index(int own_count, int opp_count, Bitboard own, Bitboard opp) {
  const SetClasses& c = set_classes(own_count);
  const std::uint64_t r = eg::rank(own);
  const std::uint32_t cls = c.class_of[r];
  const Bitboard form = c.form[cls];
  Bitboard turned = apply_symmetry(c.to_form[r], opp);
  if (c.stabilizer[cls] != 1) turned = smallest_under(c.stabilizer[cls], turned);
  return cls * eg::choose(kPoints - own_count, opp_count) + eg::rank(eg::compress(turned, form));
}

bool symmetric_decode(int own_count, int opp_count, std::uint64_t index, Bitboard& own,
                      Bitboard& opp) {
  const SetClasses& c = set_classes(own_count);
  const std::uint64_t per = eg::choose(kPoints - own_count, opp_count);
  const std::uint64_t cls = index / per;
  own = c.form[cls];
  opp = static_cast<Bitboard>(
      eg::expand(eg::unrank(index % per, opp_count, kPoints - own_count), own));
  return c.stabilizer[cls] == 1 || smallest_under(c.stabilizer[cls], opp) == opp;
}

}  // namespace doska::mill::egdb
