// PDN reading and writing (pdn.h): the syntax of PDN 3.0 with its reading grammar, the choice of
// the variant from GameType and Variant, results in the style of each game (RULINGS §1.1, §1.3),
// and games whose moves are replayed under the rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "games/draughts/notation.h"
#include "games/draughts/pdn.h"

namespace doska::draughts {
namespace {

std::vector<PdnGame> parse_ok(std::string_view text) {
  auto games = parse_pdn(text);
  EXPECT_TRUE(games.ok()) << (games.ok() ? "" : games.error());
  return games.ok() ? *games : std::vector<PdnGame>{};
}

std::string parse_error(std::string_view text) {
  auto games = parse_pdn(text);
  EXPECT_FALSE(games.ok()) << "parsed without error: " << text;
  return games.ok() ? "" : games.error();
}

PdnMove pdn_move(std::string text) {
  PdnMove move;
  move.text = std::move(text);
  return move;
}

std::vector<std::string> move_texts(const PdnGame& game) {
  std::vector<std::string> texts;
  for (const PdnMove& m : game.moves) texts.push_back(m.text);
  return texts;
}

// Same game: everything but the line numbers, which say where the text stood, and the order of
// the tags, which the writer puts in the standard order.
void expect_same_game(const PdnGame& a, const PdnGame& b) {
  auto sorted_tags = [](const PdnGame& game) {
    std::vector<std::pair<std::string, std::string>> tags;
    for (const PdnTag& t : game.tags) tags.emplace_back(t.name, t.value);
    std::sort(tags.begin(), tags.end());
    return tags;
  };
  EXPECT_EQ(sorted_tags(a), sorted_tags(b));
  EXPECT_EQ(a.leading_comments, b.leading_comments);
  ASSERT_EQ(a.moves.size(), b.moves.size());
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    EXPECT_EQ(a.moves[i].text, b.moves[i].text) << "move " << i;
    EXPECT_EQ(a.moves[i].strength, b.moves[i].strength) << "move " << i;
    EXPECT_EQ(a.moves[i].nags, b.moves[i].nags) << "move " << i;
    EXPECT_EQ(a.moves[i].comments, b.moves[i].comments) << "move " << i;
  }
  EXPECT_EQ(a.result, b.result);
}

// Plays every move of the game from its start under the rules of its tags; returns the FEN reached.
std::string replay(const PdnGame& game) {
  auto rules = rules_for_tags(game);
  EXPECT_TRUE(rules.ok()) << (rules.ok() ? "" : rules.error());
  if (!rules.ok()) return "";
  auto start = initial_position(**rules, game);
  EXPECT_TRUE(start.ok()) << (start.ok() ? "" : start.error());
  if (!start.ok()) return "";
  Position pos = *start;
  for (const PdnMove& m : game.moves) {
    auto move = parse_move(**rules, pos, m.text);
    EXPECT_TRUE(move.ok()) << "line " << m.line << ": " << (move.ok() ? "" : move.error());
    if (!move.ok()) return "";
    play(pos, *move);
  }
  return to_fen(**rules, pos);
}

// An international game (opening checked move by move with legal_moves) with the seven tag
// roster, a leading comment, comments, a move strength, NAGs, nested variations and move numbers
// written several ways.
constexpr std::string_view kInternationalGame = R"([Event "Dutch Championship"]
[Site "Amsterdam NED"]
[Date "2023.04.11"]
[Round "3"]
[White "Jansen, Pieter"]
[Black "de Vries, Anna"]
[Result "1-1"]
[GameType "20"]

{ A quiet
  opening. }
1. 32-28 18-23 2. 33-29 23x32 3. 37x28 12-18 {the usual}
4. 29-23!? $1 $14 (4. 31-27 17-22 (4... 7-12 5. 28-22) 28x17 11x22) 18x29
5.34x23 17-22 6. 28x17 11x22 7. 31-27? {a mistake} 22x31 8. 36x27 1-1
)";

