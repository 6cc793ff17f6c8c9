// The secrets, ids and time stamps the rooms share: a game's and a seek's keys and ids from the
// system's random source, the comparison of secrets, and the UTC time of a record.
#pragma once

#include <string>

namespace doska::server {

// `bytes` random bytes in hex (128-bit secrets are 16).
std::string random_hex(int bytes);
// Ten letters and digits, without the ones people confuse (l, o, 0, 1).
std::string new_game_id();
// 1 to 32 letters and digits: anything else names no game.
bool valid_id(const std::string& id);
// Compares secrets in time independent of where they differ; an empty one matches nothing.
bool same_key(const std::string& a, const std::string& b);
// Now, as "2024-05-01T12:00:00Z".
std::string now_iso();

}  // namespace doska::server
