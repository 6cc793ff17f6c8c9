// DamExchange Protocol (DXP) play over TCP, both roles, international draughts only: the
// initiator connects and asks for games (GAMEREQ), the follower accepts them (GAMEACC); then the
// two sides exchange MOVE messages until one sends GAMEEND instead of a move and the other
// answers with a GAMEEND. The engine plays our side; the game record applies every rule of
// RULINGS §1 (the end of the game and the automatic draws). docs/protocols.md has examples.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"
#include "engine/table_shelf.h"
#include "protocols/dxp_message.h"
#include "protocols/socket.h"

namespace doska::protocols::dxp {

inline constexpr int kDefaultPort = 27531;

// DXP layer 1 over a connected socket: each message is sent followed by a NUL byte.
class Channel {
 public:
  explicit Channel(Socket socket) : socket_(std::move(socket)) {}

  Status send(const Message& message);
  // Sends a raw layer-2 text (tests use it to send malformed messages).
  Status send_text(std::string_view text);

  struct Incoming {
    enum class Kind { message, closed, timeout };
    Kind kind = Kind::message;
    std::string text;  // the message without its NUL
  };
  // The next message; waits at most `timeout_seconds` (<= 0: for ever). A message longer than
  // layer 2 allows is an error.
  Result<Incoming> receive(double timeout_seconds);

  Socket& socket() { return socket_; }

 private:
  Socket socket_;
  std::string buffer_;  // bytes received after the last complete message
};

struct Options {
  std::string name = "doska";  // our name in GAMEREQ / GAMEACC

  // How our engine thinks. A time per move wins over a clock; without either the game's clock
  // (GAMEREQ thinking time) is used, and without that 5 s per move.
  double move_time = 0;   // seconds per move (--time)
  int clock_minutes = 0;  // per game (--clock); the initiator sends it in GAMEREQ
  int depth = 0;
  std::uint64_t nodes = 0;
  int level = 10;
  int threads = 1;
  std::size_t hash_megabytes = 64;
  // Endgame databases the engine probes (docs/egdb.md); nullptr: none.
  std::shared_ptr<engine::TableShelf> tables;

  // Initiator only.
  int games = 1;                  // games to play, colours alternating
  Colour colour = Colour::white;  // our colour in the first game
  int moves = 0;  // GAMEREQ number of moves: the game ends after so many; 0: no limit
  std::optional<std::string> fen;  // start position (PDN FEN); nothing: the initial position

  // Follower only: games to accept before declining the next (0: any number).
  int max_games = 0;

  // Seconds to wait for the peer's next message before giving up. 0: the game's clock plus a
  // minute during a game, two minutes between games.
  double timeout = 0;

  bool verbose = false;  // log every message
};

struct GameReport {
  int number = 0;
  Colour our_colour = Colour::white;
  std::string opponent;
  std::string start_fen;
  std::vector<std::string> moves;  // in our notation
  std::string result;              // "2-0", "1-1", "0-2", or "*" when ended before its end
  std::string reason;
};

struct Report {
  std::vector<GameReport> games;
};

// Play over `channel` as the initiator or the follower until the games are done or either side
// stops. `log` receives a line per game and every problem. A protocol error (a malformed message,
// an illegal move, a silent peer) ends the session with an error, after a GAMEEND to the peer
// when a game was running; the caller then closes the connection.
Result<Report> play_initiator(Channel& channel, const Options& options, std::ostream& log);
Result<Report> play_follower(Channel& channel, const Options& options, std::ostream& log);

// One line for a finished game, e.g. "game 1: doska (white) - Scan (black) 2-0: black cannot
// move".
std::string report_line(const GameReport& game, const std::string& our_name);

}  // namespace doska::protocols::dxp
