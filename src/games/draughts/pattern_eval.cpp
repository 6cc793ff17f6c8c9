#include "games/draughts/pattern_eval.h"

#include <algorithm>
#include <cstring>

#include "common/files.h"
#include "games/draughts/binary_io.h"
#include "games/draughts/eval_data.h"

namespace doska::draughts::pattern {

using binary::fnv1a;
using binary::put_u32;
using binary::put_u64;
using binary::Reader;

namespace {

constexpr char kMagic[8] = {'D', 'O', 'S', 'K', 'A', 'E', 'V', 'L'};
// Version 2 added the king windows of 8x8 (Layout::kKingConfigs). A version 1 file is read with
// those weights zero, which is exactly how version 1 evaluated.
constexpr std::uint32_t kFormatVersion = 2;

// The feature count of a board size in a file of the given version.
int features_in_version(int board_size, std::uint32_t version) {
  const int now = feature_count(board_size);
  if (version >= 2 || board_size == 10) return now;
  return now - Layout<8>::kWindows * Layout<8>::kKingConfigs;
}

}  // namespace

bool known_game(std::string_view game, int& board_size) {
  static constexpr std::pair<std::string_view, int> kGames[] = {
      {"international", 10}, {"international-giveaway", 10},
      {"russian", 8},        {"russian-giveaway", 8},
      {"english", 8},        {"english-giveaway", 8}};
  for (const auto& [id, size] : kGames)
    if (id == game) {
      board_size = size;
      return true;
    }
  return false;
}

bool has_king_windows(const Weights& w) {
  if (w.board_size != 8) return false;
  const auto first = w.values.begin() + 2 * Layout<8>::kKingWindowBase;
  const auto last = w.values.begin() + 2 * Layout<8>::kKingBase;
  return std::any_of(first, last, [](std::int16_t v) { return v != 0; });
}

int feature_count(int board_size) {
  return board_size == 10 ? Layout<10>::kFeatures : Layout<8>::kFeatures;
}

std::string serialize(const Weights& w) {
  std::string out(kMagic, sizeof kMagic);
  put_u32(out, kFormatVersion);
  put_u32(out, static_cast<std::uint32_t>(w.game.size()));
  out += w.game;
  put_u32(out, static_cast<std::uint32_t>(w.board_size));
  put_u32(out, static_cast<std::uint32_t>(w.features));
  put_u32(out, static_cast<std::uint32_t>(w.lone_king_divisor));
  for (std::int16_t v : w.values) {
    const auto u = static_cast<std::uint16_t>(v);
    out.push_back(static_cast<char>(u & 0xff));
    out.push_back(static_cast<char>(u >> 8));
  }
  put_u64(out, fnv1a(out));
  return out;
}

namespace {

// The weights that evaluate with a network: its own alone, or the built-in patterns it was
// trained on with it.
Result<Weights> with_network(net::Network n, std::string_view what) {
  Weights w;
  if (n.base_checksum) {
    const auto checksum = builtin_checksum(n.game);
    if (!checksum) return make_error(checksum.error());
    if (*checksum != n.base_checksum)
      return make_error("evaluation network " + std::string(what) +
                        " adds to other pattern weights than the built-in ones of " + n.game);
    w = *builtin(n.game);
  } else {
    w.game = n.game;
    w.board_size = n.board_size;
    w.features = 0;  // no patterns: nothing can take these weights for a pattern set
    w.lone_king_divisor = n.lone_king_divisor;
  }
  w.net = std::make_shared<const net::Network>(std::move(n));
  return w;
}

}  // namespace

Result<Weights> parse(std::string_view bytes, std::string_view what) {
  if (net::is_network(bytes)) {
    auto n = net::parse(bytes, what);
    if (!n) return make_error(n.error());
    return with_network(std::move(*n), what);
  }
  const std::string name(what);
  auto bad = [&](const std::string& why) -> Result<Weights> {
    return make_error("evaluation weights " + name + ": " + why);
  };
  std::string_view body;
  std::string why;
  if (!binary::checked_body(bytes, std::string_view(kMagic, sizeof kMagic), body, why))
    return bad(why == "no DOSKAEVL header" ? "not a doska weights file (no DOSKAEVL header)" : why);
  Reader r(body);
  std::string_view skip;
  r.take(sizeof kMagic, skip);
  std::uint32_t version = 0, length = 0, size = 0, features = 0, divisor = 0;
  if (!r.u32(version)) return bad("truncated header");
  if (version < 1 || version > kFormatVersion)
    return bad("format version " + std::to_string(version) + ", this doska reads versions 1 to " +
               std::to_string(kFormatVersion));
  std::string_view game;
  if (!r.u32(length) || length > 64 || !r.take(length, game)) return bad("bad game id");
  if (!r.u32(size) || !r.u32(features) || !r.u32(divisor)) return bad("truncated header");
  Weights w;
  w.game = std::string(game);
  int expected_size = 0;
  if (!known_game(w.game, expected_size)) return bad("unknown game id '" + w.game + "'");
  if (static_cast<int>(size) != expected_size)
    return bad("board size " + std::to_string(size) + " does not match " + w.game);
  const int stored_features = features_in_version(expected_size, version);
  if (static_cast<int>(features) != stored_features)
    return bad(std::to_string(features) + " features, a version " + std::to_string(version) +
               " file of this board has " + std::to_string(stored_features));
  if (divisor < 1 || divisor > 100) return bad("bad lone-king divisor");
  w.board_size = static_cast<int>(size);
  w.features = feature_count(expected_size);
  w.lone_king_divisor = static_cast<int>(divisor);
  std::string_view data;
  if (!r.take(std::size_t{4} * features, data)) return bad("truncated weights");
  if (r.position() != body.size()) return bad("trailing bytes after the weights");
  w.values.assign(std::size_t{2} * static_cast<std::size_t>(w.features), 0);
  // A version 1 file of 8x8 has no king windows: its king squares and scalars move up past them.
  const std::size_t gap = std::size_t{2} * static_cast<std::size_t>(w.features - stored_features);
  const std::size_t split = std::size_t{2} * static_cast<std::size_t>(Layout<8>::kKingWindowBase);
  for (std::size_t i = 0; i < std::size_t{2} * features; ++i)
    w.values[gap && i >= split ? i + gap : i] = static_cast<std::int16_t>(
        static_cast<std::uint16_t>(static_cast<unsigned char>(data[2 * i]) |
                                   (static_cast<unsigned char>(data[2 * i + 1]) << 8)));
  w.king_windows = has_king_windows(w);
  return w;
}

Result<Weights> load(const std::string& path) {
  auto bytes = read_whole_file(path, "evaluation weights");
  if (!bytes) return make_error(bytes.error());
  return parse(*bytes, path);
}

Status save(const Weights& w, const std::string& path) {
  return replace_file(path, serialize(w));
}

namespace {

struct Builtin {
  std::string_view game;
  Result<Weights> patterns;  // data/eval/<game>.weights
  Result<Weights> weights;   // the same with data/eval/<game>.net where there is one
};

std::string_view bytes_of(const EmbeddedEval& e) {
  return std::string_view(reinterpret_cast<const char*>(e.begin),
                          static_cast<std::size_t>(e.end - e.begin));
}

// The built-in network of `b`'s game, if it has one, added to its patterns or alone.
Result<Weights> with_builtin_network(const Builtin& b) {
  if (!b.patterns) return make_error(b.patterns.error());
  for (const EmbeddedEval& e : embedded_nets()) {
    if (e.game != b.game) continue;
    const std::string what = "built-in data/eval/" + std::string(e.game) + ".net";
    auto n = net::parse(bytes_of(e), what);
    if (!n) return make_error(n.error());
    if (n->game != b.game) return make_error(what + " is a network for " + n->game);
    if (n->base_checksum && n->base_checksum != fnv1a(serialize(*b.patterns)))
      return make_error(what + " adds to other pattern weights than data/eval/" +
                        std::string(b.game) + ".weights");
    Weights w = *b.patterns;
    if (!n->base_checksum) w.lone_king_divisor = n->lone_king_divisor;
    w.net = std::make_shared<const net::Network>(std::move(*n));
    return w;
  }
  return *b.patterns;
}

const std::vector<Builtin>& builtins() {
  // Parsed once, then only read: the weights compiled into the program.
  static const std::vector<Builtin> all = [] {
    std::vector<Builtin> v;
    for (const EmbeddedEval& e : embedded_evals()) {
      Builtin b{e.game,
                parse(bytes_of(e), "built-in data/eval/" + std::string(e.game) + ".weights"),
                make_error("not read")};
      b.weights = with_builtin_network(b);
      v.push_back(std::move(b));
    }
    return v;
  }();
  return all;
}

}  // namespace

const Weights* builtin(std::string_view game) {
  for (const Builtin& b : builtins())
    if (b.game == game) return b.weights ? &*b.weights : nullptr;
  return nullptr;
}

const Weights* builtin_patterns(std::string_view game) {
  for (const Builtin& b : builtins())
    if (b.game == game) return b.weights && b.patterns ? &*b.patterns : nullptr;
  return nullptr;
}

Status builtin_status(std::string_view game) {
  for (const Builtin& b : builtins())
    if (b.game == game && !b.weights) return make_error(b.weights.error());
  return Ok{};
}

Result<std::uint64_t> builtin_checksum(std::string_view game) {
  for (const Builtin& b : builtins())
    if (b.game == game) {
      if (!b.patterns) return make_error(b.patterns.error());
      if (b.patterns->game != game)
        return make_error("built-in weights for " + std::string(game) + " were trained for " +
                          b.patterns->game);
      return fnv1a(serialize(*b.patterns));
    }
  return make_error("no built-in evaluation weights for " + std::string(game));
}

}  // namespace doska::draughts::pattern
