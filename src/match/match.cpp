#include "match/match.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include "common/text.h"
#include "engine/engine.h"
#include "match/program.h"

namespace doska::match {

namespace {

bool is_move_number(std::string_view word) {
  const auto dot = word.find('.');
  if (dot == 0 || dot == std::string_view::npos) return false;
  return std::all_of(word.begin(), word.begin() + dot,
                     [](char c) { return c >= '0' && c <= '9'; }) &&
         std::all_of(word.begin() + dot, word.end(), [](char c) { return c == '.'; });
}

// Plays `moves` (text, move numbers skipped) in `game`; the error names the move.
Status play_moves(GameSession& game, std::string_view moves, std::vector<std::string>& played) {
  for (std::string_view word : split_words(moves)) {
    if (is_move_number(word)) continue;
    if (Status s = game.play(word); !s)
      return make_error("move " + quoted(word) + ": " + s.error());
    played.push_back(game.moves_played().back());
  }
  return Ok{};
}

const char* colour_name(Player p) {
  return p == Player::white ? "White" : "Black";
}

}  // namespace

Result<std::vector<Opening>> parse_openings(std::string_view game, std::string_view text) {
  std::vector<Opening> openings;
  int number = 0;
  for (std::string_view line : split(text, '\n')) {
    ++number;
    line = trim(line);
    if (line.empty() || line.front() == '#') continue;
    const std::string where = "openings line " + std::to_string(number) + ": ";
    Opening opening;
    opening.line = number;
    std::unique_ptr<GameSession> session;
    if (const auto bar = line.find('|'); bar != std::string_view::npos) {
      opening.fen = std::string(trim(line.substr(0, bar)));
      auto s = new_session(game, opening.fen);
      if (!s) return make_error(where + "bad FEN: " + s.error());
      session = std::move(*s);
      if (Status st = play_moves(*session, line.substr(bar + 1), opening.moves); !st)
        return make_error(where + st.error());
    } else if (auto as_fen = new_session(game, std::string(line)); as_fen) {
      opening.fen = std::string(line);
      session = std::move(*as_fen);
    } else {
      auto s = new_session(game);
      if (!s) return make_error(s.error());
      session = std::move(*s);
      if (Status st = play_moves(*session, line, opening.moves); !st)
        return make_error(where + "neither a FEN (" + as_fen.error() +
                          ") nor moves from the start (" + st.error() + ")");
    }
    if (session->end().over())
      return make_error(where + "the game is over after this opening: " + session->end().reason);
    openings.push_back(std::move(opening));
  }
  if (openings.empty()) return make_error("the openings file has no opening");
  return openings;
}

Status check_match(const MatchOptions& options) {
  if (!find_game(options.game)) return make_error("unknown game " + quoted(options.game));
  for (const CompetitorSpec* spec : {&options.a, &options.b}) {
    auto made = make_competitor(*spec, options.game);
    if (!made) return make_error(made.error());
    if (spec->kind == CompetitorSpec::Kind::dxp && options.concurrency > 1)
      return make_error(quoted(spec->text) +
                        ": a DXP program plays one game at a time (leave out --concurrency)");
    // DXP announces whole minutes per game and no increment: the clock we enforce must be the
    // one the program is told.
    if (spec->kind == CompetitorSpec::Kind::dxp) {
      const TimeControl& t = options.time;
      if (t.kind == TimeControl::Kind::per_move)
        return make_error(quoted(spec->text) +
                          ": DXP gives a program minutes per game, not a time per move; use "
                          "--tc MINUTES*60 (for example --tc 60) instead of --time");
      if (t.kind == TimeControl::Kind::clock &&
          (t.increment != 0 || t.base < 60 || std::fmod(t.base, 60) != 0))
        return make_error(quoted(spec->text) +
                          ": DXP gives a program whole minutes per game and no increment; use "
                          "--tc 60, --tc 120, ...");
    }
  }
  return Ok{};
}

namespace {

using Clock = std::chrono::steady_clock;

// Sets the result of a game the match decided (RULINGS has no such ending: the record shows it as
// a resignation, or an agreed draw where the rules allow one; the Termination tag says why).
void record_decision(GameSession& game, Outcome outcome) {
  if (game.end().over()) return;
  if (outcome == Outcome::white_wins) (void)game.resign(Player::black);
  if (outcome == Outcome::black_wins) (void)game.resign(Player::white);
  if (outcome == Outcome::draw && game.offer_draw(Player::white))
    (void)game.accept_draw(Player::black);
}

class GamePlay {
 public:
  GamePlay(const MatchOptions& options, int index, Competitor& a, Competitor& b)
      : options_(options), index_(index), a_(a), b_(b) {}

