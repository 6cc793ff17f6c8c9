// The one facade over every game: string moves, FEN in and out, legal moves, the result and the
// rule that decided it. The CLI, the protocols, the server and the generic tests use only this.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.h"

namespace doska {

enum class Player { white, black };
enum class Outcome { ongoing, white_wins, black_wins, draw };

struct GameEnd {
  Outcome outcome = Outcome::ongoing;
  std::string rule;    // the article that decided it, e.g. "000 §5.6"
  std::string reason;  // in words
  bool over() const { return outcome != Outcome::ongoing; }
};

struct SessionOptions {
  bool huffing = false;    // english only (RULINGS §1.2)
  bool draw_rules = true;  // false: only the loss by no piece or no move ends a game
};

struct GameInfo {
  std::string_view id;
  std::string_view name;
  std::string_view family;
};

class GameSession {
 public:
  virtual ~GameSession() = default;

  virtual const GameInfo& info() const = 0;
  virtual std::string fen() const = 0;
  virtual std::string start_fen() const = 0;
  virtual Player to_move() const = 0;
  // The distinct legal moves in the game's notation, sorted.
  virtual std::vector<std::string> legal_moves() const = 0;
  // The same moves with every square they pass written out, for display.
  virtual std::vector<std::string> legal_moves_full() const = 0;
  virtual Status play(std::string_view move) = 0;
  virtual bool undo() = 0;
  virtual std::vector<std::string> moves_played() const = 0;
  virtual GameEnd end() const = 0;
  // The result in the game's own style ("2-0", "1-0", "1/2-1/2", "*").
  virtual std::string result_text() const = 0;

  virtual Status resign(Player player) = 0;
  virtual Status offer_draw(Player player) = 0;
  virtual Status accept_draw(Player player) = 0;
  virtual std::optional<Player> draw_offer() const = 0;

  // Leaves of the move tree, draw rules ignored (REFERENCE.md).
  virtual std::uint64_t perft(int depth) const = 0;
  virtual std::vector<std::pair<std::string, std::uint64_t>> divide(int depth) const = 0;

  // The board as text for a terminal, white at the bottom unless flipped.
  virtual std::string diagram(bool flipped) const = 0;
  // The game as a record in the family's standard notation (PDN for draughts).
  virtual std::string record(
      const std::vector<std::pair<std::string, std::string>>& tags) const = 0;
  // Extra commands a game may offer ("huff 15"); an error if unknown.
  virtual Status command(std::string_view line) {
    return make_error("unknown command " + std::string(line));
  }
  // Lines describing running draw counters and options.
  virtual std::vector<std::string> status_lines() const { return {}; }
};

const std::vector<GameInfo>& all_games();
const GameInfo* find_game(std::string_view id);

// A new game of `id` from its start or from `fen`.
Result<std::unique_ptr<GameSession>> new_session(std::string_view id,
                                                 std::optional<std::string_view> fen = std::nullopt,
                                                 const SessionOptions& options = {});

}  // namespace doska
