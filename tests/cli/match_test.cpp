// `doska match` against other programs: our own front ends started as child processes (Hub, UCI,
// a DXP follower), and programs that crash, stay silent or play an illegal move, which lose with
// the reason and never hold up the match. Each game is short (small node limits).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.h"
#include "protocols/dxp.h"
#include "protocols/process.h"
#include "protocols/socket.h"
#include "support/scratch_dir.h"

namespace doska::cli {
namespace {

struct MatchRun {
  int status = 0;
  std::string out;
  std::string err;

  int lines_with(const std::string& words) const {
    int count = 0;
    for (auto at = out.find(words); at != std::string::npos; at = out.find(words, at + 1)) ++count;
    return count;
  }
  int game_lines() const {
    std::istringstream lines(out);
    int count = 0;
    for (std::string line; std::getline(lines, line);) count += line.rfind("game ", 0) == 0;
    return count;
  }
};

MatchRun match(const std::vector<std::string>& words) {
  MatchRun run;
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  run.status = run_match(words);
  run.out = ::testing::internal::GetCapturedStdout();
  run.err = ::testing::internal::GetCapturedStderr();
  return run;
}

// A file of this test process (ctest runs tests in parallel processes).
std::string temp_file(const std::string& name, const std::string& text = "") {
  const std::string path = test::scratch_dir() + "match_" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

const std::string kDoska = DOSKA_BINARY;

// A Hub program that does the handshake and answers every `go think` by the shell command
// `on_go`.
std::string fake_hub(const std::string& name, const std::string& on_go) {
  const std::string script = temp_file(name + ".sh",
                                       "while read -r line; do\n"
                                       "  case \"$line\" in\n"
                                       "    hub) echo 'id name=fake'; echo wait ;;\n"
                                       "    init) echo ready ;;\n"
                                       "    'go think') " +
                                           on_go +
                                           " ;;\n"
                                           "    quit) exit 0 ;;\n"
                                           "  esac\n"
                                           "done\n");
  return "hub,name=" + name + ":sh " + script;
}

// Every game ended by the rules or the move cap, none by a failure.
void expect_played_out(const MatchRun& run, int games) {
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.game_lines(), games) << run.out;
  EXPECT_EQ(run.lines_with(" lost"), 0) << run.out;
  EXPECT_EQ(run.lines_with("could not start"), 0) << run.out;
  EXPECT_EQ(run.lines_with("score "), 1) << run.out;
  // The same games by opening: one pair for every two games played.
  EXPECT_EQ(run.lines_with("pairs "), games >= 2 ? 1 : 0) << run.out;
  if (games >= 2) {
    EXPECT_NE(run.out.find(": " + std::to_string(games / 2) + " on one opening"), std::string::npos)
        << run.out;
  }
}

std::string pdn_check(const std::string& path) {
  ::testing::internal::CaptureStdout();
  const int status = run_pdn({"check", path});
  std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_EQ(status, 0) << out;
  return out;
}

TEST(MatchCommand, AgainstAHubProgramWithARecordThatReplays) {
  const std::string pdn = temp_file("hub.pdn");
  const MatchRun run = match({"international", "--games", "2", "--a", "nodes=300", "--b",
                              "hub,nodes=300:" + kDoska + " hub", "--pdn", pdn});
  expect_played_out(run, 2);
  // The program's name is the one it gives in its `id` line.
  EXPECT_NE(run.out.find("vs doska (Black)"), std::string::npos) << run.out;
  const std::string record = read_file(pdn);
  EXPECT_NE(record.find("[White \"doska\"]"), std::string::npos) << record;
  EXPECT_NE(record.find("[Termination \""), std::string::npos) << record;
  EXPECT_NE(pdn_check(pdn).find("2 games, all moves legal"), std::string::npos);
}

TEST(MatchCommand, RussianThroughTheHubVariantParameter) {
  const MatchRun run = match({"russian", "--games", "2", "--a", "nodes=300", "--b",
                              "hub,nodes=300:" + kDoska + " hub", "--max-plies", "30"});
  expect_played_out(run, 2);
}

TEST(MatchCommand, AgainstAUciProgramInChess100) {
  const std::string pgn = temp_file("uci.pgn");
  const std::string transcript = temp_file("uci_input.txt");
  const MatchRun run = match({"chess100", "--games", "2", "--a", "nodes=300", "--b",
                              "uci,nodes=300:tee " + transcript + " | " + kDoska + " uci",
                              "--max-plies", "16", "--pdn", pgn});
  expect_played_out(run, 2);
  EXPECT_NE(read_file(pgn).find("[Variant \"chess100\"]"), std::string::npos);
  // Every record the program writes it reads back.
  EXPECT_NE(pdn_check(pgn).find("game 1: chess100, 16 plies"), std::string::npos);
  // The record is SAN; UCI gets the moves in long algebraic, all in lower case.
  const std::string sent = read_file(transcript);
  const auto position = sent.rfind("position startpos moves ");
  ASSERT_NE(position, std::string::npos) << sent;
  const std::string moves = sent.substr(position, sent.find('\n', position) - position);
  EXPECT_EQ(std::count_if(moves.begin(), moves.end(), [](char c) { return c >= 'A' && c <= 'Z'; }),
            0)
      << moves;
}

TEST(MatchCommand, AgainstAUciProgramInMill) {
  const std::string pdn = temp_file("uci_mill.pdn");
  const MatchRun run = match({"mill", "--games", "2", "--a", "nodes=300", "--b",
                              "uci,nodes=300:" + kDoska + " uci", "--pdn", pdn});
  expect_played_out(run, 2);
  EXPECT_NE(read_file(pdn).find("[Game \"mill\"]"), std::string::npos);
  const std::string checked = pdn_check(pdn);
  EXPECT_NE(checked.find("game 2: mill, "), std::string::npos) << checked;
  EXPECT_NE(checked.find("2 games, all moves legal"), std::string::npos) << checked;
}

// `doska pdn check` reads the records of mill (Game tag), Ceylon mill's joined extra turns and
// wolf and sheep (Variant tag), names an illegal ply, and refuses a file that mixes families.
TEST(PdnCheck, ReadsTheRecordsOfTheOtherGames) {
  const std::string mill = temp_file("check_mill.pdn",
                                     "[Game \"mill-ceylon\"]\n[FEN \"W:Wa1,d1,a4:Bf6,d6:H5,5\"]\n"
                                     "[Result \"*\"]\n\n1. g1,a7,b2 d5 2. c3 *\n\n"
                                     "[Game \"mill\"]\n[Result \"*\"]\n\n1. d6 d5 2. d6 *\n");
  ::testing::internal::CaptureStdout();
  int status = run_pdn({"check", mill});
  std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_EQ(status, 1) << out;
  EXPECT_NE(out.find("game 1: mill-ceylon, 5 plies, recorded result *"), std::string::npos) << out;
  EXPECT_NE(out.find("game 2 (line 7): illegal ply 3 d6 (White)"), std::string::npos) << out;

  const std::string wolf =
      temp_file("check_wolf.pdn",
                "[Variant \"wolf-sheep\"]\n[FEN \"B:Wa1,c1,e1,g1:B\"]\n\n1... f6 2. e1-f2 *\n");
  EXPECT_NE(pdn_check(wolf).find("game 1: wolf-sheep, 2 plies"), std::string::npos);

  const std::string mixed = temp_file(
      "check_mixed.pdn", "[Game \"mill\"]\n\n1. d6 *\n\n[GameType \"20\"]\n\n1. 32-28 *\n");
  ::testing::internal::CaptureStderr();
  status = run_pdn({"check", mixed});
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, 2);
  EXPECT_NE(err.find("mixes draughts games and other games"), std::string::npos) << err;
}

TEST(MatchCommand, AgainstADxpFollower) {
  int port = 0;
  {
    auto probe = protocols::listen_on("127.0.0.1", 0);
    ASSERT_TRUE(probe.ok()) << probe.error();
    port = protocols::local_port(*probe);
  }
  auto follower = protocols::ChildProcess::start("exec " + kDoska + " dxp --listen --port " +
                                                 std::to_string(port) + " --nodes 300 2>/dev/null");
  ASSERT_TRUE(follower.ok()) << follower.error();
  const std::string pdn = temp_file("dxp.pdn");
  const MatchRun run =
      match({"international", "--games", "2", "--a", "nodes=300", "--b",
             "dxp:127.0.0.1:" + std::to_string(port), "--timeout", "20", "--pdn", pdn});
  expect_played_out(run, 2);
  EXPECT_NE(pdn_check(pdn).find("2 games, all moves legal"), std::string::npos);
  // The last GAMEEND carries the stop code: the follower reports its games and ends.
  std::string reported;
  for (;;) {
    auto line = follower->read_line(20);
    ASSERT_TRUE(line.ok());
    if (line->kind != protocols::ChildProcess::Line::Kind::line) break;
    reported += line->text + "\n";
  }
  EXPECT_NE(reported.find("game 2: "), std::string::npos) << reported;
}

// A DXP follower that accepts one game, then closes its connection and its listener: the game is
// lost, and the match stops and says so instead of scoring the rest as forfeits.
TEST(MatchCommand, ALostDxpConnectionStopsTheMatch) {
  auto listener = protocols::listen_on("127.0.0.1", 0);
  ASSERT_TRUE(listener.ok()) << listener.error();
  const int port = protocols::local_port(*listener);
  std::thread follower([&listener] {
    auto socket = protocols::accept_connection(*listener, 20);
    if (!socket) return;
    protocols::dxp::Channel channel(std::move(*socket));
    auto request = channel.receive(20);
    if (!request || request->kind != protocols::dxp::Channel::Incoming::Kind::message) return;
    (void)channel.send(
        protocols::dxp::GameAccept{"vanishing", protocols::dxp::Acceptance::accepted});
    listener->close();
    // The channel goes out of scope here: the connection closes.
  });
  const MatchRun run =
      match({"international", "--games", "4", "--a", "nodes=100", "--b",
             "dxp:127.0.0.1:" + std::to_string(port), "--tc", "60", "--timeout", "5"});
  follower.join();
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.lines_with("closed the connection"), 1) << run.out;
  EXPECT_EQ(run.lines_with("not played, the match stopped"), 3) << run.out;
  EXPECT_EQ(run.lines_with("could not start"), 0) << run.out;
  EXPECT_NE(run.out.find(": +1 -0 =0"), std::string::npos) << run.out;
}

