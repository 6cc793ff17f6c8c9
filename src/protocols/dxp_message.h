// DamExchange Protocol (DXP) version 1, layer 2: the seven messages, each an ASCII string whose
// first character names its type, with fixed-width fields (numbers with leading zeros, names
// padded with blanks). Layer 1 (dxp.h) sends each one followed by a NUL byte. International
// draughts only: fields (squares) are numbered 1..50.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common/result.h"

namespace doska::protocols::dxp {

enum class Colour : char { white = 'W', black = 'Z' };

// 'R': the initiator asks for a game.
struct GameRequest {
  int version = 1;             // 2 digits
  std::string initiator_name;  // 32 characters, padded with blanks
  Colour follower_colour = Colour::black;
  int thinking_minutes = 0;  // per player for the whole game, 3 digits
  int moves = 0;             // moves of the game, 3 digits; 0: no limit
  // The start: nothing for the initial position, else the colour to move ('W' or 'Z') and 50
  // letters, one per field: 'e' empty, 'w' / 'z' white / black man, 'W' / 'Z' king.
  std::optional<std::string> position;
};

// 'A': the follower's answer.
enum class Acceptance : char {
  accepted = '0',
  bad_version = '1',
  declined = '2',  // not this game, but another one
  no_more_games = '3',
};
struct GameAccept {
  std::string follower_name;  // 32 characters
  Acceptance acceptance = Acceptance::accepted;
};

// 'M': a move. `captured` in any order.
struct Move {
  int seconds = 0;  // time used for the move, 4 digits
  int from = 0;     // 2 digits
  int to = 0;
  std::vector<int> captured;  // a count of 2 digits, then 2 digits per field (at most 20)
};

// 'E': ends the game (sent instead of a move, and answered by an 'E').
enum class EndReason : char {
  unspecified = '0',
  resign = '1',  // "I give up"
  draw = '2',
  win = '3',  // "I win"
};
enum class StopCode : char {
  next_game = '0',  // willing to play another game
  stop = '1',       // no more games
};
struct GameEnd {
  EndReason reason = EndReason::unspecified;
  StopCode stop = StopCode::next_game;
};

// 'C': free text.
struct Chat {
  std::string text;
};

// 'B': back to the position of this move number (3 digits, from 1) with this colour to move.
struct BackRequest {
  int move_number = 1;
  Colour to_move = Colour::white;
};

// 'K': the answer to a BackRequest.
enum class BackAcceptance : char {
  accepted = '0',
  not_supported = '1',
  declined = '2',  // wants to play on
};
struct BackAccept {
  BackAcceptance acceptance = BackAcceptance::accepted;
};

using Message = std::variant<GameRequest, GameAccept, Move, GameEnd, Chat, BackRequest, BackAccept>;

// The layer-2 text of a message, without the NUL. Values that do not fit their field are cut or
// clamped (names to 32 characters, time to 9999 s); characters outside 1..127 become '?'.
std::string encode(const Message& message);
// Reads a layer-2 text; an error names the message type and the field at fault.
Result<Message> decode(std::string_view text);

// The name of a message type for logs: "GAMEREQ", "MOVE", ...
std::string_view message_name(const Message& message);

// The longest message text layer 2 allows (DXP: 1 to 127 characters).
inline constexpr std::size_t kMaxMessageSize = 127;

}  // namespace doska::protocols::dxp
