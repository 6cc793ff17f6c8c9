// A DXP follower (for instance `doska dxp --listen`) as a competitor. We are the initiator: one
// GAMEREQ per game, with the competitor's colour and the position after the opening; then the
// other side's moves go to it as MOVE messages and its MOVE is its answer. The match keeps the
// record and adjudicates; at the end of a game we send GAMEEND and wait for the follower's.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "common/text.h"
#include "games/draughts/notation.h"
#include "games/draughts/rules.h"
#include "match/kinds.h"
#include "match/program.h"
#include "protocols/draughts_fields.h"
#include "protocols/dxp.h"

namespace doska::match {

namespace {

namespace dxp = protocols::dxp;
const draughts::Rules& kRules = draughts::kInternational;

class DxpFollower : public Competitor {
 public:
  DxpFollower(const CompetitorSpec& spec, protocols::Endpoint endpoint)
      : spec_(spec), endpoint_(std::move(endpoint)) {}
  ~DxpFollower() override {
    if (in_game_) (void)send(dxp::GameEnd{dxp::EndReason::unspecified, dxp::StopCode::stop});
  }

  std::optional<std::string> gone() const override { return gone_; }

  std::string name() const override {
    if (!spec_.name.empty()) return spec_.name;
    return peer_name_.empty() ? spec_.text : peer_name_;
  }

  Status start_game(const GameSession& game, const GameStart& start) override {
    start_ = start;
    in_game_ = false;
    if (!channel_) {
      if (Status s = connect(); !s) return s;
    }
    dxp::GameRequest request;
    request.initiator_name = "doska match";
    request.follower_colour =
        start.colour == Player::white ? dxp::Colour::white : dxp::Colour::black;
    request.thinking_minutes = std::clamp(thinking_minutes(start.time), 1, 999);
    auto pos = draughts::parse_fen(kRules, game.fen());
    if (!pos) return make_error(pos.error());
    if (*pos != draughts::start_position(kRules))
      request.position = protocols::board_string(kRules, *pos, protocols::kDxpLetters);
    if (Status s = send(request); !s) return failed(s.error());
    for (;;) {
      auto message = receive(start.timeout, "the answer to our GAMEREQ");
      if (!message) return failed(message.error());
      if (std::holds_alternative<dxp::Chat>(*message)) continue;
      // Left over from a game that failed: a late move, or the program's end of it.
      if (std::holds_alternative<dxp::Move>(*message) ||
          std::holds_alternative<dxp::GameEnd>(*message))
        continue;
      const auto* accept = std::get_if<dxp::GameAccept>(&*message);
      if (!accept)
        return failed("expected a GAMEACC, got a " + std::string(dxp::message_name(*message)));
      peer_name_ = std::string(trim(accept->follower_name));
      if (accept->acceptance != dxp::Acceptance::accepted)
        return failed("the program declined the game (GAMEACC code " +
                      std::string(1, static_cast<char>(accept->acceptance)) + ")");
      break;
    }
    in_game_ = true;
    sent_ = game.moves_played().size();
    return Ok{};
  }

  Result<std::string> choose_move(const GameSession& game, const MoveRequest& request) override {
    if (!in_game_) return make_error("no game is running with the program");
    if (Status s = send_moves(game); !s) return failed(s.error());
    for (;;) {
      auto message = receive(request.deadline, "its move");
      if (!message) return failed(message.error());
      if (std::holds_alternative<dxp::Chat>(*message)) continue;
      if (std::holds_alternative<dxp::BackRequest>(*message)) {
        if (Status s = send(dxp::BackAccept{dxp::BackAcceptance::not_supported}); !s)
          return failed(s.error());
        continue;
      }
      if (const auto* end = std::get_if<dxp::GameEnd>(&*message)) {
        // The program ended a game that our rules say goes on.
        (void)send(dxp::GameEnd{dxp::EndReason::unspecified, stop_code()});
        in_game_ = false;
        static constexpr const char* kClaims[] = {"ended the game", "gave up", "claimed a draw",
                                                  "claimed a win"};
        return make_error(std::string("the program ") +
                          kClaims[static_cast<char>(end->reason) - '0'] +
                          " (GAMEEND) in a game that goes on by our rules");
      }
      const auto* move = std::get_if<dxp::Move>(&*message);
      if (!move) return failed("a " + std::string(dxp::message_name(*message)) + " in a game");
      auto pos = draughts::parse_fen(kRules, game.fen());
      if (!pos) return make_error(pos.error());
      protocols::FieldMove field{move->from - 1, move->to - 1, {}};
      for (int c : move->captured) field.captured.push_back(c - 1);
      auto found = protocols::find_move(kRules, *pos, field);
      if (!found) return failed("illegal move (" + dxp::encode(*move) + "): " + found.error());
      ++sent_;  // the program knows its own move
      return draughts::move_text(kRules, *pos, *found);
    }
  }

