#include "server/forwarded.h"

#include <charconv>

#include "common/text.h"

namespace doska::server {

namespace ip = boost::asio::ip;

namespace {

std::optional<ip::address> address_of(std::string_view text) {
  boost::system::error_code ec;
  const ip::address address = ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return unmapped(address);
}

// The address's bytes, IPv4 in the first four.
std::array<unsigned char, 16> bytes_of(const ip::address& address) {
  std::array<unsigned char, 16> out{};
  if (address.is_v4()) {
    const auto v4 = address.to_v4().to_bytes();
    std::copy(v4.begin(), v4.end(), out.begin());
  } else {
    out = address.to_v6().to_bytes();
  }
  return out;
}

// A port: 1 to 5 digits, at most 65535.
bool is_port(std::string_view text) {
  if (text.empty() || text.size() > 5) return false;
  unsigned value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && value <= 65535;
}

}  // namespace

ip::address unmapped(const ip::address& address) {
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    return ip::make_address_v4(ip::v4_mapped, address.to_v6());
  return address;
}

Result<AddressRange> AddressRange::parse(std::string_view text) {
  const auto bad = [&](const std::string& why) {
    return make_error("bad trusted proxy " + quoted(text) + ": " + why);
  };
  const std::size_t slash = text.find('/');
  const auto address = address_of(text.substr(0, slash));
  if (!address || text.substr(0, slash).find('%') != std::string_view::npos)
    return bad("give an IPv4 or IPv6 address, or a network such as 10.0.0.0/8");
  AddressRange range;
  range.v4_ = address->is_v4();
  range.bytes_ = bytes_of(*address);
  const int most = range.v4_ ? 32 : 128;
  range.prefix_ = most;
  if (slash != std::string_view::npos) {
    const std::string_view prefix = text.substr(slash + 1);
    int bits = -1;
    const auto [end, ec] = std::from_chars(prefix.data(), prefix.data() + prefix.size(), bits);
    if (prefix.empty() || ec != std::errc() || end != prefix.data() + prefix.size() || bits < 0 ||
        bits > most)
      return bad("the prefix after '/' must be 0 to " + std::to_string(most));
    range.prefix_ = bits;
    for (int bit = bits; bit < most; ++bit)
      if (range.bytes_[bit / 8] & (0x80 >> (bit % 8)))
        return bad("the address has bits set past its prefix of " + std::to_string(bits) +
                   " (the network's first address is meant)");
  }
  return range;
}

bool AddressRange::contains(const ip::address& given) const {
  const ip::address address = unmapped(given);
  if (address.is_v4() != v4_) return false;
  const auto bytes = bytes_of(address);
  for (int bit = 0; bit < prefix_; bit += 8) {
    const int left = prefix_ - bit;
    const unsigned char mask = left >= 8 ? 0xff : static_cast<unsigned char>(0xff << (8 - left));
    if ((bytes[bit / 8] & mask) != (bytes_[bit / 8] & mask)) return false;
  }
  return true;
}

Status TrustedProxies::add(std::string_view text) {
  auto range = AddressRange::parse(text);
  if (!range) return make_error(range.error());
  ranges_.push_back(*range);
  return Ok{};
}

bool TrustedProxies::trusts(const ip::address& address) const {
  for (const AddressRange& range : ranges_)
    if (range.contains(address)) return true;
  return false;
}

std::optional<ip::address> forwarded_entry(std::string_view entry) {
  entry = trim(entry);
  // No scope (fe80::1%eth0) from a client: it names an interface of the proxy's machine.
  if (entry.empty() || entry.find('%') != std::string_view::npos) return std::nullopt;
  if (entry.front() == '[') {
    const std::size_t close = entry.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    const std::string_view rest = entry.substr(close + 1);
    if (!rest.empty() && !(rest.front() == ':' && is_port(rest.substr(1)))) return std::nullopt;
    return address_of(entry.substr(1, close - 1));
  }
  const std::size_t colon = entry.find(':');
  // One colon: IPv4 and its port; more: an IPv6 address.
  if (colon != std::string_view::npos && entry.find(':', colon + 1) == std::string_view::npos) {
    if (!is_port(entry.substr(colon + 1))) return std::nullopt;
    return address_of(entry.substr(0, colon));
  }
  return address_of(entry);
}

std::string client_address(const ip::address& peer, std::string_view forwarded_for,
                           const TrustedProxies& proxies) {
  const ip::address from = unmapped(peer);
  if (forwarded_for.empty() || !proxies.trusts(from)) return from.to_string();
  std::optional<ip::address> client;
  std::string_view rest = forwarded_for;
  for (;;) {
    const std::size_t comma = rest.rfind(',');
    const std::string_view entry = comma == std::string_view::npos ? rest : rest.substr(comma + 1);
    const auto address = forwarded_entry(entry);
    if (!address) return from.to_string();
    client = address;
    if (!proxies.trusts(*address) || comma == std::string_view::npos) break;
    rest = rest.substr(0, comma);
  }
  return client->to_string();
}

}  // namespace doska::server
