#include "server/http_target.h"

#include <algorithm>
#include <cctype>

namespace doska::server {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::optional<std::string> url_decode(std::string_view text, bool query) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      const int hi = hex_digit(text[i + 1]), lo = hex_digit(text[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else if (c == '+' && query) {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

std::optional<Target> split_target(std::string_view target) {
  Target r;
  const auto mark = target.find('?');
  auto path = url_decode(target.substr(0, mark), false);
  if (!path) return std::nullopt;
  r.path = *path;
  if (mark != std::string_view::npos) {
    std::string_view rest = target.substr(mark + 1);
    while (!rest.empty()) {
      const auto amp = rest.find('&');
      const std::string_view pair = rest.substr(0, amp);
      const auto eq = pair.find('=');
      auto name = url_decode(pair.substr(0, eq), true);
      auto value = url_decode(eq == std::string_view::npos ? "" : pair.substr(eq + 1), true);
      if (!name || !value) return std::nullopt;
      r.query.emplace(*name, *value);
      if (amp == std::string_view::npos) break;
      rest = rest.substr(amp + 1);
    }
  }
  return r;
}

std::optional<std::pair<std::string, std::string>> game_path(const std::string& path) {
  static constexpr std::string_view kPrefix = "/api/games/";
  if (path.rfind(kPrefix, 0) != 0) return std::nullopt;
  const std::string rest = path.substr(kPrefix.size());
  const auto slash = rest.find('/');
  const std::string id = rest.substr(0, slash);
  if (id.empty()) return std::nullopt;
  std::string tail = slash == std::string::npos ? "" : rest.substr(slash + 1);
  if (tail.find('/') != std::string::npos) return std::nullopt;
  return std::pair{id, tail};
}

std::optional<std::string> tournament_events_path(const std::string& path) {
  static constexpr std::string_view kPrefix = "/api/tournaments/";
  static constexpr std::string_view kTail = "/events";
  if (path.rfind(kPrefix, 0) != 0 || path.size() <= kPrefix.size() + kTail.size() ||
      path.compare(path.size() - kTail.size(), kTail.size(), kTail) != 0)
    return std::nullopt;
  std::string id = path.substr(kPrefix.size(), path.size() - kPrefix.size() - kTail.size());
  if (id.size() > 32 || !std::all_of(id.begin(), id.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0;
      }))
    return std::nullopt;
  return id;
}

bool is_play_link(const std::string& path) {
  static constexpr std::string_view kPrefix = "/play/";
  if (path.rfind(kPrefix, 0) != 0) return false;
  const std::string_view id = std::string_view(path).substr(kPrefix.size());
  return !id.empty() && id.size() <= 32 && std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
  });
}

bool is_app_page(const std::string& path) {
  if (path == "/lobby" || path == "/tv" || path == "/account" || path == "/tables" ||
      path == "/editor" || path == "/tournaments")
    return true;
  static constexpr std::string_view kTournament = "/tournaments/";
  if (path.rfind(kTournament, 0) == 0) {
    const std::string_view id = std::string_view(path).substr(kTournament.size());
    return !id.empty() && id.size() <= 32 && std::all_of(id.begin(), id.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) != 0;
    });
  }
  // "/puzzles", "/explorer" and each with "/<game id>" (a game id is letters, digits and dashes).
  for (const std::string_view page :
       {std::string_view("/puzzles"), std::string_view("/explorer")}) {
    if (path == page) return true;
    if (path.size() > page.size() + 1 && path.rfind(page, 0) == 0 && path[page.size()] == '/') {
      const std::string_view game = std::string_view(path).substr(page.size() + 1);
      return game.size() <= 32 && std::all_of(game.begin(), game.end(), [](char c) {
               return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-';
             });
    }
  }
  static constexpr std::string_view kProfile = "/@/";
  if (path.rfind(kProfile, 0) != 0) return false;
  const std::string_view name = std::string_view(path).substr(kProfile.size());
  return !name.empty() && name.size() <= 30 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
  });
}

}  // namespace doska::server
