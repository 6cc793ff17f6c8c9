// The learned evaluation of the draughts family: the board covered by overlapping 4x4
// windows, each holding 8 dark squares; the men on a window's squares (empty, own man, opposing
// man: 3^8 = 6561 configurations) index a table of weights, one table per window. Beside the
// patterns: material, kings on each square, the side to move, left/right balance, the men's free
// forward steps and runaway men. Every feature has two weights, for the opening (all pieces on
// the board) and the endgame (none), interpolated by the number of pieces.
//
// The value is f(white) - f(black), where f(black) is f of the board turned half a turn with the
// colours exchanged: a position and its colour mirror get opposite values by construction.
//
// One enumeration of the features (`visit_features`) defines them and serves the training
// (`doska train`); the evaluation visits the same features with the same counts by a faster road
// (`visit_features_fast`, checked against it by the tests), so that what is trained is exactly
// what is played.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/draughts/board.h"
#include "games/draughts/net_eval.h"
#include "games/draughts/position.h"
#include "games/draughts/rules.h"

namespace doska::draughts::pattern {

constexpr int kConfigs = 6561;             // 3^8
constexpr int kKingWindowConfigs = 65536;  // 4^8
// Weights are stored in 1/kUnit of a centipawn (100 = one man).
constexpr int kUnit = 8;

// Features other than the patterns, after the windows and the king squares.
enum Scalar : int {
  kMan = 0,
  kKing,
  kFirstKing,  // the side has at least one king
  kToMove,
  kBalance,   // -|men on the left half - men on the right half|
  kMobility,  // the men's free forward steps
  kRunaway,   // kRunaway + r - 1: a man with a free path, r rows from the promotion row (1..5)
  kScalars = kRunaway + 5,
};

template <int N>
struct Layout {
  using G = Geometry<N>;
  static constexpr int kWindowsPerSide = N / 2 - 1;  // 4 on 10x10, 3 on 8x8
  static constexpr int kWindows = kWindowsPerSide * kWindowsPerSide;
  static constexpr int kSquares = G::kSquares;
  // On 8x8, where kings come early and do not fly, a second table per window is read wherever
  // an opposing king stands in the window: 4 states a square (empty or own king, own man,
  // opposing man, opposing king), 4^8 configurations. None on 10x10.
  static constexpr int kKingConfigs = N == 8 ? kKingWindowConfigs : 0;
  static constexpr int kKingWindowBase = kWindows * kConfigs;
  static constexpr int kKingBase = kKingWindowBase + kWindows * kKingConfigs;
  static constexpr int kScalarBase = kKingBase + kSquares;
  static constexpr int kFeatures = kScalarBase + kScalars;
  static constexpr int kMaxPieces = 2 * N / 2 * (N / 2 - 1);  // 40 on 10x10, 24 on 8x8
  // Rotating the board half a turn maps bit b to kRotate - b.
  static constexpr int kRotate = G::bit_of(0) + G::bit_of(kSquares - 1);

  // The lower bit of the two dark squares of each of a window's four rows.
  static constexpr std::array<std::array<int, 4>, kWindows> window_rows() {
    std::array<std::array<int, 4>, kWindows> rows{};
    for (int wr = 0; wr < kWindowsPerSide; ++wr)
      for (int wc = 0; wc < kWindowsPerSide; ++wc)
        for (int r = 0; r < 4; ++r) {
          const int row = 2 * wr + r;
          int first = -1;
          for (int c = 2 * wc; c < 2 * wc + 4; ++c)
            if (G::square_at(row, c) >= 0 && first < 0) first = G::square_at(row, c);
          rows[wr * kWindowsPerSide + wc][r] = G::bit_of(first);
        }
    return rows;
  }
  static constexpr auto kWindowRows = window_rows();

