// The rules of 100-square chess as data: board, setup, the royal file, castling and promotion
// squares. Each constant names the article it implements (seed 003; RULINGS.md §4 is the rule of
// record; where both are silent, the FIDE Laws of Chess).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace doska::chess100 {

inline constexpr std::string_view kId = "chess100";
inline constexpr std::string_view kName = "100-square chess (V. Dubrovsky)";

inline constexpr int kFiles = 10;  // a..j (RULINGS §4.1)
inline constexpr int kRanks = 10;  // 1..10
inline constexpr int kSquares = kFiles * kRanks;

enum class Color : std::uint8_t { white = 0, black = 1 };
constexpr Color opposite(Color c) {
  return c == Color::white ? Color::black : Color::white;
}

enum PieceType : std::uint8_t {
  no_piece = 0,
  pawn = 1,
  knight = 2,
  bishop = 3,
  rook = 4,
  queen = 5,
  general = 6,  // RULINGS §4.2
  jester = 7,   // RULINGS §4.2
  king = 8,
};
inline constexpr int kPieceTypes = 9;

// Square index = rank * 10 + file, a1 = 0, j10 = 99.
constexpr int square_of(int file, int rank) {
  return rank * kFiles + file;
}
constexpr int file_of(int square) {
  return square % kFiles;
}
constexpr int rank_of(int square) {
  return square / kFiles;
}

// The royal file e: a piece standing on it has its strong powers (RULINGS §4.1).
inline constexpr int kRoyalFile = 4;

// The back rank of White, a1..j1: R N B J K Q G B N R (RULINGS §4.1); Black mirrored on rank 10.
inline constexpr std::array<PieceType, kFiles> kBackRank = {rook,  knight,  bishop, jester, king,
                                                            queen, general, bishop, knight, rook};

constexpr int home_rank(Color c) {  // the first rank: 1 or 10
  return c == Color::white ? 0 : kRanks - 1;
}
constexpr int pawn_rank(Color c) {  // the pawns' starting rank: 2 or 9 (RULINGS §4.1, §4.2)
  return c == Color::white ? 1 : kRanks - 2;
}
constexpr int last_rank(Color c) {  // the promotion rank: 10 or 1 (RULINGS §4.3)
  return c == Color::white ? kRanks - 1 : 0;
}
constexpr int king_start(Color c) {  // e1 or e10
  return square_of(kRoyalFile, home_rank(c));
}

// Royal castling (RULINGS §4.3). Short: the a-side, king e1->b1, rook a1->c1, crossing d1 and c1.
// Long: the j-side, king e1->h1, rook j1->g1, crossing f1 and g1. Black alike on rank 10.
struct CastlingSide {
  int rook_file;
  int king_to_file;
  int rook_to_file;
  std::array<int, 2> crossed_files;  // the squares the king crosses
  int first_between, last_between;   // files that must be empty between king and rook
  char right_letter;                 // FEN castling field: 'A' or 'J' (lower case for Black)
};
inline constexpr CastlingSide kShortCastling{0, 1, 2, {3, 2}, 1, 3, 'A'};
inline constexpr CastlingSide kLongCastling{9, 7, 6, {5, 6}, 5, 8, 'J'};

// Castling rights, one bit each: White short (a), White long (j), Black short, Black long.
constexpr std::uint8_t castling_bit(Color c, bool long_side) {
  return static_cast<std::uint8_t>(1u << (int(c) * 2 + (long_side ? 1 : 0)));
}
inline constexpr std::uint8_t kAllCastling = 0b1111;

// The extra pawn right (RULINGS §4.3), one bit per side.
constexpr std::uint8_t extra_bit(Color c) {
  return static_cast<std::uint8_t>(1u << int(c));
}

// Promotion by square (RULINGS §4.3): on the enemy king's square any piece but a king, elsewhere
// the piece that started on that square, whichever side promotes.
inline constexpr std::array<PieceType, 6> kFreePromotions = {queen,  rook,    bishop,
                                                             knight, general, jester};
constexpr PieceType promotion_by_square(int file) {
  return kBackRank[file];
}

// Piece letters (RULINGS §4.4): K Q R B N G J, pawns P in FEN.
constexpr char piece_letter(PieceType t) {
  constexpr std::string_view letters = ".PNBRQGJK";
  return letters[t];
}
constexpr PieceType piece_of_letter(char upper) {
  switch (upper) {
    case 'P':
      return pawn;
    case 'N':
      return knight;
    case 'B':
      return bishop;
    case 'R':
      return rook;
    case 'Q':
      return queen;
    case 'G':
      return general;
    case 'J':
      return jester;
    case 'K':
      return king;
    default:
      return no_piece;
  }
}

}  // namespace doska::chess100
