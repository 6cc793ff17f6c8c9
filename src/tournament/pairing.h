// What both tournament systems share: a game's two players by colour and its outcome.
#pragma once

#include <cstdint>

namespace doska::tournament {

enum class Colour : std::uint8_t { white, black };

constexpr Colour opposite(Colour c) {
  return c == Colour::white ? Colour::black : Colour::white;
}

struct Pairing {
  int white = 0;
  int black = 0;
  bool operator==(const Pairing&) const = default;
};

enum class Outcome : std::uint8_t { white_wins, black_wins, draw };

}  // namespace doska::tournament
