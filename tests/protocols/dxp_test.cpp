// DXP (DamExchange Protocol) version 1: the messages as the specification writes them, malformed
// messages, layer 1 framing, and doska against doska (and against a scripted peer) over a
// loopback TCP connection.
#include "protocols/dxp.h"

#include <gtest/gtest.h>
#include <sys/socket.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include <unistd.h>

#include "common/text.h"
#include "games/draughts/egdb.h"
#include "games/draughts/rules.h"
#include "protocols/dxp_message.h"
#include "protocols/socket.h"
#include "support/scratch_dir.h"

namespace doska::protocols::dxp {
namespace {

// ---------------------------------------------------------------------------------------------
// Messages.

std::string name32(const std::string& name) {
  return name + std::string(32 - name.size(), ' ');
}

template <class T>
T decoded(const std::string& text) {
  auto message = decode(text);
  EXPECT_TRUE(message.ok()) << text << ": " << (message.ok() ? "" : message.error());
  if (!message.ok() || !std::holds_alternative<T>(*message)) {
    ADD_FAILURE() << text << " is not the expected message type";
    return T{};
  }
  return std::get<T>(*message);
}

TEST(DxpMessage, MoveAsTheSpecificationWritesIt) {
  // "M0012061100": 6-11 in 12 seconds.
  const Move quiet = decoded<Move>("M0012061100");
  EXPECT_EQ(quiet.seconds, 12);
  EXPECT_EQ(quiet.from, 6);
  EXPECT_EQ(quiet.to, 11);
  EXPECT_TRUE(quiet.captured.empty());
  EXPECT_EQ(encode(quiet), "M0012061100");

  const Move capture = decoded<Move>("M001205250422122320");
  EXPECT_EQ(capture.from, 5);
  EXPECT_EQ(capture.to, 25);
  EXPECT_EQ(capture.captured, (std::vector<int>{22, 12, 23, 20}));
  EXPECT_EQ(encode(capture), "M001205250422122320");
}

TEST(DxpMessage, EveryTypeRoundTrips) {
  const std::vector<std::string> texts = {
      "R01" + name32("Tornado voor Windows 4.0") + "W010050A",
      "R01" + name32("doska") + "Z999000BZ" + std::string(20, 'z') + std::string(10, 'e') +
          std::string(18, 'w') + "WZ",
      "A" + name32("Tornado voor Windows 4.0") + "0",
      "A" + name32("doska") + "3",
      "M0000322800",
      "E00",
      "E31",
      "Chello there",
      "C",
      "B005Z",
      "K1",
  };
  for (const std::string& text : texts) {
    auto message = decode(text);
    ASSERT_TRUE(message.ok()) << text << ": " << message.error();
    EXPECT_EQ(encode(*message), text) << message_name(*message);
  }
}

TEST(DxpMessage, GameRequestFields) {
  const GameRequest r = decoded<GameRequest>("R01" + name32("Tornado") + "Z010050A");
  EXPECT_EQ(r.version, 1);
  EXPECT_EQ(r.initiator_name, "Tornado");
  EXPECT_EQ(r.follower_colour, Colour::black);
  EXPECT_EQ(r.thinking_minutes, 10);
  EXPECT_EQ(r.moves, 50);
  EXPECT_FALSE(r.position.has_value());

  const GameEnd e = decoded<GameEnd>("E21");
  EXPECT_EQ(e.reason, EndReason::draw);
  EXPECT_EQ(e.stop, StopCode::stop);
  const BackRequest b = decoded<BackRequest>("B005Z");
  EXPECT_EQ(b.move_number, 5);
  EXPECT_EQ(b.to_move, Colour::black);
}

TEST(DxpMessage, EncodingKeepsFieldsInTheirWidth) {
  GameAccept a;
  a.follower_name = "a name far longer than the thirty-two characters allowed";
  EXPECT_EQ(encode(a).size(), 34u);
  Move m;
  m.seconds = 123456;
  m.from = 1;
  m.to = 50;
  EXPECT_EQ(encode(m), "M9999015000");
}

TEST(DxpMessage, MalformedMessagesAreErrors) {
  const std::vector<std::string> bad = {
      "",
      "X00",
      "M12",                                 // too short
      "M0012061100x",                        // too long
      "M0012061101",                         // one capture announced, none given
      "M0012069900",                         // field 99
      "M0012000100",                         // field 0
      "M00a2061100",                         // time not digits
      "M0012061121" + std::string(42, '1'),  // 21 captures
      "E40",                                 // reason 4
      "E02",                                 // stop code 2
      "E0",                                  // too short
      "A" + name32("doska") + "7",           // acceptance code 7
      "R01" + name32("doska") + "X010050A",  // follower colour X
      "R01" + name32("doska") + "W010050C",  // starting position C
      "R01" + name32("doska") + "W010050BW" + std::string(49, 'e'),  // short position
      "R01" + name32("doska") + "W010050BW" + std::string(49, 'e') + "q",
      "B000W",  // move number 0
      "B001X",
      "K3",
      "C" + std::string(127, 'x'),  // 128 characters
      "C\x80",                      // not ASCII
  };
  for (const std::string& text : bad) {
    auto message = decode(text);
    EXPECT_FALSE(message.ok()) << quoted(text);
    if (!message.ok()) {
      EXPECT_FALSE(message.error().empty());
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Layer 1.

std::pair<Channel, Socket> socket_pair() {
  int fds[2];
  EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
  return {Channel(Socket(fds[0])), Socket(fds[1])};
}

TEST(DxpChannel, MessagesEndAtTheirNul) {
  auto [channel, other] = socket_pair();
  // Two messages in one write, then one split over two writes.
  ASSERT_TRUE(send_all(other, std::string("E00\0Chi\0M00", 11)).ok());
  ASSERT_TRUE(send_all(other, std::string("00322800\0", 9)).ok());
  for (const char* expected : {"E00", "Chi", "M0000322800"}) {
    auto in = channel.receive(10);
    ASSERT_TRUE(in.ok()) << in.error();
    ASSERT_EQ(in->kind, Channel::Incoming::Kind::message);
    EXPECT_EQ(in->text, expected);
  }
  ASSERT_TRUE(channel.send(GameEnd{EndReason::draw, StopCode::stop}).ok());
  char buffer[8];
  auto got = read_some(other, buffer, sizeof buffer, 10);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(std::string(buffer, got->size), std::string("E21\0", 4));

  auto quiet = channel.receive(0.01);
  ASSERT_TRUE(quiet.ok());
  EXPECT_EQ(quiet->kind, Channel::Incoming::Kind::timeout);
  other.close();
  auto closed = channel.receive(10);
  ASSERT_TRUE(closed.ok());
  EXPECT_EQ(closed->kind, Channel::Incoming::Kind::closed);
}

TEST(DxpChannel, AMessageWithoutItsNulIsAnError) {
  auto [channel, other] = socket_pair();
  ASSERT_TRUE(send_all(other, std::string(300, 'C')).ok());
  EXPECT_FALSE(channel.receive(10).ok());
}

TEST(DxpEndpoint, HostAndPort) {
  auto a = parse_endpoint("127.0.0.1", kDefaultPort);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->host, "127.0.0.1");
  EXPECT_EQ(a->port, 27531);
  auto b = parse_endpoint("example.org:1234", kDefaultPort);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->port, 1234);
  auto c = parse_endpoint("[::1]:99", kDefaultPort);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->host, "::1");
  EXPECT_FALSE(parse_endpoint("host:0", kDefaultPort).ok());
  EXPECT_FALSE(parse_endpoint("host:", kDefaultPort).ok());
  EXPECT_FALSE(parse_endpoint(":80", kDefaultPort).ok());
  EXPECT_FALSE(parse_endpoint("::1", kDefaultPort).ok());
}

// ---------------------------------------------------------------------------------------------
// Games over loopback TCP.

Options quick_options() {
  Options options;
  options.nodes = 1500;
  options.hash_megabytes = 4;
  options.timeout = 30;  // a safety net only: a peer here answers at once
  return options;
}

// A follower on an ephemeral port of 127.0.0.1, playing in its own thread: at once, or (started
// false) once start() is called, so that a peer can connect and send first.
class Follower {
 public:
  explicit Follower(Options options, bool started = true) : options_(std::move(options)) {
    auto listener = listen_on("127.0.0.1", 0);
    EXPECT_TRUE(listener.ok()) << (listener.ok() ? "" : listener.error());
    if (!listener.ok()) return;
    port_ = local_port(*listener);
    listener_.emplace(std::move(*listener));
    if (started) start();
  }
  void start() {
    if (!listener_) return;
    Socket listener = std::move(*listener_);
    listener_.reset();
    thread_ = std::jthread([this, listener = std::move(listener)]() mutable {
      auto socket = accept_connection(listener, 30);
      if (!socket) {
        result_ = make_error(socket.error());
        return;
      }
      Channel channel(std::move(*socket));
      result_ = play_follower(channel, options_, log_);
    });
  }
  int port() const { return port_; }
  const Result<Report>& result() {
    if (thread_.joinable()) thread_.join();
    return result_;
  }
  std::string log() {
    if (thread_.joinable()) thread_.join();
    return log_.str();
  }

