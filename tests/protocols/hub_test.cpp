// The Hub protocol (version 2, as Scan 3 speaks it): transcripts through the loop, line syntax,
// moves by captured set in any order, bad lines answered by `error`.
#include "protocols/hub.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "games/draughts/book.h"
#include "games/draughts/notation.h"
#include "games/draughts/rules.h"
#include "protocols/draughts_fields.h"

namespace doska::protocols {
namespace {

std::vector<std::string> run_script(const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out;
  HubOptions options;
  options.hash_megabytes = 4;
  options.default_move_time = 0.05;
  EXPECT_EQ(run_hub(in, out, options), 0);
  std::vector<std::string> lines;
  std::istringstream reply(out.str());
  for (std::string line; std::getline(reply, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> starting_with(const std::vector<std::string>& lines,
                                       const std::string& prefix) {
  std::vector<std::string> found;
  for (const std::string& line : lines)
    if (line.rfind(prefix, 0) == 0) found.push_back(line);
  return found;
}

std::ptrdiff_t index_of(const std::vector<std::string>& lines, const std::string& prefix) {
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind(prefix, 0) == 0) return static_cast<std::ptrdiff_t>(i);
  return -1;
}

// The value of `name` in a reply line.
std::string value_of(const std::string& line, const std::string& name) {
  auto parsed = parse_hub_line(line);
  if (!parsed) return "(unreadable: " + parsed.error() + ")";
  const HubArgument* arg = parsed->find(name);
  return arg ? arg->value : "";
}

// Whether a Hub move is legal in `fen` of `game`.
bool is_legal_hub_move(const draughts::Rules& rules, const std::string& fen,
                       const std::string& move) {
  auto pos = draughts::parse_fen(rules, fen);
  if (!pos) return false;
  auto field = parse_field_move(rules, move);
  return field && find_move(rules, *pos, *field).ok();
}

std::string all(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

TEST(HubLine, NamesValuesQuotesAndFlags) {
  auto line = parse_hub_line(
      "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"");
  ASSERT_TRUE(line.ok()) << line.error();
  EXPECT_EQ(line->command, "pos");
  ASSERT_EQ(line->arguments.size(), 2u);
  EXPECT_EQ(line->arguments[0].name, "pos");
  EXPECT_EQ(line->arguments[1].value, "32-28 19-23");

  auto go = parse_hub_line("  go   think  ");
  ASSERT_TRUE(go.ok());
  EXPECT_EQ(go->command, "go");
  ASSERT_EQ(go->arguments.size(), 1u);
  EXPECT_EQ(go->arguments[0].name, "think");
  EXPECT_FALSE(go->arguments[0].has_value);

  auto spaced = parse_hub_line("set-param name = variant value=\"\"");
  ASSERT_TRUE(spaced.ok()) << spaced.error();
  EXPECT_EQ(spaced->find("name")->value, "variant");
  EXPECT_TRUE(spaced->find("value")->has_value);
  EXPECT_EQ(spaced->find("value")->value, "");
}

TEST(HubLine, MalformedLinesAreErrors) {
  EXPECT_FALSE(parse_hub_line("").ok());
  EXPECT_FALSE(parse_hub_line("pos moves=\"32-28").ok());  // no closing quote
  EXPECT_FALSE(parse_hub_line("level depth=").ok());       // no value
  EXPECT_FALSE(parse_hub_line("=x").ok());
  EXPECT_FALSE(parse_hub_line("level depth==3").ok());
}

TEST(HubLine, ValuesAreQuotedOnlyWhenTheyMustBe) {
  EXPECT_EQ(hub_pair("move", "32-28"), "move=32-28");
  EXPECT_EQ(hub_pair("pv", "32-28 19-23"), "pv=\"32-28 19-23\"");
  EXPECT_EQ(hub_pair("message", ""), "message=\"\"");
  EXPECT_EQ(hub_pair("message", "a=b"), "message=\"a=b\"");
}

TEST(HubFields, PositionStringRoundTrip) {
  const draughts::Rules& rules = draughts::kInternational;
  const std::string start = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
  auto pos = parse_board_string(rules, start, kHubLetters);
  ASSERT_TRUE(pos.ok()) << pos.error();
  EXPECT_EQ(*pos, draughts::start_position(rules));
  EXPECT_EQ(board_string(rules, *pos, kHubLetters), start);

  std::string board_with_kings(51, 'e');
  board_with_kings[0] = 'B';
  board_with_kings[46] = 'W';
  board_with_kings[50] = 'B';
  auto kings = parse_board_string(rules, board_with_kings, kHubLetters);
  ASSERT_TRUE(kings.ok()) << kings.error();
  EXPECT_EQ(draughts::to_fen(rules, *kings), "B:WK46:BK50");

  // English: 32 squares, Black to move first.
  const draughts::Rules& english = draughts::kEnglish;
  const std::string board = board_string(english, draughts::start_position(english), kHubLetters);
  EXPECT_EQ(board, "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
}

TEST(HubFields, BadPositionStrings) {
  const draughts::Rules& rules = draughts::kInternational;
  EXPECT_FALSE(parse_board_string(rules, "W", kHubLetters).ok());
  EXPECT_FALSE(parse_board_string(rules, "X" + std::string(50, 'e'), kHubLetters).ok());
  EXPECT_FALSE(parse_board_string(rules, "W" + std::string(49, 'e') + "q", kHubLetters).ok());
  // A white man on White's promotion row would be a king.
  EXPECT_FALSE(parse_board_string(rules, "Ww" + std::string(49, 'e'), kHubLetters).ok());
}

TEST(HubFields, CapturedSquaresInAnyOrder) {
  const draughts::Rules& rules = draughts::kInternational;
  auto pos = draughts::parse_fen(rules, "W:W38:B32,22,5");
  ASSERT_TRUE(pos.ok());
  for (const char* text : {"38x18x32x22", "38x18x22x32", "38x18"}) {
    auto field = parse_field_move(rules, text);
    ASSERT_TRUE(field.ok()) << text;
    auto move = find_move(rules, *pos, *field);
    ASSERT_TRUE(move.ok()) << text << ": " << move.error();
    EXPECT_EQ(field_move_text(rules, field_move(rules, *move)), "38x18x22x32") << text;
  }
  auto wrong = parse_field_move(rules, "38x18x32x23");
  ASSERT_TRUE(wrong.ok());
  EXPECT_FALSE(find_move(rules, *pos, *wrong).ok());
  EXPECT_FALSE(parse_field_move(rules, "38").ok());
  EXPECT_FALSE(parse_field_move(rules, "38-51").ok());

  // Russian squares are named as in our notation.
  auto russian = draughts::parse_fen(draughts::kRussian, "W:Wc3:Bd4,f6,h8");
  ASSERT_TRUE(russian.ok());
  auto field = parse_field_move(draughts::kRussian, "c3xg7xf6xd4");
  ASSERT_TRUE(field.ok());
  EXPECT_TRUE(find_move(draughts::kRussian, *russian, *field).ok());
}

TEST(Hub, InitialisationDeclaresTheParameters) {
  const auto lines = run_script("hub\nset-param name=variant value=russian\ninit\nping\n");
  ASSERT_GE(lines.size(), 4u) << all(lines);
  EXPECT_EQ(lines[0].rfind("id name=doska version=", 0), 0u) << lines[0];
  const auto variant = starting_with(lines, "param name=variant");
  ASSERT_EQ(variant.size(), 1u);
  EXPECT_EQ(variant[0],
            "param name=variant value=international type=enum values=\"international russian "
            "english international-giveaway russian-giveaway english-giveaway\"");
  EXPECT_EQ(starting_with(lines, "param ").size(), 6u);
  EXPECT_EQ(starting_with(lines, "param name=book").size(), 1u);
  EXPECT_EQ(starting_with(lines, "param name=book")[0], "param name=book value=true type=bool");
  const auto wait = index_of(lines, "wait");
  const auto ready = index_of(lines, "ready");
  ASSERT_GE(wait, 0);
  EXPECT_GT(ready, wait);
  EXPECT_EQ(lines.back(), "pong");
  EXPECT_TRUE(starting_with(lines, "error").empty()) << all(lines);
}

// The opening book (data/book/<game>.txt, where the game has one) can be turned off; a bad value
// is named.
TEST(Hub, BookParameter) {
  const auto lines = run_script(
      "hub\nset-param name=book value=false\nset-param name=book value=maybe\ninit\n"
      "level depth=2\ngo think\nnew-game\n");
  const auto errors = starting_with(lines, "error");
  ASSERT_EQ(errors.size(), 1u) << all(lines);
  EXPECT_NE(errors[0].find("parameter book: 'maybe' is not true or false"), std::string::npos)
      << errors[0];
  EXPECT_EQ(starting_with(lines, "done move=").size(), 1u) << all(lines);
}

// After 32-28 19-23 28x19, a depth-4 `go think`: Black must take back.
const std::string kThinkAfterThreePlies =
    "init\n"
    "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23 28x19x23\"\n"
    "level depth=4\ngo think\nnew-game\n";
const std::string kAfterThreePlies = "B:W19,31,33-50:B1-18,20";

// A search (the book off: the position is in the international book) stops at the depth asked.
TEST(Hub, ThinkWithADepthLimit) {
  const auto lines = run_script("hub\nset-param name=book value=false\n" + kThinkAfterThreePlies);
  EXPECT_TRUE(starting_with(lines, "error").empty()) << all(lines);
  const auto infos = starting_with(lines, "info ");
  ASSERT_FALSE(infos.empty()) << all(lines);
  EXPECT_EQ(value_of(infos.back(), "depth"), "4");
  EXPECT_FALSE(value_of(infos.back(), "score").empty());
  EXPECT_FALSE(value_of(infos.back(), "pv").empty());
  const auto done = starting_with(lines, "done");
  ASSERT_EQ(done.size(), 1u) << all(lines);
  const std::string move = value_of(done[0], "move");
  EXPECT_TRUE(is_legal_hub_move(draughts::kInternational, kAfterThreePlies, move)) << done[0];
  EXPECT_NE(move.find('x'), std::string::npos) << done[0];
  EXPECT_FALSE(value_of(done[0], "ponder").empty()) << done[0];
}

// With the book on (the default), a position of the international book (data/book/
// international.txt: every position of three plies) is answered by the book's move at the depth
// that chose it, whatever the level's limit, with no search.
TEST(Hub, ThinkPlaysTheBooksMove) {
  const auto lines = run_script("hub\n" + kThinkAfterThreePlies);
  const auto infos = starting_with(lines, "info ");
  ASSERT_FALSE(infos.empty()) << all(lines);
  EXPECT_EQ(value_of(infos.back(), "depth"), "21") << infos.back();
  const auto done = starting_with(lines, "done");
  ASSERT_EQ(done.size(), 1u) << all(lines);
  const auto book = draughts::builtin_book(draughts::kInternational.id);
  ASSERT_TRUE(book && *book);
  const auto pos = draughts::parse_fen(draughts::kInternational, kAfterThreePlies);
  ASSERT_TRUE(pos);
  const auto hit = (*book)->probe(*pos);
  ASSERT_TRUE(hit);
  const auto field = parse_field_move(draughts::kInternational, value_of(done[0], "move"));
  ASSERT_TRUE(field) << done[0];
  const auto played = find_move(draughts::kInternational, *pos, *field);
  ASSERT_TRUE(played.ok()) << done[0];
  EXPECT_EQ(*played, hit->move) << done[0];
}

TEST(Hub, ThinkWithANodeLimit) {
  const auto lines = run_script("pos\nlevel nodes=3000\ngo think\nnew-game\n");
  const auto done = starting_with(lines, "done");
  ASSERT_EQ(done.size(), 1u) << all(lines);
  EXPECT_TRUE(
      is_legal_hub_move(draughts::kInternational, "W:W31-50:B1-20", value_of(done[0], "move")))
      << done[0];
}

TEST(Hub, ThinkWithoutALevelUsesTheDefaultTime) {
  const auto lines = run_script("pos\ngo think\nnew-game\n");
  EXPECT_EQ(starting_with(lines, "done move=").size(), 1u) << all(lines);
}

TEST(Hub, StopEndsAnAnalysis) {
  const auto lines = run_script("pos\ngo analyze\nping\nlevel depth=3\nstop\nping\n");
  const auto pong = index_of(lines, "pong");
  const auto done = index_of(lines, "done");
  ASSERT_GE(pong, 0) << all(lines);
  ASSERT_GT(done, pong) << all(lines);
  EXPECT_FALSE(value_of(lines[static_cast<std::size_t>(done)], "move").empty());
  // Only ping, stop and ponder-hit are for a running search; `level` was refused.
  const auto errors = starting_with(lines, "error");
  ASSERT_EQ(errors.size(), 1u) << all(lines);
  EXPECT_NE(errors[0].find("searching"), std::string::npos) << errors[0];
  EXPECT_EQ(lines.back(), "pong");
}

TEST(Hub, PingIsAnsweredWhileThinking) {
  // An endless think: only `stop` ends it, so the pong must come first.
  const auto lines = run_script("pos\nlevel infinite\ngo think\nping\nping\nstop\n");
  ASSERT_EQ(starting_with(lines, "pong").size(), 2u) << all(lines);
  const auto done = index_of(lines, "done move=");
  ASSERT_GE(done, 0) << all(lines);
  EXPECT_GT(done, index_of(lines, "pong"));
}

TEST(Hub, PonderHitTurnsThePonderSearchIntoAMove) {
  const auto lines = run_script(
      "pos moves=\"32-28\"\nlevel move-time=0.05\ngo ponder\nping\nponder-hit\nnew-game\n");
  EXPECT_TRUE(starting_with(lines, "error").empty()) << all(lines);
  const auto done = starting_with(lines, "done");
  ASSERT_EQ(done.size(), 1u) << all(lines);
  EXPECT_TRUE(is_legal_hub_move(draughts::kInternational, "B:W28,31,33-50:B1-20",
                                value_of(done[0], "move")))
      << done[0];
}

TEST(Hub, StopDuringPonderStillGivesDone) {
  const auto lines = run_script("pos\ngo ponder\nstop\n");
  EXPECT_EQ(starting_with(lines, "done").size(), 1u) << all(lines);
}

TEST(Hub, CaptureWithCapturedSquaresInAnotherOrder) {
  const draughts::Rules& rules = draughts::kInternational;
  auto pos = draughts::parse_fen(rules, "W:W38:B32,22,5");
  ASSERT_TRUE(pos.ok());
  const std::string board = board_string(rules, *pos, kHubLetters);
  for (const char* capture : {"38x18x32x22", "38x18x22x32"}) {
    const auto lines = run_script("pos pos=" + board + " moves=\"" + capture +
                                  "\"\nlevel depth=2\ngo think\nnew-game\n");
    EXPECT_TRUE(starting_with(lines, "error").empty()) << capture << "\n" << all(lines);
    const auto done = starting_with(lines, "done");
    ASSERT_EQ(done.size(), 1u) << all(lines);
    // Black's lone man on 5 answers.
    EXPECT_TRUE(is_legal_hub_move(rules, "B:W18:B5", value_of(done[0], "move"))) << done[0];
  }
  const auto wrong = run_script("pos pos=" + board + " moves=\"38x18x32x23\"\ngo think\n");
  const auto errors = starting_with(wrong, "error");
  ASSERT_EQ(errors.size(), 2u) << all(wrong);  // the pos, then the go without a position
  EXPECT_NE(errors[0].find("not legal"), std::string::npos) << errors[0];
  EXPECT_EQ(starting_with(wrong, "done").size(), 1u) << all(wrong);
}

TEST(Hub, BadLinesGetAnErrorAndTheSessionGoesOn) {
  const std::vector<std::string> bad = {
      "foo",
      "pos moves=\"32-28",
      "pos pos=Wxx",
      "pos pos=W" + std::string(49, 'e') + "q",
      "pos moves=\"32-29\"",
      "pos moves=\"32-28 28-23\"",
      "pos moves=\"32-\"",
      "pos fen=X:W1",
      "level depth=abc",
      "level move-time=-1",
      "level nodes=0",
      "set-param name=variant value=chess",
      "set-param name=level value=11",
      "set-param name=ponder value=maybe",
      "set-param name=colour value=white",
      "set-param value=3",
      "=",
      std::string("go \x01 think"),
  };
  std::string script;
  for (const std::string& line : bad) script += line + "\n";
  script += "ping\n";
  const auto lines = run_script(script);
  EXPECT_EQ(starting_with(lines, "error message=").size(), bad.size()) << all(lines);
  EXPECT_EQ(lines.back(), "pong");
}

TEST(Hub, EveryDraughtsVariant) {
  for (const draughts::Rules* rules : draughts::kAllRules) {
    const std::string board = board_string(*rules, draughts::start_position(*rules), kHubLetters);
    const auto lines = run_script("set-param name=variant value=" + std::string(rules->id) +
                                  "\npos pos=" + board + "\nlevel depth=3\ngo think\nnew-game\n");
    EXPECT_TRUE(starting_with(lines, "error").empty()) << rules->id << "\n" << all(lines);
    const auto done = starting_with(lines, "done");
    ASSERT_EQ(done.size(), 1u) << rules->id << "\n" << all(lines);
    EXPECT_TRUE(is_legal_hub_move(*rules,
                                  draughts::to_fen(*rules, draughts::start_position(*rules)),
                                  value_of(done[0], "move")))
        << rules->id << ": " << done[0];
  }
}

TEST(Hub, AGameOverByADrawRuleStillGetsAMove) {
  // Threefold repetition of two kings: the game is a draw by our rules (000 §5.6), but a GUI
  // that asks for a move gets one, searched from the last position.
  const auto lines = run_script(
      "pos fen=W:WK50:BK1 moves=\"50-45 1-6 45-50 6-1 50-45 1-6 45-50 6-1\"\n"
      "level depth=2\ngo think\nnew-game\n");
  EXPECT_TRUE(starting_with(lines, "error").empty()) << all(lines);
  const auto done = starting_with(lines, "done");
  ASSERT_EQ(done.size(), 1u) << all(lines);
  EXPECT_TRUE(is_legal_hub_move(draughts::kInternational, "W:WK50:BK1", value_of(done[0], "move")))
      << done[0];
}

TEST(Hub, QuitEndsTheSession) {
  const auto lines = run_script("ping\nquit\nping\n");
  ASSERT_EQ(lines.size(), 1u) << all(lines);
  EXPECT_EQ(lines[0], "pong");
}

}  // namespace
}  // namespace doska::protocols
