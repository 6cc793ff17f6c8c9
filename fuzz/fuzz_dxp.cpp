// Feeds one DXP message text to the decoder. A text that decodes must encode to a text that
// decodes to the same encoding again; a text that does not decode must say why.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "protocols/dxp_message.h"

namespace {

[[noreturn]] void fail(std::string_view input, const std::string& what) {
  std::fprintf(stderr, "fuzz_dxp: %s: input of %zu bytes '%.*s'\n", what.c_str(), input.size(),
               static_cast<int>(input.size()), input.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace doska::protocols::dxp;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto message = decode(text);
  if (!message) {
    if (message.error().empty()) fail(text, "rejected without a message");
    return 0;
  }
  const std::string encoded = encode(*message);
  if (encoded.empty() || encoded.size() > kMaxMessageSize) fail(text, "encoded out of bounds");
  auto again = decode(encoded);
  if (!again) fail(text, "its encoding '" + encoded + "' does not decode: " + again.error());
  if (encode(*again) != encoded) fail(text, "encoding is not stable: '" + encoded + "'");
  return 0;
}
