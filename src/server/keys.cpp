#include "server/keys.h"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <random>

namespace doska::server {

std::string now_iso() {
  const std::time_t t = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buffer;
}

// STYLE: no global state, so one device per call; it is not on a hot path.
std::string random_hex(int bytes) {
  std::random_device device;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < bytes; ++i) {
    const unsigned byte = device() & 0xff;
    out += kHex[byte >> 4];
    out += kHex[byte & 15];
  }
  return out;
}

std::string new_game_id() {
  std::random_device device;
  static constexpr char kAlphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
  std::string id;
  for (int i = 0; i < 10; ++i) id += kAlphabet[device() % 32];
  return id;
}

bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= 32 && std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c));
  });
}

bool same_key(const std::string& a, const std::string& b) {
  if (a.size() != b.size() || a.empty()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace doska::server
