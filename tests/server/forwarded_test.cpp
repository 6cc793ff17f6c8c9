// The client's address behind trusted proxies (server/forwarded.h): --trusted-proxy values, the
// entries of X-Forwarded-For, and which entry names the client.
#include "server/forwarded.h"

#include <gtest/gtest.h>

#include <string>

namespace doska::server {
namespace {

namespace ip = boost::asio::ip;

TrustedProxies trusting(std::initializer_list<const char*> values) {
  TrustedProxies proxies;
  for (const char* value : values) EXPECT_TRUE(proxies.add(value)) << value;
  return proxies;
}

std::string client(const char* peer, const char* forwarded, const TrustedProxies& proxies) {
  return client_address(ip::make_address(peer), forwarded, proxies);
}

TEST(TrustedProxy, TakesAddressesAndNetworksOfBothFamilies) {
  const TrustedProxies proxies = trusting({"127.0.0.1", "10.0.0.0/8", "2001:db8::/32", "::1"});
  EXPECT_TRUE(proxies.trusts(ip::make_address("127.0.0.1")));
  EXPECT_FALSE(proxies.trusts(ip::make_address("127.0.0.2")));
  EXPECT_TRUE(proxies.trusts(ip::make_address("10.255.1.2")));
  EXPECT_FALSE(proxies.trusts(ip::make_address("11.0.0.1")));
  EXPECT_TRUE(proxies.trusts(ip::make_address("2001:db8:ffff::7")));
  EXPECT_FALSE(proxies.trusts(ip::make_address("2001:db9::7")));
  EXPECT_TRUE(proxies.trusts(ip::make_address("::1")));
  // A dual-stack socket's IPv4 peer is the IPv4 address.
  EXPECT_TRUE(proxies.trusts(ip::make_address("::ffff:127.0.0.1")));
  EXPECT_TRUE(trusting({"0.0.0.0/0"}).trusts(ip::make_address("203.0.113.9")));
  EXPECT_FALSE(trusting({"0.0.0.0/0"}).trusts(ip::make_address("2001:db8::1")));
  EXPECT_TRUE(trusting({"10.1.2.0/23"}).trusts(ip::make_address("10.1.3.255")));
  EXPECT_FALSE(trusting({"10.1.2.0/23"}).trusts(ip::make_address("10.1.4.0")));
}

TEST(TrustedProxy, RefusesABadValueNamingIt) {
  for (const auto& [value, says] : {
           std::pair{"localhost", "give an IPv4 or IPv6 address"},
           std::pair{"", "give an IPv4 or IPv6 address"},
           std::pair{"10.0.0", "give an IPv4 or IPv6 address"},
           std::pair{"10.0.0.0/33", "0 to 32"},
           std::pair{"::/129", "0 to 128"},
           std::pair{"10.0.0.0/", "0 to 32"},
           std::pair{"10.0.0.0/8x", "0 to 32"},
           std::pair{"10.0.0.0/-1", "0 to 32"},
           std::pair{"10.0.0.1/8", "bits set past its prefix of 8"},
           std::pair{"fe80::1%lo", "give an IPv4 or IPv6 address"},
       }) {
    TrustedProxies proxies;
    const Status added = proxies.add(value);
    ASSERT_FALSE(added) << value;
    EXPECT_NE(added.error().find(std::string("bad trusted proxy '") + value + "'"),
              std::string::npos)
        << added.error();
    EXPECT_NE(added.error().find(says), std::string::npos) << added.error();
    EXPECT_TRUE(proxies.empty());
  }
}

TEST(ForwardedFor, ReadsAddressesWithOrWithoutPorts) {
  for (const auto& [entry, address] : {
           std::pair{"203.0.113.7", "203.0.113.7"},
           std::pair{" 203.0.113.7 ", "203.0.113.7"},
           std::pair{"203.0.113.7:4711", "203.0.113.7"},
           std::pair{"2001:db8::1", "2001:db8::1"},
           std::pair{"[2001:db8::1]", "2001:db8::1"},
           std::pair{"[2001:db8::1]:443", "2001:db8::1"},
           std::pair{"::ffff:203.0.113.7", "203.0.113.7"},
       }) {
    const auto read = forwarded_entry(entry);
    ASSERT_TRUE(read) << entry;
    EXPECT_EQ(read->to_string(), address) << entry;
  }
  for (const char* entry :
       {"", " ", "unknown", "_hidden", "example.org", "203.0.113.7:", "203.0.113.7:99999",
        "203.0.113.7:http", "[2001:db8::1", "[::1]x", "[::1]:", "2001:db8::1:443x", "fe80::1%eth0",
        "[203.0.113.7]:80x", "1.2.3.4.5"}) {
    EXPECT_FALSE(forwarded_entry(entry)) << entry;
  }
}

TEST(ForwardedFor, ATrustedProxyNamesTheRightmostAddressNotItselfAProxy) {
  const TrustedProxies proxies = trusting({"127.0.0.1", "10.0.0.0/8"});
  EXPECT_EQ(client("127.0.0.1", "203.0.113.7", proxies), "203.0.113.7");
  // What the client wrote itself, left of what the proxies added, is not believed.
  EXPECT_EQ(client("127.0.0.1", "198.51.100.1, 203.0.113.7", proxies), "203.0.113.7");
  EXPECT_EQ(client("127.0.0.1", "198.51.100.1, 203.0.113.7, 10.0.0.5", proxies), "203.0.113.7");
  EXPECT_EQ(client("127.0.0.1", "garbage, 203.0.113.7", proxies), "203.0.113.7");
  // Several headers, joined in order.
  EXPECT_EQ(client("127.0.0.1", "198.51.100.1,203.0.113.7:5000,10.1.1.1", proxies), "203.0.113.7");
  // Every entry a proxy: the leftmost.
  EXPECT_EQ(client("127.0.0.1", "10.0.0.9, 10.0.0.5", proxies), "10.0.0.9");
  EXPECT_EQ(client("::ffff:127.0.0.1", "[2001:db8::5]:80", proxies), "2001:db8::5");
}

TEST(ForwardedFor, AMalformedHeaderGivesThePeer) {
  const TrustedProxies proxies = trusting({"127.0.0.1", "10.0.0.0/8"});
  EXPECT_EQ(client("127.0.0.1", "", proxies), "127.0.0.1");
  EXPECT_EQ(client("127.0.0.1", "unknown", proxies), "127.0.0.1");
  EXPECT_EQ(client("127.0.0.1", "203.0.113.7, ", proxies), "127.0.0.1");
  EXPECT_EQ(client("127.0.0.1", "203.0.113.7, 10.0.0.5, bad", proxies), "127.0.0.1");
  EXPECT_EQ(client("127.0.0.1", ",", proxies), "127.0.0.1");
}

TEST(ForwardedFor, IsIgnoredFromAnyOtherPeer) {
  const TrustedProxies proxies = trusting({"10.0.0.0/8"});
  EXPECT_EQ(client("127.0.0.1", "203.0.113.7", proxies), "127.0.0.1");
  EXPECT_EQ(client("::ffff:192.0.2.1", "203.0.113.7", proxies), "192.0.2.1");
  EXPECT_EQ(client("203.0.113.7", "10.0.0.1", TrustedProxies()), "203.0.113.7");
}

}  // namespace
}  // namespace doska::server
