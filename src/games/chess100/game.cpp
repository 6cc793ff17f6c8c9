#include "games/chess100/game.h"

#include <algorithm>

#include "games/chess100/notation.h"

namespace doska::chess100 {

namespace {

Outcome win_for(Color side) {
  return side == Color::white ? Outcome::white_wins : Outcome::black_wins;
}

}  // namespace

std::string color_title(Color side) {
  return side == Color::white ? "White" : "Black";
}

bool insufficient_material(const Position& pos) {
  // The extra pawn can bring a pawn back to a bare king (RULINGS §4.3): not dead while either
  // side still has the right.
  if (pos.extra) return false;
  int pieces[2] = {0, 0};
  bool minor_only[2] = {true, true};
  for (int s = 0; s < kSquares; ++s) {
    const Piece p = pos.board[s];
    if (!p || type_of(p) == king) continue;
    const int c = int(color_of(p));
    ++pieces[c];
    const PieceType t = type_of(p);
    if (t != knight && t != bishop && t != jester) minor_only[c] = false;
  }
  // King against king, or king and one knight, bishop or jester against a bare king.
  if (pieces[0] == 0 && pieces[1] == 0) return true;
  for (int c = 0; c < 2; ++c)
    if (pieces[c] == 1 && minor_only[c] && pieces[1 - c] == 0) return true;
  return false;
}

Game::Game(GameOptions options) : Game(start_position(), options) {}

Game::Game(const Position& start, GameOptions options) : options_(options) {
  PlyRecord first;
  first.position = start;
  records_.push_back(first);
  adjudicate();
}

std::vector<Move> Game::moves() const {
  if (over()) return {};
  MoveList list;
  generate_moves(position(), list);
  return {list.begin(), list.end()};
}

std::vector<Move> Game::safe_moves() const {
  if (over()) return {};
  MoveList list;
  generate_safe_moves(position(), list);
  return {list.begin(), list.end()};
}

void Game::adjudicate() {
  ending_ = Ending{};
  const Position& pos = records_.back().position;
  // King capture ends the game at once (003; RULINGS §4.4).
  for (Color c : {Color::white, Color::black})
    if (pos.king(c) < 0) {
      ending_ = {win_for(opposite(c)), "RULINGS §4.4 (king capture)",
                 color_title(c) + "'s king was captured"};
      return;
    }
  // Royal castling across an attacked square loses at once (003; RULINGS §4.3).
  if (plies() > 0) {
    const Position& before = records_[records_.size() - 2].position;
    if (castling_crosses_attack(before, records_.back().move)) {
      ending_ = {win_for(pos.side), "RULINGS §4.3 (royal castling)",
                 color_title(before.side) + "'s king crossed an attacked square in castling"};
      return;
    }
  }
  // Checkmate wins, stalemate draws: no move keeps the king safe (RULINGS §4.4).
  MoveList safe;
  generate_safe_moves(pos, safe);
  if (safe.empty()) {
    if (in_check(pos))
      ending_ = {win_for(opposite(pos.side)), "RULINGS §4.4 (checkmate)",
                 color_title(pos.side) + " is checkmated"};
    else
      ending_ = {Outcome::draw, "RULINGS §4.4 (stalemate)",
                 color_title(pos.side) + " is stalemated"};
    return;
  }
  if (!options_.draw_rules) return;
  // Threefold repetition: the same position, side to move and rights (FIDE 9.2.2), adjudicated
  // at once. Pawns may step back, so the whole game is searched.
  int seen = 0;
  for (const PlyRecord& r : records_)
    if (r.position.key() == pos.key() && r.position.same_as(pos)) ++seen;
  if (seen >= 3) {
    ending_ = {Outcome::draw, "RULINGS §4.4 (threefold repetition)", "threefold repetition"};
    return;
  }
  if (pos.halfmove >= 100) {
    ending_ = {Outcome::draw, "RULINGS §4.4 (50-move rule)",
               "50 moves of each player without a capture or a pawn move"};
    return;
  }
  if (insufficient_material(pos)) {
    ending_ = {Outcome::draw, "RULINGS §4.4 (insufficient material)", "neither side can checkmate"};
    return;
  }
}

Status Game::play(const Move& move) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  const auto all = moves();
  if (std::find(all.begin(), all.end(), move) == all.end()) return make_error("illegal move");
  const Position& before = position();
  PlyRecord record;
  record.text = move_text(move);
  record.san = san(before, move);
  record.position = before;
  record.move = move;
  Undo undo;
  make_move(record.position, move, undo);
  const Color mover = before.side;
  records_.push_back(std::move(record));
  // An offer stands through the offering player's own move; the opponent's move declines it.
  if (draw_offer_ && *draw_offer_ != mover) draw_offer_.reset();
  adjudicate();
  return Ok{};
}

Result<Move> Game::play_text(std::string_view text) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  Result<Move> move = parse_move(position(), text);
  if (!move) return move;
  if (Status s = play(*move); !s) return make_error(s.error());
  return move;
}

bool Game::undo() {
  if (records_.size() <= 1) return false;
  records_.pop_back();
  draw_offer_.reset();
  adjudicate();
  return true;
}

Status Game::resign(Color side) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  ending_ = {win_for(opposite(side)), "RULINGS §4.1 (FIDE 5.1.2, resignation)",
             color_title(side) + " resigned"};
  return Ok{};
}

Status Game::offer_draw(Color side) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  if (draw_offer_) return make_error("a draw offer is already standing");
  draw_offer_ = side;
  return Ok{};
}

Status Game::accept_draw(Color side) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  if (!draw_offer_ || *draw_offer_ == side)
    return make_error("there is no draw offer from " + color_title(opposite(side)) + " to accept");
  ending_ = {Outcome::draw, "RULINGS §4.4 (agreement)", "draw agreed"};
  draw_offer_.reset();
  return Ok{};
}

std::vector<std::string> Game::status_lines() const {
  std::vector<std::string> lines;
  const Position& pos = position();
  if (!over() && in_check(pos)) lines.push_back(color_title(pos.side) + " is in check");
  if (pos.halfmove > 0)
    lines.push_back("50-move rule: " + std::to_string(pos.halfmove) + " of 100 plies");
  std::string extra;
  for (Color c : {Color::white, Color::black})
    if (pos.extra & extra_bit(c)) extra += (extra.empty() ? "" : ", ") + color_title(c);
  if (!extra.empty()) lines.push_back("extra pawn right: " + extra);
  return lines;
}

}  // namespace doska::chess100
