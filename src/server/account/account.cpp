#include "server/account/account.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "common/text.h"
#include "common/utf8.h"
#include "server/account/passwords.h"
#include "server/api_error.h"
#include "server/keys.h"

namespace doska::server {

using nlohmann::json;

namespace {

constexpr std::size_t kMinName = 2, kMaxName = 20;
constexpr std::size_t kMinPassword = 8, kMaxPassword = 128;

// Names that would pass for the site's, a side's or a page's.
constexpr std::array<std::string_view, 22> kReserved = {
    "admin", "administrator", "doska", "system",  "moderator", "mod",      "root", "support",
    "help",  "anonymous",     "guest", "white",   "black",     "computer", "null", "undefined",
    "api",   "lobby",         "tv",    "account", "official",  "arbiter"};

ApiError bad_login() {
  return ApiError(401, "bad_login", "wrong name or password");
}

}  // namespace

Accounts::Accounts(Storage& storage, Hub& hub, AccountOptions options)
    : storage_(storage), hub_(hub), options_(options) {}

std::string Accounts::name_problem(const std::string& name) {
  if (name.size() < kMinName || name.size() > kMaxName) return "length";
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return "characters";
  if (!std::isalnum(static_cast<unsigned char>(name.front()))) return "characters";
  const std::string folded = doska::to_lower(name);
  if (std::find(kReserved.begin(), kReserved.end(), folded) != kReserved.end()) return "reserved";
  return "";
}

void Accounts::check_password(const std::string& password) const {
  const std::size_t n = utf8_length(password);
  if (n < kMinPassword || n > kMaxPassword)
    throw ApiError(400, "bad_password",
                   "a password has " + std::to_string(kMinPassword) + " to " +
                       std::to_string(kMaxPassword) + " characters",
                   {{"min", kMinPassword}, {"max", kMaxPassword}});
}

Accounts::Login Accounts::start_session(const UserRow& user, const std::string& agent) {
  const std::string token = random_hex(32);
  SessionRow s;
  s.digest = key_digest(token);
  s.public_id = random_hex(6);
  s.user_id = user.id;
  s.created = s.last_seen = now_iso();
  s.agent = agent.substr(0, 200);
  if (Status st = storage_.create_session(s); !st)
    throw ApiError(500, "internal_error", st.error());
  return Login{Viewer{user.id, user.name, s.digest}, user.created, token};
}

Accounts::Login Accounts::register_account(const Credentials& c, const std::string& address,
                                           const std::string& agent) {
  if (const std::string problem = name_problem(c.name); !problem.empty()) {
    const std::string why = problem == "length"       ? "has 2 to 20 characters"
                            : problem == "characters" ? "has only letters A-Z, digits, _ and -, "
                                                        "and starts with a letter or digit"
                                                      : "is reserved";
    throw ApiError(400, "bad_name", "a name " + why + ": " + doska::quoted(c.name),
                   {{"reason", problem}, {"name", c.name}});
  }
  check_password(c.password);
  if (options_.throttle)
    if (auto wait = registrations_by_address_.take(address))
      throw ApiError(
          429, "too_many_registrations",
          "too many new accounts from this address; try again in " + std::to_string(*wait) + " s",
          {{"retry_after", *wait}});
  if (auto existing = storage_.user_by_name(c.name); !existing) {
    throw ApiError(500, "internal_error", existing.error());
  } else if (*existing) {
    throw ApiError(409, "name_taken", "the name " + doska::quoted(c.name) + " is taken",
                   {{"name", c.name}});
  }
  const std::string hash = hash_password(c.password);
  auto id = storage_.create_user(c.name, hash);
  if (!id) throw ApiError(500, "internal_error", id.error());
  if (*id == 0)  // taken between the look and the write
    throw ApiError(409, "name_taken", "the name " + doska::quoted(c.name) + " is taken",
                   {{"name", c.name}});
  UserRow user{*id, c.name, hash, now_iso(), false};
  if (auto stored = storage_.user_by_id(*id); stored && *stored) user = **stored;
  return start_session(user, agent);
}

Accounts::Login Accounts::login(const Credentials& c, const std::string& address,
                                const std::string& agent) {
  const std::string name_key = doska::to_lower(c.name);
  if (options_.throttle) {
    if (auto wait = logins_by_address_.take(address))
      throw ApiError(
          429, "too_many_logins",
          "too many logins from this address; try again in " + std::to_string(*wait) + " s",
          {{"retry_after", *wait}});
    if (auto wait = failed_by_name_.check(name_key))
      throw ApiError(
          429, "too_many_logins",
          "too many failed logins for this name; try again in " + std::to_string(*wait) + " s",
          {{"retry_after", *wait}});
  }
  auto user = storage_.user_by_name(c.name);
  if (!user) throw ApiError(500, "internal_error", user.error());
  // The same work and the same answer for an unknown name, a closed account and a wrong password.
  const bool known = *user && !(*user)->closed;
  const bool right =
      verify_password(known ? (*user)->password_hash : decoy_hash(), c.password) && known;
  if (!right) {
    if (options_.throttle) (void)failed_by_name_.take(name_key);
    throw bad_login();
  }
  return start_session(**user, agent);
}

void Accounts::logout(const std::string& token) {
  if (token.empty()) return;
  if (Status s = storage_.delete_session(key_digest(token)); !s)
    throw ApiError(500, "internal_error", s.error());
}

std::optional<Viewer> Accounts::viewer(const std::string& token) {
  if (token.empty() || token.size() > 128) return std::nullopt;
  const std::string digest = key_digest(token);
  auto session = storage_.session(digest);
  if (!session) throw ApiError(500, "internal_error", session.error());
  if (!*session) return std::nullopt;
  auto user = storage_.user_by_id((*session)->user_id);
  if (!user) throw ApiError(500, "internal_error", user.error());
  if (!*user || (*user)->closed) return std::nullopt;
  // Noted once a minute at most: the time stamp's first 16 characters are to the minute.
  const std::string now = now_iso();
  if ((*session)->last_seen.compare(0, 16, now, 0, 16) != 0)
    (void)storage_.touch_session(digest, now);
  return Viewer{(*user)->id, (*user)->name, digest};
}

json Accounts::sessions(const Viewer& viewer) {
  auto rows = storage_.sessions(viewer.id);
  if (!rows) throw ApiError(500, "internal_error", rows.error());
  json list = json::array();
  for (const SessionRow& s : *rows)
    list.push_back(json{{"id", s.public_id},
                        {"created", s.created},
                        {"last_seen", s.last_seen},
                        {"agent", s.agent},
                        {"current", s.digest == viewer.session}});
  return json{{"sessions", std::move(list)}};
}

int Accounts::end_other_sessions(const Viewer& viewer) {
  auto ended = storage_.delete_sessions(viewer.id, viewer.session);
  if (!ended) throw ApiError(500, "internal_error", ended.error());
  return *ended;
}

void Accounts::change_password(const Viewer& viewer, const PasswordChange& change) {
  auto user = storage_.user_by_id(viewer.id);
  if (!user) throw ApiError(500, "internal_error", user.error());
  if (!*user || !verify_password((*user)->password_hash, change.current)) throw bad_login();
  check_password(change.password);
  if (Status s = storage_.set_password(viewer.id, hash_password(change.password)); !s)
    throw ApiError(500, "internal_error", s.error());
  (void)end_other_sessions(viewer);
}

void Accounts::close(const Viewer& viewer, const std::string& password) {
  auto user = storage_.user_by_id(viewer.id);
  if (!user) throw ApiError(500, "internal_error", user.error());
  if (!*user || !verify_password((*user)->password_hash, password)) throw bad_login();
  if (Status s = storage_.close_user(viewer.id); !s)
    throw ApiError(500, "internal_error", s.error());
  hub_.publish("account.closed", json{{"id", viewer.id}, {"name", viewer.name}});
}

UserRow Accounts::user(const std::string& name) {
  if (name.empty() || name.size() > kMaxName)
    throw ApiError(404, "user_not_found", "no player " + doska::quoted(name), {{"name", name}});
  auto user = storage_.user_by_name(name);
  if (!user) throw ApiError(500, "internal_error", user.error());
  if (!*user)
    throw ApiError(404, "user_not_found", "no player " + doska::quoted(name), {{"name", name}});
  return **user;
}

}  // namespace doska::server