  GameReport play() {
    GameReport report;
    report.round = index_ + 1;
    report.a_white = index_ % 2 == 0;
    Competitor& white = report.a_white ? a_ : b_;
    Competitor& black = report.a_white ? b_ : a_;
    const CompetitorSpec& white_spec = report.a_white ? options_.a : options_.b;
    const CompetitorSpec& black_spec = report.a_white ? options_.b : options_.a;
    // Each opening is played twice, once with each colour.
    std::mt19937_64 rng(options_.seed * 1000003 + static_cast<std::uint64_t>(index_ / 2));
    auto game = start_position(rng);
    if (!game) {
      report.outcome = Outcome::draw;
      report.reason = "no game: " + game.error();
      report.result = "*";
      return report;
    }
    GameSession& g = **game;

    auto decide = [&](Outcome outcome, std::string reason) {
      report.outcome = outcome;
      report.reason = std::move(reason);
    };
    // Both get ready; one that cannot has lost.
    std::string failures[2];
    for (Player p : {Player::white, Player::black}) {
      GameStart start;
      start.round = index_ + 1;
      start.last = index_ + 1 == options_.games;
      start.colour = p;
      start.time = options_.time;
      start.timeout = options_.timeout;
      Competitor& c = p == Player::white ? white : black;
      if (Status s = c.start_game(g, start); !s)
        failures[p == Player::white ? 0 : 1] =
            c.name() + " (" + colour_name(p) + ") could not start: " + s.error();
    }
    // A program that can play no more (its connection is gone for good): no game, and the match
    // stops.
    for (Competitor* c : {&white, &black})
      if (auto why = c->gone()) {
        report.stopped = true;
        report.reason = "not played, the match stopped: " + c->name() + ": " + *why;
        return report;
      }
    bool decided = false;
    if (!failures[0].empty() || !failures[1].empty()) {
      decided = true;
      if (!failures[0].empty() && !failures[1].empty())
        decide(Outcome::draw, "no game: " + failures[0] + "; " + failures[1]);
      else if (!failures[0].empty())
        decide(Outcome::black_wins, failures[0]);
      else
        decide(Outcome::white_wins, failures[1]);
    }

    double clocks[2] = {options_.time.base, options_.time.base};
    while (!decided) {
      if (g.end().over()) {
        const GameEnd end = g.end();
        decide(end.outcome, end.rule.empty() ? end.reason : end.reason + " (" + end.rule + ")");
        break;
      }
      if (static_cast<int>(g.moves_played().size()) >= options_.max_plies) {
        decide(Outcome::draw, "adjudicated a draw: the limit of " +
                                  std::to_string(options_.max_plies) + " plies is reached");
        break;
      }
      const Player mover = g.to_move();
      const int side = mover == Player::white ? 0 : 1;
      Competitor& c = mover == Player::white ? white : black;
      const CompetitorSpec& spec = mover == Player::white ? white_spec : black_spec;
      const Outcome loss = mover == Player::white ? Outcome::black_wins : Outcome::white_wins;
      const std::string who = c.name() + " (" + colour_name(mover) + ")";
      MoveRequest request;
      request.white_clock = clocks[0];
      request.black_clock = clocks[1];
      request.seed = rng();
      double allowed = 0;  // seconds for this move under the time control; 0: none
      switch (options_.time.kind) {
        case TimeControl::Kind::per_move:
          allowed = options_.time.move_time;
          break;
        case TimeControl::Kind::clock:
          allowed = std::max(clocks[side], 0.0);
          break;
        case TimeControl::Kind::none:
          break;
      }
      request.deadline =
          allowed > 0 ? allowed + options_.grace : options_.timeout + spec.limits.move_time;
      const auto start = Clock::now();
      auto move = c.choose_move(g, request);
      const double used = std::chrono::duration<double>(Clock::now() - start).count();
      if (!move) {
        const bool late = allowed > 0 && used >= allowed + options_.grace - 0.01;
        decide(loss, who + (late ? " lost on time: " : " lost: ") + move.error());
        break;
      }
      if (allowed > 0 && used > allowed + options_.grace) {
        decide(loss, who + " lost on time: " + seconds_text(used) + " for a move, " +
                         seconds_text(allowed) + " allowed (+ " + seconds_text(options_.grace) +
                         " grace)");
        break;
      }
      if (Status s = g.play(*move); !s) {
        decide(loss, who + " played an illegal move " + quoted(*move) + ": " + s.error());
        break;
      }
      if (options_.time.kind == TimeControl::Kind::clock)
        clocks[side] = clocks[side] - used + options_.time.increment;
    }
    record_decision(g, report.outcome);
    white.end_game(g, report.outcome);
    black.end_game(g, report.outcome);

    report.white = white.name();
    report.black = black.name();
    report.result = report.outcome == Outcome::white_wins   ? "1-0"
                    : report.outcome == Outcome::black_wins ? "0-1"
                                                            : "1/2";
    report.record = g.record({{"Event", "doska match"},
                              {"Round", std::to_string(index_ + 1)},
                              {"White", report.white},
                              {"Black", report.black},
                              {"Termination", report.reason}});
    return report;
  }

