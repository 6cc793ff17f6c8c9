// The pieces of `doska match` (src/match/): competitor specs, clocks, openings files, the score
// and its margins, and the child processes that run other programs.
#include "match/match.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "engine/engine.h"
#include "protocols/process.h"

namespace doska::match {
namespace {

TEST(MatchCompetitor, OurEngineWithItsOptions) {
  auto plain = parse_competitor("level=5,nodes=20000");
  ASSERT_TRUE(plain.ok()) << plain.error();
  EXPECT_EQ(plain->kind, CompetitorSpec::Kind::ours);
  EXPECT_EQ(plain->limits.level, 5);
  EXPECT_EQ(plain->limits.nodes, 20000u);
  auto tables = parse_competitor("level=10,egdb=/t,egdb-memory=3");
  ASSERT_TRUE(tables.ok()) << tables.error();
  EXPECT_EQ(tables->egdb, "/t");
  EXPECT_EQ(tables->egdb_memory, std::uint64_t{3} << 30);
  EXPECT_EQ(plain->egdb_memory, 0u);
  auto draws = parse_competitor("level=10,table-draw=25");
  ASSERT_TRUE(draws.ok()) << draws.error();
  EXPECT_EQ(draws->limits.table_draw_eval, 25);
  EXPECT_EQ(draws->limits.contempt, -1);
  auto contempt = parse_competitor("level=10,contempt=15");
  ASSERT_TRUE(contempt.ok()) << contempt.error();
  EXPECT_EQ(contempt->limits.contempt, 15);
  auto prefixed = parse_competitor("ours:depth=6,time=0.5,name=Six");
  ASSERT_TRUE(prefixed.ok()) << prefixed.error();
  EXPECT_EQ(prefixed->limits.depth, 6);
  EXPECT_DOUBLE_EQ(prefixed->limits.move_time, 0.5);
  EXPECT_EQ(prefixed->name, "Six");
  EXPECT_EQ(parse_competitor("ours")->limits.level, 10);
}

TEST(MatchCompetitor, ProgramsTakeTheRestAsTheirCommandLine) {
  auto hub = parse_competitor("hub,nodes=500,level=3:/opt/scan/scan hub --x=1,2");
  ASSERT_TRUE(hub.ok()) << hub.error();
  EXPECT_EQ(hub->kind, CompetitorSpec::Kind::hub);
  EXPECT_EQ(hub->command, "/opt/scan/scan hub --x=1,2");
  EXPECT_EQ(hub->limits.nodes, 500u);
  // level is not a search limit of another program: it is one of its parameters.
  ASSERT_EQ(hub->parameters.size(), 1u);
  EXPECT_EQ(hub->parameters[0].first, "level");
  EXPECT_EQ(hub->parameters[0].second, "3");
  auto uci = parse_competitor("uci,Skill Level=4:doska uci");
  ASSERT_TRUE(uci.ok()) << uci.error();
  EXPECT_EQ(uci->parameters[0].first, "Skill Level");
  auto dxp = parse_competitor("dxp,name=Scan:10.0.0.2:27531");
  ASSERT_TRUE(dxp.ok()) << dxp.error();
  EXPECT_EQ(dxp->command, "10.0.0.2:27531");
  EXPECT_EQ(dxp->name, "Scan");
}

TEST(MatchCompetitor, BadSpecsAreErrorsThatSayWhy) {
  auto expect_error = [](const char* spec, const char* words) {
    auto parsed = parse_competitor(spec);
    ASSERT_FALSE(parsed.ok()) << spec;
    EXPECT_NE(parsed.error().find(words), std::string::npos) << parsed.error();
  };
  expect_error("hub", "write hub:COMMAND LINE");
  expect_error("uci:", "no command line");
  expect_error("dxp:", "no address");
  expect_error("dxp,depth=3:localhost", "takes only name=");
  expect_error("level=11", "bad level");
  expect_error("nodes=x", "bad node count");
  expect_error("colour=white", "unknown option 'colour'");
  expect_error("scan", "unknown player 'scan'");
  expect_error("hub,nodes:x", "needs NAME=VALUE");
  expect_error("egdb-memory=lots", "bad egdb-memory 'lots': give 0 to 4096 GB");
  expect_error("egdb-memory=5000", "bad egdb-memory");
  expect_error("table-draw=51", "bad table-draw '51': give 0 to 50 percent");
  expect_error("table-draw=some", "bad table-draw");
  expect_error("contempt=101", "bad contempt '101': give 0 to 100 centipawns");
  expect_error("contempt=-3", "bad contempt");
}

TEST(MatchCompetitor, EachProtocolPlaysItsGames) {
  auto hub = parse_competitor("hub:x");
  auto uci = parse_competitor("uci:x");
  auto dxp = parse_competitor("dxp:localhost");
  EXPECT_TRUE(make_competitor(*hub, "russian").ok());
  EXPECT_FALSE(make_competitor(*hub, "chess100").ok());
  EXPECT_TRUE(make_competitor(*uci, "mill-ceylon").ok());
  EXPECT_FALSE(make_competitor(*uci, "english").ok());
  EXPECT_TRUE(make_competitor(*dxp, "international").ok());
  EXPECT_FALSE(make_competitor(*dxp, "russian").ok());
  EXPECT_FALSE(make_competitor(*parse_competitor("dxp:host:0"), "international").ok());
}

TEST(MatchClock, SecondsPerGamePlusIncrement) {
  auto tc = parse_clock("60+0.5");
  ASSERT_TRUE(tc.ok()) << tc.error();
  EXPECT_EQ(tc->kind, TimeControl::Kind::clock);
  EXPECT_DOUBLE_EQ(tc->base, 60);
  EXPECT_DOUBLE_EQ(tc->increment, 0.5);
  EXPECT_DOUBLE_EQ(parse_clock("90")->increment, 0);
  for (const char* bad : {"", "+1", "0+1", "1+x", "-5", "1+-1"})
    EXPECT_FALSE(parse_clock(bad).ok()) << bad;
}

TEST(MatchClock, TheMoverThinksOnItsOwnClock) {
  MoveRequest request;
  request.white_clock = 12;
  request.black_clock = 7;
  TimeControl tc{TimeControl::Kind::clock, 0, 60, 1};
  search::Limits own;
  own.nodes = 100;
  const search::Limits black = think_limits(own, tc, Player::black, request);
  EXPECT_DOUBLE_EQ(black.clock, 7);
  EXPECT_DOUBLE_EQ(black.increment, 1);
  EXPECT_EQ(black.nodes, 100u);
  // Without a time control or a limit of its own, a competitor thinks 0.2 s a move.
  EXPECT_DOUBLE_EQ(think_limits({}, {}, Player::white, request).move_time, 0.2);
  EXPECT_DOUBLE_EQ(
      think_limits({}, {TimeControl::Kind::per_move, 1.5}, Player::white, request).move_time, 1.5);
}

TEST(MatchOpenings, FensMovesAndBoth) {
  auto openings = parse_openings("international",
                                 "# two openings\n"
                                 "\n"
                                 "1. 32-28 19-23 2. 28x19 14x23\n"
                                 "W:W31-50:B1-20\n"
                                 "W:W31-50:B1-20 | 33-29 17-22\n");
  ASSERT_TRUE(openings.ok()) << openings.error();
  ASSERT_EQ(openings->size(), 3u);
  EXPECT_TRUE((*openings)[0].fen.empty());
  EXPECT_EQ((*openings)[0].moves, (std::vector<std::string>{"32-28", "19-23", "28x19", "14x23"}));
  EXPECT_EQ((*openings)[0].line, 3);
  EXPECT_EQ((*openings)[1].fen, "W:W31-50:B1-20");
  EXPECT_TRUE((*openings)[1].moves.empty());
  EXPECT_EQ((*openings)[2].moves.size(), 2u);
  auto chess = parse_openings("chess100", "e4 e7\n");
  ASSERT_TRUE(chess.ok()) << chess.error();
}

TEST(MatchOpenings, ABadLineIsAnErrorNamingIt) {
  auto expect_error = [](const char* game, const char* text, const char* words) {
    auto parsed = parse_openings(game, text);
    ASSERT_FALSE(parsed.ok()) << text;
    EXPECT_NE(parsed.error().find(words), std::string::npos) << parsed.error();
  };
  expect_error("international", "32-28\n32-29\n", "openings line 2: neither a FEN");
  expect_error("international", "# only comments\n", "no opening");
  expect_error("international", "W:W99:B1 | 32-28\n", "openings line 1: bad FEN");
  expect_error("international", "W:W31-50:B1-20 | 32-28 32-28\n", "line 1: move '32-28'");
  // A position where the game is over is no opening.
  expect_error("international", "B:W31:B\n", "the game is over");
}

// Two random plies of russian may give a man away: 1. e3-f4 h6-g5 or 1. g3-f4 h6-g5, after which
// 2. f4:h6 wins it. --balanced draws such a line again; the other lines are kept as drawn.
TEST(MatchOpenings, BalancedRandomOpeningsLeaveNoManGivenAway) {
  const auto gift = [](const std::vector<std::string>& moves) {
    return moves.size() == 2 && (moves[0] == "e3-f4" || moves[0] == "g3-f4") && moves[1] == "h6-g5";
  };
  std::vector<std::uint64_t> gift_seeds;
  int kept = 0;
  for (std::uint64_t seed = 0; seed < 400 && gift_seeds.size() < 3; ++seed) {
    std::mt19937_64 rng(seed);
    auto any = random_opening("russian", 2, -1, rng);
    ASSERT_TRUE(any.ok()) << any.error();
    ASSERT_EQ(any->size(), 2u);
    if (gift(*any)) gift_seeds.push_back(seed);
  }
  ASSERT_EQ(gift_seeds.size(), 3u) << "the random plies give a man away now and then";
  engine::Engine judge(16);
  judge.set_tables(nullptr);
  for (std::uint64_t seed : gift_seeds) {
    std::mt19937_64 rng(seed), again(seed);
    auto level = random_opening("russian", 2, 60, rng);
    ASSERT_TRUE(level.ok()) << level.error();
    EXPECT_FALSE(gift(*level)) << (*level)[0] << " " << (*level)[1];
    // The same seed gives the same opening (both games of a pair play it).
    EXPECT_EQ(random_opening("russian", 2, 60, again).value(), *level);
    judge.new_game();
    ASSERT_TRUE(judge.set_position("russian", std::nullopt, *level).ok());
    search::Limits limits;
    limits.nodes = kBalanceNodes;
    limits.book = false;
    const engine::BestMove best = judge.search(limits);
    EXPECT_TRUE(best.score.kind == search::Score::Kind::draw ||
                (best.score.kind == search::Score::Kind::cp && std::abs(best.score.value) <= 60))
        << best.score.text();
    ++kept;
  }
  EXPECT_EQ(kept, 3);
  // A line that is level at once is kept as drawn: the first draw of a seed whose first line is
  // no gift stays what it was without --balanced.
  std::mt19937_64 plain(1000), judged(1000);
  const auto first = random_opening("russian", 1, -1, plain);
  const auto balanced = random_opening("russian", 1, 60, judged);
  ASSERT_TRUE(first.ok() && balanced.ok());
  EXPECT_EQ(*first, *balanced);
  std::mt19937_64 rng(1);
  auto unknown = random_opening("checkers-of-mars", 2, 60, rng);
  ASSERT_FALSE(unknown.ok());
}

TEST(MatchScore, MarginAndElo) {
  const ScoreSummary even = summarize(1, 1, 2);
  EXPECT_DOUBLE_EQ(even.score, 0.5);
  // Per-game variance (0.25 + 0 + 0 + 0.25) / 4; the margin is 1.96 sqrt(variance / 4).
  EXPECT_NEAR(even.margin, 1.96 * std::sqrt(0.125 / 4), 1e-12);
  EXPECT_NEAR(even.elo, 0, 1e-9);
  EXPECT_NEAR(even.elo_high, -even.elo_low, 1e-9);
  const ScoreSummary better = summarize(6, 2, 2);
  EXPECT_DOUBLE_EQ(better.score, 0.7);
  EXPECT_NEAR(better.elo, -400 * std::log10(1 / 0.7 - 1), 1e-9);
  EXPECT_LT(better.elo_low, better.elo);
  EXPECT_GT(better.elo_high, better.elo);
}

GameReport played(int round, bool a_white, Outcome outcome) {
  GameReport r;
  r.round = round;
  r.a_white = a_white;
  r.outcome = outcome;
  return r;
}

TEST(MatchScore, PairsOfOneOpening) {
  const Outcome W = Outcome::white_wins, B = Outcome::black_wins, D = Outcome::draw;
  // Rounds 1-2: White won both (A split); 3-4: two draws; 5-6: A won both; 7-8: A won one and
  // drew one; 9-10: the second game not played, so the pair is left out.
  std::vector<GameReport> games = {played(1, true, W),  played(2, false, W), played(3, true, D),
                                   played(4, false, D), played(5, true, W),  played(6, false, B),
                                   played(7, false, D), played(8, true, W),  played(9, true, B),
                                   played(10, false, W)};
  games[9].stopped = true;
  const PairSummary p = summarize_pairs(games);
  EXPECT_EQ(p.pairs, 4);
  EXPECT_EQ(p.count, (std::array<int, 5>{0, 0, 2, 1, 1}));
  EXPECT_EQ(p.split, 1);
  // Pair scores 1/2, 1/2, 1, 3/4: mean 11/16; variance of the four about it, over 4.
  EXPECT_DOUBLE_EQ(p.score, 11.0 / 16);
  const double variance = (2 * std::pow(0.5 - 11.0 / 16, 2) + std::pow(1 - 11.0 / 16, 2) +
                           std::pow(0.75 - 11.0 / 16, 2)) /
                          4;
  EXPECT_NEAR(p.margin, 1.96 * std::sqrt(variance / 4), 1e-12);
  // Every pair split: the games say 50% with a wide margin, the pairs 50% with none.
  const std::vector<GameReport> lopsided = {played(1, true, W), played(2, false, W),
                                            played(3, true, B), played(4, false, B)};
  const PairSummary q = summarize_pairs(lopsided);
  EXPECT_EQ(q.split, 2);
  EXPECT_DOUBLE_EQ(q.score, 0.5);
  EXPECT_DOUBLE_EQ(q.margin, 0);
  EXPECT_GT(summarize(lopsided).margin, 0.4);
  EXPECT_EQ(summarize_pairs({}).pairs, 0);
}

TEST(MatchProcess, LinesTimeoutsAndTheEnd) {
  auto child = protocols::ChildProcess::start("read x; echo \"got $x\"; exit 3");
  ASSERT_TRUE(child.ok()) << child.error();
  auto silent = child->read_line(0.05);
  ASSERT_TRUE(silent.ok());
  EXPECT_EQ(silent->kind, protocols::ChildProcess::Line::Kind::timeout);
  ASSERT_TRUE(child->send_line("hello").ok());
  auto line = child->read_line(10);
  ASSERT_TRUE(line.ok());
  EXPECT_EQ(line->text, "got hello");
  auto end = child->read_line(10);
  ASSERT_TRUE(end.ok());
  EXPECT_EQ(end->kind, protocols::ChildProcess::Line::Kind::closed);
  child->stop(10);
  EXPECT_EQ(child->exit_description(), "exited with status 3");
}

TEST(MatchProcess, AProgramThatWillNotEndIsKilledWithWhatItStarted) {
  auto child = protocols::ChildProcess::start("sleep 100 & sleep 100");
  ASSERT_TRUE(child.ok()) << child.error();
  child->stop(0.05);
  EXPECT_FALSE(child->running());
  EXPECT_EQ(child->exit_description(), "was killed by signal 9");
}

}  // namespace
}  // namespace doska::match
