// A game of draughts as a record: the moves played, and every end and draw rule of its code
// applied after each ply (RULINGS §1.3-1.7). The record says which article ended the game.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/draughts/movegen.h"
#include "games/draughts/position.h"
#include "games/draughts/rules.h"

namespace doska::draughts {

enum class Outcome { ongoing, white_wins, black_wins, draw };

struct Ending {
  Outcome outcome = Outcome::ongoing;
  std::string article;  // e.g. "000 §5.6", "RULINGS §1.6"
  std::string reason;   // e.g. "threefold repetition"
  bool over() const { return outcome != Outcome::ongoing; }
};

struct GameOptions {
  // English only: a capture may be passed over and the opponent may then huff the piece
  // that could have captured (004; RULINGS §1.2). Off by default.
  bool huffing = false;
  // When false, only the loss by no piece or no move ends the game (perft-like use).
  bool draw_rules = true;
};

// A counter of one draw rule: the material (or condition) it watches and the ply at which that
// condition was established (RULINGS: "a counter starts at the ply that establishes its
// condition and restarts whenever the condition is broken and re-established").
struct DrawCounter {
  std::uint32_t key = 0;  // 0: the condition does not hold
  int since = 0;          // index of the position where it was established
  bool on_long_diagonal = false;
};

struct DrawState {
  int quiet_king_plies = 0;  // consecutive plies by kings without capture
  std::array<DrawCounter, 3> counters{};
};

struct PlyRecord {
  Position position;  // after the ply (the first record is the start position)
  Move move{};        // the move that led here
  std::string text;   // the move in the game's notation
  bool huff = false;  // a huff removes a piece and is not a turn (RULINGS §1.2)
  DrawState draw;
  Bitboard huffable = 0;  // pieces the side to move may huff now
};

class Game {
 public:
  explicit Game(const Rules& rules, GameOptions options = {});
  Game(const Rules& rules, const Position& start, GameOptions options = {});

  const Rules& rules() const { return *rules_; }
  const GameOptions& options() const { return options_; }
  const Position& position() const { return records_.back().position; }
  const Position& start() const { return records_.front().position; }
  const std::vector<PlyRecord>& records() const { return records_; }
  int plies() const { return static_cast<int>(records_.size()) - 1; }
  const Ending& ending() const { return ending_; }
  bool over() const { return ending_.over(); }

  // The moves the side to move may play now (with huffing: also quiet moves past a capture).
  std::vector<Move> legal_moves() const;
  bool is_legal(const Move& move) const;

  Status play(const Move& move);
  // Reads a move in the game's notation and plays it; returns it.
  Result<Move> play_text(std::string_view text);
  // Takes back the last ply (or huff); false at the start.
  bool undo();

  // Huffing (english, option on): remove one of the opponent's pieces that could have
  // captured on the last turn but did not. `square` is a square index (board.h).
  Status huff(int square);
  Bitboard huffable() const { return records_.back().huffable; }

  Status resign(Side side);
  // A draw offer stands until the opponent answers or a move is made. International: only
  // after 40 moves (000 §5.1).
  Status offer_draw(Side side);
  Status accept_draw(Side side);
  // The plies the game must have before an offer: 80 under the international code, else 0.
  int draw_offers_from_ply() const;
  std::optional<Side> draw_offer() const { return draw_offer_; }

  // The counters of the draw rules that are running now, in words ("kings only: 12 of 50 plies").
  std::vector<std::string> draw_counters() const;

 private:
  void adjudicate();
  DrawState next_draw_state(const DrawState& previous, const Position& before, const Move& move,
                            const Position& after, int index) const;

  const Rules* rules_;
  GameOptions options_;
  std::vector<PlyRecord> records_;
  Ending ending_;
  std::optional<Side> draw_offer_;
};

std::string side_name(Side side);

}  // namespace doska::draughts