TEST(PdnRead, InternationalGameWithTagsCommentsNagsAndVariations) {
  auto games = parse_ok(kInternationalGame);
  ASSERT_EQ(games.size(), 1u);
  const PdnGame& game = games[0];
  EXPECT_EQ(game.line, 1);
  ASSERT_EQ(game.tags.size(), 8u);
  EXPECT_EQ(game.tags[0].name, "Event");
  EXPECT_EQ(game.tag("White"), "Jansen, Pieter");
  EXPECT_EQ(game.tag("GameType"), "20");
  EXPECT_FALSE(game.tag("FEN").has_value());
  EXPECT_FALSE(game.tag("white").has_value());  // tag names are case-sensitive
  EXPECT_EQ(game.leading_comments, std::vector<std::string>{"A quiet opening."});
  EXPECT_EQ(move_texts(game),
            (std::vector<std::string>{"32-28", "18-23", "33-29", "23x32", "37x28", "12-18", "29-23",
                                      "18x29", "34x23", "17-22", "28x17", "11x22", "31-27", "22x31",
                                      "36x27"}));
  EXPECT_EQ(game.moves[5].comments, std::vector<std::string>{"the usual"});
  EXPECT_EQ(game.moves[6].strength, "!?");
  EXPECT_EQ(game.moves[6].nags, (std::vector<int>{1, 14}));
  EXPECT_TRUE(game.moves[6].comments.empty());  // the variation's comments are dropped with it
  EXPECT_EQ(game.moves[12].strength, "?");
  EXPECT_EQ(game.moves[12].comments, std::vector<std::string>{"a mistake"});
  EXPECT_EQ(game.moves[0].line, 12);
  EXPECT_EQ(game.moves[8].line, 14);
  EXPECT_EQ(game.result, "1-1");
}

TEST(PdnRead, InternationalGameReplaysUnderTheRules) {
  auto games = parse_ok(kInternationalGame);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(*rules_for_tags(games[0]), &kInternational);
  EXPECT_EQ(replay(games[0]), "B:W23,27,35,38-50:B1-10,13-16,19,20");
  EXPECT_EQ(parse_result_text(games[0].result), PdnResult::draw);
}

TEST(PdnRead, RussianGameWithColonCaptures) {
  auto games = parse_ok(R"([Event "Moscow open"]
[White "Ivanov"]
[Black "Petrov"]
[Result "*"]
[GameType "25,W,8,8,A0,0"]

1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. b2-c3 h6-g5 4. g3-h4 *)");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(move_texts(games[0]), (std::vector<std::string>{"c3-d4", "f6-e5", "d4:f6", "g7:e5",
                                                            "b2-c3", "h6-g5", "g3-h4"}));
  EXPECT_EQ(games[0].result, "*");
  EXPECT_EQ(*rules_for_tags(games[0]), &kRussian);
  EXPECT_EQ(replay(games[0]),
            "B:Wa1,c1,e1,g1,d2,f2,h2,a3,c3,e3,h4:Be5,g5,b6,d6,a7,c7,e7,b8,d8,f8,h8");
}

// English checkers: Black moves first (RULINGS §1.1), and move 1 is Black's and White's turn.
constexpr std::string_view kEnglishGame = R"([Event "Single Corner"]
[Black "Smith, John"]
[White "Brown, Alan"]
[Result "1/2-1/2"]
[GameType "21"]

1. 11-15 22-18 2. 15x22 25x18 3. 8-11 29-25 4. 4-8 25-22 1/2-1/2
)";

TEST(PdnRead, EnglishGameWithBlackFirst) {
  auto games = parse_ok(kEnglishGame);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(*rules_for_tags(games[0]), &kEnglish);
  EXPECT_EQ(replay(games[0]), "B:W18,21-24,26-28,30-32:B1-3,5-12");
  EXPECT_EQ(parse_result_text(games[0].result), PdnResult::draw);
}

