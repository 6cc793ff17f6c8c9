// perft from the setup, and the consistency of the generator: make/unmake restores the position,
// the incremental key equals the recomputed key, the attack test agrees with the captures the
// generator finds, every move text reads back, and random games end by a rule of §4.4.
#include <random>

#include "games/chess100/game.h"
#include "setup.h"

namespace doska::chess100 {
namespace {

using namespace testing;

// The program's own counts (no other implementation exists to compare with); a change here is a
// change of the move rules and must be explained.
const std::vector<std::uint64_t> kStartPerft = {26, 676, 19917, 584239, 19378042};

TEST(Chess100Perft, StartPosition) {
  const Position start = start_position();
  for (int depth = 1; depth <= 4; ++depth)
    EXPECT_EQ(perft(start, depth), kStartPerft[depth - 1]) << "depth " << depth;
}

TEST(Chess100PerftDeep, StartPositionDepth5) {
  EXPECT_EQ(perft(start_position(), 5), kStartPerft[4]);
}

// Walks the tree of every move of play, checking at each node that make/unmake restores the
// position exactly and that the key kept by make_move equals the key computed from scratch.
void check_tree(Position& pos, int depth, int& nodes) {
  ++nodes;
  ASSERT_EQ(pos.key(), pos.compute_key());
  if (depth == 0 || pos.king(Color::white) < 0 || pos.king(Color::black) < 0) return;
  MoveList list;
  generate_moves(pos, list);
  for (const Move& m : list) {
    const Position before = pos;
    Undo undo;
    make_move(pos, m, undo);
    check_tree(pos, depth - 1, nodes);
    unmake_move(pos, m, undo);
    ASSERT_EQ(pos, before) << move_text(m);
  }
}

// Positions with every special move close at hand: castling both ways, a capturable en passant,
// royal pawns, pawn castling both ways, promotions, the extra pawn, strong pieces.
const char* kSpecialFens[] = {
    "r3k4r/1p1p3p2/10/2P1pP4/10/10/10/10/1P1P1P1P2/R3K4R w AJaj e8 0 1 Ee",
    "4k5/3P6/10/10/3G1J4/4P5/3Q1B4/10/10/R3K4R w AJ - 0 1 Ee",
    "r3k4r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R3K4R b AJaj - 0 1 Ee",
    "10/2k6P/10/4J5/4G5/4K5/10/10/p9/10 w - - 0 1 Ee",
    "4k5/3K6/10/10/10/10/10/10/PP2P3PP/10 w - - 0 1 Ee",
};

TEST(Chess100Consistency, MakeUnmakeRestoresAndKeysAgree) {
  for (const char* fen : kSpecialFens) {
    Position pos = position_of(fen);
    int nodes = 0;
    check_tree(pos, 3, nodes);
    EXPECT_GT(nodes, 100) << fen;
  }
  Position start = start_position();
  int nodes = 0;
  check_tree(start, 3, nodes);
  EXPECT_GT(nodes, 1 + 26 + 676 + 19917);  // the unsafe moves are walked too
}

// The bulk count at the last ply agrees with playing each move: divide sums to perft.
TEST(Chess100Consistency, DivideSumsToPerft) {
  for (const char* fen : kSpecialFens) {
    const Position pos = position_of(fen);
    MoveList safe;
    generate_safe_moves(pos, safe);
    std::uint64_t total = 0;
    for (const Move& m : safe) {
      if (move_ends_game(pos, m)) continue;
      Position next = pos;
      Undo undo;
      make_move(next, m, undo);
      total += perft(next, 2);
    }
    EXPECT_EQ(total, perft(pos, 3)) << fen;
  }
}

// A random position: one king each, other pieces scattered, no pawn on its promotion rank.
Position random_position(std::mt19937& rng) {
  Position pos;
  std::uniform_int_distribution<int> square(0, kSquares - 1);
  std::uniform_int_distribution<int> type(1, 7);
  for (Color c : {Color::white, Color::black}) {
    int s;
    do s = square(rng);
    while (pos.board[s]);
    pos.board[s] = make_piece(c, king);
  }
  const int count = std::uniform_int_distribution<int>(2, 40)(rng);
  for (int i = 0; i < count; ++i) {
    const int s = square(rng);
    if (pos.board[s]) continue;
    const Color c = (rng() & 1) ? Color::white : Color::black;
    const PieceType t = static_cast<PieceType>(type(rng));
    if (t == pawn && rank_of(s) == last_rank(c)) continue;
    pos.board[s] = make_piece(c, t);
  }
  pos.side = (rng() & 1) ? Color::white : Color::black;
  pos.refresh();
  return pos;
}

// attacked() and the generator agree: a piece of the side to move attacks a square exactly when,
// with an enemy piece standing there, it could capture it.
TEST(Chess100Consistency, AttackTestAgreesWithCaptures) {
  std::mt19937 rng(20240531);
  for (int trial = 0; trial < 300; ++trial) {
    Position pos = random_position(rng);
    const Color us = pos.side;
    for (int s = 0; s < kSquares; ++s) {
      const Piece old = pos.board[s];
      if (old && (color_of(old) == us || type_of(old) == king)) continue;
      // A knight of the other side as the target; a pawn target on the promotion rank is fine.
      pos.board[s] = make_piece(opposite(us), knight);
      pos.refresh();
      MoveList list;
      generate_moves(pos, list);
      bool captures = false;
      for (const Move& m : list)
        if (m.to == s && m.kind == MoveKind::normal) captures = true;
      ASSERT_EQ(attacked(pos, s, us), captures) << to_fen(pos) << " square " << square_name(s);
      pos.board[s] = old;
    }
  }
}

// The safe moves found with the SafetyTest shortcut are exactly the moves of play that, played,
// do not leave the own king attacked, on random positions (many of them with the king in check
// or pieces pinned to it).
TEST(Chess100Consistency, SafetyShortcutAgreesWithPlayingEveryMove) {
  std::mt19937 rng(99);
  for (int trial = 0; trial < 2000; ++trial) {
    Position pos = random_position(rng);
    MoveList all, fast;
    generate_moves(pos, all);
    generate_safe_moves(pos, fast);
    MoveList slow;
    Position work = pos;
    for (const Move& m : all)
      if (!leaves_king_attacked(work, m)) slow.push(m);
    ASSERT_EQ(texts(fast), texts(slow)) << to_fen(pos);
  }
}

// Random games with every move of play (unsafe ones too): each position's FEN reads back to the
// same position, every move's long algebraic and SAN read back to the move, and the game ends by
// a rule of §4.4 or §4.3, or reaches the ply limit.
TEST(Chess100Consistency, RandomGamesReadBackAndEnd) {
  std::mt19937 rng(7);
  int ended = 0, king_captures = 0;
  for (int g = 0; g < 24; ++g) {
    Game game;
    for (int ply = 0; ply < 300 && !game.over(); ++ply) {
      const Position& pos = game.position();
      ASSERT_EQ(position_of(to_fen(pos)), pos) << to_fen(pos);
      const bool unsafe_allowed = g % 2 == 1;
      const std::vector<Move> moves = unsafe_allowed ? game.moves() : game.safe_moves();
      ASSERT_FALSE(moves.empty());
      for (const Move& m : moves) {
        auto long_form = parse_move(pos, move_text(m));
        ASSERT_TRUE(long_form) << long_form.error();
        ASSERT_EQ(*long_form, m);
        const std::string written = san(pos, m);
        auto san_form = parse_move(pos, written);
        ASSERT_TRUE(san_form) << written << ": " << san_form.error() << " in " << to_fen(pos);
        ASSERT_EQ(*san_form, m) << written;
      }
      const Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
      ASSERT_TRUE(game.play(m));
    }
    if (game.over()) ++ended;
    if (game.ending().article == "RULINGS §4.4 (king capture)") ++king_captures;
  }
  EXPECT_GT(ended, 0);
  EXPECT_GT(king_captures, 0);
}

}  // namespace
}  // namespace doska::chess100
