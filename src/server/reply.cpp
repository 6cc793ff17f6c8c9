#include "server/reply.h"

#include <map>
#include <utility>

#include "common/files.h"

namespace doska::server {

Reply json_reply(int status, const nlohmann::json& body) {
  Reply r;
  r.status = status;
  r.body = body.dump();
  return r;
}

Reply error_reply(int status, const std::string& code, const std::string& message,
                  nlohmann::json params) {
  return json_reply(
      status, nlohmann::json{{"error", message}, {"code", code}, {"params", std::move(params)}});
}

// A refusal that says when to ask again ("retry_after" seconds, a throttle's) says it in the
// Retry-After header too.
Reply error_reply(const ApiError& e) {
  Reply reply = error_reply(e.status, e.code, e.what(), e.params);
  if (auto it = e.params.find("retry_after"); it != e.params.end() && it->is_number_integer())
    reply.headers.emplace_back("Retry-After", std::to_string(it->get<int>()));
  return reply;
}

std::string mime_type(const std::filesystem::path& file) {
  static const std::map<std::string, std::string> kTypes = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript"},
      {".mjs", "text/javascript"},
      {".css", "text/css"},
      {".json", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".woff2", "font/woff2"},
      {".txt", "text/plain; charset=utf-8"},
      {".md", "text/plain; charset=utf-8"},
      {".wav", "audio/wav"},
      {".ogg", "audio/ogg"},
      {".mp3", "audio/mpeg"},
  };
  auto it = kTypes.find(file.extension().string());
  return it == kTypes.end() ? "application/octet-stream" : it->second;
}

std::optional<std::string> read_file(const std::filesystem::path& path) {
  auto bytes = read_whole_file(path.string());
  if (!bytes) return std::nullopt;
  return std::move(*bytes);
}

}  // namespace doska::server
