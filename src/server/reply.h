// An answer of the HTTP front before it is written: status, type, body and extra headers; the
// JSON answers and refusals; the app's files as read from the web folder. Shared by the front's
// connections and its table of routes.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/result.h"
#include "server/api_error.h"

namespace doska::server {

struct Reply {
  int status = 200;
  std::string type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  bool close = false;      // end the connection after this answer
  bool head_only = false;  // HEAD: the length of the body, not the body
};

Reply json_reply(int status, const nlohmann::json& body);
// A refusal: the English text as "error", its stable code (error_codes.h) and parameters.
Reply error_reply(int status, const std::string& code, const std::string& message,
                  nlohmann::json params = nlohmann::json::object());
Reply error_reply(const ApiError& e);

// The Content-Type of an app file, by its extension.
std::string mime_type(const std::filesystem::path& file);
std::optional<std::string> read_file(const std::filesystem::path& path);

// A request body parsed, or 400 bad_request naming the problem.
template <typename T>
T need(Result<T> parsed) {
  if (!parsed) throw ApiError(400, "bad_request", parsed.error(), {{"detail", parsed.error()}});
  return std::move(*parsed);
}

}  // namespace doska::server
