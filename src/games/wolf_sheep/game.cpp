#include "games/wolf_sheep/game.h"

#include <algorithm>

#include "games/wolf_sheep/notation.h"

namespace doska::wolf_sheep {

Ending ending_of(const Position& pos) {
  switch (end_of(pos)) {
    case End::none:
      return {};
    case End::wolf_past_sheep:
      return {Outcome::wolf_wins, End::wolf_past_sheep, "004 Волк и овцы; RULINGS §2",
              "the wolf is past the sheep"};
    case End::wolf_trapped:
      return {Outcome::sheep_win, End::wolf_trapped, "004 Волк и овцы; RULINGS §2",
              "the wolf cannot move"};
    case End::sheep_blocked:
      return {Outcome::wolf_wins, End::sheep_blocked, "RULINGS §2 (ruling)",
              "the sheep cannot move"};
  }
  return {};
}

Game::Game() : Game(start_position()) {}

Game::Game(const Position& start) {
  PlyRecord first;
  first.position = start;
  records_.push_back(first);
  ending_ = ending_of(start);
}

std::vector<Move> Game::legal_moves() const {
  if (over()) return {};
  return wolf_sheep::legal_moves(position());
}

Status Game::play(Move move) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  const auto moves = legal_moves();
  if (std::find(moves.begin(), moves.end(), move) == moves.end())
    return make_error("illegal move " + move_text(move) + " for the " + side_name(position().side));
  PlyRecord record;
  record.position = position();
  wolf_sheep::play(record.position, move);
  record.move = move;
  record.text = move_text(move);
  records_.push_back(std::move(record));
  ending_ = ending_of(position());
  return Ok{};
}

Result<Move> Game::play_text(std::string_view text) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  auto move = parse_move(position(), text);
  if (!move) return move;
  if (Status s = play(*move); !s) return make_error(s.error());
  return move;
}

bool Game::undo() {
  if (ending_.over() && ending_.rule == End::none) {
    ending_ = ending_of(position());  // takes back a resignation
    return true;
  }
  if (records_.size() <= 1) return false;
  records_.pop_back();
  ending_ = ending_of(position());
  return true;
}

Status Game::resign(Side side) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  ending_ = {side == Side::sheep ? Outcome::wolf_wins : Outcome::sheep_win, End::none,
             "resignation", "the " + side_name(side) + " resigned"};
  return Ok{};
}

}  // namespace doska::wolf_sheep
