// Feeds POST /api/tournaments bodies (docs/api.md, Tournaments) to their reader: it answers a
// request inside its bounds or an error that says why.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "server/requests.h"

namespace {

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_tournament_request: %s\n", what.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  auto r = doska::server::parse_tournament(body);
  if (!r) {
    if (r.error().empty()) fail("an error without a message");
    return 0;
  }
  if (r->name.size() > doska::server::kMaxTournamentName) fail("a name over its bound");
  for (unsigned char c : r->name) {
    if (c < 0x20 || c == 0x7f) fail("a control character in the name");
  }
  if (r->variant.empty()) fail("no game id");
  if (r->clock_initial_s < 15 || r->clock_initial_s > 10800) fail("a clock out of bounds");
  if (r->clock_increment_s < 0 || r->clock_increment_s > 180) fail("an increment out of bounds");
  if (r->system == "swiss") {
    if (r->rounds < 1 || r->rounds > 20 || r->minutes != 0) fail("a Swiss's rounds out of bounds");
  } else if (r->system == "arena") {
    if (r->minutes < 1 || r->minutes > 1440 || r->rounds != 0)
      fail("an arena's time out of bounds");
  } else {
    fail("an unknown system");
  }
  if (r->starts_in_s < 0 || r->starts_in_s > 7 * 24 * 3600) fail("a start out of bounds");
  return 0;
}
