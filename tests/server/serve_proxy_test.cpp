// `doska serve --trusted-proxy ADDR`: behind a trusted proxy each client's address, read from
// X-Forwarded-For, has its own per-address bounds (here the lobby's seeks a minute); from any
// other peer the header is ignored, so a client cannot pick the address it is counted under.
#include <gtest/gtest.h>

#include <string>

#include "api_fixture.h"
#include "server/lobby/lobby.h"

namespace doska::test {
namespace {

// A new seek from the address `forwarded` claims (none: no header).
int seek(Api& api, const std::string& forwarded) {
  httplib::Headers headers;
  if (!forwarded.empty()) headers.emplace("X-Forwarded-For", forwarded);
  auto answer = api.client().Post("/api/seeks", headers, json{{"variant", "russian"}}.dump(),
                                  "application/json");
  return answer ? answer->status : 0;
}

constexpr int kPerMinute = server::Lobby::kSeeksPerMinute;

TEST(TrustedProxyServe, EachForwardedClientHasItsOwnSeekBound) {
  ServerProcess server(temp_db("proxy_trusted"), "/nonexistent-web-dir",
                       {"--trusted-proxy", "10.0.0.0/8", "--trusted-proxy", "127.0.0.1"});
  ASSERT_GT(server.port(), 0) << "doska serve did not start";
  Api api(server.port());
  for (int i = 0; i < kPerMinute; ++i) ASSERT_EQ(seek(api, "203.0.113.1"), 201) << i;
  EXPECT_EQ(seek(api, "203.0.113.1"), 429);
  // What a client writes left of the proxy's entry does not change who it is.
  EXPECT_EQ(seek(api, "198.51.100.9, 203.0.113.1"), 429);
  EXPECT_EQ(seek(api, "203.0.113.1, 10.1.2.3"), 429);
  // Another client behind the proxy, and the proxy itself, are apart.
  EXPECT_EQ(seek(api, "203.0.113.2"), 201);
  EXPECT_EQ(seek(api, ""), 201);
  // A header that names no address: the proxy's own address.
  EXPECT_EQ(seek(api, "unknown"), 201);
  EXPECT_EQ(server.stop(), 0);
}

TEST(TrustedProxyServe, TheHeaderOfAnUntrustedPeerIsIgnored) {
  ServerProcess server(temp_db("proxy_untrusted"), "/nonexistent-web-dir",
                       {"--trusted-proxy", "10.0.0.0/8"});
  ASSERT_GT(server.port(), 0) << "doska serve did not start";
  Api api(server.port());
  for (int i = 0; i < kPerMinute; ++i)
    ASSERT_EQ(seek(api, "203.0.113." + std::to_string(i + 1)), 201) << i;
  EXPECT_EQ(seek(api, "203.0.113.200"), 429);
  EXPECT_EQ(seek(api, ""), 429);
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace doska::test
