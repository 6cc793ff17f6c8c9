// Accounts and their sessions: registering a name, logging in and out, the list of one's
// sessions, changing the password, closing the account, and the public profile's facts. A
// session is a random token in an HttpOnly cookie; the database keeps its digest only, and
// passwords only as Argon2id hashes. Logins are throttled per name and per address, and a wrong
// password answers as an unknown name does. Publishes "account.closed" (the chat hides the
// closed account's lines).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/hub/hub.h"
#include "server/requests.h"
#include "server/storage.h"
#include "server/throttle.h"

namespace doska::server {

struct AccountOptions {
  bool throttle = true;  // false: no bound on logins and registrations (benchmarks only)
};

// Who a request comes from, when its session cookie is a live session.
struct Viewer {
  std::int64_t id = 0;
  std::string name;
  std::string session;  // the digest of its session's token
};

class Accounts {
 public:
  Accounts(Storage& storage, Hub& hub, AccountOptions options = {});
  Accounts(const Accounts&) = delete;
  Accounts& operator=(const Accounts&) = delete;

  static constexpr const char* kCookie = "doska_session";

  // A new session: the account and the token for the cookie.
  struct Login {
    Viewer viewer;
    std::string created;
    std::string token;
  };
  Login register_account(const Credentials& c, const std::string& address,
                         const std::string& agent);
  Login login(const Credentials& c, const std::string& address, const std::string& agent);
  void logout(const std::string& token);
  // The session of a cookie's token, if it is live (its last use noted, at most once a minute).
  std::optional<Viewer> viewer(const std::string& token);
  nlohmann::json sessions(const Viewer& viewer);
  int end_other_sessions(const Viewer& viewer);
  void change_password(const Viewer& viewer, const PasswordChange& change);
  void close(const Viewer& viewer, const std::string& password);

  // A public profile's account: 404 user_not_found for a name no account has.
  UserRow user(const std::string& name);

  // The rules of a name, for registering: empty if it may be taken, else the reason (length,
  // characters, reserved).
  static std::string name_problem(const std::string& name);

 private:
  Login start_session(const UserRow& user, const std::string& agent);
  void check_password(const std::string& password) const;

  Storage& storage_;
  Hub& hub_;
  AccountOptions options_;
  Throttle failed_by_name_{5, std::chrono::minutes(10)};
  Throttle logins_by_address_{20, std::chrono::minutes(10)};
  Throttle registrations_by_address_{5, std::chrono::hours(1)};
};

}  // namespace doska::server
