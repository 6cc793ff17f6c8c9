// The little-endian reading and writing that the evaluation files share (pattern_eval.cpp,
// net_eval.cpp): fixed-size integers, a bounded reader, and the FNV-1a checksum that ends a file.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace doska::draughts::binary {

inline std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

inline void put_u32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
inline void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool u32(std::uint32_t& v) {
    if (pos_ + 4 > bytes_.size()) return false;
    v = 0;
    for (int i = 0; i < 4; ++i)
      v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes_[pos_ + i])) << (8 * i);
    pos_ += 4;
    return true;
  }
  bool u64(std::uint64_t& v) {
    std::uint32_t low = 0, high = 0;
    if (pos_ + 8 > bytes_.size() || !u32(low) || !u32(high)) return false;
    v = low | static_cast<std::uint64_t>(high) << 32;
    return true;
  }
  bool take(std::size_t n, std::string_view& out) {
    if (n > bytes_.size() - pos_) return false;
    out = bytes_.substr(pos_, n);
    pos_ += n;
    return true;
  }
  std::size_t position() const { return pos_; }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

// The part of a file before its last 8 bytes when it starts with `magic` and those bytes are the
// FNV-1a checksum of that part; `why` says what is wrong otherwise.
inline bool checked_body(std::string_view bytes, std::string_view magic, std::string_view& body,
                         std::string& why) {
  if (bytes.size() < magic.size() + 8 || bytes.substr(0, magic.size()) != magic) {
    why = "no " + std::string(magic) + " header";
    return false;
  }
  body = bytes.substr(0, bytes.size() - 8);
  std::uint64_t stored = 0;
  for (int i = 0; i < 8; ++i)
    stored |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[body.size() + i]))
              << (8 * i);
  if (stored != fnv1a(body)) {
    why = "checksum mismatch: the file is damaged";
    return false;
  }
  return true;
}

}  // namespace doska::draughts::binary
