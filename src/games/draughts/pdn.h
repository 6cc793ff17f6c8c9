// Portable Draughts Notation (PDN 3.0, read with its reading grammar's leniency) for draughts.
//
// Two layers. The syntax layer (parse_pdn, write_pdn) knows tags, move text, comments and results
// but no rules: a move is kept as the token written ("32-28", "c3:e5", "26x17x28x19") and is
// checked later with parse_move. The rules layer picks the variant from the tags and writes
// results in its style (RULINGS §1.1, §1.3).
//
// Reading, decided where the standard leaves room:
// - Games end with a termination marker: "*", "2-0", "1-1", "0-2", "1-0", "1/2-1/2", "0-1", or
//   "0-0" (double forfeit, in both PDN result tables). A '*' is always a marker, also when glued
//   to a move ("1-6*" is the move 1-6 and the end of the game): PDN 3.0 forbids '*' as a move
//   strength. A tag after move text also starts a new game; the game before it then has no
//   marker ("").
// - Move numbers "12." and "12..." (glued to the move or not), and the ellipsis "..." are skipped;
//   their values are not checked. Moves without separator, numeric of 3 or 4 digits ("3228")
//   or alpha ("c3d4"), are accepted as the reading grammar allows; parse_move reads them.
// - Move strength "!", "?", "!!", "?!", "!?", "??" (any run of '!' and '?'), glued to the move or
//   standing alone after it, also in parentheses "(?)", goes into PdnMove::strength without
//   parentheses. NAGs "$n" (0..255) go into PdnMove::nags.
// - Comments {...} (multi-line) and ';' to the end of the line are kept. Their white space is
//   normalised (each run becomes one space, none at the ends), so that the writer may wrap them.
//   Comments before the first move are leading_comments; a comment after a move belongs to it.
//   '%' starts a line that is skipped (the PDN 3.0 escape, allowed wherever white space is).
// - Variations (...) are checked for balance and for their tokens, then dropped, with whatever
//   they hold (results and '*' inside a variation are a line's outcome, not the game's end).
// - NAGs and strengths with no move before them in the game are dropped.
// - Tag values escape '"' and '\' with a backslash; another backslash stands for itself. A value
//   must end on its line. Tag names are [A-Za-z0-9_]+.
// - Text after the last game that holds only comments is ignored.
// - A UTF-8 byte order mark, CRLF and CR line ends are accepted.
// Errors name the line and the problem. Parsing is one pass, linear in the input; nesting is
// counted, not recursed.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "games/draughts/game.h"
#include "games/draughts/position.h"
#include "games/draughts/rules.h"

namespace doska::draughts {

struct PdnTag {
  std::string name;
  std::string value;
};

struct PdnMove {
  std::string text;      // the move as written, without number or strength: "32-28", "c3:e5"
  std::string strength;  // "!", "?!", ...; empty if none
  std::vector<int> nags;
  std::vector<std::string> comments;  // those that follow the move
  int line = 0;                       // where the move stood, for error messages
};

struct PdnGame {
  std::vector<PdnTag> tags;  // in the order read
  std::vector<std::string> leading_comments;
  std::vector<PdnMove> moves;  // the main line
  std::string result;          // the termination marker as written; empty if there was none
  int line = 0;                // where the game starts

  // The value of the first tag of that name (names are case-sensitive, as in PDN).
  std::optional<std::string_view> tag(std::string_view name) const;
  // Replaces the value of the first tag of that name, or appends the tag.
  void set_tag(std::string_view name, std::string value);
  void remove_tag(std::string_view name);
};

Result<std::vector<PdnGame>> parse_pdn(std::string_view text);

// The game in PDN: tags in the order of the seven tag roster (Event, Site, Date, Round, White,
// Black, Result), then GameType and FEN, then the others as they are; a blank line; the move text
// with move numbers, wrapped at 80 columns; the termination marker ("*" if the game has none).
//
// Move numbers count turns from the first player of the game type (the GameType start colour, or
// the first player of the variant, else White): "1. 32-28 19-23 2. ..." for international and
// "1. 11-15 23-19" for english, where Black moves first. When the FEN gives the move to the other
// player, the first move is written "1... 19-23". A second player's move after a comment is
// numbered again ("3... 19-23"). A comment holding '}' is written as a ';' comment.
std::string write_pdn(const PdnGame& game);
// The games, a blank line between them.
std::string write_pdn(const std::vector<PdnGame>& games);

// The variant of a game from its tags. GameType (first number of the field: "25,W,8,8,A0,0" is 25)
// gives the game: 20 international, 21 english, 25 russian; none means international.
// A Variant tag may name a variant by its id ("russian-giveaway", kAllRules), which must agree with
// GameType if both are present, or be "giveaway" (any case) for the giveaway game on the GameType's
// base game; "" and "standard" mean the base game. Anything else is an error.
Result<const Rules*> rules_for_tags(const PdnGame& game);

// Sets GameType (full form, e.g. "25,W,8,8,A0,0") and, for a giveaway variant, Variant to its id.
void set_variant_tags(PdnGame& game, const Rules& rules);

// The start of the game: its FEN tag read with the rules, or the initial position.
Result<Position> initial_position(const Rules& rules, const PdnGame& game);

// Results. double_forfeit ("0-0": both players lost) is in both PDN result tables.
enum class PdnResult { white_wins, black_wins, draw, unfinished, double_forfeit };

// In the style of the rules (RULINGS §1.3): "2-0", "1-1", "0-2" for international; "1-0",
// "1/2-1/2", "0-1" for the others; "*" unfinished; "0-0" double forfeit.
std::string result_text(const Rules& rules, PdnResult result);
// Reads a result in either style (the Result tag or a termination marker).
std::optional<PdnResult> parse_result_text(std::string_view text);
// The result of a game record (unfinished while it goes on).
PdnResult pdn_result(Outcome outcome);

}  // namespace doska::draughts
