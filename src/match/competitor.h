// The players of `doska match`: our engine with its options, or another program reached through
// a protocol (Hub or UCI over a child process's stdin/stdout, DXP over TCP). The match loop owns
// the game record and adjudicates by our rules; a competitor only answers "your move" with a move
// in our notation, or an error that loses it the game.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.h"
#include "engine/table_shelf.h"
#include "games/session.h"
#include "search/types.h"

namespace doska::match {

// How long the players think: a time per move, or a clock per game with an increment.
struct TimeControl {
  enum class Kind { none, per_move, clock };
  Kind kind = Kind::none;
  double move_time = 0;  // per_move: seconds
  double base = 0;       // clock: seconds per game
  double increment = 0;  // clock: seconds added after each move
};

// "60+0.5" (seconds per game + seconds per move) or "60".
Result<TimeControl> parse_clock(std::string_view text);

// What a competitor is told about the coming game.
struct GameStart {
  int round = 1;     // 1, 2, ...
  bool last = true;  // the match's last game for this competitor
  Player colour = Player::white;
  TimeControl time;
  // Seconds to wait for a program that no clock governs (start, handshake, moves without a time
  // control).
  double timeout = 30;
};

// One move to find in `game` (its start and moves played).
struct MoveRequest {
  double white_clock = 0;  // clock: seconds left for each side
  double black_clock = 0;
  // Seconds after which the answer comes too late (the time control plus its grace, or the
  // timeout): an external program still silent then has lost.
  double deadline = 30;
  std::uint64_t seed = 0;  // randomness of our lower levels
};

class Competitor {
 public:
  virtual ~Competitor() = default;
  // For the score line and the records: the spec's name=, the program's own name, or the spec.
  virtual std::string name() const = 0;
  // Gets ready to play `start.colour` in `game` (an opening may be played in it already). An error
  // loses the game.
  virtual Status start_game(const GameSession& game, const GameStart& start) = 0;
  // The move to play in `game`, in our notation. An error loses the game.
  virtual Result<std::string> choose_move(const GameSession& game, const MoveRequest& request) = 0;
  // The game is over (`game` has every move): by the rules, or decided by the match.
  virtual void end_game(const GameSession& /*game*/, Outcome /*outcome*/) {}
  // Why the competitor can play no more games (a DXP connection lost and refused again), or
  // nothing while it can.
  virtual std::optional<std::string> gone() const { return std::nullopt; }
};

// A competitor as the command line gives it:
//   [ours:]level=10,nodes=20000     our engine (options level, nodes, depth, time, reductions,
//                                   null-move, book: on or off, threads: Lazy SMP threads,
//                                   hash: MB, eval: builtin,
//                                   classic or a weights file, egdb: a folder of endgame tables
//                                   or none, egdb-memory: GB of them held unpacked)
//   hub[,OPTIONS]:COMMAND LINE      a Hub (version 2) program
//   uci[,OPTIONS]:COMMAND LINE      a UCI program
//   dxp[,name=N]:HOST:PORT          a DXP follower (international draughts)
// External OPTIONS: nodes=N, depth=D, time=S (sent with each search), name=NAME (for the
// records), any other NAME=VALUE is a parameter for the program (Hub set-param, UCI setoption).
struct CompetitorSpec {
  enum class Kind { ours, hub, uci, dxp };
  Kind kind = Kind::ours;
  std::string text;     // as given
  std::string name;     // name= or empty
  std::string command;  // hub, uci: the command line; dxp: HOST:PORT
  search::Limits limits;
  std::size_t hash_megabytes = 64;  // ours: the transposition table
  std::string eval = "builtin";     // ours: Engine::set_eval
  std::string egdb = "data/egdb";   // ours: the endgame tables' folder, or "none"
  std::uint64_t egdb_memory = 0;    // ours: bytes of tables held unpacked (TableShelf)
  std::vector<std::pair<std::string, std::string>> parameters;
};

Result<CompetitorSpec> parse_competitor(std::string_view text);

// Checks that the competitor can play `game` (DXP: international only; Hub: draughts only; UCI:
// chess100 and the mill games) and makes one. Each game thread makes its own; our engines take
// their endgame tables from `shelves` when given (shared by the threads), else from a shelf of
// their own.
Result<std::unique_ptr<Competitor>> make_competitor(const CompetitorSpec& spec,
                                                    std::string_view game,
                                                    engine::TableShelves* shelves = nullptr);

// The limits a competitor searches with: its own (level, nodes, depth, time) and the time
// control; the mover's clock for a clock. With neither, 0.2 s per move.
search::Limits think_limits(const search::Limits& own, const TimeControl& time, Player mover,
                            const MoveRequest& request);

}  // namespace doska::match
