// `doska selfplay`: games of our engine against itself, for training the evaluation.
// Each game starts with a few random plies, then both sides search a fixed number of nodes. Every
// quiet position (the side to move has no capture) after the random opening is written as one
// line: "<FEN> <result for White: 1, 0.5 or 0> <search score for White in centipawns>".
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/result.h"

namespace doska::train {

struct SelfplayOptions {
  std::string game;
  int games = 1000;
  std::uint64_t nodes = 4000;  // per move
  int threads = 2;
  int min_random_plies = 2;  // random plies at the start of each game, drawn from this range
  int max_random_plies = 8;
  int max_plies = 400;  // a game still running then is scored a draw
  std::uint64_t seed = 1;
  std::string eval = "builtin";  // the evaluation both sides search with (Engine::set_eval)
  // The endgame databases both sides play with (a folder like data/egdb), or none: by default the
  // data depend on the command alone.
  std::string egdb;
  std::uint64_t egdb_memory = 0;  // bytes of them held unpacked (engine::TableShelf)
  std::string start_fen;          // the position every game starts from (empty: the game's start)
  std::string out;                // positions
  std::string pdn;                // games, optional
};

struct SelfplayProgress {
  int games_done = 0;
  int games_total = 0;
  std::uint64_t positions = 0;
  int white_wins = 0, black_wins = 0, draws = 0;
  double seconds = 0;
};

using SelfplayCallback = std::function<void(const SelfplayProgress&)>;

// Plays the games on `threads` threads; the callback is called after each game (from any thread,
// one call at a time).
Result<SelfplayProgress> selfplay(const SelfplayOptions& options, const SelfplayCallback& progress);

// `doska rescore`: the positions of selfplay files searched again, deeper, so that the score
// column (the label the trainer mixes with the result) comes from a longer search than the one
// that played the game. Every `every`-th line of the inputs is kept, from line `offset` on (counted
// from 0 across all the inputs: lines offset, offset + every, ...; so that runs with offsets 0 to
// every - 1 share the data between them); the FEN and the result stay,
// the score is replaced; the lines are written in the order of the inputs. With `resume`, an
// output file that a stopped run left is kept as far as its lines are whole and follow the inputs,
// and the run goes on after them (a long rescoring can span several sittings).
struct RescoreOptions {
  std::string game;
  std::vector<std::string> data;  // selfplay files
  std::string out;
  std::uint64_t nodes = 100'000;  // per position
  int threads = 2;
  int every = 1;
  int offset = 0;  // 0 <= offset < every
  std::uint64_t seed = 1;
  std::string eval = "builtin";
  std::string egdb;  // endgame databases for the searches, or none
  std::uint64_t egdb_memory = 0;
  bool resume = false;
};

struct RescoreProgress {
  std::uint64_t resumed = 0;  // lines kept from an earlier run (resume)
  std::uint64_t done = 0;     // including those
  std::uint64_t total = 0;
  double seconds = 0;
  double mean_change = 0;  // mean |new score - old score| of this run, centipawns
};

using RescoreCallback = std::function<void(const RescoreProgress&)>;

// Reads every input first (a malformed line stops with the file and line named), then searches
// on `threads` threads; the callback is called now and then (one call at a time).
Result<RescoreProgress> rescore(const RescoreOptions& options, const RescoreCallback& progress);

}  // namespace doska::train
