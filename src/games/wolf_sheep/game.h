// A game of wolf and sheep as a record: the moves played and the rule that ended it (RULINGS §2).
// The end is a property of the position (end_of in position.h), judged after every ply; the game
// has no draw.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/wolf_sheep/position.h"

namespace doska::wolf_sheep {

enum class Outcome { ongoing, sheep_win, wolf_wins };

struct Ending {
  Outcome outcome = Outcome::ongoing;
  End rule = End::none;  // End::none with an outcome: a resignation
  std::string article;   // "004 Волк и овцы; RULINGS §2", ...
  std::string reason;    // in words
  bool over() const { return outcome != Outcome::ongoing; }
};

// The ending a position has by the rules alone (no resignation).
Ending ending_of(const Position& pos);

struct PlyRecord {
  Position position;  // after the ply (the first record is the start position)
  Move move{};        // the ply that led here
  std::string text;   // the ply in the game's notation
};

class Game {
 public:
  Game();
  explicit Game(const Position& start);

  const Position& position() const { return records_.back().position; }
  const Position& start() const { return records_.front().position; }
  const std::vector<PlyRecord>& records() const { return records_; }
  int plies() const { return static_cast<int>(records_.size()) - 1; }
  const Ending& ending() const { return ending_; }
  bool over() const { return ending_.over(); }

  // The moves the side to move may play now; none once the game is over.
  std::vector<Move> legal_moves() const;

  Status play(Move move);
  // Reads a move in the game's notation ("d8", "c1-d2") and plays it; returns it.
  Result<Move> play_text(std::string_view text);
  // Takes back the last ply (or a resignation); false at the start.
  bool undo();

  Status resign(Side side);

 private:
  std::vector<PlyRecord> records_;
  Ending ending_;
};

}  // namespace doska::wolf_sheep
