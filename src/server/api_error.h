// A request the server refuses: the HTTP status and a message naming the problem. Every room
// throws it; the HTTP front turns it into the answer.
#pragma once

#include <stdexcept>
#include <string>

namespace doska::server {

struct ApiError : std::runtime_error {
  ApiError(int status, const std::string& message) : std::runtime_error(message), status(status) {}
  int status;
};

}  // namespace doska::server
