// The UCI protocol for chess100 and the mill games: transcripts through the loop, the handshake,
// options, positions, searches that end by themselves or by `stop`, and bad lines.
#include "protocols/uci.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <mutex>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include "games/mill/eval.h"
#include "games/session.h"

namespace doska::protocols {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream reply(text);
  for (std::string line; std::getline(reply, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> run_script(const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out;
  UciOptions options;
  options.hash_megabytes = 4;
  EXPECT_EQ(run_uci(in, out, options), 0);
  return lines_of(out.str());
}

std::vector<std::string> starting_with(const std::vector<std::string>& lines,
                                       const std::string& prefix) {
  std::vector<std::string> found;
  for (const std::string& line : lines)
    if (line.rfind(prefix, 0) == 0) found.push_back(line);
  return found;
}

std::string all(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

std::string best_of(const std::vector<std::string>& lines) {
  auto best = starting_with(lines, "bestmove ");
  if (best.size() != 1) return "(" + std::to_string(best.size()) + " bestmove lines)";
  std::istringstream words(best[0]);
  std::string word, move;
  words >> word >> move;
  return move;
}

bool is_legal(const std::string& game, const std::vector<std::string>& moves,
              const std::string& move) {
  auto session = new_session(game);
  if (!session) return false;
  for (const std::string& m : moves)
    if (!(*session)->play(m)) return false;
  const auto legal = (*session)->legal_moves();
  return std::find(legal.begin(), legal.end(), move) != legal.end();
}

TEST(Uci, Handshake) {
  const auto lines = run_script("uci\nisready\nquit\n");
  ASSERT_GE(lines.size(), 7u) << all(lines);
  EXPECT_EQ(lines[0], "id name doska");
  EXPECT_EQ(lines[1], "id author the doska developers");
  EXPECT_EQ(lines[2],
            "option name UCI_Variant type combo default chess100 var chess100 var mill var "
            "mill-mixed var mill-ceylon");
  EXPECT_EQ(starting_with(lines, "option name Hash type spin").size(), 1u);
  EXPECT_EQ(starting_with(lines, "option name Threads type spin").size(), 1u);
  EXPECT_EQ(
      starting_with(lines, "option name Skill Level type spin default 10 min 1 max 10").size(), 1u);
  EXPECT_EQ(lines[lines.size() - 2], "uciok");
  EXPECT_EQ(lines.back(), "readyok");
}

TEST(Uci, ScoreText) {
  using Kind = search::Score::Kind;
  EXPECT_EQ(uci_score({Kind::cp, 35}), "cp 35");
  EXPECT_EQ(uci_score({Kind::cp, -20}), "cp -20");
  EXPECT_EQ(uci_score({Kind::win, 1}), "mate 1");
  EXPECT_EQ(uci_score({Kind::win, 7}), "mate 4");
  EXPECT_EQ(uci_score({Kind::loss, 4}), "mate -2");
  EXPECT_EQ(uci_score({Kind::draw, 0}), "cp 0");
}

TEST(Uci, GoDepthGivesALegalChess100Move) {
  const auto lines = run_script("uci\nucinewgame\nposition startpos moves e2e4\ngo depth 3\n");
  const std::string move = best_of(lines);
  EXPECT_TRUE(is_legal("chess100", {"e2e4"}, move)) << all(lines);
  const auto infos = starting_with(lines, "info depth ");
  // The engine may answer a short search without reports; any report has every field.
  for (const std::string& info : infos)
    for (const char* field : {" score ", " nodes ", " nps ", " time "})
      EXPECT_NE(info.find(field), std::string::npos) << info;
  EXPECT_TRUE(starting_with(lines, "info string error").empty()) << all(lines);
}

TEST(Uci, FenPositionAndNodes) {
  auto start = new_session("chess100");
  ASSERT_TRUE(start.ok());
  const std::string fen = (*start)->fen();
  const auto lines = run_script("position fen " + fen + " moves e2e4 e9e8\ngo nodes 2000\n");
  EXPECT_TRUE(is_legal("chess100", {"e2e4", "e9e8"}, best_of(lines))) << all(lines);
}

TEST(Uci, SetOptionVariantAndSkill) {
  const auto lines = run_script(
      "setoption name Skill Level value 3\nsetoption name Hash value 8\n"
      "setoption name Threads value 1\nsetoption name UCI_Variant value chess100\n"
      "position startpos\ngo depth 2\n");
  EXPECT_TRUE(is_legal("chess100", {}, best_of(lines))) << all(lines);
  EXPECT_TRUE(starting_with(lines, "info string error").empty()) << all(lines);
}

TEST(Uci, MillVariantNeverCrashes) {
  // The mill games may have no search backend: go then names the problem and gives 0000, or,
  // with one, a legal move.
  const auto lines =
      run_script("setoption name UCI_Variant value mill\nposition startpos moves d6\ngo depth 2\n");
  const std::string move = best_of(lines);
  if (move == "0000")
    EXPECT_EQ(starting_with(lines, "info string").size(), 1u) << all(lines);
  else
    EXPECT_TRUE(is_legal("mill", {"d6"}, move)) << all(lines);
}

// OwnBook (the mill games' opening book, docs/mill.md): listed, on by default, set by true or
// false; with it off the engine searches the book position.
TEST(Uci, OwnBookOption) {
  auto lines = run_script("uci\n");
  EXPECT_EQ(starting_with(lines, "option name OwnBook type check default true").size(), 1u)
      << all(lines);
  lines = run_script(
      "setoption name UCI_Variant value mill\nsetoption name OwnBook value false\n"
      "position startpos\ngo depth 2\n");
  EXPECT_TRUE(is_legal("mill", {}, best_of(lines))) << all(lines);
  EXPECT_TRUE(starting_with(lines, "info string error").empty()) << all(lines);
  lines = run_script("setoption name OwnBook value maybe\n");
  EXPECT_EQ(starting_with(lines, "info string error: option OwnBook: 'maybe' is not true or false")
                .size(),
            1u)
      << all(lines);
}

// EvalFile: the evaluation's weights, "builtin" by default or a weights file of the variant set;
// a file that does not read, or is for another game, is named in an error and leaves the engine
// searching with what it had.
TEST(Uci, EvalFileOption) {
  auto lines = run_script("uci\n");
  EXPECT_EQ(starting_with(lines, "option name EvalFile type string default builtin").size(), 1u)
      << all(lines);
  const std::string dir = ::testing::TempDir();
  const std::string mill = dir + "/uci_eval_mill.txt", ceylon = dir + "/uci_eval_ceylon.txt";
  {
    std::ofstream out(mill);
    out << mill::format_weights(**mill::builtin_weights("mill"), "");
    std::ofstream other(ceylon);
    other << mill::format_weights(**mill::builtin_weights("mill-ceylon"), "");
  }
  lines = run_script("setoption name UCI_Variant value mill\nsetoption name EvalFile value " +
                     mill + "\nposition startpos moves d6\ngo depth 3\n");
  EXPECT_TRUE(starting_with(lines, "info string error").empty()) << all(lines);
  EXPECT_TRUE(is_legal("mill", {"d6"}, best_of(lines))) << all(lines);
  lines = run_script("setoption name UCI_Variant value mill\nsetoption name EvalFile value " +
                     ceylon + "\n");
  EXPECT_EQ(starting_with(lines, "info string error: option EvalFile:").size(), 1u) << all(lines);
  lines = run_script(
      "setoption name UCI_Variant value mill\nsetoption name EvalFile value /no/such/file\n"
      "position startpos\ngo depth 2\n");
  EXPECT_EQ(starting_with(lines, "info string error: option EvalFile:").size(), 1u) << all(lines);
  EXPECT_TRUE(is_legal("mill", {}, best_of(lines))) << all(lines);
}

// A weights file is for the variant it was given with: switching UCI_Variant searches the new game
// with its own weights (no error), and switching back takes the file up again, announced.
TEST(Uci, EvalFileIsKeptPerVariant) {
  const std::string mill = ::testing::TempDir() + "/uci_eval_per_variant.txt";
  {
    std::ofstream out(mill);
    out << mill::format_weights(**mill::builtin_weights("mill"), "");
  }
  const auto lines =
      run_script("setoption name UCI_Variant value mill\nsetoption name EvalFile value " + mill +
                 "\nsetoption name UCI_Variant value chess100\nposition startpos\ngo depth 2\n"
                 "setoption name UCI_Variant value mill\nposition startpos moves d6\ngo depth 2\n");
  EXPECT_TRUE(starting_with(lines, "info string error").empty()) << all(lines);
  EXPECT_EQ(starting_with(lines, "info string EvalFile " + mill + " for mill").size(), 2u)
      << all(lines);
  const auto moves = starting_with(lines, "bestmove ");
  ASSERT_EQ(moves.size(), 2u) << all(lines);
  EXPECT_NE(moves[0], "bestmove 0000") << all(lines);
  EXPECT_TRUE(is_legal("mill", {"d6"}, moves[1].substr(9, moves[1].find(' ', 9) - 9)))
      << all(lines);
  // builtin forgets the file: switching back and forth announces nothing more.
  const auto reset = run_script(
      "setoption name UCI_Variant value mill\nsetoption name EvalFile value " + mill +
      "\nsetoption name EvalFile value builtin\nsetoption name UCI_Variant value chess100\n"
      "setoption name UCI_Variant value mill\n");
  EXPECT_EQ(starting_with(reset, "info string EvalFile " + mill).size(), 1u) << all(reset);
  EXPECT_TRUE(starting_with(reset, "info string error").empty()) << all(reset);
}

TEST(Uci, MillMovesAreCheckedByTheRules) {
  const auto lines =
      run_script("setoption name UCI_Variant value mill\nposition startpos moves d6 z9\n");
  EXPECT_EQ(starting_with(lines, "info string error: moves: move 2").size(), 1u) << all(lines);
}

TEST(Uci, BadLinesAreAnsweredAndIgnored) {
  const auto lines = run_script(
      "frobnicate\nsetoption name UCI_Variant value checkers\nsetoption name Hash value lots\n"
      "setoption name Nothing value 1\nposition\nposition startpos moves e2e5\n"
      "position fen nonsense\ngo depth x\nsetoption\n\nisready\n");
  EXPECT_EQ(starting_with(lines, "info string error: ").size(), 9u) << all(lines);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "readyok");
  // After a failed position, go still answers.
  const auto after = run_script("position startpos moves e2e5\ngo depth 1\n");
  EXPECT_EQ(best_of(after), "0000") << all(after);
}

// An input stream fed line by line from the test, so that `stop` and `isready` arrive while
// the engine thinks.
class LineFeed : public std::streambuf {
 public:
  void push(const std::string& line) {
    std::lock_guard lock(mutex_);
    pending_ += line + "\n";
    ready_.notify_all();
  }
  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    ready_.notify_all();
  }

 protected:
  int_type underflow() override {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !pending_.empty() || closed_; });
    if (pending_.empty()) return traits_type::eof();
    current_ = pending_;
    pending_.clear();
    setg(current_.data(), current_.data(), current_.data() + current_.size());
    return traits_type::to_int_type(current_[0]);
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::string pending_, current_;
  bool closed_ = false;
};

// An output that the test can read while the session writes.
class SharedOut : public std::streambuf {
 public:
  std::string text() {
    std::lock_guard lock(mutex_);
    return text_;
  }
  bool wait_for(const std::string& piece, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
      if (text().find(piece) != std::string::npos) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return false;
  }

