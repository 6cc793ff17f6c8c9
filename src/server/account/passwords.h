// Passwords, kept only as Argon2id hashes (libsodium's crypto_pwhash_str: the salt and the cost
// are in the hash's text, "$argon2id$v=19$m=65536,t=2,p=1$..."). Hashing takes tens of
// milliseconds and 64 MiB on purpose: a stolen database is slow to try passwords against.
#pragma once

#include <string>

namespace doska::server {

// Throws std::runtime_error if the system has no memory for it.
std::string hash_password(const std::string& password);
bool verify_password(const std::string& hash, const std::string& password);
// A hash to check against when the name is unknown, so that the answer takes as long as for a
// known name with a wrong password.
const std::string& decoy_hash();

}  // namespace doska::server