TEST(PdnWrite, EnglishNumbersTurnsFromBlack) {
  auto games = parse_ok(kEnglishGame);
  ASSERT_EQ(games.size(), 1u);
  const std::string text = write_pdn(games[0]);
  EXPECT_NE(text.find("\n1. 11-15 22-18 2. 15x22 25x18 3. 8-11 29-25 4. 4-8 25-22 1/2-1/2\n"),
            std::string::npos)
      << text;
}

TEST(PdnWrite, SecondPlayerToMoveInTheFenStartsWithEllipsis) {
  PdnGame international;
  international.set_tag("GameType", "20");
  international.set_tag("FEN", "B:W28,31,33-50:B1-20");
  for (const char* m : {"18-23", "33-29", "23x32", "37x28"})
    international.moves.push_back(pdn_move(m));
  international.result = "*";
  EXPECT_EQ(write_pdn(international),
            "[GameType \"20\"]\n[FEN \"B:W28,31,33-50:B1-20\"]\n\n"
            "1... 18-23 2. 33-29 23x32 3. 37x28 *\n");
  EXPECT_EQ(replay(international), "B:W28,29,31,34-36,38-50:B1-17,19,20");

  // English from a position with White to move: White is the second player.
  PdnGame english;
  english.set_tag("GameType", "21,B,8,8,N1,0");
  english.set_tag("FEN", "W:W21-32:B1-11,15");
  english.moves.push_back(pdn_move("22-18"));
  english.moves.push_back(pdn_move("15x22"));
  english.moves.push_back(pdn_move("25x18"));
  english.result = "*";
  EXPECT_NE(write_pdn(english).find("\n1... 22-18 2. 15x22 25x18 *\n"), std::string::npos)
      << write_pdn(english);
  EXPECT_EQ(replay(english), "B:W18,21,23,24,26-32:B1-11");
}

TEST(PdnRead, MultipleGamesWithByteOrderMarkAndCrlf) {
  const std::string text =
      "\xEF\xBB\xBF[Event \"a\"]\r\n[Result \"2-0\"]\r\n\r\n1. 32-28 19-23 2. 28x19 14x23 2-0\r\n"
      "\r\n[Event \"b\"]\r\n\r\n1. 33-28 {first\r\nsecond} 18-23 0-2\r\n"
      "1. 34-29 *\r\n"
      "{trailing remark, not a game}\r\n";
  auto games = parse_ok(text);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].tag("Event"), "a");
  EXPECT_EQ(games[0].moves.size(), 4u);
  EXPECT_EQ(games[0].result, "2-0");
  EXPECT_EQ(games[1].tag("Event"), "b");
  EXPECT_EQ(games[1].line, 6);
  EXPECT_EQ(games[1].moves[0].comments, std::vector<std::string>{"first second"});
  EXPECT_EQ(games[1].moves[1].line, 9);
  EXPECT_EQ(games[1].result, "0-2");
  EXPECT_TRUE(games[2].tags.empty());
  EXPECT_EQ(move_texts(games[2]), std::vector<std::string>{"34-29"});
  EXPECT_EQ(games[2].result, "*");
  EXPECT_EQ(games[2].line, 10);
}

TEST(PdnRead, TagAfterMoveTextStartsTheNextGame) {
  auto games = parse_ok("[Event \"a\"]\n1. 32-28\n[Event \"b\"]\n1. 33-28 2-0");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].result, "");
  EXPECT_EQ(games[1].tag("Event"), "b");
  EXPECT_EQ(games[1].result, "2-0");
}

TEST(PdnRead, ResultsAreNotConfusedWithMoves) {
  // "1-18" is a move although it starts like the result "1-1"; "1-6*" is a move and the end of
  // the game (PDN 3.0: '*' is not a move strength).
  auto games = parse_ok("1. 32-28 1-18 1-6* 33-29 0-0");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(move_texts(games[0]), (std::vector<std::string>{"32-28", "1-18", "1-6"}));
  EXPECT_EQ(games[0].result, "*");
  EXPECT_EQ(move_texts(games[1]), std::vector<std::string>{"33-29"});
  EXPECT_EQ(games[1].result, "0-0");
  EXPECT_EQ(parse_result_text("0-0"), PdnResult::double_forfeit);
}

