// The evaluation of 100-square chess (src/games/chess100/eval.h, docs/engine.md): its symmetry
// and the terms one at a time, with the other terms switched off where they would interfere.
#include "games/chess100/eval.h"

#include <random>

#include "games/chess100/game.h"
#include "setup.h"

namespace doska::chess100 {
namespace {

using namespace testing;

// The same position seen from the other side: ranks reversed, colours and the side to move
// swapped.
Position mirrored(const Position& pos) {
  Position m;
  for (int s = 0; s < kSquares; ++s) {
    const Piece p = pos.board[s];
    if (!p) continue;
    m.board[square_of(file_of(s), kRanks - 1 - rank_of(s))] =
        make_piece(opposite(color_of(p)), type_of(p));
  }
  m.side = opposite(pos.side);
  m.refresh();
  return m;
}

// Only material and the term under test.
EvalParams only_material() {
  EvalParams p = kEval;
  p.royal_file = {};
  p.centre = {};
  p.pawn_advance = {};
  p.passed_pawn = {};
  p.doubled_pawn = p.isolated_pawn = p.rook_open_file = p.rook_half_open_file = 0;
  p.bishop_pair = p.king_shelter_near = p.king_shelter_far = p.king_off_home_rank = 0;
  p.tempo = 0;
  return p;
}

TEST(Chess100Eval, SetupIsLevelButForTheTempo) {
  EXPECT_EQ(evaluate(start_position()), kEval.tempo);
  Position black = start_position();
  black.side = Color::black;
  black.refresh();
  EXPECT_EQ(evaluate(black), kEval.tempo);
}

// The mirrored position, with the other side to move, has the same value: no term favours a
// colour. Positions from random games, so that every term is met.
TEST(Chess100Eval, MirroredPositionScoresTheSame) {
  std::mt19937 rng(5);
  int positions = 0;
  for (int g = 0; g < 20; ++g) {
    Game game;
    for (int ply = 0; ply < 200 && !game.over(); ++ply) {
      const Position& pos = game.position();
      ASSERT_EQ(evaluate(mirrored(pos)), evaluate(pos)) << to_fen(pos);
      // With the side to move kept, the value is the negation (less the tempo on each side).
      Position same_side = mirrored(pos);
      same_side.side = pos.side;
      ASSERT_EQ(evaluate(same_side) - kEval.tempo, -(evaluate(pos) - kEval.tempo)) << to_fen(pos);
      ++positions;
      const std::vector<Move> moves = game.safe_moves();
      ASSERT_TRUE(
          game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]));
    }
  }
  EXPECT_GT(positions, 1000);
}

TEST(Chess100Eval, MaterialCounts) {
  const EvalParams p = only_material();
  EXPECT_EQ(evaluate(setup("Ke1 ke10 Qf1", 'w'), p), p.material[queen]);
  EXPECT_EQ(evaluate(setup("Ke1 ke10 Qf1", 'b'), p), -p.material[queen]);
  EXPECT_EQ(evaluate(setup("Ke1 ke10 Ga3 jc8 pc9", 'w'), p),
            p.material[general] - p.material[jester] - p.material[pawn]);
}

// RULINGS §4.2: a general or jester on the e-file has a rook's or a bishop's powers. e5 and f5
// are equally central, so the difference is the royal-file bonus alone.
TEST(Chess100Eval, RoyalFileBonusForGeneralAndJester) {
  EvalParams p = kEval;
  p.rook_open_file = p.rook_half_open_file = 0;
  EXPECT_EQ(evaluate(setup("Ka1 ka10 Ge5", 'w'), p) - evaluate(setup("Ka1 ka10 Gf5", 'w'), p),
            kEval.royal_file[general]);
  EXPECT_EQ(evaluate(setup("Ka1 ka10 Je5", 'w'), p) - evaluate(setup("Ka1 ka10 Jf5", 'w'), p),
            kEval.royal_file[jester]);
  EXPECT_EQ(evaluate(setup("Ka1 ka10 je5", 'w'), p) - evaluate(setup("Ka1 ka10 jf5", 'w'), p),
            -kEval.royal_file[jester]);
  EXPECT_GT(kEval.royal_file[general], 0);
  EXPECT_GT(kEval.royal_file[jester], 0);
}

