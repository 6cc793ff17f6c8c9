#include "protocols/dxp_message.h"

#include <algorithm>

#include "common/text.h"

namespace doska::protocols::dxp {

namespace {

constexpr std::size_t kNameWidth = 32;
constexpr int kFields = 50;
constexpr int kMaxCaptured = 20;

std::string digits(int value, int width) {
  int limit = 1;
  for (int i = 0; i < width; ++i) limit *= 10;
  value = std::clamp(value, 0, limit - 1);
  std::string text(static_cast<std::size_t>(width), '0');
  for (int i = width - 1; i >= 0; --i, value /= 10) text[static_cast<std::size_t>(i)] += value % 10;
  return text;
}

char printable(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return u >= 1 && u <= 127 ? c : '?';
}

std::string padded_name(std::string_view name) {
  std::string text;
  for (char c : trim(name).substr(0, kNameWidth)) text += printable(c);
  text.resize(kNameWidth, ' ');
  return text;
}

// Reads fixed-width fields from the front of a message, naming the field when one is wrong.
class FieldReader {
 public:
  FieldReader(std::string_view text, std::string_view type) : text_(text), type_(type) {}

  Result<int> number(std::size_t width, std::string_view field) {
    auto piece = take(width, field);
    if (!piece) return make_error(piece.error());
    for (char c : *piece)
      if (c < '0' || c > '9')
        return make_error(std::string(type_) + ": " + std::string(field) + " " + quoted(*piece) +
                          " is not " + std::to_string(width) + " digits");
    return *parse_int(*piece);
  }
  Result<char> one_of(std::string_view allowed, std::string_view field) {
    auto piece = take(1, field);
    if (!piece) return make_error(piece.error());
    if (allowed.find((*piece)[0]) == std::string_view::npos)
      return make_error(std::string(type_) + ": " + std::string(field) + " " + quoted(*piece) +
                        " is not one of " + quoted(allowed));
    return (*piece)[0];
  }
  Result<std::string_view> take(std::size_t width, std::string_view field) {
    if (text_.size() - at_ < width)
      return make_error(std::string(type_) + " is too short: no room for the " +
                        std::string(field) + " (" + std::to_string(width) + " characters at " +
                        std::to_string(at_ + 1) + ")");
    std::string_view piece = text_.substr(at_, width);
    at_ += width;
    return piece;
  }
  Status end() const {
    if (at_ != text_.size())
      return make_error(std::string(type_) + " is too long: " + std::to_string(text_.size() - at_) +
                        " characters after the last field");
    return Ok{};
  }

