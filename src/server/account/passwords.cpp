#include "server/account/passwords.h"

#include <sodium.h>

#include <stdexcept>

namespace doska::server {

namespace {

void init_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium could not start");
}

}  // namespace

std::string hash_password(const std::string& password) {
  init_sodium();
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(),
                            crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE,
                            crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("no memory to hash a password");
  return out;
}

bool verify_password(const std::string& hash, const std::string& password) {
  init_sodium();
  if (hash.empty() || hash.size() >= crypto_pwhash_STRBYTES) return false;
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

const std::string& decoy_hash() {
  static const std::string hash = hash_password("doska decoy password");
  return hash;
}

}  // namespace doska::server