  void end_game(const GameSession& game, Outcome outcome) override {
    if (!in_game_) return;
    in_game_ = false;
    if (!send_moves(game)) return close();
    // The reason from our side's view: we are the other player.
    dxp::EndReason reason = dxp::EndReason::unspecified;
    if (game.end().over()) {
      const bool follower_white = start_.colour == Player::white;
      if (outcome == Outcome::draw)
        reason = dxp::EndReason::draw;
      else if ((outcome == Outcome::white_wins) == follower_white)
        reason = dxp::EndReason::resign;
      else
        reason = dxp::EndReason::win;
    }
    if (!send(dxp::GameEnd{reason, stop_code()})) return close();
    // Its GAMEEND confirms ours; a move it sent before it saw ours is dropped.
    for (;;) {
      auto message = receive(std::min(start_.timeout, 10.0), "its GAMEEND");
      if (!message) return close();
      if (std::holds_alternative<dxp::GameEnd>(*message)) break;
    }
    if (start_.last) close();
  }

 private:
  static int thinking_minutes(const TimeControl& time) {
    switch (time.kind) {
      case TimeControl::Kind::clock:
        return static_cast<int>(std::ceil(time.base / 60));
      case TimeControl::Kind::per_move:
        // As `doska dxp --connect --time` does: 100 moves at that time.
        return static_cast<int>(std::ceil(time.move_time * 100 / 60));
      case TimeControl::Kind::none:
        break;
    }
    return 5;
  }

  dxp::StopCode stop_code() const {
    return start_.last ? dxp::StopCode::stop : dxp::StopCode::next_game;
  }

  Status connect() {
    // The follower may still be starting: the first connection is tried until the timeout.
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    for (;;) {
      auto socket = protocols::connect_to(endpoint_.host, endpoint_.port, start_.timeout);
      if (socket) {
        channel_.emplace(std::move(*socket));
        connected_once_ = true;
        return Ok{};
      }
      const double waited = std::chrono::duration<double>(Clock::now() - start).count();
      if (connected_once_) {
        gone_ =
            "the connection was lost and the program refuses a new one (" + socket.error() + ")";
        return make_error(*gone_);
      }
      if (waited >= start_.timeout) return make_error(socket.error());
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }

  void close() {
    channel_.reset();
    in_game_ = false;
  }

  // After a failure the game is ended with GAMEEND and the connection kept for the next game (a
  // follower such as Scan serves one connection only); what the program still sends of the
  // failed game is skipped. A connection that is gone is closed, and the next game connects
  // again.
  Error failed(const std::string& message) {
    if (in_game_ && channel_) {
      const bool alive =
          channel_->send(dxp::Chat{"error: " + message}).ok() &&
          channel_->send(dxp::GameEnd{dxp::EndReason::unspecified, stop_code()}).ok();
      in_game_ = false;
      if (!alive || start_.last) close();
    } else {
      close();
    }
    return make_error(message);
  }

  Status send(const dxp::Message& message) {
    if (!channel_) return make_error("not connected");
    return channel_->send(message);
  }

  Result<dxp::Message> receive(double timeout, const std::string& waiting_for) {
    if (!channel_) return make_error("not connected");
    auto in = channel_->receive(timeout);
    if (!in) return make_error(in.error());
    switch (in->kind) {
      case dxp::Channel::Incoming::Kind::closed:
        channel_.reset();
        return make_error("the program closed the connection while we waited for " + waiting_for);
      case dxp::Channel::Incoming::Kind::timeout:
        return make_error("no message within " + seconds_text(timeout) + " while we waited for " +
                          waiting_for);
      case dxp::Channel::Incoming::Kind::message:
        break;
    }
    auto message = dxp::decode(in->text);
    if (!message) return make_error("bad message from the program: " + message.error());
    return std::move(*message);
  }

  // The moves of `game` the program has not seen: the other side's.
  Status send_moves(const GameSession& game) {
    const std::vector<std::string> moves = game.moves_played();
    if (sent_ >= moves.size()) return Ok{};
    auto pos = draughts::parse_fen(kRules, game.start_fen());
    if (!pos) return make_error(pos.error());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      auto move = draughts::parse_move(kRules, *pos, moves[i]);
      if (!move) return make_error(move.error());
      if (i >= sent_) {
        const protocols::FieldMove field = protocols::field_move(kRules, *move);
        dxp::Move message;
        message.from = field.from + 1;
        message.to = field.to + 1;
        for (int c : field.captured) message.captured.push_back(c + 1);
        if (Status s = send(message); !s) return s;
      }
      draughts::play(*pos, *move);
    }
    sent_ = moves.size();
    return Ok{};
  }

  CompetitorSpec spec_;
  protocols::Endpoint endpoint_;
  std::optional<dxp::Channel> channel_;
  bool connected_once_ = false;
  GameStart start_;
  std::string peer_name_;
  std::optional<std::string> gone_;
  bool in_game_ = false;
  std::size_t sent_ = 0;  // plies of the record the program knows
};

}  // namespace

Result<std::unique_ptr<Competitor>> make_dxp(const CompetitorSpec& spec) {
  auto endpoint = protocols::parse_endpoint(spec.command, dxp::kDefaultPort);
  if (!endpoint) return make_error(quoted(spec.text) + ": " + endpoint.error());
  return std::unique_ptr<Competitor>(new DxpFollower(spec, std::move(*endpoint)));
}

}  // namespace doska::match