 protected:
  int_type overflow(int_type c) override {
    std::lock_guard lock(mutex_);
    if (c != traits_type::eof()) text_ += static_cast<char>(c);
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard lock(mutex_);
    text_.append(s, static_cast<std::size_t>(n));
    return n;
  }

 private:
  std::mutex mutex_;
  std::string text_;
};

TEST(Uci, InfiniteSearchAnswersIsreadyAndStops) {
  LineFeed feed;
  SharedOut shared;
  std::istream in(&feed);
  std::ostream out(&shared);
  std::thread loop([&] { run_uci(in, out, UciOptions{4, nullptr}); });
  feed.push("position startpos");
  feed.push("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(shared.text().find("bestmove"), std::string::npos) << shared.text();
  feed.push("isready");
  // Bounds against a hang on a loaded machine, not measures.
  EXPECT_TRUE(shared.wait_for("readyok", std::chrono::seconds(60))) << shared.text();
  EXPECT_EQ(shared.text().find("bestmove"), std::string::npos) << shared.text();
  feed.push("position startpos moves e2e4");  // refused while searching
  feed.push("stop");
  EXPECT_TRUE(shared.wait_for("bestmove", std::chrono::seconds(60))) << shared.text();
  feed.push("quit");
  feed.close();
  loop.join();
  const auto lines = lines_of(shared.text());
  EXPECT_EQ(starting_with(lines, "info string error: the engine is searching").size(), 1u)
      << shared.text();
  EXPECT_TRUE(is_legal("chess100", {}, best_of(lines))) << shared.text();
}

TEST(Uci, ClockGivesAMove) {
  const auto lines =
      run_script("position startpos moves e2e4\ngo wtime 1000 btime 300 winc 0 binc 0\n");
  EXPECT_TRUE(is_legal("chess100", {"e2e4"}, best_of(lines))) << all(lines);
}

}  // namespace
}  // namespace doska::protocols