TEST(PdnRead, MoveNumbersEllipsisAndSeparatorlessMoves) {
  auto games = parse_ok("1.32-28 1... 19-23 2. ... 28x19 3...14x23 4. 3228 c3d4 26x17x28x19 *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(move_texts(games[0]), (std::vector<std::string>{"32-28", "19-23", "28x19", "14x23",
                                                            "3228", "c3d4", "26x17x28x19"}));
}

TEST(PdnRead, MoveStrengthsAndNags) {
  auto games = parse_ok("32-28! 19-23 ? 33-29(?) 14-19!! 29x20 $3 $7 15x24?! 40-34(!?) 1-1");
  ASSERT_EQ(games.size(), 1u);
  const auto& moves = games[0].moves;
  ASSERT_EQ(moves.size(), 7u);
  EXPECT_EQ(moves[0].strength, "!");
  EXPECT_EQ(moves[1].strength, "?");
  EXPECT_EQ(moves[2].strength, "?");
  EXPECT_EQ(moves[2].text, "33-29");
  EXPECT_EQ(moves[3].strength, "!!");
  EXPECT_EQ(moves[4].nags, (std::vector<int>{3, 7}));
  EXPECT_EQ(moves[5].strength, "?!");
  EXPECT_EQ(moves[6].strength, "!?");
}

TEST(PdnRead, TagValuesWithEscapedQuotesAndBackslashes) {
  auto games = parse_ok(R"([White "O\"Brien \\ Co \d"] [Black ""] 32-28 *)");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].tag("White"), R"(O"Brien \ Co \d)");
  EXPECT_EQ(games[0].tag("Black"), "");
  const std::string written = write_pdn(games[0]);
  EXPECT_NE(written.find(R"([White "O\"Brien \\ Co \\d"])"), std::string::npos) << written;
  auto again = parse_ok(written);
  ASSERT_EQ(again.size(), 1u);
  expect_same_game(games[0], again[0]);
}