TEST(Chess100Eval, CentralKnightBeatsKnightOnTheRim) {
  EXPECT_GT(evaluate(setup("Ka1 ka10 Nf6", 'w')), evaluate(setup("Ka1 ka10 Nj6", 'w')));
}

// A passed pawn gains with every rank, and more where it promotes to a queen (RULINGS §4.3:
// f-file) than where it promotes to a knight (b-file).
TEST(Chess100Eval, PassedPawnByRankAndPromotionSquare) {
  EvalParams p = only_material();
  p.passed_pawn = kEval.passed_pawn;
  p.passed_scale_min = kEval.passed_scale_min;
  const int f6 = evaluate(setup("Ka1 ka10 Pf6", 'w'), p);
  const int f8 = evaluate(setup("Ka1 ka10 Pf8", 'w'), p);
  const int f9 = evaluate(setup("Ka1 ka10 Pf9", 'w'), p);
  const int b9 = evaluate(setup("Ka1 ka10 Pb9", 'w'), p);
  EXPECT_LT(f6, f8);
  EXPECT_LT(f8, f9);
  EXPECT_LT(b9, f9);
  EXPECT_EQ(f9 - p.material[pawn], kEval.passed_pawn[8]);
  // An enemy pawn ahead on a neighbouring file stops it being passed.
  EXPECT_EQ(evaluate(setup("Ka1 ka10 Pf6 pg8 Pb2", 'w'), p), p.material[pawn]);
}

TEST(Chess100Eval, DoubledAndIsolatedPawns) {
  EvalParams p = only_material();
  p.doubled_pawn = kEval.doubled_pawn;
  p.isolated_pawn = kEval.isolated_pawn;
  // c3 and c4 are isolated and c3 has c4 in front; h9 and i9 stand side by side.
  EXPECT_EQ(evaluate(setup("Ka1 ka10 Pc3 Pc4 ph9 pi9", 'w'), p),
            -2 * kEval.isolated_pawn - kEval.doubled_pawn);
  EXPECT_EQ(evaluate(setup("Ka1 ka10 Pc3 Pd3 pc7 pd7", 'w'), p), 0);
}

// With the opponent's pieces on the board, pawns in front of the king shelter it, and a king
// away from its home rank is exposed; neither counts once the opponent has no pieces left.
TEST(Chess100Eval, KingShelterAndExposure) {
  EvalParams p = only_material();
  p.king_shelter_near = kEval.king_shelter_near;
  p.king_shelter_far = kEval.king_shelter_far;
  p.king_off_home_rank = kEval.king_off_home_rank;
  const std::string black = " ke10 qf10 ra10 rj10 gg10 pa9 pb9 pc9";
  const int sheltered = evaluate(setup("Ke1 Pd2 Pe2 Pf2" + black, 'w'), p);
  const int bare = evaluate(setup("Ke1 Pa2 Pb2 Pc2" + black, 'w'), p);
  const int walked = evaluate(setup("Ke3 Pa2 Pb2 Pc2" + black, 'w'), p);
  EXPECT_GT(sheltered, bare);
  EXPECT_GT(bare, walked);
  EXPECT_EQ(evaluate(setup("Ke3 Pa2 Pb2 Pc2 ke10 pa9 pb9 pc9", 'w'), p), 0);
}

TEST(Chess100Eval, RookOnOpenFileAndBishopPair) {
  EvalParams p = only_material();
  p.rook_open_file = kEval.rook_open_file;
  p.bishop_pair = kEval.bishop_pair;
  EXPECT_EQ(evaluate(setup("Ka1 ka10 Rc4 Pd2 pd9", 'w'), p),
            p.material[rook] + kEval.rook_open_file);
  EXPECT_EQ(evaluate(setup("Ka1 ka10 Rd4 Pd2 pd9", 'w'), p), p.material[rook]);
  EXPECT_EQ(evaluate(setup("Ka1 ka10 Bc4 Bd4", 'w'), p),
            2 * p.material[bishop] + kEval.bishop_pair);
}

}  // namespace
}  // namespace doska::chess100