 private:
  Options options_;
  int port_ = 0;
  std::ostringstream log_;
  Result<Report> result_ = make_error("not run");
  std::optional<Socket> listener_;  // until start()
  std::jthread thread_;
};

Channel connect_channel(int port) {
  auto socket = connect_to("127.0.0.1", port, 30);
  EXPECT_TRUE(socket.ok()) << (socket.ok() ? "" : socket.error());
  return Channel(socket.ok() ? std::move(*socket) : Socket());
}

TEST(DxpGame, DoskaAgainstDoskaUntilTheMoveLimit) {
  Follower follower(quick_options());
  Options options = quick_options();
  options.games = 2;
  options.moves = 4;
  Channel channel = connect_channel(follower.port());
  std::ostringstream log;
  auto ours = play_initiator(channel, options, log);
  ASSERT_TRUE(ours.ok()) << ours.error() << "\n" << log.str();
  const auto& theirs = follower.result();
  ASSERT_TRUE(theirs.ok()) << theirs.error() << "\n" << follower.log();

  ASSERT_EQ(ours->games.size(), 2u) << log.str();
  ASSERT_EQ(theirs->games.size(), 2u) << follower.log();
  for (std::size_t i = 0; i < 2; ++i) {
    const GameReport& a = ours->games[i];
    const GameReport& b = theirs->games[i];
    EXPECT_EQ(a.moves.size(), 8u) << report_line(a, "doska");
    EXPECT_EQ(a.moves, b.moves);
    EXPECT_EQ(a.result, "*");
    EXPECT_EQ(b.result, "*");
    EXPECT_NE(a.our_colour, b.our_colour);
  }
  // Colours alternate from game to game.
  EXPECT_EQ(ours->games[0].our_colour, Colour::white);
  EXPECT_EQ(ours->games[1].our_colour, Colour::black);
}

TEST(DxpGame, AGamePlayedToItsEnd) {
  // White takes Black's last piece; Black, to move and without pieces, ends the game.
  Follower follower(quick_options());
  Options options = quick_options();
  options.fen = "W:W28,45:B23";
  Channel channel = connect_channel(follower.port());
  std::ostringstream log;
  auto ours = play_initiator(channel, options, log);
  ASSERT_TRUE(ours.ok()) << ours.error() << "\n" << log.str();
  const auto& theirs = follower.result();
  ASSERT_TRUE(theirs.ok()) << theirs.error() << "\n" << follower.log();
  ASSERT_EQ(ours->games.size(), 1u);
  ASSERT_EQ(theirs->games.size(), 1u);
  EXPECT_EQ(ours->games[0].moves, std::vector<std::string>{"28x19"});
  EXPECT_EQ(ours->games[0].result, "2-0") << report_line(ours->games[0], "doska");
  EXPECT_EQ(theirs->games[0].result, "2-0") << report_line(theirs->games[0], "doska");
}

// With --egdb our side plays from the databases, and the verbose log says so (DXP carries no
// score). The lone king on 46 facing one on 5 must go along its diagonal and be taken: loss in 2.
TEST(DxpGame, TheVerboseLogNamesADatabaseValue) {
  const std::string dir = test::scratch_dir() + "dxp_egdb";
  std::filesystem::remove_all(dir);
  draughts::egdb::BuildOptions build;
  build.dir = dir;
  build.pieces = 2;
  auto built = draughts::egdb::build(draughts::kInternational, build);
  ASSERT_TRUE(built.ok()) << built.error();

  Follower follower(quick_options());
  Options options = quick_options();
  options.fen = "W:WK46:BK5";
  options.tables = std::make_shared<engine::TableShelf>(dir);
  options.verbose = true;
  Channel channel = connect_channel(follower.port());
  std::ostringstream log;
  auto ours = play_initiator(channel, options, log);
  ASSERT_TRUE(ours.ok()) << ours.error() << "\n" << log.str();
  ASSERT_TRUE(follower.result().ok()) << follower.log();
  EXPECT_NE(log.str().find("score loss 2 egdb"), std::string::npos) << log.str();
  ASSERT_EQ(ours->games.size(), 1u);
  EXPECT_EQ(ours->games[0].result, "0-2") << report_line(ours->games[0], "doska");
  std::filesystem::remove_all(dir);
}

// A scripted initiator: sends a GAMEREQ for the follower to play black.
Channel start_game_as_white(int port, const std::string& request_text) {
  Channel peer = connect_channel(port);
  EXPECT_TRUE(peer.send_text(request_text).ok());
  auto answer = peer.receive(30);
  EXPECT_TRUE(answer.ok() && answer->kind == Channel::Incoming::Kind::message);
  if (answer.ok()) {
    EXPECT_EQ(answer->text, "A" + name32("doska") + "0");
  }
  return peer;
}

std::string standard_request() {
  return "R01" + name32("script") + "Z001000A";
}

// The messages the follower sends until it closes the connection.
std::vector<std::string> drain(Channel& peer) {
  std::vector<std::string> texts;
  for (;;) {
    auto in = peer.receive(30);
    if (!in.ok() || in->kind != Channel::Incoming::Kind::message) return texts;
    texts.push_back(in->text);
  }
}

TEST(DxpGame, AMalformedMessageEndsTheSessionWithAGameEnd) {
  Follower follower(quick_options());
  Channel peer = start_game_as_white(follower.port(), standard_request());
  ASSERT_TRUE(peer.send_text("M0000329900").ok());
  const auto& result = follower.result();
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().find("bad message"), std::string::npos) << result.error();
  const auto texts = drain(peer);
  ASSERT_FALSE(texts.empty());
  EXPECT_EQ(texts.back(), "E01");
}

TEST(DxpGame, AnIllegalMoveEndsTheSession) {
  Follower follower(quick_options());
  Channel peer = start_game_as_white(follower.port(), standard_request());
  ASSERT_TRUE(peer.send_text("M0000322300").ok());  // 32-23 is no move
  const auto& result = follower.result();
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().find("illegal move"), std::string::npos) << result.error();
  const auto texts = drain(peer);
  ASSERT_FALSE(texts.empty());
  EXPECT_EQ(texts.back(), "E01");
}

