// The wall clock as the server stores it.
#pragma once

#include <chrono>
#include <cstdint>

namespace doska {

// Milliseconds since the Unix epoch: what stored rows and other servers compare.
inline std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace doska
