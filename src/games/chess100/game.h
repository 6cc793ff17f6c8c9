// A game of 100-square chess as a record: the moves played and the end of RULINGS §4.4 applied
// after each ply. The record says which rule ended the game.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/chess100/movegen.h"
#include "games/chess100/position.h"

namespace doska::chess100 {

enum class Outcome { ongoing, white_wins, black_wins, draw };

struct Ending {
  Outcome outcome = Outcome::ongoing;
  std::string article;  // e.g. "RULINGS §4.4 (threefold repetition)"
  std::string reason;   // in words
  bool over() const { return outcome != Outcome::ongoing; }
};

struct GameOptions {
  // When false, only king capture, the castling loss, checkmate and stalemate end the game.
  bool draw_rules = true;
};

struct PlyRecord {
  Position position;  // after the ply (the first record is the start position)
  Move move{};        // the move that led here
  std::string text;   // long algebraic
  std::string san;    // SAN, for people and PGN
};

class Game {
 public:
  explicit Game(GameOptions options = {});
  explicit Game(const Position& start, GameOptions options = {});

  const Position& position() const { return records_.back().position; }
  const Position& start() const { return records_.front().position; }
  const std::vector<PlyRecord>& records() const { return records_; }
  int plies() const { return static_cast<int>(records_.size()) - 1; }
  const Ending& ending() const { return ending_; }
  bool over() const { return ending_.over(); }

  // Every move the rules allow now, including those that leave the own king attacked
  // (RULINGS §4.4); none once the game is over.
  std::vector<Move> moves() const;
  // The moves that do not leave the own king attacked (what perft counts); none once over.
  std::vector<Move> safe_moves() const;

  Status play(const Move& move);
  // Reads a move in long algebraic or SAN and plays it; returns it.
  Result<Move> play_text(std::string_view text);
  bool undo();

  Status resign(Color side);
  // A draw offer stands until the opponent answers or a move is made (FIDE 9.1.2).
  Status offer_draw(Color side);
  Status accept_draw(Color side);
  std::optional<Color> draw_offer() const { return draw_offer_; }

  // Running counters and rights in words, for the terminal.
  std::vector<std::string> status_lines() const;

 private:
  void adjudicate();

  GameOptions options_;
  std::vector<PlyRecord> records_;
  Ending ending_;
  std::optional<Color> draw_offer_;
};

std::string color_title(Color side);

// No sequence of safe moves can give checkmate (RULINGS §4.4 insufficient material; the cases
// are listed in docs/chess100.md).
bool insufficient_material(const Position& pos);

}  // namespace doska::chess100
