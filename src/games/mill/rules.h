// The rules of each mill variant, as data. One move generator and one game record read these
// records; a variant is defined here and nowhere else. Each field names the article it implements
// (seed 004 "Мельница"; RULINGS.md §3 is the rule of record where the seed is silent).
#pragma once

#include <string_view>

#include "games/mill/board.h"

namespace doska::mill {

enum class Side : int { white = 0, black = 1 };
constexpr Side opposite(Side side) {
  return side == Side::white ? Side::black : Side::white;
}

// What a player with pieces in hand may do on a turn.
enum class Placement {
  before_moving,  // place while the hand is not empty, then move (004; RULINGS §3.2: per player)
  place_or_move,  // place, or move a piece on the board (004 "Смешанная мельница"; RULINGS §3.3)
};

// What closing a mill earns.
enum class MillReward {
  removal,     // remove one opposing piece (004)
  extra_turn,  // no removal; the same player plays again (004 "Цейлонская"; §3.4)
  removal_and_extra_turn  // remove, then play again (004 "Цейлонская"; RULINGS §3.4)
};

// Which opposing pieces a mill may remove.
enum class Protection {
  mills_unless_all,  // not a piece in a mill, unless every opposing piece stands in one (004)
  none,              // any piece
};

struct Rules {
  std::string_view id;
  std::string_view name;
  const Board* board;  // the 16-line board (RULINGS §3.1)
  int pieces;          // per side (004: "берут 9 фишек")
  Side first_to_move;  // white (004: "Игру начинает игрок с белыми фишками")
  Placement placement;
  int flying_at;  // with this many pieces or fewer on the board and none in hand a piece may move
                  // to any empty point (004: "всего три фишки"; RULINGS §3.2); 0: never
  int losing_count;  // a player with this many pieces or fewer, on the board and in hand, has
                     // lost (004: "остается всего две фишки"; RULINGS §3.2)
  Protection protection;
  MillReward mill_by_placement;
  MillReward mill_by_move;
  // Two mills closed by one turn remove one piece (RULINGS §3.2): fixed, not a field.
  int repetitions_for_draw;   // same position, hands and side to move (RULINGS §3.2 ruling)
  int moves_without_removal;  // turns of each player without a removal that draw (RULINGS §3.2)
};

inline constexpr Rules kMill{
    .id = "mill",
    .name = "Nine men's morris",
    .board = &kStandardBoard,
    .pieces = 9,
    .first_to_move = Side::white,
    .placement = Placement::before_moving,
    .flying_at = 3,
    .losing_count = 2,
    .protection = Protection::mills_unless_all,
    .mill_by_placement = MillReward::removal,
    .mill_by_move = MillReward::removal,
    .repetitions_for_draw = 3,
    .moves_without_removal = 50,
};

// A variant lists only what differs from its base game.
constexpr Rules variant_of(Rules base, std::string_view id, std::string_view name) {
  base.id = id;
  base.name = name;
  return base;
}

inline constexpr Rules kMillMixed = [] {
  Rules r = variant_of(kMill, "mill-mixed", "Mixed mill");
  r.placement = Placement::place_or_move;  // 004 "Смешанная мельница"; RULINGS §3.3
  return r;
}();

inline constexpr Rules kMillCeylon = [] {
  Rules r = variant_of(kMill, "mill-ceylon", "Ceylon mill");
  r.mill_by_placement = MillReward::extra_turn;         // 004 "Цейлонская"; RULINGS §3.4
  r.mill_by_move = MillReward::removal_and_extra_turn;  // 004 "Цейлонская"; RULINGS §3.4
  return r;
}();

inline constexpr const Rules* kAllRules[] = {&kMill, &kMillMixed, &kMillCeylon};

// The variant with this id, or null.
constexpr const Rules* find_rules(std::string_view id) {
  for (const Rules* rules : kAllRules)
    if (rules->id == id) return rules;
  return nullptr;
}

}  // namespace doska::mill