// A program that never gets ready would forfeit every game: the match stops at once, scores
// nothing and says why (a score of forfeits would read as a won match).
TEST(MatchCommand, AProgramThatNeverStartsStopsTheMatch) {
  const MatchRun run =
      match({"international", "--games", "3", "--a", "nodes=100", "--b", "hub:/bin/false"});
  EXPECT_NE(run.status, 0) << run.out;
  EXPECT_NE(run.err.find("no game was played"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("never got ready: the program exited with status 1"), std::string::npos)
      << run.err;
  EXPECT_EQ(run.lines_with("not played, the match stopped: hub:/bin/false: it never got ready"), 3)
      << run.out;
  EXPECT_EQ(run.lines_with("score "), 0) << run.out;
}

TEST(MatchCommand, AProgramThatNeverAnswersStopsTheMatch) {
  for (const char* silent : {"hub:/bin/cat", "uci:sleep 100"}) {
    const MatchRun run =
        match({std::string(silent).rfind("hub", 0) == 0 ? "english" : "mill", "--games", "2", "--a",
               "nodes=100", "--b", silent, "--timeout", "0.3"});
    EXPECT_NE(run.status, 0) << run.out;
    EXPECT_NE(run.err.find("it never got ready: no answer within 0.30 s"), std::string::npos)
        << run.err;
    EXPECT_EQ(run.lines_with("not played, the match stopped"), 2) << run.out;
  }
}

// One that played, then cannot start again: the first failed start is a forfeit, the second in
// a row stops the match; the games played keep their score.
TEST(MatchCommand, AProgramThatCannotStartTwiceInARowStopsTheMatch) {
  const std::string mark = temp_file("started-once.mark");
  std::remove(mark.c_str());
  const std::string script = temp_file("once.sh", "if [ -e '" + mark + "' ]; then exit 3; fi\n" +
                                                      "touch '" + mark + "'\n" +
                                                      "while read -r line; do\n"
                                                      "  case \"$line\" in\n"
                                                      "    hub) echo 'id name=once'; echo wait ;;\n"
                                                      "    init) echo ready ;;\n"
                                                      "    'go think') exit 4 ;;\n"
                                                      "  esac\n"
                                                      "done\n");
  const MatchRun run = match(
      {"international", "--games", "4", "--a", "nodes=100", "--b", "hub,name=once:sh " + script});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.lines_with("lost: the program exited with status 4"), 1) << run.out;
  EXPECT_EQ(run.lines_with("could not start: the program exited with status 3"), 1) << run.out;
  EXPECT_EQ(run.lines_with("not played, the match stopped: once: it could not start 2 games in a "
                           "row: the program exited with status 3"),
            2)
      << run.out;
  EXPECT_NE(run.out.find("score nodes=100 vs once: +2 -0 =0"), std::string::npos) << run.out;
}

