// The command line is a contract that other tools call ("doska perft", "moves", "fen",
// "pdn check"): these tests run the real binary and check its output, exit status and errors.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include "support/doska_command.h"

namespace {

using doska::test::CommandRun;
using doska::test::expect_error;
using doska::test::file_text;

CommandRun doska(const std::vector<std::string>& args, const std::string& input = "") {
  return doska::test::run_doska(args, input);
}

TEST(CliPerft, PrintsOneLinePerDepth) {
  CommandRun run = doska({"perft", "international", "4"});
  ASSERT_EQ(run.status, 0) << run.err;
  std::istringstream lines(run.out);
  std::string line;
  const char* expected[] = {"depth 1 nodes 9 ", "depth 2 nodes 81 ", "depth 3 nodes 658 ",
                            "depth 4 nodes 4265 "};
  for (const char* prefix : expected) {
    ASSERT_TRUE(std::getline(lines, line));
    EXPECT_EQ(line.rfind(prefix, 0), 0u) << line;
  }
  EXPECT_FALSE(std::getline(lines, line));
}

TEST(CliPerft, FenMovesAndDivide) {
  CommandRun run = doska({"perft", "russian", "2", "--moves", "c3-d4 f6-g5", "--divide"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("total "), std::string::npos);
  CommandRun english = doska({"perft", "english", "3", "--fen", "B:W21-32:B1-12"});
  EXPECT_NE(english.out.find("depth 3 nodes 302 "), std::string::npos) << english.out;
}

TEST(CliMoves, ListsTheLegalMovesOnly) {
  CommandRun run = doska({"moves", "russian"});
  ASSERT_EQ(run.status, 0);
  EXPECT_EQ(run.out, "a3-b4\nc3-b4\nc3-d4\ne3-d4\ne3-f4\ng3-f4\ng3-h4\n");
  CommandRun capture = doska({"moves", "english", "--moves", "11-15 22-18"});
  EXPECT_EQ(capture.out, "15x22\n");
}

TEST(CliFen, PrintsThePositionAfterTheMoves) {
  CommandRun run = doska({"fen", "english", "--moves", "11-15 22-18 15x22"});
  ASSERT_EQ(run.status, 0);
  EXPECT_EQ(run.out, "W:W21,23-32:B1-10,12,22\n");
  CommandRun start = doska({"fen", "international", "--moves", ""});
  EXPECT_EQ(start.out, "W:W31-50:B1-20\n");
}

TEST(CliErrors, BadInputGivesStatusTwoAndOneErrorLine) {
  expect_error(doska({"perft", "checkers", "3"}), "unknown game");
  expect_error(doska({"perft", "international", "0"}), "bad depth");
  expect_error(doska({"perft", "international", "x"}), "bad depth");
  expect_error(doska({"perft", "international"}), "perft needs");
  expect_error(doska({"moves", "international", "--fen", "W:W31-50:B1-20:X"}), "FEN");
  expect_error(doska({"moves", "russian", "--fen", "Q:Wa1"}), "side to move");
  expect_error(doska({"moves", "russian", "--moves", "c3-c4"}), "not a square");
  expect_error(doska({"moves", "russian", "--moves", "c3-e5"}), "illegal move");
  expect_error(doska({"fen", "international", "--moves", "32-28 19-23 33-29"}),
               "capture is compulsory");
  expect_error(doska({"moves", "international", "--bogus"}), "unknown option");
  expect_error(doska({"frobnicate"}), "unknown command");
  expect_error(doska({"pdn", "check", "/nonexistent/file.pdn"}),
               "cannot read /nonexistent/file.pdn: No such file or directory");
  expect_error(doska({"selfplay", "english", "--games", "1", "--nodes", "100", "--out",
                      "/nonexistent/x.txt"}),
               "cannot write /nonexistent/x.txt");
  expect_error(doska({"rescore", "english", "--out", "/nonexistent/x"}), "rescore needs --data");
  expect_error(doska({"rescore", "english", "--data", "x.txt"}), "rescore needs --out");
  expect_error(doska({"rescore", "english", "--data", "/nonexistent/in.txt", "--out",
                      "/nonexistent/out.txt"}),
               "cannot read /nonexistent/in.txt");
  expect_error(doska({"rescore", "english", "--data", "a", "--out", "b", "--every", "0"}),
               "bad --every");
  expect_error(doska({"rescore", "english", "--data", "a", "--out", "b", "--offset", "-1"}),
               "bad --offset");
}

// A --db that is neither an SQLite file that can be made nor a PostgreSQL server that answers: one
// line that names it (without its password), and the server does not start.
TEST(CliErrors, ServeNamesADatabaseItCannotOpen) {
  expect_error(
      doska({"serve", "--port", "0", "--db", "postgresql://doska:secret@127.0.0.1:1/games"}),
      "cannot open the database postgresql://doska:***@127.0.0.1:1/games");
  expect_error(doska({"serve", "--port", "0", "--db", "postgresql://doska@127.0.0.1:x/games"}),
               "\"x\"");
  expect_error(doska({"serve", "--port", "0", "--db", "/proc/no/such/dir/games.db"}),
               "/proc/no/such/dir");
  const CommandRun run =
      doska({"serve", "--port", "0", "--db", "postgresql://doska:secret@127.0.0.1:1/games"});
  EXPECT_EQ(run.err.find("secret"), std::string::npos) << run.err;
}

// --trusted-proxy takes an address or a network (repeatable); a bad one is named and the server
// does not start.
TEST(CliErrors, ServeNamesABadTrustedProxy) {
  const std::string db = doska::test::scratch_dir() + "cli_proxy.db";
  expect_error(doska({"serve", "--port", "0", "--db", db, "--trusted-proxy", "localhost"}),
               "bad trusted proxy 'localhost'");
  expect_error(doska({"serve", "--port", "0", "--db", db, "--trusted-proxy", "127.0.0.1",
                      "--trusted-proxy", "10.0.0.0/40"}),
               "bad trusted proxy '10.0.0.0/40': the prefix after '/' must be 0 to 32");
  expect_error(doska({"serve", "--port", "0", "--db", db, "--trusted-proxy"}),
               "option --trusted-proxy needs a value");
}

TEST(CliErrors, SearchSwitchesAndBenchGame) {
  expect_error(doska({"bench", "--reductions", "maybe"}), "bad --reductions");
  expect_error(doska({"bench", "--game", "checkers"}), "no bench position for game");
  expect_error(doska({"analyze", "chess100", "--depth", "2", "--reductions", "1"}),
               "bad --reductions");
  expect_error(doska({"match", "chess100", "--a", "reductions=no"}), "bad reductions");
  expect_error(doska({"bench", "--null-move", "x"}), "bad --null-move");
  expect_error(doska({"match", "chess100", "--b", "null-move=1"}), "bad null-move");
  expect_error(doska({"bench", "--probcut", "yes"}), "bad --probcut");
  expect_error(doska({"match", "international", "--a", "probcut=0"}), "bad probcut");
  expect_error(doska({"bench", "--futility", "1"}), "bad --futility");
  expect_error(doska({"analyze", "mill", "--depth", "2", "--egdb-memory", "lots"}),
               "bad --egdb-memory 'lots'");
  expect_error(doska({"uci", "--egdb-memory", "-1"}), "bad --egdb-memory");
  expect_error(doska({"selfplay", "mill", "--out", "/nonexistent/x", "--egdb-memory", "9999"}),
               "bad --egdb-memory");
  expect_error(doska({"match", "mill", "--a", "egdb-memory=x"}), "bad egdb-memory");
  expect_error(doska({"match", "english", "--a", "futility=no"}), "bad futility");
  CommandRun run = doska({"analyze", "chess100", "--depth", "3", "--reductions", "off"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("bestmove "), std::string::npos) << run.out;
}

TEST(CliErrors, AmbiguousMoveNamesTheChoices) {
  // Two captures from 30 to 14 that take different pieces: written with their paths
  // (RULINGS §1.1), and "30x14" alone does not say which.
  const std::string fen = "W:W30:B17,18,25,26";
  CommandRun run = doska({"moves", "english", "--fen", fen});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "30x21x14\n30x23x14\n");
  expect_error(doska({"fen", "english", "--fen", fen, "--moves", "30x14"}), "ambiguous move");
  CommandRun path = doska({"fen", "english", "--fen", fen, "--moves", "30x23x14"});
  EXPECT_EQ(path.out, "B:W14:B17,25\n");
}

TEST(CliPlay, TwoPlayersAtOneKeyboard) {
  CommandRun run = doska({"play", "english"}, "11-15\n22-18\n15-19\n15x22\nresign\nquit\n");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("error: illegal move '15-19'"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Game over: White resigned"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Result 0-1"), std::string::npos);
}

TEST(CliPlay, EndsQuietlyAtEndOfInput) {
  CommandRun run = doska({"play", "international"}, "32-28\n");
  EXPECT_EQ(run.status, 0);
}

// `doska book build` for a draughts game: the book written, a second run keeping it whole, the
// options checked, a damaged book at the path refused by name.
TEST(CliBook, DraughtsBookBuildsAndGoesOn) {
  const std::string out = doska::test::scratch_dir() + "cli_book_english.txt";
  std::remove(out.c_str());
  CommandRun run = doska({"book", "build", "english", "--plies", "1", "--follow", "2", "--depth",
                          "2", "--threads", "1", "--out", out, "--quiet"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("english: 15 positions in the book, 15 searched to depth 2"),
            std::string::npos)
      << run.out;
  const std::string text = file_text(out);
  EXPECT_NE(text.find("--plies 1 --follow 2 --depth 2"), std::string::npos) << text;
  EXPECT_NE(text.find("\ngame english\n"), std::string::npos) << text;
  run = doska({"book", "build", "english", "--plies", "1", "--follow", "2", "--depth", "2", "--out",
               out, "--quiet"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("15 positions in the book, 0 searched"), std::string::npos) << run.out;
  EXPECT_EQ(file_text(out), text);

  // Deeper under a line: added to the book, whose first lines then name both commands.
  const std::vector<std::string> line = {"book",    "build", "english",  "--moves", "12-16 21-17",
                                         "--plies", "0",     "--follow", "2",       "--depth",
                                         "3",       "--out", out,        "--quiet"};
  run = doska(line);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("searched to depth 3"), std::string::npos) << run.out;
  const std::string deeper = file_text(out);
  EXPECT_EQ(deeper.rfind("# Opening book of english: `doska book build english --plies 1 --follow "
                         "2 --depth 2` (docs/engine.md).\n# then `doska book build english "
                         "--moves \"12-16 21-17\" --plies 0 --follow 2 --depth 3`.\n",
                         0),
            0u)
      << deeper;
  run = doska(line);  // again: nothing searched, the commands not repeated
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find(", 0 searched"), std::string::npos) << run.out;
  EXPECT_EQ(file_text(out), deeper);
  expect_error(doska({"book", "build", "english", "--moves", "12-16 21-18", "--out", out}),
               "--moves: move 2 (21-18): illegal move");
  // Two lines at once, named in the header as given (spaces tidied).
  run = doska({"book", "build", "english", "--moves", " 9-13  22-18 ,10-14 23-19", "--plies", "0",
               "--follow", "2", "--depth", "3", "--out", out, "--quiet"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(file_text(out).find("# then `doska book build english --moves \"9-13 22-18, 10-14 "
                                "23-19\" --plies 0 --follow 2 --depth 3`.\n"),
            std::string::npos)
      << file_text(out);
  // A build without a line over that book keeps its entries, and its header keeps every command.
  const std::string before = file_text(out);
  run =
      doska({"book", "build", "english", "--plies", "0", "--depth", "2", "--out", out, "--quiet"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find(", 0 searched"), std::string::npos) << run.out;
  const std::string after = file_text(out);
  const std::string commands = before.substr(0, before.find("\n# then `doska book build english "
                                                            "--moves \"9-13 22-18, 10-14"));
  EXPECT_EQ(after.rfind(commands, 0), 0u) << after;
  EXPECT_NE(after.find("23-19\" --plies 0 --follow 2 --depth 3`.\n# then `doska book build "
                       "english --plies 0 --depth 2`.\n# "),
            std::string::npos)
      << after;
  EXPECT_EQ(after.substr(after.find("\ngame english\n")),
            before.substr(before.find("\ngame english\n")));
  expect_error(doska({"book", "build", "english", "--moves", "9-13 22-18,, 10-14", "--out", out}),
               "--moves: line 2 of 3 has no move");
  expect_error(
      doska({"book", "build", "english", "--moves", "9-13 22-18, 10-14 21-18", "--out", out}),
      "--moves, line 2: move 2 (21-18): illegal move");
  expect_error(doska({"book", "build", "mill", "--moves", "d6", "--out", out}),
               "--moves is for the draughts games");

  expect_error(doska({"book", "build", "english", "--plies", "2", "--follow", "2", "--out", out}),
               "--follow must be above --plies");
  expect_error(doska({"book", "build", "mill", "--follow", "4", "--out", out}),
               "--follow is for the draughts games");
  expect_error(doska({"book", "build", "chess100"}), "no opening book for 'chess100'");
  std::ofstream(out, std::ios::binary) << "game english\nB:W21-32:B1-12 21-17 0 5\n";
  expect_error(doska({"book", "build", "english", "--plies", "0", "--out", out}),
               "line 2: move '21-17'");
  // Bad options are named before the book at the path is read.
  expect_error(doska({"book", "build", "english", "--plies", "2", "--follow", "2", "--out", out}),
               "--follow must be above --plies");
  run = doska({"book", "build", "english", "--plies", "0", "--depth", "2", "--out", out, "--fresh",
               "--quiet"});
  EXPECT_EQ(run.status, 0) << run.err;
  std::remove(out.c_str());
}

// `doska book build mill` over an earlier book: its entries kept, and every command named.
TEST(CliBook, MillBookNamesEveryCommand) {
  const std::string out = doska::test::scratch_dir() + "cli_book_mill.txt";
  std::remove(out.c_str());
  CommandRun run = doska({"book", "build", "mill", "--plies", "0", "--depth", "2", "--threads", "1",
                          "--out", out, "--quiet"});
  ASSERT_EQ(run.status, 0) << run.err;
  run = doska({"book", "build", "mill", "--plies", "1", "--depth", "2", "--threads", "1", "--out",
               out, "--quiet"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("searched to depth 2"), std::string::npos) << run.out;
  const std::string text = file_text(out);
  EXPECT_EQ(text.rfind("# Opening book of mill: `doska book build mill --plies 0 --depth 2` "
                       "(docs/mill.md).\n# then `doska book build mill --plies 1 --depth 2`.\n# ",
                       0),
            0u)
      << text;
  run = doska({"book", "build", "mill", "--plies", "1", "--depth", "2", "--out", out, "--quiet"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(file_text(out), text);  // the same command again: nothing searched, named once
  std::remove(out.c_str());
}

// `doska train --net`: the layer sizes and the options that belong to the pattern weights are
// checked before any data is read.
TEST(CliTrain, NetworkOptionsAreChecked) {
  expect_error(doska({"train", "english", "--data", "x.txt", "--out", "y.net", "--net", "48"}),
               "--net sizes");
  expect_error(doska({"train", "english", "--data", "x.txt", "--out", "y.net", "--net", "a,b"}),
               "--net takes");
  expect_error(doska({"train", "mill", "--data", "x.txt", "--out", "y.net", "--net", "64"}),
               "draughts");
  expect_error(doska({"train", "english", "--data", "x.txt", "--out", "y.net", "--net", "64",
                      "--keep-material"}),
               "pattern weights");
  expect_error(doska({"train", "english", "--data", "x.txt", "--out", "y.w", "--threads", "2"}),
               "--net");
  expect_error(doska({"train", "english", "--data", "/nonexistent/x.txt", "--out", "y.net", "--net",
                      "64,16"}),
               "/nonexistent/x.txt");
  expect_error(doska({"analyze", "english", "--depth", "2", "--eval", "/nonexistent/e.net"}),
               "/nonexistent/e.net");
}

}  // namespace
