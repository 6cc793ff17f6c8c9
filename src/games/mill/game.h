// A game of mill as a record: the moves played, and the end and draw rules of RULINGS §3.2-3.4
// applied after each ply. The record says which rule ended the game.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/mill/movegen.h"
#include "games/mill/position.h"
#include "games/mill/rules.h"

namespace doska::mill {

enum class Outcome { ongoing, white_wins, black_wins, draw };

struct Ending {
  Outcome outcome = Outcome::ongoing;
  std::string article;  // e.g. "RULINGS §3.2"
  std::string reason;   // e.g. "threefold repetition"
  bool over() const { return outcome != Outcome::ongoing; }
};

struct GameOptions {
  // When false, only the losses of RULINGS §3.2 (two pieces left, no move) end the game.
  bool draw_rules = true;
};

struct PlyRecord {
  Position position;  // after the ply (the first record is the start position)
  Move move{};        // the move that led here
  std::string text;   // the move in the notation of RULINGS §3.1
  // Turns of each player since the last removal (or the start): the counter of the 50-move rule
  // (RULINGS §3.2; a turn is one ply, a Ceylon extra turn included).
  std::array<int, 2> turns_without_removal{};
};

class Game {
 public:
  explicit Game(const Rules& rules, GameOptions options = {});
  Game(const Rules& rules, const Position& start, GameOptions options = {});

  const Rules& rules() const { return *rules_; }
  const Position& position() const { return records_.back().position; }
  const Position& start() const { return records_.front().position; }
  const std::vector<PlyRecord>& records() const { return records_; }
  int plies() const { return static_cast<int>(records_.size()) - 1; }
  const Ending& ending() const { return ending_; }
  bool over() const { return ending_.over(); }

  // The moves the side to move may play now, sorted by their text; none once the game is over.
  std::vector<Move> legal_moves() const;
  bool is_legal(const Move& move) const;

  Status play(const Move& move);
  // Reads a move in the notation of RULINGS §3.1 and plays it; returns it.
  Result<Move> play_text(std::string_view text);
  // Takes back the last ply; false at the start.
  bool undo();

  Status resign(Side side);
  // A draw offer stands until the opponent answers or plays.
  Status offer_draw(Side side);
  Status accept_draw(Side side);
  std::optional<Side> draw_offer() const { return draw_offer_; }

  // How many times the current position has stood on the board (this time included).
  int repetitions() const;
  // Running draw counters and hands, in words.
  std::vector<std::string> status_lines() const;

 private:
  void adjudicate();

  const Rules* rules_;
  GameOptions options_;
  std::vector<PlyRecord> records_;
  Ending ending_;
  std::optional<Side> draw_offer_;
};

std::string side_name(Side side);

}  // namespace doska::mill
