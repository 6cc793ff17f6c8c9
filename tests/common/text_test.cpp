#include "common/text.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

namespace doska {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

TEST(Trim, RemovesWhiteSpaceAtBothEnds) {
  EXPECT_EQ(trim("  32-28 \t"), "32-28");
  EXPECT_EQ(trim("\r\n\f\vW:W31-50\n"), "W:W31-50");
}

TEST(Trim, KeepsWhiteSpaceInside) {
  EXPECT_EQ(trim(" 1. 32-28 "), "1. 32-28");
}

TEST(Trim, AllWhiteSpaceOrEmptyGivesEmpty) {
  EXPECT_EQ(trim(""), "");
  EXPECT_EQ(trim(" \t\n "), "");
}

TEST(Trim, ReturnsAViewIntoTheInput) {
  const std::string_view text = "  c3-d4  ";
  const std::string_view trimmed = trim(text);
  EXPECT_EQ(trimmed.data(), text.data() + 2);
}

TEST(Split, SplitsAtEverySeparator) {
  EXPECT_THAT(split("W:W31-50:B1-20", ':'), ElementsAre("W", "W31-50", "B1-20"));
}

TEST(Split, KeepsEmptyPieces) {
  EXPECT_THAT(split("a,,b", ','), ElementsAre("a", "", "b"));
  EXPECT_THAT(split(",a,", ','), ElementsAre("", "a", ""));
}

TEST(Split, TextWithoutSeparatorIsOnePiece) {
  EXPECT_THAT(split("32-28", ':'), ElementsAre("32-28"));
  EXPECT_THAT(split("", ':'), ElementsAre(""));
}

TEST(SplitWords, SplitsOnRunsOfWhiteSpace) {
  EXPECT_THAT(split_words("1. 32-28\t 19-23\n2.  28x19"),
              ElementsAre("1.", "32-28", "19-23", "2.", "28x19"));
}

TEST(SplitWords, DropsLeadingAndTrailingWhiteSpace) {
  EXPECT_THAT(split_words("  perft  6 "), ElementsAre("perft", "6"));
}

TEST(SplitWords, BlankTextHasNoWords) {
  EXPECT_THAT(split_words(""), IsEmpty());
  EXPECT_THAT(split_words(" \t\r\n"), IsEmpty());
}

TEST(ParseInt, ReadsNonNegativeDecimals) {
  EXPECT_EQ(parse_int("0"), 0);
  EXPECT_EQ(parse_int("50"), 50);
  EXPECT_EQ(parse_int("007"), 7);
  EXPECT_EQ(parse_int("2147483647"), 2147483647);
}

TEST(ParseInt, RejectsWhatIsNotAPlainNonNegativeInt) {
  EXPECT_EQ(parse_int(""), std::nullopt);
  EXPECT_EQ(parse_int("-1"), std::nullopt);
  EXPECT_EQ(parse_int("+1"), std::nullopt);
  EXPECT_EQ(parse_int(" 1"), std::nullopt);
  EXPECT_EQ(parse_int("1 "), std::nullopt);
  EXPECT_EQ(parse_int("12a"), std::nullopt);
  EXPECT_EQ(parse_int("1.5"), std::nullopt);
  EXPECT_EQ(parse_int("0x10"), std::nullopt);
}

TEST(ParseInt, RejectsValuesAboveIntMax) {
  EXPECT_EQ(parse_int("2147483648"), std::nullopt);
  EXPECT_EQ(parse_int("99999999999"), std::nullopt);
}

TEST(ParseLong, ReadsUpToEighteenDigits) {
  EXPECT_EQ(parse_long("2147483648"), 2147483648LL);
  EXPECT_EQ(parse_long("999999999999999999"), 999999999999999999LL);
}

TEST(ParseLong, RejectsMoreThanEighteenCharacters) {
  EXPECT_EQ(parse_long("1000000000000000000"), std::nullopt);
  EXPECT_EQ(parse_long("0000000000000000001"), std::nullopt);
}

TEST(ParseLong, RejectsSignsAndJunk) {
  EXPECT_EQ(parse_long(""), std::nullopt);
  EXPECT_EQ(parse_long("-5"), std::nullopt);
  EXPECT_EQ(parse_long("5-"), std::nullopt);
  EXPECT_EQ(parse_long("five"), std::nullopt);
}

TEST(ToLower, LowersAsciiLetters) {
  EXPECT_EQ(to_lower("International"), "international");
  EXPECT_EQ(to_lower("W:WK31,C3:B1"), "w:wk31,c3:b1");
}

TEST(ToLower, LeavesOtherBytesAlone) {
  EXPECT_EQ(to_lower("32-28 x19 \xd0\x9f"), "32-28 x19 \xd0\x9f");
  EXPECT_EQ(to_lower(""), "");
}

TEST(Quoted, WrapsTextInSingleQuotes) {
  EXPECT_EQ(doska::quoted("32-28"), "'32-28'");
  EXPECT_EQ(doska::quoted(""), "''");
}

TEST(Quoted, EscapesControlCharactersAsHex) {
  EXPECT_EQ(doska::quoted("a\nb"), "'a\\x0ab'");
  EXPECT_EQ(doska::quoted(std::string_view("\0\x1f\x7f", 3)), "'\\x00\\x1f\\x7f'");
}

TEST(Quoted, KeepsPrintableAndNonAsciiBytes) {
  EXPECT_EQ(doska::quoted("c3:e5 \xd1\x88"), "'c3:e5 \xd1\x88'");
}

TEST(Quoted, ShortensLongTextToSixtyCharacters) {
  const std::string sixty(60, 'a');
  EXPECT_EQ(doska::quoted(sixty), "'" + sixty + "'");
  EXPECT_EQ(doska::quoted(sixty + "b"), "'" + sixty + "...'");
}

}  // namespace
}  // namespace doska
