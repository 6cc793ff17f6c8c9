// The move rules of RULINGS.md §4.1-4.3, one test per rule: each test is a position and the exact
// moves the rule gives a piece there, in long algebraic.
#include "games/chess100/game.h"
#include "setup.h"

namespace doska::chess100 {
namespace {

using namespace testing;

// §4.1: the setup, and White moves first: ten pawns with one or two steps, four knight moves,
// and the royal pawn e2 castling backward with the jester d1 and the queen f1.
TEST(Chess100Setup, Section41StartPositionAndFirstMoves) {
  const Position start = start_position();
  EXPECT_EQ(to_fen(start), kStartFen);
  EXPECT_EQ(start.side, Color::white);
  EXPECT_EQ(safe_moves(start),
            sorted({"a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3",
                    "e2e4", "f2f3", "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "i2i3", "i2i4",
                    "j2j3", "j2j4", "b1a3", "b1c3", "i1h3", "i1j3", "e2d1", "e2f1"}));
}

// §4.2: the king, queen, rook, bishop and knight move as in FIDE chess.
TEST(Chess100Pieces, Section42ClassicPiecesOnTheBigBoard) {
  const Position pos = setup("Ka1 ka10 Nc3 Rh5 Bd4", 'w');
  EXPECT_EQ(moves_from(pos, "a1"), sorted({"a1a2", "a1b1", "a1b2"}));
  EXPECT_EQ(moves_from(pos, "c3"),
            sorted({"c3a2", "c3a4", "c3b1", "c3b5", "c3d1", "c3d5", "c3e2", "c3e4"}));
  EXPECT_EQ(moves_from(pos, "h5"),
            sorted({"h5h1", "h5h2", "h5h3", "h5h4", "h5h6", "h5h7", "h5h8", "h5h9", "h5h10", "h5a5",
                    "h5b5", "h5c5", "h5d5", "h5e5", "h5f5", "h5g5", "h5i5", "h5j5"}));
  // c3 holds the own knight.
  EXPECT_EQ(moves_from(pos, "d4"), sorted({"d4c5", "d4b6", "d4a7", "d4e5", "d4f6", "d4g7", "d4h8",
                                           "d4i9", "d4j10", "d4e3", "d4f2", "d4g1"}));
}

// §4.2: the strong king on the e-file moves up to two squares in each direction.
TEST(Chess100Pieces, Section42StrongKingTwoSquares) {
  const Position pos = setup("Ke5 ka10", 'w');
  EXPECT_EQ(moves_from(pos, "e5"),
            sorted({"e5e4", "e5e3", "e5e6", "e5e7", "e5d5", "e5c5", "e5f5", "e5g5", "e5d6", "e5c7",
                    "e5f6", "e5g7", "e5d4", "e5c3", "e5f4", "e5g3"}));
}

// §4.2: the strong king may not pass over a piece, own or enemy; it may capture the first.
TEST(Chess100Pieces, Section42StrongKingDoesNotPassOverPieces) {
  const Position pos = setup("Ke5 Pe6 ka10 nf6", 'w');
  EXPECT_EQ(moves_from(pos, "e5"), sorted({"e5e4", "e5e3", "e5d5", "e5c5", "e5f5", "e5g5", "e5d6",
                                           "e5c7", "e5f6", "e5d4", "e5c3", "e5f4", "e5g3"}));
}

// §4.1-4.2: off the e-file the king is an ordinary king.
TEST(Chess100Pieces, Section42KingOffTheRoyalFileIsOrdinary) {
  const Position pos = setup("Kd5 ka10", 'w');
  EXPECT_EQ(moves_from(pos, "d5"),
            sorted({"d5c4", "d5c5", "d5c6", "d5d4", "d5d6", "d5e4", "d5e5", "d5e6"}));
}

// §4.2: the general, one or two squares orthogonally, and one square diagonally by bending.
TEST(Chess100Pieces, Section42GeneralShortMovesAndBending) {
  const Position pos = setup("Ka1 ka10 Gc5", 'w');
  EXPECT_EQ(moves_from(pos, "c5"), sorted({"c5c3", "c5c4", "c5c6", "c5c7", "c5a5", "c5b5", "c5d5",
                                           "c5e5", "c5b4", "c5b6", "c5d4", "c5d6"}));
}

// §4.2: the bending move is blocked only when both orthogonal squares beside it are occupied;
// the general does not jump.
TEST(Chess100Pieces, Section42GeneralBendingBlockedWhenBothSquaresOccupied) {
  const Position pos = setup("Ka1 ka10 Gc5 Pc6 Pd5", 'w');
  EXPECT_EQ(moves_from(pos, "c5"),
            sorted({"c5c4", "c5c3", "c5b5", "c5a5", "c5b6", "c5d4", "c5b4"}));
}

// §4.2: the general captures as it moves, bending included.
TEST(Chess100Pieces, Section42GeneralCapturesAsItMoves) {
  const Position pos = setup("Ka1 ka10 Gc5 pc7 nd6 Pc4 Pb5 Pb4", 'w');
  // c7 captured through the empty c6; d6 captured by bending through c6 or d5; b4, b5, c4 own.
  EXPECT_EQ(moves_from(pos, "c5"),
            sorted({"c5c6", "c5c7", "c5d5", "c5e5", "c5d6", "c5d4", "c5b6"}));
}

// §4.2: on the e-file the general is a full rook along its file and rank, plus the bending moves.
TEST(Chess100Pieces, Section42StrongGeneralOnTheRoyalFile) {
  const Position pos = setup("Ka2 kj9 Ge5", 'w');
  EXPECT_EQ(moves_from(pos, "e5"),
            sorted({"e5e1",  "e5e2", "e5e3", "e5e4", "e5e6", "e5e7", "e5e8", "e5e9",
                    "e5e10", "e5a5", "e5b5", "e5c5", "e5d5", "e5f5", "e5g5", "e5h5",
                    "e5i5",  "e5j5", "e5d4", "e5d6", "e5f4", "e5f6"}));
}

// §4.2: the jester, one or two squares diagonally, and two squares orthogonally by bending.
TEST(Chess100Pieces, Section42JesterShortMovesAndBending) {
  const Position pos = setup("Ka1 ka10 Jc5", 'w');
  EXPECT_EQ(moves_from(pos, "c5"), sorted({"c5b6", "c5a7", "c5d6", "c5e7", "c5b4", "c5a3", "c5d4",
                                           "c5e3", "c5c7", "c5c3", "c5a5", "c5e5"}));
}

// §4.2: the jester's bending is blocked only when both diagonal squares it could pass are occupied.
TEST(Chess100Pieces, Section42JesterBendingBlockedWhenBothSquaresOccupied) {
  const Position pos = setup("Ka1 ka10 Jc5 Pb6 Pd6", 'w');
  EXPECT_EQ(moves_from(pos, "c5"),
            sorted({"c5b4", "c5a3", "c5d4", "c5e3", "c5c3", "c5a5", "c5e5"}));
}

// §4.2: on the e-file the jester is a full bishop, plus the bending moves.
TEST(Chess100Pieces, Section42StrongJesterOnTheRoyalFile) {
  const Position pos = setup("Ka2 kj9 Je5", 'w');
  EXPECT_EQ(moves_from(pos, "e5"),
            sorted({"e5d6", "e5c7",  "e5b8", "e5a9", "e5f6", "e5g7", "e5h8",
                    "e5i9", "e5j10", "e5d4", "e5c3", "e5b2", "e5a1", "e5f4",
                    "e5g3", "e5h2",  "e5i1", "e5e7", "e5e3", "e5c5", "e5g5"}));
}

// §4.2: a royal pawn steps straight back and captures diagonally back as well as forward.
TEST(Chess100Pawns, Section42RoyalPawnMovesAndCapturesBackward) {
  const Position pos = setup("Ka1 ka10 Pe5 pd4 pf6 pd6", 'w');
  EXPECT_EQ(moves_from(pos, "e5"), sorted({"e5e6", "e5e4", "e5d6", "e5f6", "e5d4"}));
  const Position black = setup("Ka1 ka10 pe6 Pd5 Pf7", 'b');
  EXPECT_EQ(moves_from(black, "e6"), sorted({"e6e5", "e6e7", "e6d5", "e6f7"}));
}

// §4.2: a pawn off the e-file has only the FIDE moves.
TEST(Chess100Pawns, Section42OrdinaryPawnOnlyForward) {
  const Position pos = setup("Ka1 ka10 Pd5 pc4 pe4 pc6", 'w');
  EXPECT_EQ(moves_from(pos, "d5"), sorted({"d5d6", "d5c6"}));
}

// §4.2 ruling: the double step belongs to the square (own second rank), whatever the history; a
// pawn on its own first rank steps one square; a royal pawn has no backward double step.
TEST(Chess100Pawns, Section42DoubleStepFromTheSecondRankOnly) {
  const Position pos = setup("Kj1 ka10 Pb2 Pa1 Pe3", 'w');
  EXPECT_EQ(moves_from(pos, "b2"), sorted({"b2b3", "b2b4"}));
  EXPECT_EQ(moves_from(pos, "a1"), sorted({"a1a2"}));
  EXPECT_EQ(moves_from(pos, "e3"), sorted({"e3e4", "e3e2"}));
  const Position royal = setup("Kj1 ka10 Pe2", 'w');
  EXPECT_EQ(moves_from(royal, "e2"), sorted({"e2e3", "e2e4", "e2e1"}));
}

// §4.2: en passant after a double step; never backward.
TEST(Chess100Pawns, Section42EnPassantForwardOnly) {
  Position pos = setup("Kj1 ka10 Pc7 Pe9 pd9", 'b');
  pos = after(pos, "d9d7");
  EXPECT_EQ(to_fen(pos).substr(to_fen(pos).find(" w ")), " w - d8 0 2 -");
  EXPECT_EQ(moves_from(pos, "c7"), sorted({"c7c8", "c7d8"}));
  // The royal pawn on e9 could reach d8 only by a backward capture: no en passant backward.
  EXPECT_EQ(moves_from(pos, "e9"),
            sorted({"e9e10q", "e9e10r", "e9e10b", "e9e10n", "e9e10g", "e9e10j", "e9e8"}));
  Position taken = after(pos, "c7d8");
  EXPECT_EQ(taken.at(*parse_square("d7")), 0);
  EXPECT_EQ(taken.at(*parse_square("d8")), make_piece(Color::white, pawn));
}

// §4.2: the en passant square is written only when a pawn can take there.
TEST(Chess100Pawns, Section42EnPassantSquareOnlyWhenCapturable) {
  const Position pos = after(start_position(), "e2e4");
  EXPECT_EQ(pos.ep, -1);
  EXPECT_EQ(to_fen(pos),
            "rnbjkqgbnr/pppppppppp/10/10/10/10/4P5/10/PPPP1PPPPP/RNBJKQGBNR b AJaj - 0 1 Ee");
}

// §4.3: royal castling, short (a-side) e1b1 and long (j-side) e1h1, beside the strong king's
// moves along the first rank.
TEST(Chess100Castling, Section43BothCastlings) {
  const Position pos = setup("Ke1 Ra1 Rj1 ke10 ra10 rj10", 'w', "AJaj - 0 1 -");
  EXPECT_EQ(moves_from(pos, "e1"), sorted({"e1d1", "e1c1", "e1f1", "e1g1", "e1e2", "e1e3", "e1d2",
                                           "e1c3", "e1f2", "e1g3", "e1b1", "e1h1"}));
  const Position short_castled = after(pos, "e1b1");
  EXPECT_EQ(short_castled.at(*parse_square("b1")), make_piece(Color::white, king));
  EXPECT_EQ(short_castled.at(*parse_square("c1")), make_piece(Color::white, rook));
  EXPECT_EQ(short_castled.at(*parse_square("a1")), 0);
  const Position long_castled = after(pos, "e1h1");
  EXPECT_EQ(long_castled.at(*parse_square("h1")), make_piece(Color::white, king));
  EXPECT_EQ(long_castled.at(*parse_square("g1")), make_piece(Color::white, rook));
  EXPECT_EQ(long_castled.at(*parse_square("j1")), 0);
  EXPECT_EQ(to_fen(long_castled), "r3k4r/10/10/10/10/10/10/10/10/R5RK2 b aj - 1 1 -");
  EXPECT_EQ(long_castled.castling,
            castling_bit(Color::black, false) | castling_bit(Color::black, true));
  const Position black = after(after(pos, "e1e2"), "e10h10");
  EXPECT_EQ(black.at(*parse_square("g10")), make_piece(Color::black, rook));
}

// §4.3: castling needs the right, the rook on its square and every square between empty.
TEST(Chess100Castling, Section43CastlingNeedsRightsAndEmptySquares) {
  EXPECT_EQ(moves_from(setup("Ke1 Ra1 Rj1 Ni1 ke10", 'w', "AJ - 0 1 -"), "e1").size(), 11u);
  EXPECT_EQ(moves_from(setup("Ke1 Ra1 Rj1 ke10", 'w', "J - 0 1 -"), "e1").size(), 11u);
  const Position pos = setup("Ke1 Ra1 Rj1 ke10", 'w', "AJ - 0 1 -");
  EXPECT_EQ(after(pos, "a1a2").castling, castling_bit(Color::white, true));
  EXPECT_EQ(after(pos, "e1e2").castling, 0);
}

// §4.3: the rights are lost when the rook is captured.
TEST(Chess100Castling, Section43RightLostWhenRookCaptured) {
  const Position pos = setup("Ke1 Ra1 Rj1 ke10 rj5", 'b', "AJ - 0 1 -");
  EXPECT_EQ(after(pos, "j5j1").castling, castling_bit(Color::white, false));
}

// §4.3: the king may castle out of check.
TEST(Chess100Castling, Section43CastlingOutOfCheck) {
  const Position pos = setup("Ke1 Ra1 Rj1 kj10 re7", 'w', "AJ - 0 1 -");
  ASSERT_TRUE(in_check(pos));
  const MoveTexts safe = safe_moves(pos);
  EXPECT_NE(std::find(safe.begin(), safe.end(), "e1h1"), safe.end());
  EXPECT_NE(std::find(safe.begin(), safe.end(), "e1b1"), safe.end());
}

// §4.3: a crossed square under attack does not forbid castling, but the castling side loses.
TEST(Chess100Castling, Section43CrossingAnAttackedSquareLoses) {
  const Position pos = setup("Ke1 Ra1 Rj1 kj10 rf8", 'w', "AJ - 0 1 -");
  EXPECT_TRUE(castling_crosses_attack(pos, move_of(pos, "e1h1")));
  EXPECT_FALSE(castling_crosses_attack(pos, move_of(pos, "e1b1")));
  Game game(pos);
  ASSERT_TRUE(game.play_text("e1h1"));
  EXPECT_EQ(game.ending().outcome, Outcome::black_wins);
  EXPECT_EQ(game.ending().article, "RULINGS §4.3 (royal castling)");
}

// §4.3: the crossed square is judged with the king already off e1: a rook behind the king on the
// first rank attacks d1 and c1 through e1.
TEST(Chess100Castling, Section43CrossedSquaresJudgedWithoutTheKing) {
  const Position pos = setup("Ke1 Ra1 kj10 rh1", 'w', "A - 0 1 -");
  EXPECT_TRUE(castling_crosses_attack(pos, move_of(pos, "e1b1")));
}

// §4.3: pawn castling forward with a queen, bishop, jester or king diagonally in front; never
// with a knight, rook or general.
TEST(Chess100PawnCastling, Section43ForwardPartners) {
  EXPECT_EQ(moves_from(setup("Ka1 ka10 Pc4 Bd5 Nb5", 'w'), "c4"), sorted({"c4c5", "c4d5"}));
  EXPECT_EQ(moves_from(setup("Ka1 ka10 Pc4 Qd5 Jb5", 'w'), "c4"), sorted({"c4c5", "c4d5", "c4b5"}));
  EXPECT_EQ(moves_from(setup("Ka1 ka10 Pc4 Rd5 Gb5", 'w'), "c4"), sorted({"c4c5"}));
  EXPECT_EQ(moves_from(setup("Kd5 ka10 Pc4", 'w'), "c4"), sorted({"c4c5", "c4d5"}));
  // An ordinary pawn does not swap with a piece behind it.
  EXPECT_EQ(moves_from(setup("Ka1 ka10 Pc4 Bd3 Qb3", 'w'), "c4"), sorted({"c4c5"}));
  const Position swapped = after(setup("Ka1 ka10 Pc4 Qd5", 'w'), "c4d5");
  EXPECT_EQ(swapped.at(*parse_square("d5")), make_piece(Color::white, pawn));
  EXPECT_EQ(swapped.at(*parse_square("c4")), make_piece(Color::white, queen));
}

// §4.3: a royal pawn also castles backward; with the king too.
TEST(Chess100PawnCastling, Section43RoyalPawnCastlesBackward) {
  const Position pos = setup("Kf3 ka10 Pe4 Jd3 Gf5", 'w');
  EXPECT_EQ(moves_from(pos, "e4"), sorted({"e4e5", "e4e3", "e4d3", "e4f3"}));
  const Position swapped = after(pos, "e4f3");
  EXPECT_EQ(swapped.king(Color::white), *parse_square("e4"));
  EXPECT_EQ(swapped.at(*parse_square("f3")), make_piece(Color::white, pawn));
}

// §4.3: the king escapes check by pawn castling; here it is the only safe move.
TEST(Chess100PawnCastling, Section43KingEscapesCheckByPawnCastling) {
  const Position pos = setup("Ka2 Pb1 kj10 ra10 rj2 rj3", 'w');
  ASSERT_TRUE(in_check(pos));
  EXPECT_EQ(safe_moves(pos), MoveTexts{"b1a2"});
  Game game(pos);
  EXPECT_FALSE(game.over());
}

// §4.3 ruling: a pawn that lands on the last rank by pawn castling promotes, by the square.
TEST(Chess100PawnCastling, Section43PawnCastlingOntoTheLastRankPromotes) {
  EXPECT_EQ(moves_from(setup("Ka1 kj5 Pd9 Qe10", 'w'), "d9"),
            sorted({"d9d10j", "d9e10q", "d9e10r", "d9e10b", "d9e10n", "d9e10g", "d9e10j"}));
  EXPECT_EQ(moves_from(setup("Ka1 kj5 Pc9 Bd10 pc10", 'w'), "c9"), sorted({"c9d10j"}));
}

// §4.3: the extra pawn, placed in the same move on any empty square of the own pawn rank.
TEST(Chess100ExtraPawn, Section43ExtraPawnOnEachEmptySquare) {
  const Position pos = setup("Kd9 kj5 Pa2 Pb2 Pd2 Pe2 Pf2 Ph2 Pi2 Pj2", 'w', "- - 0 1 E");
  EXPECT_EQ(moves_from(pos, "d9"), sorted({"d9c8", "d9c9", "d9c10", "d9d8", "d9d10", "d9e8", "d9e9",
                                           "d9e10@c2", "d9e10@g2"}));
  const Position placed = after(pos, "d9e10@g2");
  EXPECT_EQ(placed.at(*parse_square("g2")), make_piece(Color::white, pawn));
  EXPECT_EQ(placed.extra, 0);
}

// §4.3: once per game; with no empty square the right is lost.
TEST(Chess100ExtraPawn, Section43RightUsedOnceOrLost) {
  const Position none = setup("Kd9 kj5", 'w', "- - 0 1 -");
  EXPECT_EQ(moves_from(none, "d9").size(), 8u);
  const Position full = setup("Kd9 kj5 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2", 'w', "- - 0 1 Ee");
  const MoveTexts moves = moves_from(full, "d9");
  EXPECT_NE(std::find(moves.begin(), moves.end(), "d9e10"), moves.end());
  EXPECT_EQ(after(full, "d9e10").extra, extra_bit(Color::black));
  // Black's extra pawn goes on rank 9.
  const Position black = setup("kd2 Kj5 pa9", 'b', "- - 0 1 e");
  EXPECT_EQ(moves_from(black, "d2").size(), 7u + 9u);
}

// §4.3: the king's safety is judged after the pawn is placed: only the pawn on e2 shields e10.
TEST(Chess100ExtraPawn, Section43SafetyJudgedAfterThePawnIsPlaced) {
  const Position pos = setup("Kd9 ka5 re1", 'w', "- - 0 1 E");
  MoveTexts to_e10;
  for (const std::string& m : safe_moves(pos))
    if (m.rfind("d9e10", 0) == 0) to_e10.push_back(m);
  EXPECT_EQ(to_e10, MoveTexts{"d9e10@e2"});
}

// §4.3: promotion by square: on the enemy king's square any piece but a king, elsewhere the piece
// that started there.
TEST(Chess100Promotion, Section43PromotionBySquare) {
  const Position pos = setup("Ka5 kj5 Pa9 Pc9 Pg9 Pf9 re10", 'w');
  EXPECT_EQ(moves_from(pos, "a9"), sorted({"a9a10r"}));
  EXPECT_EQ(moves_from(pos, "c9"), sorted({"c9c10b"}));
  EXPECT_EQ(moves_from(pos, "g9"), sorted({"g9g10g"}));
  EXPECT_EQ(moves_from(pos, "f9"),
            sorted({"f9f10q", "f9e10q", "f9e10r", "f9e10b", "f9e10n", "f9e10g", "f9e10j"}));
  const Position black = setup("Ka5 kj5 pb2 pi2 pd2", 'b');
  EXPECT_EQ(moves_from(black, "b2"), sorted({"b2b1n"}));
  EXPECT_EQ(moves_from(black, "i2"), sorted({"i2i1n"}));
  EXPECT_EQ(moves_from(black, "d2"), sorted({"d2d1j"}));
}

}  // namespace
}  // namespace doska::chess100
