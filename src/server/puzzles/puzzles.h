// The puzzles' room (docs/puzzles.md, docs/api.md, Puzzles), after lichess's puzzle module: the
// shipped puzzle files (data/puzzles/<game>.txt) read once at the start, a puzzle for a player
// near their puzzle rating, the day's puzzle, and the attempts. The client sends the player's
// moves as they are made; each is answered right (with the opponent's reply) or wrong (with
// the move that was right), so that the solution is never given before it is played. A signed-in
// player's first finished attempt at a puzzle moves the player's puzzle rating in its game and
// the puzzle's rating, by Glicko-2 with the attempt as one game between them.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "puzzles/puzzle.h"
#include "server/account/account.h"
#include "server/puzzles/attempt_request.h"
#include "server/storage.h"
#include "server/throttle.h"

namespace doska::server {

inline constexpr std::size_t kMaxPuzzleTheme = 32;
// Attempts (each move checked is one) per account or address in a minute.
inline constexpr int kPuzzleAttemptsPerMinute = 120;
// The points of a player's puzzle rating history: the last rated attempts.
inline constexpr int kPuzzleHistoryPoints = 200;

struct PuzzlesOptions {
  std::string dir = "data/puzzles";             // the folder of <game>.txt
  std::function<void(const std::string&)> log;  // a damaged file's line; none: stderr
  bool throttle = true;
};

class Puzzles {
 public:
  Puzzles(Storage& storage, PuzzlesOptions options);
  Puzzles(const Puzzles&) = delete;
  Puzzles& operator=(const Puzzles&) = delete;

  // GET /api/puzzles: each game with puzzles, its count and themes.
  nlohmann::json games() const;
  // GET /api/puzzles/{game}/next[?theme=]: a puzzle near the player's puzzle rating that they
  // have not attempted (once all are, any), else near 1500. 404 no_puzzles for a game without
  // puzzles, 400 bad_theme for a theme none of its puzzles has.
  nlohmann::json next(const std::string& game, const std::optional<std::string>& theme,
                      const std::optional<Viewer>& viewer);
  // GET /api/puzzles/{game}/daily[?date=YYYY-MM-DD]: the puzzle of the day (UTC), chosen by a
  // checksum of the date, so that every server with the same file gives the same one.
  nlohmann::json daily(const std::string& game, const std::optional<std::string>& date,
                       const std::optional<Viewer>& viewer);
  // POST /api/puzzles/{id}/attempt: the player's moves so far. 404 puzzle_not_found, 400
  // illegal_move, 400 bad_attempt (more moves than the puzzle asks), 429 too_many_attempts.
  nlohmann::json attempt(const std::string& id, const PuzzleAttemptRequest& request,
                         const std::optional<Viewer>& viewer, const std::string& address);
  // GET /api/puzzles/{game}/history: the viewer's puzzle rating in the game now, and after each
  // of their last kPuzzleHistoryPoints rated attempts, oldest first. 404 no_puzzles for a game
  // without puzzles.
  nlohmann::json history(const std::string& game, const Viewer& viewer);

 private:
  struct Shelf {
    std::vector<puzzles::Puzzle> puzzles;
    std::vector<std::string> themes;
  };
  const Shelf& shelf(const std::string& game) const;
  const puzzles::Puzzle* find(const std::string& id) const;
  PuzzleRatingRow rating_of(const puzzles::Puzzle& p);
  PuzzleRatingRow player_rating(std::int64_t user, const std::string& game);
  nlohmann::json view(const puzzles::Puzzle& p, const std::optional<Viewer>& viewer);

  Storage& storage_;
  std::map<std::string, Shelf> shelves_;  // read once, never changed after
  Throttle attempts_{kPuzzleAttemptsPerMinute, std::chrono::seconds(60)};
  bool throttle_;
  std::mutex mutex_;  // the random choice, and an attempt's read and write of the ratings
  std::mt19937_64 random_;
};

// The day's index among `count` puzzles for a date "YYYY-MM-DD": FNV-1a 64 of the date.
std::size_t daily_index(const std::string& date, std::size_t count);

}  // namespace doska::server
