// The puzzle files' reader and writer, the themes of a line, and the finder on self-play games.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/files.h"
#include "games/session.h"
#include "puzzles/finder.h"
#include "puzzles/puzzle.h"
#include "support/scratch_dir.h"

namespace doska::puzzles {
namespace {

Puzzle sample_puzzle() {
  Puzzle p;
  p.id = "russian-1";
  p.game = "russian";
  p.fen = "W:Wc3,h2:Bd4,f6,a7";
  p.line = {"c3:g7"};
  p.themes = {"combination"};
  p.best = "cp 180";
  p.second = "cp -20";
  p.rating = 1300;
  return p;
}

}  // namespace

TEST(PuzzleFile, WrittenThenReadGivesTheSamePuzzles) {
  const std::string text = write_file("russian", {sample_puzzle()});
  auto read = read_file(text);
  ASSERT_TRUE(read) << read.error();
  ASSERT_EQ(read->size(), 1u);
  EXPECT_EQ((*read)[0].fen, sample_puzzle().fen);
  EXPECT_EQ((*read)[0].line, sample_puzzle().line);
  EXPECT_EQ((*read)[0].themes, sample_puzzle().themes);
  EXPECT_EQ(write_file("russian", *read), text);
}

TEST(PuzzleFile, ADamagedByteIsRefusedByTheChecksum) {
  std::string text = write_file("russian", {sample_puzzle()});
  text[text.find("1300")] = '2';
  auto read = read_file(text);
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().find("checksum"), std::string::npos) << read.error();
}

TEST(PuzzleFile, ACutFileIsRefused) {
  const std::string text = write_file("russian", {sample_puzzle()});
  auto read = read_file(text.substr(0, text.size() - 10));
  ASSERT_FALSE(read);
  EXPECT_FALSE(read.error().empty());
  EXPECT_FALSE(read_file(""));
  EXPECT_FALSE(read_file("doska-puzzles 1 nosuchgame\nend 0 0\n"));
}

// A file on disk reads back; a missing one and a damaged one are refused with the file's path.
TEST(PuzzleFile, AFileIsReadFromDiskAndItsErrorsNameIt) {
  const std::string path = test::scratch_dir() + "puzzles_russian.txt";
  const std::string text = write_file("russian", {sample_puzzle()});
  ASSERT_TRUE(replace_file(path, text));
  auto read = load_file(path);
  ASSERT_TRUE(read) << read.error();
  ASSERT_EQ(read->size(), 1u);
  EXPECT_EQ((*read)[0].fen, sample_puzzle().fen);

  auto missing = load_file(path + ".missing");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("cannot read puzzle file " + path + ".missing: "),
            std::string::npos)
      << missing.error();
  ASSERT_TRUE(replace_file(path, text.substr(0, text.size() - 10)));
  auto cut = load_file(path);
  ASSERT_FALSE(cut);
  EXPECT_EQ(cut.error().rfind(path + ": ", 0), 0u) << cut.error();
}

TEST(PuzzleFile, AnIllegalMoveInTheLineIsNamedWithItsLine) {
  Puzzle p = sample_puzzle();
  p.line = {"h2-g3"};  // a capture is due (RULINGS: captures are compulsory)
  auto read = read_file(write_file("russian", {p}));
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().find("line 2"), std::string::npos) << read.error();
  EXPECT_NE(read.error().find("russian-1"), std::string::npos) << read.error();
}

TEST(PuzzleFile, BadFieldsAreRefused) {
  Puzzle even = sample_puzzle();
  even.line = {"c3:g7", "a7-b6"};
  EXPECT_FALSE(read_file(write_file("russian", {even})));
  Puzzle theme = sample_puzzle();
  theme.themes = {"nonsense"};
  EXPECT_FALSE(read_file(write_file("russian", {theme})));
  Puzzle fen = sample_puzzle();
  fen.fen = "W:Wz9";
  EXPECT_FALSE(read_file(write_file("russian", {fen})));
  Puzzle score = sample_puzzle();
  score.best = "lots";
  EXPECT_FALSE(read_file(write_file("russian", {score})));
  EXPECT_FALSE(read_file(write_file("russian", {sample_puzzle(), sample_puzzle()})));
}

TEST(PuzzleThemes, ADoubleCaptureFirstIsACombination) {
  EXPECT_EQ(themes_of("russian", "W:Wc3,h2:Bd4,f6,a7", {"c3:g7"}),
            (std::vector<std::string>{"combination", "endgame"}));
}

TEST(PuzzleThemes, AManReachingTheLastRowIsABreakthroughAndAKingMoveKingPlay) {
  auto themes = themes_of("russian", "W:Wg7,Kc1:Ba7,h8", {"g7-f8"});
  EXPECT_NE(std::find(themes.begin(), themes.end(), "breakthrough"), themes.end());
  themes = themes_of("russian", "W:Wg5,Kc1:Ba7,h8", {"c1-d2"});
  EXPECT_NE(std::find(themes.begin(), themes.end(), "king"), themes.end());
}

TEST(PuzzleFinder, TheStartIsNoPuzzle) {
  engine::Engine engine(8);
  engine.set_tables(nullptr);
  FinderOptions options;
  options.game = "english";
  options.quick_nodes = 2000;
  options.deep_nodes = 4000;
  auto start = new_session("english");
  ASSERT_TRUE(start);
  auto found = examine(engine, options, (*start)->fen());
  ASSERT_TRUE(found) << found.error();
  EXPECT_FALSE(found->has_value());
}

TEST(PuzzleFinder, APuzzleFromSelfPlayHasAnOddLegalLineAndVerifies) {
  BuildOptions options;
  options.finder.game = "english";
  options.finder.quick_nodes = 2000;
  options.finder.deep_nodes = 8000;
  options.count = 1;
  options.seed = 5;
  options.max_games = 40;
  auto built = build(options, {});
  ASSERT_TRUE(built) << built.error();
  ASSERT_EQ(built->size(), 1u);
  const Puzzle& p = (*built)[0];
  EXPECT_EQ(p.line.size() % 2, 1u);
  auto read = read_file(write_file("english", *built));
  ASSERT_TRUE(read) << read.error();
  engine::Engine engine(8);
  engine.set_tables(nullptr);
  Status checked = verify(engine, p, options.finder.verify_nodes());
  EXPECT_TRUE(checked) << checked.error();
}

}  // namespace doska::puzzles
