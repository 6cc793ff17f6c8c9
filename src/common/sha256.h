// SHA-256 (FIPS 180-4), for storing the games' keys as digests: the server keeps no key
// that would let a reader of its database play a game.
#pragma once

#include <string>
#include <string_view>

namespace doska {

// The digest of `data` as 64 lower-case hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace doska
