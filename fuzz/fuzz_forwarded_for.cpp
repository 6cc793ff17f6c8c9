// Feeds bytes to the readers of the client's address behind a proxy (server/forwarded.h): as an
// X-Forwarded-For header from a trusted and from an untrusted peer, and as a --trusted-proxy
// value. The client is the peer or an address of the header, never a trusted proxy unless every
// entry is one; a value is taken (and then trusts its own address) or refused with a message.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "server/forwarded.h"

namespace {

using namespace doska::server;
namespace ip = boost::asio::ip;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_forwarded_for: %s\n", what.c_str());
  std::abort();
}

const TrustedProxies& proxies() {
  static const TrustedProxies trusted = [] {
    TrustedProxies p;
    for (const char* value : {"127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"})
      if (!p.add(value)) fail(std::string("refused ") + value);
    return p;
  }();
  return trusted;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto proxy = ip::make_address("127.0.0.1");
  const std::string client = client_address(proxy, text, proxies());
  boost::system::error_code ec;
  const ip::address address = ip::make_address(client, ec);
  if (ec) fail("the client is not an address: " + client);
  if (client != "127.0.0.1") {
    // An address the header holds: the last entry that is not a proxy, or the first entry.
    if (proxies().trusts(address) && forwarded_entry(text.substr(0, text.find(','))) != address)
      fail("a trusted proxy as the client: " + client);
  }
  if (client_address(ip::make_address("203.0.113.7"), text, proxies()) != "203.0.113.7")
    fail("the header of an untrusted peer was read");
  (void)forwarded_entry(text);

  TrustedProxies taken;
  const doska::Status added = taken.add(text);
  if (!added) {
    if (added.error().rfind("bad trusted proxy ", 0) != 0) fail("an unnamed refusal");
    if (!taken.empty()) fail("a refused value was kept");
    return 0;
  }
  const auto own = ip::make_address(std::string(text.substr(0, text.find('/'))), ec);
  if (ec) fail("took a value that is no address: " + std::string(text));
  if (!taken.trusts(own)) fail("a range without its own address: " + std::string(text));
  return 0;
}