TEST(PdnRead, EscapeLinesAndSemicolonComments) {
  auto games = parse_ok(
      "% Board game: International Draughts 10x10\n"
      "[Event \"x\"]\n"
      "1. 32-28 ; White opens (in the centre)\n"
      "19-23 %skipped 1-0\n"
      "2. 28x19 14x23 *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(move_texts(games[0]), (std::vector<std::string>{"32-28", "19-23", "28x19", "14x23"}));
  EXPECT_EQ(games[0].moves[0].comments, std::vector<std::string>{"White opens (in the centre)"});
  EXPECT_EQ(games[0].result, "*");
}

TEST(PdnRead, VariationsNestAndAreDropped) {
  auto games = parse_ok(
      "1. 32-28 19-23 (18-23 38-32 (37-32? 23-29! {Black wins} 2-0) 12-18) 2. 28x19 14x23 *");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(move_texts(games[0]), (std::vector<std::string>{"32-28", "19-23", "28x19", "14x23"}));
  EXPECT_TRUE(games[0].moves[1].comments.empty());
  EXPECT_EQ(games[0].result, "*");
}

TEST(PdnRead, EmptyInputHasNoGames) {
  EXPECT_TRUE(parse_ok("").empty());
  EXPECT_TRUE(parse_ok(" \n\r\n% nothing\n{only a remark}").empty());
}

// Every error names its line.
TEST(PdnRead, ErrorsNameTheLineAndTheProblem) {
  struct Case {
    std::string text;
    std::string expected;  // a part of the message
  };
  const std::vector<Case> cases = {
      {"[Event \"a\"]\n1. 32-28 {never\nclosed\n", "line 2: the comment '{' is not closed"},
      {"[Event \"a\"]\n[Site \"b]\n1. 32-28", "line 2: the value of the tag Site is not closed"},
      {"[Event \"a\"\n1. 32-28 *", "line 1: the tag Event is not closed with ']'"},
      {"\n[Event a]", "line 2: the tag Event has no value in double quotes"},
      {"[ \"a\"]", "line 1: the tag has no name"},
      {"1. 32-28\n(19-23 (18-23)\n2. 28x19 *", "variation opened on line 2 (missing ')')"},
      {"1. 32-28 19-23\n\n28x19) *", "line 3: ')' closes no variation"},
      {"1. 32-28 (19-23\n[Event \"b\"]", "line 2: a tag inside the variation opened on line 1"},
      {"1. 32-28\n19-23 }", "line 2: '}' closes no comment"},
      {"1. 32-28 ]", "line 1: ']' closes no tag"},
      {"[Event \"a\"]\n\n1. e4 e5 *", "line 3: 'e4' is not a move"},
      {"1. 32-28\n\n\n19-23 Nf6 *", "line 4: 'Nf6' is not a move"},
      {"1. 32-28 $ 19-23", "line 1: '$' must be followed by the number of a NAG"},
      {"1. 32-28\n$256", "line 2: NAG $256 is out of the range 0-255"},
      {"1. 32-28 /FEN \"W:W31-50:B1-20\"/", "line 1: setup commands '/FEN' inside move text"},
      {"1. 32-28 \"quoted\"", "line 1: '\"quoted\"' is not a move"},
      {"1. 32 28", "line 1: '32' is not a move"},
  };
  for (const Case& c : cases) {
    const std::string error = parse_error(c.text);
    EXPECT_NE(error.find(c.expected), std::string::npos)
        << "input: " << c.text << "\nerror: " << error << "\nexpected: " << c.expected;
  }
}

TEST(PdnRead, DeepNestingIsCountedNotRecursed) {
  const std::size_t depth = 200000;
  std::string balanced =
      "1. 32-28 " + std::string(depth, '(') + "19-23" + std::string(depth, ')') + " 2-0";
  auto games = parse_ok(balanced);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(move_texts(games[0]), std::vector<std::string>{"32-28"});
  EXPECT_NE(parse_error(std::string(depth, '(')).find("variation opened on line 1"),
            std::string::npos);
}

TEST(PdnWrite, TagsInRosterOrderThenGameTypeAndFen) {
  PdnGame game;
  game.tags = {{"Annotator", "Sijbrands"},
               {"FEN", "W:W31-50:B1-20"},
               {"GameType", "20"},
               {"Result", "2-0"},
               {"Black", "B"},
               {"White", "W"},
               {"Round", "1"},
               {"Date", "2001.01.01"},
               {"Site", "Here"},
               {"Event", "E"}};
  game.result = "2-0";
  EXPECT_EQ(write_pdn(game),
            "[Event \"E\"]\n[Site \"Here\"]\n[Date \"2001.01.01\"]\n[Round \"1\"]\n"
            "[White \"W\"]\n[Black \"B\"]\n[Result \"2-0\"]\n[GameType \"20\"]\n"
            "[FEN \"W:W31-50:B1-20\"]\n[Annotator \"Sijbrands\"]\n\n2-0\n");
}

TEST(PdnWrite, RoundTripGivesTheSameGames) {
  std::string text(kInternationalGame);
  text += "\n";
  text += kEnglishGame;
  text += "\n[Event \"setup\"]\n[FEN \"B:W28,31,33-50:B1-20\"]\n{start} 1... 18-23 {a; b} *";
  auto games = parse_ok(text);
  ASSERT_EQ(games.size(), 3u);
  const std::string written = write_pdn(games);
  auto again = parse_ok(written);
  ASSERT_EQ(again.size(), games.size()) << written;
  for (std::size_t i = 0; i < games.size(); ++i) expect_same_game(games[i], again[i]);
  EXPECT_EQ(write_pdn(again), written);  // writing is a fixed point
  // Games are separated by a blank line.
  EXPECT_NE(written.find("1-1\n\n[Event \"Single Corner\"]"), std::string::npos) << written;
}

TEST(PdnWrite, MoveTextWithCommentsNagsAndNumbers) {
  auto games = parse_ok(kInternationalGame);
  ASSERT_EQ(games.size(), 1u);
  const std::string written = write_pdn(games[0]);
  const std::string move_text = written.substr(written.find("\n\n") + 2);
  EXPECT_EQ(move_text,
            "{A quiet opening.} 1. 32-28 18-23 2. 33-29 23x32 3. 37x28 12-18 {the usual}\n"
            "4. 29-23!? $1 $14 18x29 5. 34x23 17-22 6. 28x17 11x22 7. 31-27? {a mistake}\n"
            "7... 22x31 8. 36x27 1-1\n");
}

TEST(PdnWrite, LinesAreWrappedAt80Columns) {
  PdnGame game;
  game.leading_comments.push_back(std::string(30, 'a') + " " + std::string(30, 'b') + " " +
                                  std::string(30, 'c'));
  for (int i = 0; i < 60; ++i) game.moves.push_back(pdn_move(i % 2 == 0 ? "32-28" : "19-23"));
  game.moves[10].comments.push_back(
      "a comment of several words that is long enough to be wrapped "
      "over more than one line of the move text");
  game.result = "2-0";
  const std::string written = write_pdn(game);
  std::size_t start = 0;
  int lines = 0;
  while (start < written.size()) {
    const std::size_t end = written.find('\n', start);
    ASSERT_NE(end, std::string::npos);
    EXPECT_LE(end - start, 80u) << written.substr(start, end - start);
    start = end + 1;
    ++lines;
  }
  EXPECT_GT(lines, 5);
  auto again = parse_ok(written);
  ASSERT_EQ(again.size(), 1u);
  expect_same_game(game, again[0]);
}

TEST(PdnWrite, CommentWithClosingBraceIsWrittenAsSemicolonComment) {
  PdnGame game;
  game.moves.push_back(pdn_move("32-28"));
  game.moves[0].comments = {"a } b", "plain"};
  game.moves.push_back(pdn_move("19-23"));
  const std::string written = write_pdn(game);
  EXPECT_EQ(written, "1. 32-28 ; a } b\n{plain} 1... 19-23 *\n");
  auto again = parse_ok(written);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].moves[0].comments, game.moves[0].comments);
}

