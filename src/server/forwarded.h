// The client's address behind a reverse proxy (doska serve --trusted-proxy, docs/deploy.md): a
// connection from a trusted proxy carries the client's address in X-Forwarded-For, each proxy on
// the way appending the address it was reached from; any other connection's header is ignored,
// since a client may write what it likes there. Kept apart from the sockets so that it can be
// fuzzed.
#pragma once

#include <array>
#include <boost/asio/ip/address.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"

namespace doska::server {

// An IPv4 or IPv6 address, or a network of them: ADDRESS or ADDRESS/PREFIX (10.0.0.0/8, fd00::/8).
class AddressRange {
 public:
  // An error names the value and what is wrong with it.
  static Result<AddressRange> parse(std::string_view text);
  bool contains(const boost::asio::ip::address& address) const;

 private:
  std::array<unsigned char, 16> bytes_{};
  int prefix_ = 0;  // the bits that must match
  bool v4_ = false;
};

class TrustedProxies {
 public:
  // One more trusted proxy; an error names the value.
  Status add(std::string_view text);
  bool empty() const { return ranges_.empty(); }
  bool trusts(const boost::asio::ip::address& address) const;

 private:
  std::vector<AddressRange> ranges_;
};

// An IPv4 address mapped into IPv6 (::ffff:1.2.3.4, a dual-stack socket's peer) as the IPv4
// address; any other address as it is.
boost::asio::ip::address unmapped(const boost::asio::ip::address& address);

// One entry of X-Forwarded-For: an IPv4 address, optionally with its port (1.2.3.4:5678), or an
// IPv6 address, bare or in brackets, optionally with its port ([2001:db8::1]:5678); spaces
// around it are dropped. Nothing for anything else ("unknown", a name, an empty entry).
std::optional<boost::asio::ip::address> forwarded_entry(std::string_view entry);

// The address of the client of a request that came from `peer`, as text. From a trusted proxy
// with an X-Forwarded-For header (`forwarded_for`, every such header joined by commas; empty:
// none), the entries are read from the right: the first that is not itself a trusted proxy is
// the client (all of them trusted: the leftmost). An entry read on the way that is not an
// address, or no entry, gives the peer. From any other peer: the peer.
std::string client_address(const boost::asio::ip::address& peer, std::string_view forwarded_for,
                           const TrustedProxies& proxies);

}  // namespace doska::server
