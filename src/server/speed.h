// The speed of a time control, as lichess reckons it: correspondence with days a move, else
// initial + 40 × increment seconds: under 180 bullet, under 480 blitz, under 1500 rapid, else
// classical. Empty without a clock (such games are never rated). Ratings are kept per speed.
#pragma once

#include <cstdint>
#include <string>

namespace doska::server {

inline std::string speed_of(std::int64_t initial_ms, std::int64_t increment_ms, int days_per_move) {
  if (days_per_move > 0) return "correspondence";
  if (initial_ms <= 0) return "";
  const std::int64_t estimate = initial_ms / 1000 + 40 * (increment_ms / 1000);
  if (estimate < 180) return "bullet";
  if (estimate < 480) return "blitz";
  if (estimate < 1500) return "rapid";
  return "classical";
}

}  // namespace doska::server