TEST(PdnWrite, EmptyGameIsItsMarker) {
  EXPECT_EQ(write_pdn(PdnGame{}), "*\n");
  EXPECT_EQ(write_pdn(std::vector<PdnGame>{}), "");
}

TEST(PdnRules, GameTypePicksTheVariant) {
  auto rules_of = [](std::vector<PdnTag> tags) {
    PdnGame game;
    game.tags = std::move(tags);
    game.line = 7;
    return rules_for_tags(game);
  };
  EXPECT_EQ(*rules_of({}), &kInternational);
  EXPECT_EQ(*rules_of({{"GameType", "20"}}), &kInternational);
  EXPECT_EQ(*rules_of({{"GameType", "20,W,10,10,N2,0"}}), &kInternational);
  EXPECT_EQ(*rules_of({{"GameType", "21,B,8,8,N1,0"}}), &kEnglish);
  EXPECT_EQ(*rules_of({{"GameType", " 25,W,8,8,A0,0"}}), &kRussian);
  EXPECT_EQ(*rules_of({{"GameType", "21"}, {"Variant", "Giveaway"}}), &kEnglishGiveaway);
  EXPECT_EQ(*rules_of({{"Variant", "giveaway"}}), &kInternationalGiveaway);
  EXPECT_EQ(*rules_of({{"Variant", "russian-giveaway"}}), &kRussianGiveaway);
  EXPECT_EQ(*rules_of({{"GameType", "25"}, {"Variant", "russian-giveaway"}}), &kRussianGiveaway);
  EXPECT_EQ(*rules_of({{"GameType", "25"}, {"Variant", "russian"}}), &kRussian);
  EXPECT_EQ(*rules_of({{"GameType", "20"}, {"Variant", "Standard"}}), &kInternational);

  auto unknown = rules_of({{"GameType", "26,W,8,8,A0,0"}});
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("line 7"), std::string::npos) << unknown.error();
  EXPECT_NE(unknown.error().find("GameType 26"), std::string::npos) << unknown.error();
  EXPECT_FALSE(rules_of({{"GameType", "draughts"}}).ok());
  EXPECT_FALSE(rules_of({{"GameType", ""}}).ok());
  EXPECT_FALSE(rules_of({{"GameType", "20"}, {"Variant", "russian-giveaway"}}).ok());
  EXPECT_FALSE(rules_of({{"Variant", "frisian"}}).ok());
}

