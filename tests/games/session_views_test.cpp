// The board and move views of the facade (games/session.h) that the browser draws and clicks:
// one position of each family with the exact view the rules give.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/session.h"

namespace doska {
namespace {

using Names = std::vector<std::string>;

std::unique_ptr<GameSession> open(const std::string& id, const std::string& fen = "") {
  auto session = fen.empty() ? new_session(id) : new_session(id, std::string_view(fen));
  EXPECT_TRUE(session) << (session ? "" : session.error());
  return std::move(*session);
}

const MoveView* find_view(const std::vector<MoveView>& views, const std::string& text) {
  auto it =
      std::find_if(views.begin(), views.end(), [&](const MoveView& v) { return v.text == text; });
  return it == views.end() ? nullptr : &*it;
}

const CellView* cell(const BoardView& board, const std::string& name) {
  auto it = std::find_if(board.cells.begin(), board.cells.end(),
                         [&](const CellView& c) { return c.name == name; });
  return it == board.cells.end() ? nullptr : &*it;
}

// 002 §1.6: a man captures forward and backward, all the way; the view gives the landing squares
// and the captured squares.
TEST(SessionViews, DraughtsCaptureHasItsPathAndCapturedSquares) {
  auto game = open("russian", "W:Wc3:Bd4,f6");
  const auto views = game->legal_move_views();
  ASSERT_EQ(views.size(), 1u);
  const MoveView& m = views[0];
  EXPECT_EQ(m.text, "c3:g7");
  EXPECT_EQ(m.full, "c3:e5:g7");
  EXPECT_EQ(m.from, "c3");
  EXPECT_EQ(m.to, "g7");
  EXPECT_EQ(m.path, (Names{"c3", "e5", "g7"}));
  EXPECT_EQ(m.captures, (Names{"d4", "f6"}));
  EXPECT_FALSE(m.promotion);
  auto read = game->read_move("c3:e5:g7");
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->text, "c3:g7");
}

// 000 §4.4: a king takes along the diagonal; the captured squares are listed in the order taken.
TEST(SessionViews, KingCaptureListsCapturesInTheOrderTaken) {
  auto game = open("international", "W:WK46:B41,23");
  const auto views = game->legal_move_views();
  ASSERT_FALSE(views.empty());
  for (const MoveView& m : views) {
    EXPECT_EQ(m.from, "46");
    EXPECT_EQ(m.captures, (Names{"41", "23"})) << m.full;
    ASSERT_EQ(m.path.size(), 3u) << m.full;
    EXPECT_EQ(m.path.front(), "46");
    EXPECT_EQ(m.path.back(), m.to);
  }
}

// 000 §1.3: square 1 is at the top, second file; 46 at White's lower-left corner.
TEST(SessionViews, InternationalBoardCoordinates) {
  auto game = open("international");
  const BoardView board = game->board();
  EXPECT_EQ(board.kind, BoardView::Kind::square);
  EXPECT_EQ(board.width, 10);
  ASSERT_EQ(board.cells.size(), 50u);
  const CellView* one = cell(board, "1");
  ASSERT_TRUE(one);
  EXPECT_EQ(one->x, 1);
  EXPECT_EQ(one->y, 9);
  ASSERT_TRUE(one->piece);
  EXPECT_EQ(one->piece->side, Player::black);
  EXPECT_EQ(one->piece->kind, "man");
  const CellView* corner = cell(board, "46");
  ASSERT_TRUE(corner);
  EXPECT_EQ(corner->x, 0);
  EXPECT_EQ(corner->y, 0);
  EXPECT_EQ(corner->piece->side, Player::white);
  EXPECT_FALSE(cell(board, "25")->piece);
}

TEST(SessionViews, IllegalMoveIsReadAsAnErrorAndNotPlayed) {
  auto game = open("international");
  EXPECT_FALSE(game->read_move("32-27x"));
  EXPECT_FALSE(game->read_move("1-6"));
  EXPECT_TRUE(game->moves_played().empty());
}

// RULINGS §3.2: closing a mill removes an opposing piece; the view names the removed point.
TEST(SessionViews, MillPlacementWithRemoval) {
  auto game = open("mill", "W:Wa1,d1:Bd7:H7,8");
  const auto views = game->legal_move_views();
  const MoveView* m = find_view(views, "g1xd7");
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->from);
  EXPECT_EQ(m->to, "g1");
  EXPECT_EQ(m->path, Names{"g1"});
  EXPECT_EQ(m->captures, Names{"d7"});
  const BoardView board = game->board();
  EXPECT_EQ(board.kind, BoardView::Kind::mill);
  EXPECT_EQ(board.cells.size(), 24u);
  EXPECT_EQ(board.lines.size(), 32u);  // 16 lines of three points, two steps each
  ASSERT_TRUE(board.hand);
  EXPECT_EQ(board.hand->first, 7);
  EXPECT_EQ(board.hand->second, 8);
  const CellView* a1 = cell(board, "a1");
  EXPECT_EQ(a1->x, 0);
  EXPECT_EQ(a1->y, 0);
  EXPECT_EQ(a1->piece->side, Player::white);
}

