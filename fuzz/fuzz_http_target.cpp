// Feeds request targets (the path and query of an HTTP request line) to the server's reader
// (server/http_target.h): it refuses a malformed escape or gives a path and query that keep what
// the target said, and the routes' helpers never fail on what it gives.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "server/http_target.h"

namespace {

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_http_target: %s\n", what.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto target = doska::server::split_target(text);
  const bool escapes = text.find('%') != std::string_view::npos;
  if (!target) {
    if (!escapes) fail("refused a target without escapes");
    return 0;
  }
  // Without escapes the path is the target up to its '?'.
  if (!escapes && target->path != text.substr(0, text.find('?')))
    fail("the path changed: " + target->path);
  if (target->path.size() > text.size()) fail("the path grew");
  for (const auto& [name, value] : target->query)
    if (name.size() + value.size() > text.size()) fail("a query part grew");
  if (auto game = doska::server::game_path(target->path)) {
    if (game->first.empty() || game->first.find('/') != std::string::npos)
      fail("a game id with a slash or empty");
    if (game->second.find('/') != std::string::npos) fail("a tail with a slash");
  }
  if (auto tournament = doska::server::tournament_events_path(target->path)) {
    if (tournament->empty() || tournament->size() > 32 ||
        tournament->find_first_not_of(
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") != std::string::npos)
      fail("a tournament id not of 1 to 32 letters and digits");
  }
  (void)doska::server::is_play_link(target->path);
  (void)doska::server::is_app_page(target->path);
  // Decoding what was encoded gives it back.
  std::string encoded;
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (unsigned char c : target->path) {
    encoded += '%';
    encoded += kHex[c >> 4];
    encoded += kHex[c & 15];
  }
  const auto decoded = doska::server::url_decode(encoded, false);
  if (!decoded || *decoded != target->path) fail("an encoded path did not decode back");
  return 0;
}