TEST(MatchCommand, AnIllegalMoveLoses) {
  const MatchRun run = match({"international", "--games", "2", "--a", "nodes=100", "--b",
                              fake_hub("illegal", "echo 'done move=32-23'")});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.lines_with("illegal (White) lost: the program's move '32-23'") +
                run.lines_with("illegal (Black) lost: the program's move '32-23'"),
            2)
      << run.out;
}

TEST(MatchCommand, AProgramThatDiesInAGameLosesItAndIsStartedAgain) {
  const MatchRun run = match(
      {"international", "--games", "2", "--a", "nodes=100", "--b", fake_hub("dies", "exit 4")});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.lines_with("lost: the program exited with status 4 while we waited for done"), 2)
      << run.out;
}

TEST(MatchCommand, AProgramTooSlowForTheTimeControlLosesOnTime) {
  const MatchRun run = match({"international", "--games", "2", "--a", "nodes=100", "--b",
                              fake_hub("slow", "sleep 5; echo 'done move=32-28'"), "--time", "0.1",
                              "--grace", "0.2"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.lines_with("lost on time: no answer within 0.30 s"), 2) << run.out;
}

TEST(MatchCommand, OpeningsFromAFileEachPlayedWithBothColours) {
  const std::string openings =
      temp_file("openings.txt", "# two openings\n32-28 19-23\nW:W31-50:B1-20 | 34-30 20-25\n");
  const std::string pdn = temp_file("openings.pdn");
  const MatchRun run =
      match({"international", "--games", "4", "--a", "nodes=100", "--b", "level=3,nodes=100",
             "--openings", openings, "--pdn", pdn, "--max-plies", "20"});
  expect_played_out(run, 4);
  const std::string record = read_file(pdn);
  const std::size_t first = record.find("1. 32-28 19-23");
  ASSERT_NE(first, std::string::npos) << record;
  EXPECT_NE(record.find("1. 32-28 19-23", first + 1), std::string::npos) << record;
  EXPECT_NE(record.find("1. 34-30 20-25"), std::string::npos) << record;
  EXPECT_NE(pdn_check(pdn).find("4 games, all moves legal"), std::string::npos);
}

// Our engine on two Lazy SMP threads (threads=2) against one: the games are played out.
TEST(MatchCommand, OurEngineOnTwoThreads) {
  const MatchRun run = match({"russian", "--games", "2", "--a", "level=10,threads=2,nodes=3000",
                              "--b", "level=10,nodes=3000", "--opening-plies", "2"});
  expect_played_out(run, 2);
}

// Balanced random openings (--balanced): the games are played out, each pair on one opening.
TEST(MatchCommand, BalancedRandomOpenings) {
  const std::string pdn = temp_file("balanced.pdn");
  const MatchRun run = match({"russian", "--games", "2", "--a", "level=10,nodes=2000", "--b",
                              "level=10,nodes=2000", "--opening-plies", "2", "--balanced", "60",
                              "--seed", "7", "--pdn", pdn, "--max-plies", "30"});
  expect_played_out(run, 2);
  EXPECT_NE(pdn_check(pdn).find("2 games, all moves legal"), std::string::npos);
}

TEST(MatchCommand, BadArgumentsAreErrors) {
  const std::string bad_openings = temp_file("bad_openings.txt", "32-28\nnonsense here\n");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"international", "--b", "hub:"}, "no command line after hub:"},
      {{"international", "--a", "telnet:x"}, "unknown player"},
      {{"chess100", "--b", "hub:x"}, "the Hub protocol is for the draughts games"},
      {{"russian", "--b", "dxp:localhost"}, "DXP is for international draughts only"},
      {{"international", "--b", "dxp:localhost", "--concurrency", "2"}, "one game at a time"},
      {{"international", "--b", "dxp:localhost", "--time", "1"}, "not a time per move"},
      {{"international", "--b", "dxp:localhost", "--tc", "90"}, "whole minutes"},
      {{"international", "--b", "dxp:localhost", "--tc", "60+1"}, "no increment"},
      {{"international", "--a", "eval=/nonexistent.weights"}, "cannot read evaluation weights"},
      {{"international", "--a", "hash=0"}, "bad hash size"},
      {{"international", "--a", "threads=0"}, "bad thread count"},
      {{"international", "--a", "threads=two"}, "bad thread count"},
      {{"mill", "--a", "eval=classic"}, "this game has one evaluation"},
      {{"international", "--time", "1", "--tc", "60+1"}, "not both"},
      {{"international", "--tc", "60+"}, "bad clock"},
      {{"international", "--grace", "-1"}, "bad --grace"},
      {{"international", "--openings", bad_openings}, "openings line 2: neither a FEN"},
      {{"international", "--openings", "/nonexistent/file"},
       "cannot read the openings file /nonexistent/file: No such file or directory"},
      {{"international", "--pdn", bad_openings + "/games.pdn"}, bad_openings + "/games.pdn"},
      {{"russian", "--balanced", "-5"}, "bad --balanced '-5'"},
      {{"russian", "--balanced", "level"}, "bad --balanced 'level'"},
      {{"international", "--openings", bad_openings, "--balanced", "60"},
       "--balanced chooses among random openings"},
  };
  for (const auto& [words, message] : cases) {
    const MatchRun run = match(words);
    EXPECT_EQ(run.status, 2) << message;
    EXPECT_TRUE(run.out.empty()) << run.out;
    EXPECT_NE(run.err.find("error: "), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
  }
}

}  // namespace
}  // namespace doska::cli