TEST(PdnRules, VariantTagsOfEveryVariantReadBack) {
  for (const Rules* rules : kAllRules) {
    PdnGame game;
    game.set_tag("Variant", "something else");
    set_variant_tags(game, *rules);
    auto back = rules_for_tags(game);
    ASSERT_TRUE(back.ok()) << rules->id << ": " << back.error();
    EXPECT_EQ(*back, rules) << rules->id;
    EXPECT_EQ(game.tag("Variant").has_value(), rules->giveaway) << rules->id;
  }
  PdnGame russian;
  set_variant_tags(russian, kRussian);
  EXPECT_EQ(russian.tag("GameType"), "25,W,8,8,A0,0");  // RULINGS §1.1
  PdnGame english;
  set_variant_tags(english, kEnglish);
  EXPECT_EQ(english.tag("GameType"), "21,B,8,8,N1,0");  // RULINGS §1.1
  PdnGame international;
  set_variant_tags(international, kInternational);
  EXPECT_EQ(international.tag("GameType"), "20,W,10,10,N2,0");
}

TEST(PdnRules, FenTagGivesTheStart) {
  PdnGame game;
  EXPECT_EQ(*initial_position(kInternational, game), start_position(kInternational));
  game.set_tag("FEN", "B:W28,31,33-50:B1-20");
  EXPECT_EQ(to_fen(kInternational, *initial_position(kInternational, game)),
            "B:W28,31,33-50:B1-20");
  game.set_tag("FEN", "B:W99");
  EXPECT_FALSE(initial_position(kInternational, game).ok());
}

// RULINGS §1.3: international results 2-0, 1-1, 0-2; the others 1-0, 1/2-1/2, 0-1.
TEST(PdnResults, WrittenInTheStyleOfTheGame_Rulings1_3) {
  EXPECT_EQ(result_text(kInternational, PdnResult::white_wins), "2-0");
  EXPECT_EQ(result_text(kInternational, PdnResult::draw), "1-1");
  EXPECT_EQ(result_text(kInternational, PdnResult::black_wins), "0-2");
  EXPECT_EQ(result_text(kInternationalGiveaway, PdnResult::white_wins), "2-0");
  for (const Rules* rules : {&kRussian, &kEnglish, &kRussianGiveaway, &kEnglishGiveaway}) {
    EXPECT_EQ(result_text(*rules, PdnResult::white_wins), "1-0");
    EXPECT_EQ(result_text(*rules, PdnResult::draw), "1/2-1/2");
    EXPECT_EQ(result_text(*rules, PdnResult::black_wins), "0-1");
  }
  for (const Rules* rules : kAllRules) {
    EXPECT_EQ(result_text(*rules, PdnResult::unfinished), "*");
    EXPECT_EQ(result_text(*rules, PdnResult::double_forfeit), "0-0");
    for (PdnResult r : {PdnResult::white_wins, PdnResult::black_wins, PdnResult::draw,
                        PdnResult::unfinished, PdnResult::double_forfeit})
      EXPECT_EQ(parse_result_text(result_text(*rules, r)), r);
  }
  EXPECT_EQ(parse_result_text(" 1-0 "), PdnResult::white_wins);
  EXPECT_FALSE(parse_result_text("1-2").has_value());
  EXPECT_FALSE(parse_result_text("").has_value());
}

}  // namespace
}  // namespace doska::draughts
