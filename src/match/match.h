// `doska match`: games between two competitors (competitor.h), colours alternating, each opening
// played twice; the game record is ours, so every game is adjudicated by our rules (the end of the
// game, the codes' draw rules), and a competitor that fails (a program that dies, stays silent,
// answers nonsense or an illegal move, or oversteps the time control) loses that game with the
// reason recorded. docs/engine.md describes the command.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/session.h"
#include "match/competitor.h"

namespace doska::match {

// A start for two games: a position (empty: the game's start) and moves played from it.
struct Opening {
  std::string fen;
  std::vector<std::string> moves;
  int line = 0;  // in the openings file
};

// One opening a line: a FEN, or moves from the start ("32-28 19-23", move numbers such as "1."
// allowed), or "FEN | moves". Blank lines and lines starting with # are skipped. Each opening is
// checked by the rules of `game`; an error names the line.
Result<std::vector<Opening>> parse_openings(std::string_view game, std::string_view text);

struct MatchOptions {
  std::string game;
  int games = 20;
  CompetitorSpec a, b;
  TimeControl time;
  double grace = 1;               // seconds a move may overstep the time control (process latency)
  double timeout = 30;            // seconds to wait for a program when no time control governs it
  std::vector<Opening> openings;  // empty: random openings of opening_plies plies
  int opening_plies = 4;
  // Random openings only within this many centipawns of level (random_opening below); -1: any.
  int balanced = -1;
  int max_plies = 400;  // then a draw by adjudication
  int concurrency = 1;  // games at once
  std::uint64_t seed = 1;
};

struct GameReport {
  int round = 0;  // 1, 2, ...
  bool a_white = true;
  std::string white, black;  // names
  Outcome outcome = Outcome::draw;
  std::string result;  // "1-0", "0-1", "1/2"
  std::string reason;
  std::string record;  // PDN (PGN for chess100) with the tags
  // Not played: the match stopped before it (a program's connection was lost for good); `reason`
  // says why. Left out of the score and the records.
  bool stopped = false;
};

// A random opening of `plies` plies from the start of `game`, each move drawn with `rng` among the
// legal ones. With `balanced` >= 0 the line is drawn again until a search of our engine (level 10,
// kBalanceNodes nodes on one thread from an empty table, no book, no endgame tables: the same
// value on every machine) scores the position it leaves within `balanced` centipawns of level,
// so that a match does not measure how often a side converts a man given away by the random
// moves; after kBalanceDraws draws without one, the error says so. Returns the moves played.
inline constexpr std::uint64_t kBalanceNodes = 200000;
inline constexpr int kBalanceDraws = 200;
Result<std::vector<std::string>> random_opening(std::string_view game, int plies, int balanced,
                                                std::mt19937_64& rng);

// Checks the options (games, competitors for the game) before anything starts.
Status check_match(const MatchOptions& options);

// Plays the match; `on_game` is called for each game as it ends (one call at a time). Returns the
// games in round order.
std::vector<GameReport> play_match(const MatchOptions& options,
                                   const std::function<void(const GameReport&)>& on_game);

// The score of A from its wins, losses and draws: the fraction, its 95% margin (normal
// approximation over the per-game results) and the Elo difference with the margin's bounds.
struct ScoreSummary {
  int wins = 0, losses = 0, draws = 0;
  double score = 0.5;
  double margin = 0;
  double elo = 0, elo_low = 0, elo_high = 0;
};
ScoreSummary summarize(int wins, int losses, int draws);
ScoreSummary summarize(const std::vector<GameReport>& games);

// The games by pairs: each opening is played twice with the colours swapped (rounds 2k+1 and
// 2k+2), and a lopsided opening is often won by the side it favours in both games. `count[h]` is
// the number of pairs in which A made h half points (0 to 4: the pentanomial count), `split` how
// many of the pairs of one point were a win and a loss (not two draws), and the margin is 1.96
// standard errors of the mean pair score, which counts such an opening once rather than as two
// independent games. A pair with a game not played is left out.
struct PairSummary {
  std::array<int, 5> count{};
  int pairs = 0;
  int split = 0;
  double score = 0.5;  // A's points over the pairs' games
  double margin = 0;
};
PairSummary summarize_pairs(const std::vector<GameReport>& games);

}  // namespace doska::match