 private:
  Result<std::unique_ptr<GameSession>> start_position(std::mt19937_64& rng) const {
    if (!options_.openings.empty()) {
      const Opening& opening =
          options_.openings[static_cast<std::size_t>(index_ / 2) % options_.openings.size()];
      auto game = opening.fen.empty() ? new_session(options_.game)
                                      : new_session(options_.game, opening.fen);
      if (!game) return game;
      for (const std::string& m : opening.moves)
        if (Status s = (*game)->play(m); !s) return make_error(s.error());
      return game;
    }
    auto moves = random_opening(options_.game, options_.opening_plies, options_.balanced, rng);
    if (!moves) return make_error(moves.error());
    auto game = new_session(options_.game);
    if (!game) return game;
    for (const std::string& m : *moves)
      if (Status s = (*game)->play(m); !s) return make_error(s.error());
    return game;
  }

  const MatchOptions& options_;
  int index_;
  Competitor& a_;
  Competitor& b_;
};

}  // namespace

Result<std::vector<std::string>> random_opening(std::string_view game, int plies, int balanced,
                                                std::mt19937_64& rng) {
  std::optional<engine::Engine> judge;  // made at the first line to score
  for (int draw = 0; draw < kBalanceDraws; ++draw) {
    auto session = new_session(game);
    if (!session) return make_error(session.error());
    GameSession& g = **session;
    for (int p = 0; p < plies && !g.end().over(); ++p) {
      const auto moves = g.legal_moves();
      if (moves.empty()) break;
      if (Status s = g.play(moves[rng() % moves.size()]); !s) return make_error(s.error());
    }
    if (balanced < 0) return g.moves_played();
    if (g.end().over()) continue;
    if (!judge) {
      judge.emplace(16);
      judge->set_tables(nullptr);
    }
    judge->new_game();
    if (Status s = judge->set_position(game, std::nullopt, g.moves_played()); !s)
      return make_error(s.error());
    search::Limits limits;
    limits.nodes = kBalanceNodes;
    limits.book = false;
    limits.contempt = 0;  // a value to report, not a player's choice
    const engine::BestMove best = judge->search(limits);
    const bool level =
        best.score.kind == search::Score::Kind::draw ||
        (best.score.kind == search::Score::Kind::cp && std::abs(best.score.value) <= balanced);
    if (level) return g.moves_played();
  }
  return make_error("no random opening of " + std::to_string(plies) + " plies within " +
                    std::to_string(balanced) + " centipawns of level in " +
                    std::to_string(kBalanceDraws) + " draws");
}

std::vector<GameReport> play_match(const MatchOptions& options,
                                   const std::function<void(const GameReport&)>& on_game) {
  std::vector<GameReport> reports(static_cast<std::size_t>(options.games));
  std::atomic<int> next{0};
  std::mutex report_mutex;
  engine::TableShelves shelves;  // each folder's tables in memory once, for every game thread
  auto worker = [&] {
    // check_match has made these once already: they cannot fail here.
    auto a = make_competitor(options.a, options.game, &shelves);
    auto b = make_competitor(options.b, options.game, &shelves);
    if (!a || !b) return;
    for (;;) {
      const int i = next.fetch_add(1);
      if (i >= options.games) return;
      // A program whose connection is gone for good: the match stops here rather than score
      // every game left as a forfeit.
      std::string gone;
      for (Competitor* c : {a->get(), b->get()})
        if (auto why = c->gone()) gone = c->name() + ": " + *why;
      if (!gone.empty()) {
        std::lock_guard lock(report_mutex);
        reports[static_cast<std::size_t>(i)].stopped = true;
        reports[static_cast<std::size_t>(i)].round = i + 1;
        reports[static_cast<std::size_t>(i)].reason = "not played, the match stopped: " + gone;
        if (on_game) on_game(reports[static_cast<std::size_t>(i)]);
        continue;
      }
      GameReport report = GamePlay(options, i, **a, **b).play();
      std::lock_guard lock(report_mutex);
      reports[static_cast<std::size_t>(i)] = report;
      if (on_game) on_game(report);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, options.concurrency); ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  return reports;
}

ScoreSummary summarize(int wins, int losses, int draws) {
  ScoreSummary s;
  s.wins = wins;
  s.losses = losses;
  s.draws = draws;
  const double n = wins + losses + draws;
  if (n == 0) return s;
  s.score = (wins + 0.5 * draws) / n;
  // The per-game variance of the score, for the 95% margin of its mean.
  const double variance = (wins * std::pow(1 - s.score, 2) + draws * std::pow(0.5 - s.score, 2) +
                           losses * s.score * s.score) /
                          n;
  s.margin = 1.96 * std::sqrt(variance / n);
  auto elo = [](double p) {
    p = std::clamp(p, 1e-6, 1 - 1e-6);
    return -400.0 * std::log10(1.0 / p - 1.0);
  };
  s.elo = elo(s.score);
  s.elo_low = elo(s.score - s.margin);
  s.elo_high = elo(s.score + s.margin);
  return s;
}

namespace {

// A's half points in one game: 2 for a win, 1 for a draw, 0 for a loss.
int half_points(const GameReport& r) {
  if (r.outcome != Outcome::white_wins && r.outcome != Outcome::black_wins) return 1;
  return (r.outcome == Outcome::white_wins) == r.a_white ? 2 : 0;
}

}  // namespace

ScoreSummary summarize(const std::vector<GameReport>& games) {
  std::array<int, 3> by_half_points{};  // losses, draws, wins
  for (const GameReport& r : games)
    if (!r.stopped) ++by_half_points[static_cast<std::size_t>(half_points(r))];
  return summarize(by_half_points[2], by_half_points[0], by_half_points[1]);
}

PairSummary summarize_pairs(const std::vector<GameReport>& games) {
  PairSummary s;
  for (std::size_t i = 0; i + 1 < games.size(); i += 2) {
    const GameReport& first = games[i];
    const GameReport& second = games[i + 1];
    if (first.stopped || second.stopped) continue;
    const int h1 = half_points(first), h2 = half_points(second);
    ++s.count[static_cast<std::size_t>(h1 + h2)];
    if (h1 + h2 == 2 && h1 != 1) ++s.split;
    ++s.pairs;
  }
  if (s.pairs == 0) return s;
  double sum = 0;
  for (int h = 0; h < 5; ++h) sum += s.count[static_cast<std::size_t>(h)] * (h / 4.0);
  s.score = sum / s.pairs;
  double variance = 0;
  for (int h = 0; h < 5; ++h)
    variance += s.count[static_cast<std::size_t>(h)] * std::pow(h / 4.0 - s.score, 2);
  variance /= s.pairs;
  s.margin = 1.96 * std::sqrt(variance / s.pairs);
  return s;
}

}  // namespace doska::match