TEST(DxpGame, ASilentPeerTimesOut) {
  Options options = quick_options();
  options.timeout = 0.2;
  // The follower starts once the game's request waits for it: its 0.2 s are the wait for the
  // peer's first move, not for a request the test had no time to send on a loaded machine.
  Follower follower(options, false);
  Channel peer = connect_channel(follower.port());
  ASSERT_TRUE(peer.send_text(standard_request()).ok());
  follower.start();
  auto answer = peer.receive(30);
  ASSERT_TRUE(answer.ok() && answer->kind == Channel::Incoming::Kind::message);
  EXPECT_EQ(answer->text, "A" + name32("doska") + "0");
  const auto& result = follower.result();
  ASSERT_FALSE(result.ok());
  EXPECT_NE(result.error().find("no message"), std::string::npos) << result.error();
}

TEST(DxpGame, AnotherProtocolVersionIsDeclined) {
  Follower follower(quick_options());
  Channel peer = connect_channel(follower.port());
  ASSERT_TRUE(peer.send_text("R02" + name32("script") + "Z001000A").ok());
  auto answer = peer.receive(30);
  ASSERT_TRUE(answer.ok());
  EXPECT_EQ(answer->text, "A" + name32("doska") + "1");
  peer.socket().close();
  const auto& result = follower.result();
  ASSERT_TRUE(result.ok()) << result.error();
  EXPECT_TRUE(result->games.empty());
}

