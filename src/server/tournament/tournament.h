// One tournament as the server keeps it: its settings, its players (accounts) and its boards
// (the games it started), with the steps of its life: players join and withdraw, it starts, its
// games end, and it pairs again (a Swiss round once every game of the round has ended; an arena's
// waiting players as soon as a game ends) until its rounds are played or its time is up. The
// pairing and the scores are the domain library's (src/tournament/); this class adds the
// accounts, the game ids and the clock of the tournament, and reads and writes itself as JSON so
// that a tournament is stored whole and goes on after a restart.
//
// No locks and no I/O: the tournaments room (which stores it, starts its games through the round
// and hears the games' ends) calls it under its own lock.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "tournament/pairing.h"

namespace doska::server {

struct TournamentSettings {
  std::string name;
  std::string variant;  // a game id
  int clock_initial_s = 0;
  int clock_increment_s = 0;
  std::string system;  // "swiss" or "arena"
  int rounds = 0;      // swiss: 1..kMaxRounds
  int minutes = 0;     // arena: 1..kMaxMinutes
  std::int64_t starts_ms = 0;
  bool rated = true;
  std::string creator;  // the account's name
};

class Tournament {
 public:
  static constexpr int kMaxRounds = 20;
  static constexpr int kMaxMinutes = 24 * 60;
  static constexpr int kMaxPlayers = 200;

  struct Player {
    std::int64_t account = 0;
    std::string name;
    int rating = 1500;
    bool withdrawn = false;
  };
  // A game the tournament started, its players by their index in players().
  struct Board {
    int round = 0;  // swiss: 1..rounds; arena: 0
    std::string game;
    tournament::Pairing players;
    std::optional<tournament::Outcome> outcome;  // none while it is played
    int plies = 0;                               // -1: ended without a result (aborted)
    // The players' keys to the game, handed to each when he asks for his tournament's page.
    std::string white_key, black_key;
    // Arena: the side halved its clock before its first move (arena.h).
    bool white_berserk = false, black_berserk = false;
  };
  // A pairing to start: the room creates the game and reports its id through add_board.
  struct Start {
    int round = 0;
    tournament::Pairing players;
  };

  Tournament(std::string id, TournamentSettings settings);

  const std::string& id() const { return id_; }
  const TournamentSettings& settings() const { return settings_; }
  const std::vector<Player>& players() const { return players_; }
  const std::vector<Board>& boards() const { return boards_; }
  std::string status() const { return status_; }  // "created", "started", "finished"
  // An arena's end (ms since 1970) once started, else 0.
  std::int64_t ends_ms() const {
    return settings_.system == "arena" && started_ms_ > 0
               ? started_ms_ + settings_.minutes * 60000LL
               : 0;
  }

  // Errors as ApiError (409 with a code naming the reason).
  void join(std::int64_t account, const std::string& name, int rating);
  void withdraw(std::int64_t account);
  // The games of round 1 (swiss) or the first arena pairings; 409 when not "created".
  std::vector<Start> start(std::int64_t now_ms);
  void add_board(const Start& start, const std::string& game, const std::string& white_key = "",
                 const std::string& black_key = "");
  // Ends the tournament early (its creator): no more pairings; finished when its games end.
  void stop();
  // The game `account` plays now, if any: {"game", "side", "key"}, else null.
  nlohmann::json game_of(std::int64_t account) const;
  bool joined(std::int64_t account) const;
  // A game of this tournament ended: "white_wins", "black_wins" or "draw"; any other outcome (an
  // aborted game) gives neither player anything. The games to start next.
  std::vector<Start> game_over(const std::string& game, const std::string& outcome, int plies,
                               std::int64_t now_ms);
  // The arena's time is up: no more pairings; finished once its last game ends. Nothing for a
  // Swiss. Returns whether the status changed.
  bool tick(std::int64_t now_ms);
  bool has_game(const std::string& game) const;
  // An arena player's berserk in the game he plays now, before the round halves his clock:
  // {"game", "side", "key"}; 409 when not an arena (berserk_not_arena), no game in progress
  // (no_tournament_game) or already berserk (already_berserk). berserked marks it once the round
  // has taken it.
  nlohmann::json berserk_game(std::int64_t account) const;
  void berserked(const std::string& game, const std::string& side);
  const Player* player(std::int64_t account) const;

  // The view the API gives: settings, status, players and standings, boards.
  nlohmann::json view() const;
  nlohmann::json to_json() const;
  static Tournament from_json(const nlohmann::json& stored);

 private:
  std::vector<Start> next_swiss_round();
  std::vector<Start> pair_swiss();
  std::vector<Start> pair_arena();
  bool playing(int player) const;
  int current_round() const;
  void finish_if_done();
  nlohmann::json standings() const;

  std::string id_;
  TournamentSettings settings_;
  std::vector<Player> players_;
  std::vector<Board> boards_;
  std::string status_ = "created";
  std::int64_t started_ms_ = 0;
  bool stopped_ = false;
  // Swiss: the byes, round by round (-1 for none).
  std::vector<int> byes_;
};

}  // namespace doska::server
