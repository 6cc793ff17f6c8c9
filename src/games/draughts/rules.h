// The rules of each draughts variant, as data. One move generator reads these records; a variant
// is defined here and nowhere else. Each field names the article it implements
// (seeds: 000 = Ukrainian federation code for 10x10, 002 = Russian draughts code, 004 = "Шашки";
// RULINGS.md §1 is the rule of record where a seed is silent).
#pragma once

#include <string_view>

namespace doska::draughts {

enum class Side : int { white = 0, black = 1 };
constexpr Side opposite(Side side) {
  return side == Side::white ? Side::black : Side::white;
}

// Which capture a player must choose when several are possible.
enum class CapturePrecedence {
  free_choice,  // any capture sequence (002 §1.5.14; 004)
  majority,     // the sequence that takes the most pieces, men and kings alike (000 §3.4.3)
};

// What happens when a man reaches the promotion row in the middle of a capture.
enum class PassingPromotion {
  continues_as_man,   // promotes only if the move ends there (000 §3.4.2, §3.4.4, diagrams 10-11)
  continues_as_king,  // crowned at once and goes on capturing as a king (002 §1.5.15)
  stops,              // crowned, and the move ends there (004; RULINGS §1.2)
};

enum class SquareNotation {
  numeric,    // 1..50 or 1..32 (000 §1.3; PDN for english)
  algebraic,  // a1..h8 (002 §1.6.1)
};

enum class ResultStyle {
  two_points,  // 2-0, 1-1, 0-2 (international, RULINGS §1.3)
  one_point,   // 1-0, 1/2-1/2, 0-1
};

// Draw-rule family applied by the game record (RULINGS §1.4-1.6).
enum class DrawCode { international, russian, english };

struct Rules {
  std::string_view id;
  std::string_view name;
  int board_size;      // 10 (000 §1.1) or 8 (002 §1.1; 004)
  int rows_of_men;     // 4 (000 §1.2) or 3 (002 §1.3; 004)
  Side first_to_move;  // white (000; 002 §1.4.1) or black (004)
  bool flying_kings;   // kings move and capture at any distance (000 §2.5, §3.3; 002 §1.4.5)
  bool men_capture_backward;  // 000 §3.1; 002 §1.5.3; not in english (004)
  CapturePrecedence precedence;
  PassingPromotion passing_promotion;
  bool turkish_strike;  // captured pieces leave only after the move (000 §3.4.7; 002 §1.5.12)
  bool giveaway;        // the result is inverted (004 "Поддавки"; RULINGS §1.7)
  SquareNotation notation;
  char capture_separator;  // 'x' (PDN numeric) or ':' (002 §1.6.2)
  ResultStyle result_style;
  DrawCode draw_code;
  int pdn_game_type;     // 20, 25, 21 (RULINGS §1.1)
  int kings_only_moves;  // moves of each player with kings only, no capture (000 §5.5: 25;
                         // 002 §1.9.1.6: 15; RULINGS §1.6: 40)
};

inline constexpr Rules kInternational{
    .id = "international",
    .name = "International draughts",
    .board_size = 10,
    .rows_of_men = 4,
    .first_to_move = Side::white,
    .flying_kings = true,
    .men_capture_backward = true,
    .precedence = CapturePrecedence::majority,
    .passing_promotion = PassingPromotion::continues_as_man,
    .turkish_strike = true,
    .giveaway = false,
    .notation = SquareNotation::numeric,
    .capture_separator = 'x',
    .result_style = ResultStyle::two_points,
    .draw_code = DrawCode::international,
    .pdn_game_type = 20,
    .kings_only_moves = 25,
};

inline constexpr Rules kRussian{
    .id = "russian",
    .name = "Russian draughts",
    .board_size = 8,
    .rows_of_men = 3,
    .first_to_move = Side::white,
    .flying_kings = true,
    .men_capture_backward = true,
    .precedence = CapturePrecedence::free_choice,
    .passing_promotion = PassingPromotion::continues_as_king,
    .turkish_strike = true,
    .giveaway = false,
    .notation = SquareNotation::algebraic,
    .capture_separator = ':',
    .result_style = ResultStyle::one_point,
    .draw_code = DrawCode::russian,
    .pdn_game_type = 25,
    .kings_only_moves = 15,
};

inline constexpr Rules kEnglish{
    .id = "english",
    .name = "English checkers",
    .board_size = 8,
    .rows_of_men = 3,
    .first_to_move = Side::black,
    .flying_kings = false,
    .men_capture_backward = false,
    .precedence = CapturePrecedence::free_choice,
    .passing_promotion = PassingPromotion::stops,
    .turkish_strike = true,
    .giveaway = false,
    .notation = SquareNotation::numeric,
    .capture_separator = 'x',
    .result_style = ResultStyle::one_point,
    .draw_code = DrawCode::english,
    .pdn_game_type = 21,
    .kings_only_moves = 40,
};

// A giveaway variant lists only what differs from its base game (004 "Поддавки").
constexpr Rules giveaway_of(Rules base, std::string_view id, std::string_view name) {
  base.id = id;
  base.name = name;
  base.giveaway = true;
  return base;
}

inline constexpr Rules kInternationalGiveaway =
    giveaway_of(kInternational, "international-giveaway", "International draughts, giveaway");
inline constexpr Rules kRussianGiveaway =
    giveaway_of(kRussian, "russian-giveaway", "Russian draughts, giveaway");
inline constexpr Rules kEnglishGiveaway =
    giveaway_of(kEnglish, "english-giveaway", "English checkers, giveaway");

inline constexpr const Rules* kAllRules[] = {&kInternational,   &kRussian,
                                             &kEnglish,         &kInternationalGiveaway,
                                             &kRussianGiveaway, &kEnglishGiveaway};

// The variant with this id, or null.
constexpr const Rules* find_rules(std::string_view id) {
  for (const Rules* rules : kAllRules)
    if (rules->id == id) return rules;
  return nullptr;
}

// A lone king against up to three pieces: a draw by the codes' ending rules or by force with flying
// kings (the evaluations divide their value there). Not in english, whose rules have no such ending
// and where two kings beat one (at 20,000 nodes a move, 200 games, the english weights without the
// division scored 63.0% against the same weights with it), nor in giveaway, where it is no draw.
constexpr int lone_king_divisor(const Rules& rules) {
  return rules.giveaway || !rules.flying_kings ? 1 : 8;
}

}  // namespace doska::draughts