TEST(DxpGame, MovesBackAndEndsOnRequest) {
  Follower follower(quick_options());
  Channel peer = start_game_as_white(follower.port(), standard_request());
  ASSERT_TRUE(peer.send_text("M0000322800").ok());
  auto reply = peer.receive(30);
  ASSERT_TRUE(reply.ok());
  ASSERT_EQ(reply->text.substr(0, 1), "M") << reply->text;
  // Back to White's first move; then another first move.
  ASSERT_TRUE(peer.send_text("B001W").ok());
  auto back = peer.receive(30);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->text, "K0");
  ASSERT_TRUE(peer.send_text("M0000332800").ok());
  auto second = peer.receive(30);
  ASSERT_TRUE(second.ok());
  ASSERT_EQ(second->text.substr(0, 1), "M") << second->text;
  ASSERT_TRUE(peer.send_text("Cthanks").ok());
  ASSERT_TRUE(peer.send_text("E01").ok());
  auto end = peer.receive(30);
  ASSERT_TRUE(end.ok());
  EXPECT_EQ(end->text.substr(0, 2), "E0");
  const auto& result = follower.result();
  ASSERT_TRUE(result.ok()) << result.error();
  ASSERT_EQ(result->games.size(), 1u);
  const GameReport& game = result->games[0];
  ASSERT_EQ(game.moves.size(), 2u);
  EXPECT_EQ(game.moves[0], "33-28");
  EXPECT_EQ(game.result, "*");
}

}  // namespace
}  // namespace doska::protocols::dxp
