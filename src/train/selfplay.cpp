#include "train/selfplay.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

#include "common/text.h"
#include "engine/engine.h"
#include "engine/table_shelf.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"
#include "games/mill/notation.h"
#include "games/mill/variant.h"
#include "games/session.h"
#include "train/samples.h"

namespace doska::train {

namespace {

struct PlayedGame {
  std::vector<std::string> lines;  // "<FEN> <score>", the result appended when known
  std::string record;
  Outcome outcome = Outcome::draw;
};

// Whether a position is quiet (kept for training): in draughts the side to move has no capture,
// in mill no move that removes a piece.
using QuietTest = std::function<bool(std::string_view fen)>;

Result<QuietTest> quiet_test(const std::string& game) {
  if (const draughts::Rules* rules = draughts::find_rules(game))
    return QuietTest([rules](std::string_view fen) {
      auto pos = draughts::parse_fen(*rules, fen);
      if (!pos) return false;
      draughts::MoveList captures;
      draughts::generate_captures(*rules, *pos, captures);
      return captures.size() == 0;
    });
  if (const mill::Rules* rules = mill::find_rules(game))
    return QuietTest([rules](std::string_view fen) {
      auto pos = mill::parse_fen(*rules, fen);
      if (!pos) return false;
      mill::MoveList moves;
      mill::generate_moves(*rules, *pos, moves);
      for (const mill::Move& m : moves)
        if (m.is_removal()) return false;
      return true;
    });
  return make_error("selfplay and rescore are for the draughts and mill games, not '" + game + "'");
}

// What selfplay and rescore check before any work: the evaluation loads for the game, and the
// tables' folder, if one is named, exists.
Status check_engine_setup(const std::string& game, const std::string& eval,
                          const std::string& egdb) {
  if (!egdb.empty() && !std::filesystem::is_directory(egdb))
    return make_error("no endgame database folder '" + egdb + "'");
  engine::Engine probe(1);
  probe.set_tables(nullptr);
  if (Status s = probe.set_eval(eval); !s) return s;
  return probe.set_position(game);
}

// A search score as a label: centipawns for White, clamped; a won or lost end +-2000.
int label_score(const search::Score& value, Player to_move) {
  int score = 0;
  switch (value.kind) {
    case search::Score::Kind::cp:
      score = std::clamp(value.value, -2000, 2000);
      break;
    case search::Score::Kind::win:
      score = 2000;
      break;
    case search::Score::Kind::loss:
      score = -2000;
      break;
    case search::Score::Kind::draw:
      score = 0;
      break;
  }
  return to_move == Player::black ? -score : score;
}

Result<PlayedGame> play_one(const SelfplayOptions& o, const QuietTest& quiet,
                            engine::Engine& engine, std::uint64_t seed, int round) {
  std::mt19937_64 rng(seed);
  auto made = o.start_fen.empty() ? new_session(o.game) : new_session(o.game, o.start_fen);
  if (!made) return make_error(made.error());
  GameSession& game = **made;
  engine.new_game();
  const int random_plies =
      o.min_random_plies +
      static_cast<int>(rng() %
                       static_cast<std::uint64_t>(o.max_random_plies - o.min_random_plies + 1));
  PlayedGame played;
  const std::string start = game.start_fen();
  for (int ply = 0; ply < o.max_plies && !game.end().over(); ++ply) {
    std::string move;
    if (ply < random_plies) {
      const auto moves = game.legal_moves();
      move = moves[rng() % moves.size()];
    } else {
      if (Status s = engine.set_position(o.game, start, game.moves_played()); !s)
        return make_error(s.error());
      search::Limits limits;
      limits.nodes = o.nodes;
      limits.seed = rng();
      limits.book = false;  // the games' own searches, also in the book's positions
      limits.contempt = 0;  // a value to report, not a player's choice
      const engine::BestMove best = engine.search(limits);
      if (best.move.empty()) break;
      move = best.move;
      const std::string fen = game.fen();
      if (quiet(fen))
        played.lines.push_back(fen + " " + std::to_string(label_score(best.score, game.to_move())));
    }
    if (Status s = game.play(move); !s)
      return make_error("self-play move " + move + " refused: " + s.error());
  }
  played.outcome = game.end().over() ? game.end().outcome : Outcome::draw;
  if (!o.pdn.empty())
    played.record = game.record({{"Event", "doska selfplay"},
                                 {"Round", std::to_string(round)},
                                 {"White", "doska"},
                                 {"Black", "doska"}});
  return played;
}

}  // namespace

Result<SelfplayProgress> selfplay(const SelfplayOptions& o, const SelfplayCallback& progress) {
  auto quiet = quiet_test(o.game);
  if (!quiet) return make_error(quiet.error());
  if (o.games < 1) return make_error("give at least one game");
  if (o.min_random_plies < 0 || o.max_random_plies < o.min_random_plies)
    return make_error("bad range of random plies");
  if (Status s = check_engine_setup(o.game, o.eval, o.egdb); !s) return make_error(s.error());
  if (!o.start_fen.empty())
    if (auto made = new_session(o.game, o.start_fen); !made)
      return make_error("bad start position: " + made.error());
  std::ofstream out(o.out, std::ios::trunc);
  if (!out) return make_error("cannot write " + o.out);
  std::ofstream pdn;
  if (!o.pdn.empty()) {
    pdn.open(o.pdn, std::ios::trunc);
    if (!pdn) return make_error("cannot write " + o.pdn);
  }
  std::atomic<int> next{0};
  std::mutex lock;
  SelfplayProgress total;
  total.games_total = o.games;
  std::string failure;
  const auto started = std::chrono::steady_clock::now();
  const auto tables = o.egdb.empty() ? nullptr
                                     : std::make_shared<engine::TableShelf>(
                                           o.egdb, o.egdb_memory);  // shared, locked
  auto worker = [&] {
    engine::Engine engine(16);
    engine.set_tables(tables);  // none unless asked: the data depend on the command alone
    if (Status s = engine.set_eval(o.eval); !s) return;
    for (;;) {
      const int i = next.fetch_add(1);
      if (i >= o.games) return;
      auto played = play_one(o, *quiet, engine, o.seed * 0x9e3779b97f4a7c15ULL + i, i + 1);
      std::lock_guard<std::mutex> guard(lock);
      if (!played) {
        failure = played.error();
        next.store(o.games);
        return;
      }
      const char* result = played->outcome == Outcome::white_wins   ? "1"
                           : played->outcome == Outcome::black_wins ? "0"
                                                                    : "0.5";
      // FEN, result, score.
      for (const std::string& line : played->lines) {
        const auto space = line.rfind(' ');
        out << line.substr(0, space) << ' ' << result << line.substr(space) << '\n';
      }
      if (pdn.is_open()) pdn << played->record << '\n';
      ++total.games_done;
      total.positions += played->lines.size();
      if (played->outcome == Outcome::white_wins)
        ++total.white_wins;
      else if (played->outcome == Outcome::black_wins)
        ++total.black_wins;
      else
        ++total.draws;
      total.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      if (progress) progress(total);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::clamp(o.threads, 1, 64); ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  if (!failure.empty()) return make_error(failure);
  out.flush();
  if (!out) return make_error("cannot write " + o.out);
  return total;
}

Result<RescoreProgress> rescore(const RescoreOptions& o, const RescoreCallback& progress) {
  if (auto quiet = quiet_test(o.game); !quiet) return make_error(quiet.error());
  if (o.data.empty()) return make_error("rescore needs --data FILE[,FILE...]");
  if (o.every < 1) return make_error("--every must be at least 1");
  if (o.offset < 0 || o.offset >= o.every)
    return make_error("--offset must be from 0 to --every - 1 (" + std::to_string(o.every - 1) +
                      ")");
  if (Status s = check_engine_setup(o.game, o.eval, o.egdb); !s) return make_error(s.error());
  // Every kept line, with its old score; the positions are checked before any search starts.
  struct Item {
    std::string fen;
    float result = 0;
    float old_score = 0;
    Player to_move = Player::white;
  };
  std::vector<Item> items;
  std::uint64_t seen = 0;
  for (const std::string& path : o.data) {
    Status read = read_sample_lines(path, [&](const SampleLine& line) -> Status {
      if (seen++ % static_cast<std::uint64_t>(o.every) != static_cast<std::uint64_t>(o.offset))
        return Ok{};
      auto made = new_session(o.game, line.fen);
      if (!made) return make_error("not a " + o.game + " position: " + made.error());
      items.push_back({line.fen, line.result, line.score, (*made)->to_move()});
      return Ok{};
    });
    if (!read) return make_error(read.error());
  }
  if (items.empty()) return make_error("no positions in the data");
  // With resume: the whole lines of an earlier output that follow the inputs are kept (a line cut
  // short by a stop is dropped), and the file is cut after them.
  std::size_t kept = 0;
  if (o.resume && std::filesystem::exists(o.out)) {
    std::ifstream before(o.out, std::ios::binary);
    if (!before) return make_error("cannot read " + o.out);
    std::uint64_t bytes = 0;
    for (std::string line; std::getline(before, line);) {
      if (before.eof()) break;  // no newline: cut short
      if (kept == items.size())
        return make_error(o.out + " has more lines than the data keep: not a run of this data");
      const std::string fen = line.substr(0, line.find(' '));
      if (fen != items[kept].fen)
        return make_error(o.out + " line " + std::to_string(kept + 1) + " is " +
                          doska::quoted(fen) + ", where the data give " +
                          doska::quoted(items[kept].fen) +
                          ": not a run of this data (or another --every or --offset)");
      bytes += line.size() + 1;
      ++kept;
    }
    before.close();
    std::error_code ec;
    std::filesystem::resize_file(o.out, bytes, ec);
    if (ec) return make_error("cannot write " + o.out + ": " + ec.message());
  }
  std::ofstream out(o.out, kept > 0 ? std::ios::app : std::ios::trunc);
  if (!out) return make_error("cannot write " + o.out);

  std::vector<int> scores(items.size());
  std::vector<char> done(items.size(), 0);
  std::size_t written = kept;
  std::atomic<std::size_t> next{kept};
  std::mutex lock;
  RescoreProgress total;
  total.total = items.size();
  total.resumed = total.done = kept;
  double change = 0;
  std::string failure;
  const auto started = std::chrono::steady_clock::now();
  auto last_report = started;
  const auto tables =
      o.egdb.empty() ? nullptr : std::make_shared<engine::TableShelf>(o.egdb, o.egdb_memory);
  auto worker = [&] {
    engine::Engine engine(8);
    engine.set_tables(tables);
    if (Status s = engine.set_eval(o.eval); !s) return;
    for (;;) {
      const std::size_t i = next.fetch_add(1);
      if (i >= items.size()) return;
      const Item& item = items[i];
      int score = 0;
      std::string error;
      engine.new_game();  // each position alone: the labels do not depend on the order
      if (Status s = engine.set_position(o.game, item.fen); !s) {
        error = s.error();
      } else {
        search::Limits limits;
        limits.nodes = o.nodes;
        limits.seed = o.seed * 0x9e3779b97f4a7c15ULL + i;
        limits.book = false;  // every label from a search
        limits.contempt = 0;  // a value to report, not a player's choice
        const engine::BestMove best = engine.search(limits);
        score = label_score(best.score, item.to_move);
      }
      std::lock_guard<std::mutex> guard(lock);
      if (!error.empty()) {
        failure = item.fen + ": " + error;
        next.store(items.size());
        return;
      }
      scores[i] = score;
      done[i] = 1;
      change += std::abs(score - static_cast<double>(item.old_score));
      ++total.done;
      while (written < items.size() && done[written]) {
        const Item& w = items[written];
        out << w.fen << ' '
            << (w.result == 1   ? "1"
                : w.result == 0 ? "0"
                                : "0.5")
            << ' ' << scores[written] << '\n';
        ++written;
      }
      const auto now = std::chrono::steady_clock::now();
      total.seconds = std::chrono::duration<double>(now - started).count();
      total.mean_change = change / static_cast<double>(total.done - total.resumed);
      if (progress && (now - last_report > std::chrono::seconds(2) || total.done == total.total)) {
        last_report = now;
        progress(total);
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::clamp(o.threads, 1, 64); ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  if (!failure.empty()) return make_error(failure);
  if (total.done != total.total) return make_error("the evaluation " + o.eval + " did not load");
  out.flush();
  if (!out) return make_error("cannot write " + o.out);
  return total;
}

}  // namespace doska::train
