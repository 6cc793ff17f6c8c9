#include "games/wolf_sheep/solution.h"

#include <algorithm>
#include <array>
#include <cassert>

namespace doska::wolf_sheep {

namespace {

// C(n, k) for n <= 32, k <= 4.
struct Binomials {
  std::array<std::array<std::uint32_t, kSheep + 1>, kSquares + 1> c{};
  constexpr Binomials() {
    for (int n = 0; n <= kSquares; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= kSheep; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
    }
  }
};
constexpr Binomials kBinomials{};
static_assert(kBinomials.c[kSquares][kSheep] == Solution::kSheepPlacements);

constexpr std::uint8_t kWin = 0x80;

std::uint8_t encode(Value v) {
  assert(v.plies >= 0 && (kWin | v.plies) < Solution::kNoPosition);  // far above any game's length
  return static_cast<std::uint8_t>((v.win ? kWin : 0) | v.plies);
}
Value decode(std::uint8_t byte) {
  return {(byte & kWin) != 0, byte & (kWin - 1)};
}

// The value of a position from the values of its successors (for the opponent): the fastest win
// if some move leaves the opponent lost, else the slowest loss; a loss in 0 without a move.
class BestOf {
 public:
  void add(Value successor) {
    if (!successor.win) {
      if (!win_ || successor.plies + 1 < plies_) plies_ = successor.plies + 1;
      win_ = true;
    } else if (!win_ && successor.plies + 1 > plies_) {
      plies_ = successor.plies + 1;
    }
  }
  Value value() const { return {win_, plies_}; }

 private:
  bool win_ = false;
  int plies_ = 0;
};

// Whether `candidate` (a successor's value, for the opponent) is better for the mover than the
// best so far.
bool better_for_mover(Value candidate, Value best) {
  if (candidate.win != best.win) return !candidate.win;
  return candidate.win ? candidate.plies > best.plies : candidate.plies < best.plies;
}

}  // namespace

std::size_t Solution::sheep_index(Bitboard sheep) {
  assert(std::popcount(sheep) == kSheep);
  std::size_t index = 0;
  int k = 1;
  for (Bitboard b = sheep; b; b &= b - 1)
    index += kBinomials.c[Board::square_of(draughts::lowest_bit(b))][k++];
  return index;
}

Solution::Solution() : table_(kEntries, kUnknown) {
  // Every placement of the sheep, grouped by progress (the sum of rank - 1 over the sheep: 0..28).
  constexpr int kMaxProgress = kSheep * (Board::kSize - 1);
  std::array<std::vector<Bitboard>, kMaxProgress + 1> by_progress;
  for (int a = 0; a < kSquares; ++a)
    for (int b = a + 1; b < kSquares; ++b)
      for (int c = b + 1; c < kSquares; ++c)
        for (int d = c + 1; d < kSquares; ++d) {
          const int progress = rank_of(a) + rank_of(b) + rank_of(c) + rank_of(d) - kSheep;
          by_progress[progress].push_back(Board::mask_of(a) | Board::mask_of(b) |
                                          Board::mask_of(c) | Board::mask_of(d));
        }

  for (int progress = kMaxProgress; progress >= 0; --progress) {
    for (const Bitboard sheep : by_progress[progress]) {
      const std::size_t index = sheep_index(sheep);
      std::array<int, kSheep> squares{};
      int n = 0;
      for (Bitboard b = sheep; b; b &= b - 1)
        squares[n++] = Board::square_of(draughts::lowest_bit(b));
      Position pos;
      pos.sheep = sheep;
      const int rearmost = pos.rearmost_sheep_rank();

      // The sheep to move: each move leads to a placement one step further, already solved.
      for (int wolf = 0; wolf < kSquares; ++wolf) {
        if (pos.has_sheep(wolf)) {
          table_[entry(index, wolf, Side::sheep)] = kNoPosition;
          table_[entry(index, wolf, Side::wolf)] = kNoPosition;
          continue;
        }
        Value v{false, 0};  // the wolf past the sheep, or no sheep move: the sheep lose
        if (rank_of(wolf) > rearmost) {
          BestOf best;
          for (const int from : squares)
            for (int d = 0; d < kForwardSteps; ++d) {
              const int to = kNeighbours.of[from][d];
              if (to < 0 || to == wolf || pos.has_sheep(to)) continue;
              const Bitboard next = sheep ^ Board::mask_of(from) ^ Board::mask_of(to);
              const std::uint8_t after = table_[entry(sheep_index(next), wolf, Side::wolf)];
              assert(after != kUnknown && after != kNoPosition);
              best.add(decode(after));
            }
          v = best.value();
        }
        table_[entry(index, wolf, Side::sheep)] = encode(v);
      }

      // The wolf to move: each move keeps the sheep where they are, with the sheep to move.
      for (int wolf = 0; wolf < kSquares; ++wolf) {
        if (pos.has_sheep(wolf)) continue;
        Value v{true, 0};  // the wolf past the sheep: the wolf has won
        if (rank_of(wolf) > rearmost) {
          BestOf best;  // no move: the wolf is trapped and loses
          for (int d = 0; d < 4; ++d) {
            const int to = kNeighbours.of[wolf][d];
            if (to < 0 || pos.has_sheep(to)) continue;
            best.add(decode(table_[entry(index, to, Side::sheep)]));
          }
          v = best.value();
        }
        table_[entry(index, wolf, Side::wolf)] = encode(v);
      }
    }
  }
  assert(positions_without_value() == 0);
}

Value Solution::stored(const Position& pos) const {
  assert(pos.wolf_placed() && !pos.has_sheep(pos.wolf));
  const std::uint8_t byte = table_[entry(sheep_index(pos.sheep), pos.wolf, pos.side)];
  assert(byte != kUnknown && byte != kNoPosition);
  return decode(byte);
}

Value Solution::value(const Position& pos) const {
  if (pos.wolf_placed()) return stored(pos);
  // Before the placement: one ply of look-ahead over the wolf's placements.
  BestOf best;
  MoveList moves;
  generate_moves(pos, moves);
  for (const Move& m : moves) {
    Position next = pos;
    play(next, m);
    best.add(stored(next));
  }
  return best.value();
}

std::optional<Move> Solution::best_move(const Position& pos) const {
  if (end_of(pos) != End::none) return std::nullopt;
  MoveList moves;
  generate_moves(pos, moves);
  std::optional<Move> best_move;
  Value best;
  for (const Move& m : moves) {
    Position next = pos;
    play(next, m);
    const Value v = value(next);
    if (!best_move || better_for_mover(v, best)) {
      best_move = m;
      best = v;
    }
  }
  return best_move;
}

std::vector<Move> Solution::best_line(Position pos) const {
  std::vector<Move> line;
  while (auto move = best_move(pos)) {
    line.push_back(*move);
    play(pos, *move);
  }
  return line;
}

std::size_t Solution::positions_without_value() const {
  return static_cast<std::size_t>(std::count(table_.begin(), table_.end(), kUnknown));
}

std::size_t Solution::positions() const {
  return kSheepPlacements * (kSquares - kSheep) * 2;
}

}  // namespace doska::wolf_sheep