  // The squares ahead of a man moving up: |column difference| <= rows ahead.
  static constexpr std::array<Bitboard, kSquares> cones() {
    std::array<Bitboard, kSquares> c{};
    for (int s = 0; s < kSquares; ++s) {
      const int row = G::row_of(s), column = G::column_of(s);
      for (int r = 1; r <= row; ++r)
        for (int col = column - r; col <= column + r; ++col)
          if (G::square_at(row - r, col) >= 0) c[s] |= G::mask_of(G::square_at(row - r, col));
    }
    return c;
  }
  static constexpr auto kCones = cones();
  static constexpr Bitboard kFrontHalf = [] {
    Bitboard m = 0;
    for (int s = 0; s < kSquares; ++s)
      if (G::row_of(s) >= 1 && G::row_of(s) <= N / 2) m |= G::mask_of(s);
    return m;
  }();
  // Columns 0..N/2-1, for the balance.
  static constexpr Bitboard kLeftHalf = [] {
    Bitboard m = 0;
    for (int s = 0; s < kSquares; ++s)
      if (G::column_of(s) < N / 2) m |= G::mask_of(s);
    return m;
  }();
};

// Base 3 of the 8 binary digits of a byte: digit i of the result is bit i of the byte.
constexpr std::array<std::uint16_t, 256> make_ternary() {
  std::array<std::uint16_t, 256> t{};
  for (int b = 0; b < 256; ++b) {
    int v = 0, p = 1;
    for (int i = 0; i < 8; ++i, p *= 3)
      if (b & (1 << i)) v += p;
    t[b] = static_cast<std::uint16_t>(v);
  }
  return t;
}
inline constexpr auto kTernary = make_ternary();

// Base 4 of the 8 binary digits of a byte: digit i of the result is bit i of the byte.
constexpr std::array<std::uint16_t, 256> make_quaternary() {
  std::array<std::uint16_t, 256> t{};
  for (int b = 0; b < 256; ++b) {
    int v = 0;
    for (int i = 0; i < 8; ++i)
      if (b & (1 << i)) v += 1 << (2 * i);
    t[b] = static_cast<std::uint16_t>(v);
  }
  return t;
}
inline constexpr auto kQuaternary = make_quaternary();

// The king window's configuration from a window's bytes of own men, opposing men and opposing
// kings (digits 1, 2 and 3).
template <class Table>
inline int king_config(const Table& table, unsigned own_men, unsigned other_men,
                       unsigned other_kings) {
  return table[own_men] + 2 * table[other_men] + 3 * table[other_kings];
}

inline std::uint64_t reverse_bits(std::uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
  return __builtin_bswap64(x);
}

template <int N>
inline Bitboard rotate(Bitboard b) {
  return reverse_bits(b) >> (63 - Layout<N>::kRotate);
}

// Calls visit(feature, count) for the features of one side, seen from that side: `own` and
// `other` are its pieces and the opponent's, `kings` every king, all already turned so that this
// side moves up the board (towards row 0). `sign` is +1 for White, -1 for Black.
template <int N, class Visit>
inline void visit_side(Bitboard own, Bitboard other, Bitboard kings, int sign, Visit&& visit) {
  using L = Layout<N>;
  using G = Geometry<N>;
  const Bitboard own_men = own & ~kings;
  const Bitboard other_men = other & ~kings;
  const Bitboard other_kings = other & kings;
  for (int w = 0; w < L::kWindows; ++w) {
    unsigned o = 0, t = 0, k = 0;
    for (int r = 0; r < 4; ++r) {
      const int bit = L::kWindowRows[w][r];
      o |= static_cast<unsigned>((own_men >> bit) & 3) << (2 * r);
      t |= static_cast<unsigned>((other_men >> bit) & 3) << (2 * r);
      k |= static_cast<unsigned>((other_kings >> bit) & 3) << (2 * r);
    }
    visit(w * kConfigs + kTernary[o] + 2 * kTernary[t], sign);
    if (L::kKingConfigs && k)
      visit(L::kKingWindowBase + w * L::kKingConfigs + king_config(kQuaternary, o, t, k), sign);
  }
  const Bitboard own_kings = own & kings;
  for (Bitboard b = own_kings; b; b &= b - 1)
    visit(L::kKingBase + G::square_of(lowest_bit(b)), sign);
  const int men = count(own_men);
  const int king_count = count(own_kings);
  if (men) visit(L::kScalarBase + kMan, sign * men);
  if (king_count) {
    visit(L::kScalarBase + kKing, sign * king_count);
    visit(L::kScalarBase + kFirstKing, sign);
  }
  // Balance: columns 0..N/2-1 against N/2..N-1.
  const int imbalance = count(own_men & L::kLeftHalf) - count(own_men & ~L::kLeftHalf);
  if (imbalance) visit(L::kScalarBase + kBalance, -sign * (imbalance < 0 ? -imbalance : imbalance));
  const Bitboard empty = G::kBoard & ~(own | other);
  const int steps = count(G::template shift<kNorthWest>(own_men) & empty) +
                    count(G::template shift<kNorthEast>(own_men) & empty);
  if (steps) visit(L::kScalarBase + kMobility, sign * steps);
  // Runaway men: in the front half, no opposing piece in the cone ahead; rows to go 1..N/2.
  for (Bitboard b = own_men & L::kFrontHalf; b; b &= b - 1) {
    const int square = G::square_of(lowest_bit(b));
    if (!(other & L::kCones[square]))
      visit(L::kScalarBase + kRunaway + G::row_of(square) - 1, sign);
  }
}

// Every feature of a position with its count, in White's terms (White's features +1, Black's -1),
// and the phase: the number of pieces, at most kMaxPieces.
template <int N, class Visit>
inline int visit_features(const Position& pos, Visit&& visit) {
  using L = Layout<N>;
  visit_side<N>(pos.white, pos.black, pos.kings, +1, visit);
  visit_side<N>(rotate<N>(pos.black), rotate<N>(pos.white), rotate<N>(pos.kings), -1, visit);
  visit(L::kScalarBase + kToMove, pos.side == Side::white ? 1 : -1);
  const int pieces = count(pos.occupied());
  return pieces < L::kMaxPieces ? pieces : L::kMaxPieces;
}

// The fast enumeration that evaluate uses: the features of visit_features with the same counts,
// in another order, read without turning the board. The tests check that the two agree.
//
// A window's squares sit at the same bits relative to its first: rows of N/2 squares, a ghost
// bit after every two rows, so its four rows start at 0, N/2, N + 1 and 3N/2 + 1 bits from the
// window's first square, at bit wr * (N + 1) + wc.
template <int N>
constexpr bool windows_at_their_bits() {
  using L = Layout<N>;
  constexpr int offsets[4] = {0, N / 2, N + 1, 3 * N / 2 + 1};
  for (int wr = 0; wr < L::kWindowsPerSide; ++wr)
    for (int wc = 0; wc < L::kWindowsPerSide; ++wc)
      for (int r = 0; r < 4; ++r)
        if (L::kWindowRows[wr * L::kWindowsPerSide + wc][r] != wr * (N + 1) + wc + offsets[r])
          return false;
  return true;
}
static_assert(windows_at_their_bits<10>() && windows_at_their_bits<8>());

// The four rows of a row of windows, each in a byte of its own (rows from bit 0 of `men`).
template <int N>
inline std::uint64_t row_lanes(Bitboard men) {
  constexpr int n = N / 2;
  constexpr Bitboard row = (Bitboard{1} << n) - 1;
  return (men & row) | ((men >> n) & row) << 8 | ((men >> (N + 1)) & row) << 16 |
         ((men >> (3 * n + 1)) & row) << 24;
}

// The bytes of one window for both colours: `lanes` holds White's four rows in its bytes 0..3 and
// Black's in bytes 4..7, `column` is the window's first column of squares. The two squares of
// each row are masked, and one multiplication moves the four pairs of each colour next to each
// other (every partial product lands on bits of its own, so nothing carries).
struct WindowBytes {
  unsigned white, black;
};
inline WindowBytes window_bytes(std::uint64_t lanes, int column) {
  constexpr std::uint64_t kPairs = 0x0303030303030303ULL;
  constexpr std::uint64_t kGather = 1 | 1ULL << 6 | 1ULL << 12 | 1ULL << 18;
  const std::uint64_t gathered = ((lanes >> column) & kPairs) * kGather;
  return {static_cast<unsigned>(gathered >> 18) & 0xff,
          static_cast<unsigned>(gathered >> 50) & 0xff};
}

// The square s of a bitboard moved to square S-1-s: the board turned half a turn.
template <int N>
constexpr Bitboard turned(Bitboard b) {
  using G = Geometry<N>;
  Bitboard m = 0;
  for (int s = 0; s < G::kSquares; ++s)
    if (b & G::mask_of(s)) m |= G::mask_of(G::kSquares - 1 - s);
  return m;
}

// Black's cones and front half on the board as it stands (Black moves down, towards row N-1).
template <int N>
struct BlackLayout {
  using L = Layout<N>;
  using G = Geometry<N>;
  static constexpr std::array<Bitboard, G::kSquares> cones() {
    std::array<Bitboard, G::kSquares> c{};
    for (int s = 0; s < G::kSquares; ++s) c[s] = turned<N>(L::kCones[G::kSquares - 1 - s]);
    return c;
  }
  static constexpr auto kCones = cones();
  static constexpr Bitboard kFrontHalf = turned<N>(L::kFrontHalf);
};

// A table of the 8 binary digits of a byte (base 3 or 4) read in reverse order: digit i of the
// result is bit 7 - i of the byte. Turning the board half a turn maps window w to window
// kWindows - 1 - w with its squares in reverse order.
constexpr std::array<std::uint16_t, 256> make_reversed(
    const std::array<std::uint16_t, 256>& table) {
  std::array<std::uint16_t, 256> t{};
  for (int b = 0; b < 256; ++b) {
    int r = 0;
    for (int i = 0; i < 8; ++i)
      if (b & (1 << i)) r |= 1 << (7 - i);
    t[b] = table[r];
  }
  return t;
}
inline constexpr auto kReversedTernary = make_reversed(kTernary);
inline constexpr auto kReversedQuaternary = make_reversed(kQuaternary);

// KingWindows false leaves the king windows out (weights that have none: all zero).
template <int N, class Visit, bool KingWindows = true>
inline int visit_features_fast(const Position& pos, Visit&& visit) {
  using L = Layout<N>;
  using B = BlackLayout<N>;
  using G = Geometry<N>;
  constexpr int K = L::kWindowsPerSide;
  const Bitboard white_men = pos.white & ~pos.kings, black_men = pos.black & ~pos.kings;
  // Each window's two bytes serve both sides: White's window w, and Black's window
  // kWindows - 1 - w on the turned board, whose bytes are White's reversed, colours exchanged.
  const Bitboard white_kings = pos.white & pos.kings, black_kings = pos.black & pos.kings;
  for (int wr = 0; wr < K; ++wr) {
    const int first = wr * (N + 1);
    const std::uint64_t white_lanes = row_lanes<N>(white_men >> first);
    const std::uint64_t lanes = white_lanes | row_lanes<N>(black_men >> first) << 32;
    const std::uint64_t king_lanes =
        KingWindows && L::kKingConfigs && pos.kings
            ? row_lanes<N>(white_kings >> first) | row_lanes<N>(black_kings >> first) << 32
            : 0;
    for (int wc = 0; wc < K; ++wc) {
      const WindowBytes bytes = window_bytes(lanes, wc);
      const int w = wr * K + wc;
      visit(w * kConfigs + kTernary[bytes.white] + 2 * kTernary[bytes.black], 1);
      visit((L::kWindows - 1 - w) * kConfigs + kReversedTernary[bytes.black] +
                2 * kReversedTernary[bytes.white],
            -1);
      if (!king_lanes) continue;
      const WindowBytes k = window_bytes(king_lanes, wc);
      // White's view sees Black's kings; Black's, on the turned board, White's.
      if (k.black)
        visit(L::kKingWindowBase + w * L::kKingConfigs +
                  king_config(kQuaternary, bytes.white, bytes.black, k.black),
              1);
      if (k.white)
        visit(L::kKingWindowBase + (L::kWindows - 1 - w) * L::kKingConfigs +
                  king_config(kReversedQuaternary, bytes.black, bytes.white, k.white),
              -1);
    }
  }
  for (Bitboard b = white_kings; b; b &= b - 1)
    visit(L::kKingBase + G::square_of(lowest_bit(b)), 1);
  for (Bitboard b = black_kings; b; b &= b - 1)
    visit(L::kKingBase + G::kSquares - 1 - G::square_of(lowest_bit(b)), -1);
  const int men[2] = {count(white_men), count(black_men)};
  const int kings[2] = {count(white_kings), count(black_kings)};
  for (int side = 0; side < 2; ++side) {
    const int sign = side == 0 ? 1 : -1;
    if (men[side]) visit(L::kScalarBase + kMan, sign * men[side]);
    if (kings[side]) {
      visit(L::kScalarBase + kKing, sign * kings[side]);
      visit(L::kScalarBase + kFirstKing, sign);
    }
  }
  // Balance: turning the board exchanges the halves, which leaves the difference's size alone.
  for (int side = 0; side < 2; ++side) {
    const Bitboard m = side == 0 ? white_men : black_men;
    const int imbalance = count(m & L::kLeftHalf) - count(m & ~L::kLeftHalf);
    if (imbalance)
      visit(L::kScalarBase + kBalance,
            (side == 0 ? -1 : 1) * (imbalance < 0 ? -imbalance : imbalance));
  }
  const Bitboard empty = G::kBoard & ~pos.occupied();
  const int white_steps = count(G::template shift<kNorthWest>(white_men) & empty) +
                          count(G::template shift<kNorthEast>(white_men) & empty);
  if (white_steps) visit(L::kScalarBase + kMobility, white_steps);
  const int black_steps = count(G::template shift<kSouthWest>(black_men) & empty) +
                          count(G::template shift<kSouthEast>(black_men) & empty);
  if (black_steps) visit(L::kScalarBase + kMobility, -black_steps);
  for (Bitboard b = white_men & L::kFrontHalf; b; b &= b - 1) {
    const int square = G::square_of(lowest_bit(b));
    if (!(pos.black & L::kCones[square]))
      visit(L::kScalarBase + kRunaway + G::row_of(square) - 1, 1);
  }
  for (Bitboard b = black_men & B::kFrontHalf; b; b &= b - 1) {
    const int square = G::square_of(lowest_bit(b));
    if (!(pos.white & B::kCones[square]))
      visit(L::kScalarBase + kRunaway + (N - 1 - G::row_of(square)) - 1, -1);
  }
  visit(L::kScalarBase + kToMove, pos.side == Side::white ? 1 : -1);
  const int pieces = count(pos.occupied());
  return pieces < L::kMaxPieces ? pieces : L::kMaxPieces;
}

// A set of weights for one game id: two per feature (opening, endgame), in 1/kUnit centipawn.
struct Weights {
  std::string game;  // the game id they were trained for
  int board_size = 10;
  int features = 0;
  std::vector<std::int16_t> values;  // 2 * features: opening, endgame
  // Scales applied by the ending rules of the codes: a lone king against at most three pieces is
  // nearly always a draw (international, russian); the learned value is divided by this.
  int lone_king_divisor = 8;
  // Some king-window weight is not zero (set by parse; the evaluation skips them otherwise).
  bool king_windows = false;
  // A network (net_eval.h): the whole evaluation, or added to the patterns above when its base
  // checksum is set (then `values` are the patterns it was trained on). nullptr: patterns alone.
  std::shared_ptr<const net::Network> net;
};

// Whether `game` is a draughts game id with learned weights, and its board size.
bool known_game(std::string_view game, int& board_size);

// The number of features of a board size.
int feature_count(int board_size);
// Whether some king-window weight of `w` is not zero (8x8 only); parse sets Weights::king_windows
// from it, and whoever fills a Weights by hand must too.
bool has_king_windows(const Weights& w);

// A lone king against up to three pieces.
inline bool lone_king(const Position& pos) {
  const int white = count(pos.white), black = count(pos.black);
  return (white == 1 && (pos.white & pos.kings) && black <= 3) ||
         (black == 1 && (pos.black & pos.kings) && white <= 3);
}

// The patterns' value for White, in centipawns, before any lone-king divisor.
template <int N>
inline int pattern_value(const Weights& w, const Position& pos) {
  using L = Layout<N>;
  const std::int16_t* v = w.values.data();
  int opening = 0, endgame = 0;
  const auto add = [&](int f, int n) {
    opening += n * v[2 * f];
    endgame += n * v[2 * f + 1];
  };
  const int phase = w.king_windows ? visit_features_fast<N, decltype(add)&, true>(pos, add)
                                   : visit_features_fast<N, decltype(add)&, false>(pos, add);
  return (opening * phase + endgame * (L::kMaxPieces - phase)) / (L::kMaxPieces * kUnit);
}

// The value from the side to move, in centipawns; `acc`: the network's sums kept for `pos`
// (net_eval.h), if any.
template <int N>
inline int evaluate(const Weights& w, const Position& pos, const net::Accumulator* acc = nullptr) {
  const int sign = pos.side == Side::white ? 1 : -1;
  int value = 0;  // for White
  if (!w.net || w.net->base_checksum) value = pattern_value<N>(w, pos);
  if (w.net) value += sign * net::value<N>(*w.net, pos, acc);
  if (lone_king(pos)) value /= w.lone_king_divisor;
  return sign * value;
}

inline int evaluate(const Weights& w, const Position& pos) {
  return w.board_size == 10 ? evaluate<10>(w, pos) : evaluate<8>(w, pos);
}

// The file format (docs/engine.md): "DOSKAEVL", format version, game id, board size, feature
// count, the weights (little-endian int16, opening and endgame per feature), then a 64-bit FNV-1a
// checksum of all that precedes it.
std::string serialize(const Weights& w);
Result<Weights> parse(std::string_view bytes, std::string_view what);
Result<Weights> load(const std::string& path);
Status save(const Weights& w, const std::string& path);

// The weights built into doska for a game id (data/eval/<game>.weights, compiled in, with the
// network of data/eval/<game>.net where there is one), checked on first use; nullptr for a game
// without a weights file of its own (the classic evaluation) or with a damaged one.
const Weights* builtin(std::string_view game);
// The built-in pattern weights of `game` without its built-in network (data/eval/<game>.net,
// where there is one): `eval=patterns`. nullptr where builtin() is.
const Weights* builtin_patterns(std::string_view game);
// Ok when the built-in weights of `game` are sound or the game has none; else why they are not.
Status builtin_status(std::string_view game);
// The checksum of the built-in pattern weights of `game` (what a network that adds to them
// names), or an error naming why they are unusable.
Result<std::uint64_t> builtin_checksum(std::string_view game);

}  // namespace doska::draughts::pattern