 private:
  std::string_view text_;
  std::string_view type_;
  std::size_t at_ = 1;  // after the header
};

Result<int> field_number(FieldReader& reader, std::string_view field) {
  auto n = reader.number(2, field);
  if (!n) return n;
  if (*n < 1 || *n > kFields)
    return make_error("MOVE: " + std::string(field) + " " + std::to_string(*n) +
                      " is not a field from 1 to 50");
  return n;
}

Result<Message> decode_request(FieldReader& reader) {
  GameRequest r;
  auto version = reader.number(2, "version");
  if (!version) return make_error(version.error());
  r.version = *version;
  auto name = reader.take(kNameWidth, "initiator name");
  if (!name) return make_error(name.error());
  r.initiator_name = std::string(trim(*name));
  auto colour = reader.one_of("WZ", "follower colour");
  if (!colour) return make_error(colour.error());
  r.follower_colour = static_cast<Colour>(*colour);
  auto minutes = reader.number(3, "thinking time");
  if (!minutes) return make_error(minutes.error());
  r.thinking_minutes = *minutes;
  auto moves = reader.number(3, "number of moves");
  if (!moves) return make_error(moves.error());
  r.moves = *moves;
  auto start = reader.one_of("AB", "starting position");
  if (!start) return make_error(start.error());
  if (*start == 'B') {
    auto side = reader.one_of("WZ", "colour to move");
    if (!side) return make_error(side.error());
    auto board = reader.take(kFields, "position");
    if (!board) return make_error(board.error());
    for (char c : *board)
      if (std::string_view("ewzWZ").find(c) == std::string_view::npos)
        return make_error("GAMEREQ: position " + quoted(*board) + ": " +
                          quoted(std::string_view(&c, 1)) + " is not e, w, z, W or Z");
    r.position = std::string(1, *side) + std::string(*board);
  }
  if (Status s = reader.end(); !s) return make_error(s.error());
  return Message{r};
}

Result<Message> decode_accept(FieldReader& reader) {
  GameAccept a;
  auto name = reader.take(kNameWidth, "follower name");
  if (!name) return make_error(name.error());
  a.follower_name = std::string(trim(*name));
  auto code = reader.one_of("0123", "acceptance code");
  if (!code) return make_error(code.error());
  a.acceptance = static_cast<Acceptance>(*code);
  if (Status s = reader.end(); !s) return make_error(s.error());
  return Message{a};
}

Result<Message> decode_move(FieldReader& reader) {
  Move m;
  auto seconds = reader.number(4, "time");
  if (!seconds) return make_error(seconds.error());
  m.seconds = *seconds;
  auto from = field_number(reader, "from field");
  if (!from) return make_error(from.error());
  m.from = *from;
  auto to = field_number(reader, "to field");
  if (!to) return make_error(to.error());
  m.to = *to;
  auto count = reader.number(2, "number captured");
  if (!count) return make_error(count.error());
  if (*count > kMaxCaptured)
    return make_error("MOVE: number captured " + std::to_string(*count) + " is more than 20");
  for (int i = 0; i < *count; ++i) {
    auto field = field_number(reader, "captured piece " + std::to_string(i + 1));
    if (!field) return make_error(field.error());
    m.captured.push_back(*field);
  }
  if (Status s = reader.end(); !s) return make_error(s.error());
  return Message{m};
}

Result<Message> decode_end(FieldReader& reader) {
  GameEnd e;
  auto reason = reader.one_of("0123", "reason");
  if (!reason) return make_error(reason.error());
  e.reason = static_cast<EndReason>(*reason);
  auto stop = reader.one_of("01", "stop code");
  if (!stop) return make_error(stop.error());
  e.stop = static_cast<StopCode>(*stop);
  if (Status s = reader.end(); !s) return make_error(s.error());
  return Message{e};
}

Result<Message> decode_back_request(FieldReader& reader) {
  BackRequest b;
  auto number = reader.number(3, "move number");
  if (!number) return make_error(number.error());
  if (*number < 1) return make_error("BACKREQ: move number 000 is not a move (they start at 001)");
  b.move_number = *number;
  auto colour = reader.one_of("WZ", "colour to move");
  if (!colour) return make_error(colour.error());
  b.to_move = static_cast<Colour>(*colour);
  if (Status s = reader.end(); !s) return make_error(s.error());
  return Message{b};
}

Result<Message> decode_back_accept(FieldReader& reader) {
  BackAccept k;
  auto code = reader.one_of("012", "acceptance code");
  if (!code) return make_error(code.error());
  k.acceptance = static_cast<BackAcceptance>(*code);
  if (Status s = reader.end(); !s) return make_error(s.error());
  return Message{k};
}

struct Encoder {
  std::string operator()(const GameRequest& r) const {
    std::string text = "R";
    text += digits(r.version, 2);
    text += padded_name(r.initiator_name);
    text += static_cast<char>(r.follower_colour);
    text += digits(r.thinking_minutes, 3) + digits(r.moves, 3);
    if (!r.position) return text + 'A';
    std::string position = *r.position;
    position.resize(1 + kFields, 'e');
    for (char& c : position) c = printable(c);
    return text + 'B' + position;
  }
  std::string operator()(const GameAccept& a) const {
    std::string text = "A";
    text += padded_name(a.follower_name);
    text += static_cast<char>(a.acceptance);
    return text;
  }
  std::string operator()(const Move& m) const {
    const int count = std::min<int>(static_cast<int>(m.captured.size()), kMaxCaptured);
    std::string text = "M";
    text += digits(m.seconds, 4);
    text += digits(m.from, 2);
    text += digits(m.to, 2);
    text += digits(count, 2);
    for (int i = 0; i < count; ++i) text += digits(m.captured[static_cast<std::size_t>(i)], 2);
    return text;
  }
  std::string operator()(const GameEnd& e) const {
    return std::string("E") + static_cast<char>(e.reason) + static_cast<char>(e.stop);
  }
  std::string operator()(const Chat& c) const {
    std::string text = "C";
    for (char ch : c.text.substr(0, kMaxMessageSize - 1)) text += printable(ch);
    return text;
  }
  std::string operator()(const BackRequest& b) const {
    std::string text = "B";
    text += digits(b.move_number, 3);
    text += static_cast<char>(b.to_move);
    return text;
  }
  std::string operator()(const BackAccept& k) const {
    return std::string("K") + static_cast<char>(k.acceptance);
  }
};

struct Namer {
  std::string_view operator()(const GameRequest&) const { return "GAMEREQ"; }
  std::string_view operator()(const GameAccept&) const { return "GAMEACC"; }
  std::string_view operator()(const Move&) const { return "MOVE"; }
  std::string_view operator()(const GameEnd&) const { return "GAMEEND"; }
  std::string_view operator()(const Chat&) const { return "CHAT"; }
  std::string_view operator()(const BackRequest&) const { return "BACKREQ"; }
  std::string_view operator()(const BackAccept&) const { return "BACKACC"; }
};

}  // namespace

std::string encode(const Message& message) {
  return std::visit(Encoder{}, message);
}

std::string_view message_name(const Message& message) {
  return std::visit(Namer{}, message);
}

Result<Message> decode(std::string_view text) {
  if (text.empty()) return make_error("empty message");
  if (text.size() > kMaxMessageSize)
    return make_error("message of " + std::to_string(text.size()) +
                      " characters; DXP allows at most 127");
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char u = static_cast<unsigned char>(text[i]);
    if (u < 1 || u > 127)
      return make_error("message " + quoted(text) + ": character " + std::to_string(i + 1) +
                        " is not ASCII 1..127");
  }
  switch (text[0]) {
    case 'R': {
      FieldReader reader(text, "GAMEREQ");
      return decode_request(reader);
    }
    case 'A': {
      FieldReader reader(text, "GAMEACC");
      return decode_accept(reader);
    }
    case 'M': {
      FieldReader reader(text, "MOVE");
      return decode_move(reader);
    }
    case 'E': {
      FieldReader reader(text, "GAMEEND");
      return decode_end(reader);
    }
    case 'C':
      return Message{Chat{std::string(text.substr(1))}};
    case 'B': {
      FieldReader reader(text, "BACKREQ");
      return decode_back_request(reader);
    }
    case 'K': {
      FieldReader reader(text, "BACKACC");
      return decode_back_accept(reader);
    }
    default:
      return make_error("message " + quoted(text) + ": unknown type " + quoted(text.substr(0, 1)) +
                        " (R, A, M, E, C, B or K)");
  }
}

}  // namespace doska::protocols::dxp
