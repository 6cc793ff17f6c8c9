// FEN with the seventh field, long algebraic and SAN of RULINGS.md §4.4, read and written, and
// errors that name the problem.
#include "setup.h"

namespace doska::chess100 {
namespace {

using namespace testing;

std::string fen_error(std::string_view fen) {
  auto parsed = parse_fen(fen);
  EXPECT_FALSE(parsed.ok()) << fen;
  return parsed ? "" : parsed.error();
}

std::string move_error(const Position& pos, std::string_view text) {
  auto parsed = parse_move(pos, text);
  EXPECT_FALSE(parsed.ok()) << text;
  return parsed ? "" : parsed.error();
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

TEST(Chess100Fen, Section44StartFenRoundTrip) {
  const Position pos = position_of(kStartFen);
  EXPECT_EQ(pos, start_position());
  EXPECT_EQ(to_fen(pos), kStartFen);
}

TEST(Chess100Fen, Section44FieldsReadAndWritten) {
  const std::string fen = "r3k4r/10/10/10/10/10/3pP5/10/10/R3K4R b Aj e3 0 30 e";
  const Position pos = position_of(fen);
  EXPECT_EQ(to_fen(pos), fen);
  EXPECT_EQ(pos.castling, castling_bit(Color::white, false) | castling_bit(Color::black, true));
  EXPECT_EQ(pos.extra, extra_bit(Color::black));
  EXPECT_EQ(square_name(pos.ep), "e3");
  // The last three fields may be left out.
  EXPECT_EQ(to_fen(position_of("4k5/10/10/10/10/10/10/10/10/4K5 w - -")),
            "4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1 Ee");
  // An en passant square no pawn can use is dropped.
  EXPECT_EQ(to_fen(position_of("4k5/10/10/10/10/10/4P5/10/10/4K5 b - e3 0 1 -")),
            "4k5/10/10/10/10/10/4P5/10/10/4K5 b - - 0 1 -");
}

TEST(Chess100Fen, ErrorsNameTheProblem) {
  EXPECT_TRUE(contains(fen_error("10/10 w"), "4 to 7 fields"));
  EXPECT_TRUE(contains(fen_error("4k5/10/10/10/10/10/10/10/4K5 w - -"), "9 ranks"));
  EXPECT_TRUE(contains(fen_error("4k6/10/10/10/10/10/10/10/10/4K5 w - -"), "FEN rank 10"));
  EXPECT_TRUE(contains(fen_error("4k4/10/10/10/10/10/10/10/10/4K5 w - -"), "FEN rank 10"));
  EXPECT_TRUE(contains(fen_error("4k4x/10/10/10/10/10/10/10/10/4K5 w - -"), "not a piece letter"));
  EXPECT_TRUE(contains(fen_error("4k5/10/10/10/10/10/10/10/10/4K4K w - -"), "white has 2 kings"));
  EXPECT_TRUE(contains(fen_error("4kP4/10/10/10/10/10/10/10/10/4K5 w - -"), "promotion rank"));
  EXPECT_TRUE(contains(fen_error("4k5/10/10/10/10/10/10/10/10/4K5 x - -"), "side to move"));
  EXPECT_TRUE(contains(fen_error("4k5/10/10/10/10/10/10/10/10/4K5 w KQ -"), "rook file"));
  EXPECT_TRUE(contains(fen_error("4k5/10/10/10/10/10/10/10/10/4K5 w A -"), "needs the white king"));
  EXPECT_TRUE(contains(fen_error("4k5/10/10/10/10/10/10/10/10/4K5 w - e3"), "double step"));
  EXPECT_TRUE(contains(fen_error("4k5/10/10/10/10/10/10/10/10/4K5 w - k11"), "en passant"));
  EXPECT_TRUE(contains(fen_error("4k5/10/10/10/10/10/10/10/10/4K5 w - - 0 1 X"), "extra pawn"));
  EXPECT_TRUE(contains(fen_error("4k5/10/10/10/10/10/10/10/10/4K5 w - - x 1"), "halfmove"));
}

TEST(Chess100LongAlgebraic, Section44MoveForms) {
  const Position start = start_position();
  EXPECT_EQ(move_text(move_of(start, "e2e4")), "e2e4");
  EXPECT_EQ(move_of(start, "e2e4").kind, MoveKind::double_step);
  EXPECT_EQ(move_of(start, "e2d1").kind, MoveKind::pawn_castle);
  const Position castling = setup("Ke1 Ra1 Rj1 kj10", 'w', "AJ - 0 1 -");
  EXPECT_EQ(move_of(castling, "e1h1").kind, MoveKind::castle_long);
  EXPECT_EQ(move_of(castling, "e1b1").kind, MoveKind::castle_short);
  const Position promotion = setup("Ka1 kj10 Pa9 Pf9 ne10", 'w', "- - 0 1 -");
  EXPECT_EQ(move_of(promotion, "a9a10r").promotion, rook);
  EXPECT_EQ(move_of(promotion, "f9e10g").promotion, general);
  const Position extra = setup("Kd9 kj5", 'w', "- - 0 1 E");
  EXPECT_EQ(move_text(move_of(extra, "d9e10@c2")), "d9e10@c2");
}

TEST(Chess100LongAlgebraic, ErrorsNameTheProblem) {
  const Position start = start_position();
  EXPECT_TRUE(contains(move_error(start, "e3e4"), "no white piece on e3"));
  EXPECT_TRUE(contains(move_error(start, "e2e5"), "not a legal move"));
  EXPECT_TRUE(contains(move_error(start, "zz"), "is not a move"));
  const Position promotion = setup("Ka1 kj10 Pa9", 'w', "- - 0 1 -");
  EXPECT_TRUE(contains(move_error(promotion, "a9a10"), "add the piece letter"));
  EXPECT_TRUE(contains(move_error(promotion, "a9a10q"), "can only become R"));
  const Position extra = setup("Kd9 kj5", 'w', "- - 0 1 E");
  EXPECT_TRUE(contains(move_error(extra, "d9e10"), "extra pawn"));
  EXPECT_TRUE(contains(move_error(extra, "d9e10@c3"), "rank 2"));
  EXPECT_TRUE(contains(move_error(extra, "d9d10@c2"), "places no extra pawn"));
}

TEST(Chess100San, Section44WrittenForms) {
  const Position start = start_position();
  EXPECT_EQ(san(start, move_of(start, "e2e4")), "e4");
  EXPECT_EQ(san(start, move_of(start, "b1c3")), "Nc3");
  EXPECT_EQ(san(start, move_of(start, "e2d1")), "e2:Jd1");
  EXPECT_EQ(san(start, move_of(start, "e2f1")), "e2:Qf1");
  const Position castling = setup("Ke1 Ra1 Rj1 ki10", 'w', "AJ - 0 1 -");
  EXPECT_EQ(san(castling, move_of(castling, "e1b1")), "O-O");
  EXPECT_EQ(san(castling, move_of(castling, "e1h1")), "O-O-O");
  const Position extra = setup("Kd9 kj5", 'w', "- - 0 1 E");
  EXPECT_EQ(san(extra, move_of(extra, "d9e10@c2")), "Ke10@c2");
  const Position promotion = setup("Ka1 kj8 Pf9 ne10", 'w', "- - 0 1 -");
  EXPECT_EQ(san(promotion, move_of(promotion, "f9e10q")), "fxe10=Q");
  EXPECT_EQ(san(promotion, move_of(promotion, "f9f10q")), "f10=Q");
  // A check and a capture by a piece.
  const Position check = setup("Ka1 kj10 Rc5 nc8", 'w', "- - 0 1 -");
  EXPECT_EQ(san(check, move_of(check, "c5c8")), "Rxc8");
  EXPECT_EQ(san(check, move_of(check, "c5j5")), "Rj5+");
}

// Disambiguation, including the royal pawn's backward moves.
TEST(Chess100San, Disambiguation) {
  const Position knights = setup("Ka1 kj10 Nb1 Nf1", 'w', "- - 0 1 -");
  EXPECT_EQ(san(knights, move_of(knights, "b1d2")), "Nbd2");
  const Position rooks = setup("Ka1 kj10 Rc3 Rc7", 'w', "- - 0 1 -");
  EXPECT_EQ(san(rooks, move_of(rooks, "c3c5")), "R3c5");
  // A forward and a backward pawn step to one square carry their start squares.
  const Position steps = setup("Ka1 kj10 Pe3 Pe5", 'w', "- - 0 1 -");
  EXPECT_EQ(san(steps, move_of(steps, "e3e4")), "e3e4");
  EXPECT_EQ(san(steps, move_of(steps, "e5e4")), "e5e4");
  EXPECT_TRUE(contains(move_error(steps, "e4"), "ambiguous"));
  // A forward and a backward capture from the e-file to one square carry the start rank.
  const Position captures = setup("Ka1 kj10 Pe4 Pe6 nd5", 'w', "- - 0 1 -");
  EXPECT_EQ(san(captures, move_of(captures, "e4d5")), "e4xd5");
  EXPECT_EQ(san(captures, move_of(captures, "e6d5")), "e6xd5");
}

TEST(Chess100San, Section44ReadForms) {
  const Position start = start_position();
  EXPECT_EQ(move_text(move_of(start, "e4")), "e2e4");
  EXPECT_EQ(move_text(move_of(start, "Nc3")), "b1c3");
  EXPECT_EQ(move_text(move_of(start, "Nb1-c3")), "b1c3");
  EXPECT_EQ(move_text(move_of(start, "e2:Jd1")), "e2d1");
  EXPECT_EQ(move_text(move_of(start, "e2:d1")), "e2d1");
  const Position castling = setup("Ke1 Ra1 Rj1 kj10", 'w', "AJ - 0 1 -");
  EXPECT_EQ(move_text(move_of(castling, "O-O")), "e1b1");
  EXPECT_EQ(move_text(move_of(castling, "0-0-0")), "e1h1");
  const Position promotion = setup("Ka1 kj10 Pf9 ne10", 'w', "- - 0 1 -");
  EXPECT_EQ(move_text(move_of(promotion, "fxe10=N+")), "f9e10n");
  EXPECT_EQ(move_text(move_of(promotion, "fxe10N")), "f9e10n");
  EXPECT_TRUE(contains(move_error(promotion, "fxe10"), "add the piece letter"));
  const Position extra = setup("Kd9 kj5", 'w', "- - 0 1 E");
  EXPECT_EQ(move_text(move_of(extra, "Ke10@j2")), "d9e10@j2");
  EXPECT_TRUE(contains(move_error(start, "Qe4"), "not a legal move"));
  EXPECT_TRUE(contains(move_error(start, "O-O"), "castling"));
  EXPECT_TRUE(contains(move_error(start, "Xe4"), "is not a move"));
}

}  // namespace
}  // namespace doska::chess100