// RULINGS §4.3: a pawn on the last rank promotes; the view names the piece.
TEST(SessionViews, Chess100Promotion) {
  auto game = open("chess100", "10/2P7/10/10/10/9k/10/10/10/K9 w - - 0 1 -");
  const auto views = game->legal_move_views();
  const MoveView* m = find_view(views, "c9c10b");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->from, "c9");
  EXPECT_EQ(m->to, "c10");
  EXPECT_EQ(m->promotion, "bishop");
  EXPECT_FALSE(m->drop);
}

// RULINGS §4.3: the extra pawn is placed with the move; the view gives its square.
TEST(SessionViews, Chess100ExtraPawnDrop) {
  auto game = open("chess100", "10/3K6/10/10/10/9k/10/10/PP1PPP1PPP/10 w - - 0 1 E");
  const auto views = game->legal_move_views();
  const MoveView* m = find_view(views, "d9e10@g2");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->from, "d9");
  EXPECT_EQ(m->to, "e10");
  EXPECT_EQ(m->drop, "g2");
}

TEST(SessionViews, Chess100CaptureAndRoyalFile) {
  auto game = open("chess100", "10/10/10/10/10/9k/3p6/4P5/10/K9 w - - 0 1 -");
  const auto views = game->legal_move_views();
  const MoveView* m = find_view(views, "e3d4");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->captures, Names{"d4"});
  const BoardView board = open("chess100")->board();
  EXPECT_EQ(board.cells.size(), 100u);
  EXPECT_EQ(board.royal_file, 4);
  const CellView* a1 = cell(board, "a1");
  EXPECT_TRUE(a1->dark);
  EXPECT_FALSE(cell(board, "b1")->dark);
  EXPECT_EQ(cell(board, "e1")->piece->kind, "king");
  EXPECT_EQ(cell(board, "f1")->piece->kind, "queen");
  EXPECT_EQ(cell(board, "g10")->piece->kind, "general");
  EXPECT_EQ(cell(board, "d10")->piece->kind, "jester");
  EXPECT_FALSE(board.check.has_value());
}

// The board view names the square of a king in check (RULINGS §4.4: the player is warned; the
// rules still let the king be taken), for the side to move only.
TEST(SessionViews, Chess100BoardNamesTheKingInCheck) {
  EXPECT_EQ(open("chess100", "k9/10/10/10/10/4r5/10/10/10/4K5 w - - 0 1 Ee")->board().check,
            std::optional<std::string>("e1"));
  EXPECT_FALSE(open("chess100", "k9/10/10/10/10/4r5/10/10/10/4K5 b - - 0 1 Ee")->board().check);
  EXPECT_FALSE(open("chess100", "k9/10/10/10/10/3r6/10/10/10/4K5 w - - 0 1 Ee")->board().check);
  EXPECT_FALSE(open("russian")->board().check);
}

// RULINGS §2: the wolf's first move places it on any free dark square.
TEST(SessionViews, WolfPlacement) {
  auto game = open("wolf-sheep");
  const auto views = game->legal_move_views();
  const MoveView* m = find_view(views, "d8");
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->from);
  EXPECT_EQ(m->to, "d8");
  EXPECT_EQ(m->path, Names{"d8"});
  const BoardView board = game->board();
  EXPECT_EQ(board.cells.size(), 32u);
  EXPECT_EQ(cell(board, "a1")->piece->kind, "sheep");
  ASSERT_TRUE(game->play("d8"));
  EXPECT_EQ(cell(game->board(), "d8")->piece->kind, "wolf");
}

// Every view of every game's start is read back as itself.
TEST(SessionViews, EveryStartMoveReadsBack) {
  for (const GameInfo& info : all_games()) {
    auto game = open(std::string(info.id));
    const auto views = game->legal_move_views();
    EXPECT_EQ(views.size(), game->legal_moves().size()) << info.id;
    for (const MoveView& v : views) {
      auto read = game->read_move(v.text);
      ASSERT_TRUE(read) << info.id << " " << v.text << ": " << read.error();
      EXPECT_EQ(read->text, v.text);
    }
  }
}

// The ply from which a draw may be offered, as the view gives it to the page, is the one the game
// applies: none in wolf and sheep (RULINGS §2), after 40 moves under the international code (000
// §5.1), else at once.
TEST(SessionViews, DrawOffersFromThePlyTheRulesSet_000_5_1) {
  for (const GameInfo& info : all_games()) {
    const std::string id(info.id);
    auto game = open(id);
    const int from = game->draw_offers_from_ply();
    if (id == "wolf-sheep") {
      EXPECT_EQ(from, -1);
      EXPECT_FALSE(game->offer_draw(Player::white));
      continue;
    }
    EXPECT_EQ(from, id == "international" || id == "international-giveaway" ? 80 : 0) << id;
    // Play the first legal move up to the ply before `from`: an offer is refused there.
    while (static_cast<int>(game->moves_played().size()) + 1 < from && !game->end().over())
      ASSERT_TRUE(game->play(game->legal_moves().front())) << id;
    if (id == "international") {
      ASSERT_FALSE(game->end().over()) << "the test game ended early";
    }
    if (from > 0 && !game->end().over()) {
      EXPECT_FALSE(game->offer_draw(game->to_move())) << id;
      ASSERT_TRUE(game->play(game->legal_moves().front())) << id;
    }
    if (!game->end().over()) {
      EXPECT_TRUE(game->offer_draw(game->to_move())) << id;
    }
  }
}

}  // namespace
}  // namespace doska
