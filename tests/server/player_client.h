// One browser of the API tests that need accounts: its session cookie, and the Origin a page of
// the server sends with each POST.
#pragma once

#include <string>

#include "api_fixture.h"

namespace doska::test {

class Player {
 public:
  explicit Player(int port)
      : client_("127.0.0.1", port), origin_("http://127.0.0.1:" + std::to_string(port)) {
    client_.set_read_timeout(std::chrono::seconds(60));
  }
  Answer post(const std::string& path, const json& body, bool with_origin = true) {
    httplib::Headers headers;
    if (!cookie_.empty()) headers.emplace("Cookie", cookie_);
    if (with_origin) headers.emplace("Origin", origin_);
    return keep(client_.Post(path.c_str(), headers, body.dump(), "application/json"));
  }
  Answer post_from(const std::string& path, const json& body, const httplib::Headers& extra) {
    httplib::Headers headers = extra;
    if (!cookie_.empty()) headers.emplace("Cookie", cookie_);
    return keep(client_.Post(path.c_str(), headers, body.dump(), "application/json"));
  }
  Answer get(const std::string& path) {
    httplib::Headers headers;
    if (!cookie_.empty()) headers.emplace("Cookie", cookie_);
    return keep(client_.Get(path.c_str(), headers));
  }
  Answer register_as(const std::string& name, const std::string& password = "correct horse") {
    return post("/api/account/register", json{{"name", name}, {"password", password}});
  }
  Answer login(const std::string& name, const std::string& password = "correct horse") {
    return post("/api/account/login", json{{"name", name}, {"password", password}});
  }
  const std::string& cookie() const { return cookie_; }
  void set_cookie(const std::string& cookie) { cookie_ = cookie; }
  std::string last_set_cookie;
  std::string last_retry_after;

 private:
  Answer keep(const httplib::Result& r) {
    Answer a;
    if (!r) return a;
    a.status = r->status;
    a.text = r->body;
    a.body = json::parse(r->body, nullptr, false);
    last_set_cookie = r->get_header_value("Set-Cookie");
    last_retry_after = r->get_header_value("Retry-After");
    if (!last_set_cookie.empty()) {
      const auto semi = last_set_cookie.find(';');
      const std::string pair = last_set_cookie.substr(0, semi);
      cookie_ = pair == "doska_session=" ? "" : pair;
    }
    return a;
  }
  httplib::Client client_;
  std::string origin_;
  std::string cookie_;
};

}  // namespace doska::test
