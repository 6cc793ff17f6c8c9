#include "protocols/dxp.h"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <sstream>

#include "common/text.h"
#include "engine/engine.h"
#include "games/draughts/notation.h"
#include "games/draughts/rules.h"
#include "games/session.h"
#include "protocols/draughts_fields.h"

namespace doska::protocols::dxp {

// ---------------------------------------------------------------------------------------------
// Layer 1.

Status Channel::send(const Message& message) {
  return send_text(encode(message));
}

Status Channel::send_text(std::string_view text) {
  std::string data(text);
  data += '\0';
  return send_all(socket_, data);
}

Result<Channel::Incoming> Channel::receive(double timeout_seconds) {
  for (;;) {
    const auto nul = buffer_.find('\0');
    if (nul != std::string::npos) {
      Incoming in{Incoming::Kind::message, buffer_.substr(0, nul)};
      buffer_.erase(0, nul + 1);
      return in;
    }
    if (buffer_.size() > kMaxMessageSize)
      return make_error("the peer sent " + std::to_string(buffer_.size()) +
                        " bytes without the NUL that ends a message (DXP messages have at most " +
                        "127 characters)");
    char chunk[512];
    auto got = read_some(socket_, chunk, sizeof chunk, timeout_seconds);
    if (!got) return make_error(got.error());
    switch (got->kind) {
      case ReadResult::Kind::closed:
        if (!buffer_.empty())
          return make_error("the peer closed the connection in the middle of a message");
        return Incoming{Incoming::Kind::closed, {}};
      case ReadResult::Kind::timeout:
        return Incoming{Incoming::Kind::timeout, {}};
      case ReadResult::Kind::data:
        buffer_.append(chunk, got->size);
        break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Games.

namespace {

const draughts::Rules& kRules = draughts::kInternational;

Colour opposite(Colour c) {
  return c == Colour::white ? Colour::black : Colour::white;
}
Player player_of(Colour c) {
  return c == Colour::white ? Player::white : Player::black;
}
std::string seconds_text(double seconds) {
  std::ostringstream text;
  text << seconds << " s";
  return text.str();
}

// The reason a game ended by the rules, with the article that decided it.
std::string rule_reason(const doska::GameEnd& end) {
  return end.rule.empty() ? end.reason : end.reason + " (" + end.rule + ")";
}

std::string colour_name(Colour c) {
  return c == Colour::white ? "white" : "black";
}

// What follows a game: another one, or the end of the session.
enum class After { next_game, stop };

struct GameSetup {
  int number = 0;
  Colour our_colour = Colour::white;
  std::string opponent;
  std::string start_fen;
  int thinking_minutes = 0;
  int moves = 0;
  StopCode our_stop = StopCode::next_game;
};

class Match {
 public:
  Match(Channel& channel, const Options& options, std::ostream& log)
      : channel_(channel), options_(options), log_(log), engine_(options.hash_megabytes) {
    engine_.set_tables(options.tables);
  }

  Result<Report> initiator();
  Result<Report> follower();

 private:
  Status send(const Message& message);
  // The next message; an error when the peer is silent, has gone or sends a malformed message.
  // A closed connection is an error unless `closed_is_end`, when it gives nothing.
  Result<std::optional<Message>> next(double timeout, const std::string& waiting_for,
                                      bool closed_is_end = false);
  double game_timeout(const GameSetup& setup) const;

  Result<After> play_game(const GameSetup& setup);
  Result<After> end_game(GameSession& game, const GameSetup& setup, GameReport& report);
  Result<After> answer_end(const GameEnd& end, GameSession& game, const GameSetup& setup,
                           GameReport& report);
  Status receive_move(const Move& move, GameSession& game);
  Status play_our_move(GameSession& game, const GameSetup& setup, double& clock_left);
  Status go_back(const BackRequest& request, GameSession& game);

  // Ends the session after a protocol error: the peer gets a GAMEEND if a game is running.
  Error abort(const std::string& message, bool in_game);

  Channel& channel_;
  const Options& options_;
  std::ostream& log_;
  Report report_;
  engine::Engine engine_;
};

Status Match::send(const Message& message) {
  if (options_.verbose) log_ << "dxp: sent " << quoted(encode(message)) << std::endl;
  return channel_.send(message);
}

Error Match::abort(const std::string& message, bool in_game) {
  log_ << "dxp: error: " << message << std::endl;
  if (in_game) {
    // Best effort: the connection may be gone already.
    (void)channel_.send(Chat{"error: " + message});
    (void)channel_.send(GameEnd{EndReason::unspecified, StopCode::stop});
  }
  return make_error(message);
}

Result<std::optional<Message>> Match::next(double timeout, const std::string& waiting_for,
                                           bool closed_is_end) {
  auto in = channel_.receive(timeout);
  if (!in) return make_error(in.error());
  switch (in->kind) {
    case Channel::Incoming::Kind::closed:
      if (closed_is_end) return std::optional<Message>{};
      return make_error("the peer closed the connection while we waited for " + waiting_for);
    case Channel::Incoming::Kind::timeout:
      return make_error("no message from the peer for " + seconds_text(timeout) +
                        " while we waited for " + waiting_for);
    case Channel::Incoming::Kind::message:
      break;
  }
  if (options_.verbose) log_ << "dxp: received " << quoted(in->text) << std::endl;
  auto message = decode(in->text);
  if (!message) return make_error("bad message from the peer: " + message.error());
  return std::optional<Message>(std::move(*message));
}

double Match::game_timeout(const GameSetup& setup) const {
  if (options_.timeout > 0) return options_.timeout;
  return (setup.thinking_minutes > 0 ? setup.thinking_minutes * 60.0 : 600.0) + 60.0;
}

double between_games_timeout(const Options& options) {
  return options.timeout > 0 ? options.timeout : 120.0;
}

Status Match::receive_move(const Move& move, GameSession& game) {
  auto pos = draughts::parse_fen(kRules, game.fen());
  if (!pos) return make_error(pos.error());
  FieldMove field{move.from - 1, move.to - 1, {}};
  for (int c : move.captured) field.captured.push_back(c - 1);
  auto found = find_move(kRules, *pos, field);
  if (!found)
    return make_error("illegal move from the peer (" + encode(move) + "): " + found.error());
  return game.play(draughts::move_text(kRules, *pos, *found));
}

Status Match::play_our_move(GameSession& game, const GameSetup& setup, double& clock_left) {
  Status status = engine_.set_position(kRules.id, setup.start_fen, game.moves_played());
  if (!status) return status;
  search::Limits limits;
  limits.depth = options_.depth;
  limits.nodes = options_.nodes;
  limits.level = options_.level;
  limits.threads = options_.threads;
  if (options_.move_time > 0) {
    limits.move_time = options_.move_time;
  } else if (clock_left > 0 || setup.thinking_minutes > 0 || options_.clock_minutes > 0) {
    limits.clock = std::max(clock_left, 0.05);
    if (setup.moves > 0) {
      const int done = static_cast<int>(game.moves_played().size()) / 2;
      limits.moves_to_go = std::max(1, setup.moves - done);
    }
  } else if (!limits.depth && !limits.nodes) {
    limits.move_time = 5;
  }
  const engine::BestMove best = engine_.search(limits);
  clock_left -= best.seconds;
  if (best.move.empty()) return make_error("the engine found no move");
  auto pos = draughts::parse_fen(kRules, game.fen());
  if (!pos) return make_error(pos.error());
  auto move = draughts::parse_move(kRules, *pos, best.move);
  if (!move) return make_error("the engine's move " + best.move + ": " + move.error());
  const FieldMove field = field_move(kRules, *move);
  Move message;
  message.seconds = static_cast<int>(std::lround(best.seconds));
  message.from = field.from + 1;
  message.to = field.to + 1;
  for (int c : field.captured) message.captured.push_back(c + 1);
  // DXP carries no score; the log says what the move is worth ("win 9 egdb" from a database).
  if (options_.verbose)
    log_ << "dxp: our move " << best.move << " score " << best.score.text() << " depth "
         << best.depth << std::endl;
  if (Status s = game.play(best.move); !s) return s;
  return send(message);
}

// Back to the position of `request` (BACKREQ): the ply of move number n with white to move is
// 2(n-1); with black to move one more; counted from a start with black to move, one less.
Status Match::go_back(const BackRequest& request, GameSession& game) {
  auto start = draughts::parse_fen(kRules, game.start_fen());
  if (!start) return make_error(start.error());
  int ply = 2 * (request.move_number - 1) + (request.to_move == Colour::black ? 1 : 0);
  if (start->side == draughts::Side::black) --ply;
  const int played = static_cast<int>(game.moves_played().size());
  if (ply < 0 || ply > played || game.end().over()) {
    log_ << "dxp: declined to go back to move " << request.move_number << " ("
         << colour_name(request.to_move) << " to move)" << std::endl;
    return send(BackAccept{BackAcceptance::declined});
  }
  while (static_cast<int>(game.moves_played().size()) > ply) game.undo();
  log_ << "dxp: went back to move " << request.move_number << " (" << colour_name(request.to_move)
       << " to move)" << std::endl;
  return send(BackAccept{BackAcceptance::accepted});
}

// Our turn, and the game is over by the rules or by its number of moves: we send the GAMEEND
// and wait for the peer's.
Result<After> Match::end_game(GameSession& game, const GameSetup& setup, GameReport& report) {
  GameEnd end{EndReason::unspecified, setup.our_stop};
  const doska::GameEnd rules_end = game.end();
  if (rules_end.over()) {
    const Player us = player_of(setup.our_colour);
    if (rules_end.outcome == Outcome::draw)
      end.reason = EndReason::draw;
    else if ((rules_end.outcome == Outcome::white_wins) == (us == Player::white))
      end.reason = EndReason::win;
    else
      end.reason = EndReason::resign;
    report.result = game.result_text();
    report.reason = rule_reason(rules_end);
  } else {
    report.result = "*";
    report.reason = "the game's " + std::to_string(setup.moves) + " moves are played";
  }
  if (Status s = send(end); !s) return make_error(s.error());
  for (;;) {
    auto message = next(game_timeout(setup), "the GAMEEND that confirms ours");
    if (!message) return make_error(message.error());
    if (const auto* answer = std::get_if<GameEnd>(&**message))
      return answer->stop == StopCode::stop || setup.our_stop == StopCode::stop ? After::stop
                                                                                : After::next_game;
    if (const auto* chat = std::get_if<Chat>(&**message)) {
      log_ << "dxp: chat from " << setup.opponent << ": " << chat->text << std::endl;
      continue;
    }
    if (std::holds_alternative<BackRequest>(**message)) {
      if (Status s = send(BackAccept{BackAcceptance::declined}); !s) return make_error(s.error());
      continue;
    }
    return make_error("expected a GAMEEND, got a " + std::string(message_name(**message)));
  }
}

// The peer ended the game: we confirm with a GAMEEND of our own.
Result<After> Match::answer_end(const GameEnd& end, GameSession& game, const GameSetup& setup,
                                GameReport& report) {
  const Player them = player_of(opposite(setup.our_colour));
  if (game.end().over()) {
    report.result = game.result_text();
    report.reason = rule_reason(game.end());
  } else if (end.reason == EndReason::resign && game.resign(them)) {
    report.result = game.result_text();
    report.reason = colour_name(opposite(setup.our_colour)) + " resigned";
  } else {
    report.result = "*";
    const bool move_limit =
        setup.moves > 0 && static_cast<int>(game.moves_played().size()) >= 2 * setup.moves;
    switch (end.reason) {
      case EndReason::draw:
        report.reason = "the opponent ended the game as a draw";
        break;
      case EndReason::win:
        report.reason = "the opponent ended the game claiming a win";
        break;
      default:
        report.reason = move_limit
                            ? "the game's " + std::to_string(setup.moves) + " moves are played"
                            : "the opponent ended the game";
        break;
    }
  }
  if (Status s = send(GameEnd{EndReason::unspecified, setup.our_stop}); !s)
    return make_error(s.error());
  return end.stop == StopCode::stop || setup.our_stop == StopCode::stop ? After::stop
                                                                        : After::next_game;
}

Result<After> Match::play_game(const GameSetup& setup) {
  auto created = new_session(kRules.id, setup.start_fen);
  if (!created) return make_error(created.error());
  GameSession& game = **created;
  engine_.new_game();
  GameReport report;
  report.number = setup.number;
  report.our_colour = setup.our_colour;
  report.opponent = setup.opponent;
  report.start_fen = setup.start_fen;
  log_ << "dxp: game " << setup.number << ": we play " << colour_name(setup.our_colour)
       << " against " << quoted(setup.opponent) << std::endl;
  const Player us = player_of(setup.our_colour);
  double clock_left =
      (options_.clock_minutes > 0 ? options_.clock_minutes : setup.thinking_minutes) * 60.0;

  auto finished = [&](After after) {
    report.moves = game.moves_played();
    log_ << "dxp: " << report_line(report, options_.name) << std::endl;
    report_.games.push_back(report);
    return after;
  };

  for (;;) {
    if (game.to_move() == us) {
      const bool move_limit =
          setup.moves > 0 && static_cast<int>(game.moves_played().size()) >= 2 * setup.moves;
      if (game.end().over() || move_limit) {
        auto after = end_game(game, setup, report);
        if (!after) return abort(after.error(), false);
        return finished(*after);
      }
      if (Status s = play_our_move(game, setup, clock_left); !s) return abort(s.error(), true);
      continue;
    }
    auto message = next(game_timeout(setup), "the opponent's move");
    if (!message) return abort(message.error(), true);
    const Message& m = **message;
    if (const auto* move = std::get_if<Move>(&m)) {
      if (Status s = receive_move(*move, game); !s) return abort(s.error(), true);
    } else if (const auto* end = std::get_if<GameEnd>(&m)) {
      auto after = answer_end(*end, game, setup, report);
      if (!after) return abort(after.error(), false);
      return finished(*after);
    } else if (const auto* chat = std::get_if<Chat>(&m)) {
      log_ << "dxp: chat from " << setup.opponent << ": " << chat->text << std::endl;
    } else if (const auto* back = std::get_if<BackRequest>(&m)) {
      if (Status s = go_back(*back, game); !s) return abort(s.error(), true);
    } else if (std::holds_alternative<BackAccept>(m)) {
      log_ << "dxp: ignored a BACKACC: we asked for no move back" << std::endl;
    } else {
      return abort("a " + std::string(message_name(m)) + " in the middle of a game", true);
    }
  }
}

Result<Report> Match::initiator() {
  std::string start_fen = draughts::to_fen(kRules, draughts::start_position(kRules));
  std::optional<std::string> board;
  if (options_.fen) {
    auto pos = draughts::parse_fen(kRules, *options_.fen);
    if (!pos) return make_error(pos.error());
    start_fen = draughts::to_fen(kRules, *pos);
    if (*pos != draughts::start_position(kRules)) board = board_string(kRules, *pos, kDxpLetters);
  }
  int minutes = 5;
  if (options_.clock_minutes > 0)
    minutes = options_.clock_minutes;
  else if (options_.move_time > 0)
    minutes = static_cast<int>(
        std::ceil(options_.move_time * (options_.moves > 0 ? options_.moves : 100) / 60.0));
  minutes = std::clamp(minutes, 1, 999);

  Colour colour = options_.colour;
  for (int number = 1; number <= std::max(1, options_.games); ++number) {
    GameRequest request;
    request.initiator_name = options_.name;
    request.follower_colour = opposite(colour);
    request.thinking_minutes = minutes;
    request.moves = std::clamp(options_.moves, 0, 999);
    request.position = board;
    if (Status s = send(request); !s) return make_error(s.error());
    std::optional<GameAccept> accept;
    while (!accept) {
      auto message = next(between_games_timeout(options_), "the answer to our GAMEREQ");
      if (!message) return abort(message.error(), false);
      if (const auto* a = std::get_if<GameAccept>(&**message))
        accept = *a;
      else if (const auto* chat = std::get_if<Chat>(&**message))
        log_ << "dxp: chat: " << chat->text << std::endl;
      else
        return abort("expected a GAMEACC, got a " + std::string(message_name(**message)), false);
    }
    if (accept->acceptance != Acceptance::accepted) {
      static constexpr const char* kWhy[] = {"", "it does not speak our protocol version",
                                             "it declines this game",
                                             "it wants to play no more games"};
      log_ << "dxp: " << quoted(accept->follower_name)
           << " declined the game: " << kWhy[static_cast<char>(accept->acceptance) - '0']
           << std::endl;
      break;
    }
    GameSetup setup;
    setup.number = number;
    setup.our_colour = colour;
    setup.opponent = accept->follower_name;
    setup.start_fen = start_fen;
    setup.thinking_minutes = minutes;
    setup.moves = request.moves;
    setup.our_stop = number >= options_.games ? StopCode::stop : StopCode::next_game;
    auto after = play_game(setup);
    if (!after) return make_error(after.error());
    if (*after == After::stop) break;
    colour = opposite(colour);
  }
  return report_;
}

Result<Report> Match::follower() {
  int played = 0;
  for (;;) {
    auto message = next(between_games_timeout(options_), "a GAMEREQ", true);
    if (!message) return abort(message.error(), false);
    if (!*message) return report_;  // the initiator has gone: the session is over
    const Message& m = **message;
    if (const auto* chat = std::get_if<Chat>(&m)) {
      log_ << "dxp: chat: " << chat->text << std::endl;
      continue;
    }
    if (std::holds_alternative<GameEnd>(m)) {
      log_ << "dxp: ignored a GAMEEND between games" << std::endl;
      continue;
    }
    const auto* request = std::get_if<GameRequest>(&m);
    if (!request) return abort("expected a GAMEREQ, got a " + std::string(message_name(m)), false);

    auto decline = [&](Acceptance code, const std::string& why) -> Status {
      log_ << "dxp: declined a game from " << quoted(request->initiator_name) << ": " << why
           << std::endl;
      return send(GameAccept{options_.name, code});
    };
    if (request->version != 1) {
      if (Status s = decline(Acceptance::bad_version,
                             "protocol version " + std::to_string(request->version));
          !s)
        return make_error(s.error());
      continue;
    }
    if (options_.max_games > 0 && played >= options_.max_games) {
      if (Status s = decline(Acceptance::no_more_games, "no more games"); !s)
        return make_error(s.error());
      continue;
    }
    std::string start_fen = draughts::to_fen(kRules, draughts::start_position(kRules));
    if (request->position) {
      auto pos = parse_board_string(kRules, *request->position, kDxpLetters);
      if (!pos || draughts::legal_moves(kRules, *pos).empty()) {
        if (Status s = decline(Acceptance::declined,
                               pos ? "no legal move in the start position" : pos.error());
            !s)
          return make_error(s.error());
        continue;
      }
      start_fen = draughts::to_fen(kRules, *pos);
    }
    if (Status s = send(GameAccept{options_.name, Acceptance::accepted}); !s)
      return make_error(s.error());
    ++played;
    GameSetup setup;
    setup.number = played;
    setup.our_colour = request->follower_colour;
    setup.opponent = request->initiator_name;
    setup.start_fen = start_fen;
    setup.thinking_minutes = request->thinking_minutes;
    setup.moves = request->moves;
    setup.our_stop = options_.max_games > 0 && played >= options_.max_games ? StopCode::stop
                                                                            : StopCode::next_game;
    auto after = play_game(setup);
    if (!after) return make_error(after.error());
    if (*after == After::stop) return report_;
  }
}

}  // namespace

Result<Report> play_initiator(Channel& channel, const Options& options, std::ostream& log) {
  Match match(channel, options, log);
  return match.initiator();
}

Result<Report> play_follower(Channel& channel, const Options& options, std::ostream& log) {
  Match match(channel, options, log);
  return match.follower();
}

std::string report_line(const GameReport& game, const std::string& our_name) {
  const bool white = game.our_colour == Colour::white;
  const std::string& white_name = white ? our_name : game.opponent;
  const std::string& black_name = white ? game.opponent : our_name;
  std::string line = "game " + std::to_string(game.number) + ": " + white_name + " (white) - " +
                     black_name + " (black) " + game.result;
  if (!game.reason.empty()) line += ": " + game.reason;
  line += " (" + std::to_string(game.moves.size()) + " plies)";
  return line;
}

}  // namespace doska::protocols::dxp
