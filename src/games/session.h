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

// A piece as the browser draws it: its side and its kind in the game's words ("man", "king",
// "sheep", "wolf", "pawn", "general", ...).
struct PieceView {
  Player side = Player::white;
  std::string kind;
};

// A square or mill point, with coordinates counted from White's lower-left corner.
struct CellView {
  std::string name;
  int x = 0;
  int y = 0;
  bool dark = true;
  std::optional<PieceView> piece;
};

// The whole board for drawing (docs/api.md, "The board view").
struct BoardView {
  enum class Kind { square, mill };
  Kind kind = Kind::square;
  int width = 0;
  int height = 0;
  std::optional<int> royal_file;  // chess100: the file marked as royal (RULINGS §4.1)
  std::vector<CellView> cells;
  std::vector<std::pair<std::string, std::string>> lines;  // mill: adjacent points
  std::optional<std::pair<int, int>> hand;                 // mill: white's and black's in hand
  std::optional<std::string> check;  // chess100: the square of the side to move's king in check
};

// A legal move as a client needs it to move by clicking (docs/api.md, "The move view").
struct MoveView {
  std::string text;                 // in the game's notation; play() reads it
  std::string full;                 // with every landing square (draughts), else = text
  std::optional<std::string> from;  // none for a placement (mill, the wolf's first move)
  std::string to;
  std::vector<std::string> path;         // every square the piece stands on, first to last
  std::vector<std::string> captures;     // squares whose pieces it takes (mill: the removed point)
  std::optional<std::string> promotion;  // chess100: the kind it promotes to
  std::optional<std::string> drop;       // chess100: the extra pawn's square (RULINGS §4.3)
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
  // The legal moves as views, in the order of legal_moves().
  virtual std::vector<MoveView> legal_move_views() const = 0;
  // Reads a move without playing it: its view, or the notation's message why it is not legal.
  virtual Result<MoveView> read_move(std::string_view move) const = 0;
  virtual BoardView board() const = 0;
  virtual Status play(std::string_view move) = 0;
  virtual bool undo() = 0;
  virtual std::vector<std::string> moves_played() const = 0;
  // The moves as people read them: chess100's SAN (moves_played is its long algebraic, which the
  // protocols use); the same as moves_played in the other games.
  virtual std::vector<std::string> moves_for_people() const { return moves_played(); }
  virtual GameEnd end() const = 0;
  // The result in the game's own style ("2-0", "1-0", "1/2-1/2", "*").
  virtual std::string result_text() const = 0;

  virtual Status resign(Player player) = 0;
  virtual Status offer_draw(Player player) = 0;
  virtual Status accept_draw(Player player) = 0;
  virtual std::optional<Player> draw_offer() const = 0;
  // The plies the game must have before a draw may be offered (0: at any time; international
  // draughts: 80, 000 §5.1), or -1 where the game has no draw offers.
  virtual int draw_offers_from_ply() const = 0;

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
