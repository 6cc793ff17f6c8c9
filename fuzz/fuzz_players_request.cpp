// Feeds the players' request bodies (docs/players-api.md) to their readers: registering and
// logging in, changing the password, closing an account, a chat line, a rated seek's fields;
// and the same bytes as a Cookie header to the session cookie's reader, and as a name to the
// rules of names. Each reader answers a value inside its bounds or an error that says why.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "server/account/account.h"
#include "server/requests.h"
#include "server/routes.h"

namespace {

using namespace doska;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_players_request: %s\n", what.c_str());
  std::abort();
}

template <typename T>
void check(const Result<T>& result, const char* reader) {
  if (!result && result.error().empty()) fail(std::string(reader) + ": an error without a message");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  if (auto c = server::parse_credentials(body); c) {
    if (c->name.size() > server::kMaxNameBytes) fail("parse_credentials: a name over its bound");
    if (c->password.size() > server::kMaxPasswordBytes)
      fail("parse_credentials: a password over its bound");
    const std::string problem = server::Accounts::name_problem(c->name);
    if (problem.empty() && (c->name.size() < 2 || c->name.size() > 20))
      fail("name_problem: a name of " + std::to_string(c->name.size()) + " bytes allowed");
  } else {
    check(c, "parse_credentials");
  }
  if (auto p = server::parse_password_change(body); p) {
    if (p->current.size() > server::kMaxPasswordBytes ||
        p->password.size() > server::kMaxPasswordBytes)
      fail("parse_password_change: a password over its bound");
  } else {
    check(p, "parse_password_change");
  }
  check(server::parse_password(body), "parse_password");
  if (auto chat = server::parse_chat(body); chat) {
    if (chat->room != "players" && chat->room != "watchers") fail("parse_chat: an unknown room");
    if (chat->text.size() > server::kMaxChatBytes) fail("parse_chat: a line over its bound");
  } else {
    check(chat, "parse_chat");
  }
  if (auto seek = server::parse_create(body); seek) {
    if (const auto& range = seek->rating_range;
        range && (range->first > range->second || range->first < server::kMinSeekRating ||
                  range->second > server::kMaxSeekRating))
      fail("parse_create: a rating range out of its bounds");
  } else {
    check(seek, "parse_create");
  }
  // A name: the rules accept only what a name may be.
  const std::string name(body.substr(0, 64));
  if (server::Accounts::name_problem(name).empty())
    for (char ch : name)
      if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '-')
        fail("name_problem: a name with a character outside the rules");
  // A Cookie header: the session's token is part of it, without a separator.
  const std::string token = server::session_token(body);
  if (token.size() > body.size() || token.find(';') != std::string::npos)
    fail("session_token: a token that is not part of the header");
  if (!token.empty() && body.find(token) == std::string_view::npos)
    fail("session_token: a token not in the header");
  return 0;
}
