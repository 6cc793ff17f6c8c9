// TCP stream sockets over the POSIX API, just what the DXP front end needs: listen, accept,
// connect, and whole-buffer sends and timed reads. Errors are values naming the address.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "common/result.h"

namespace doska::protocols {

// Owns a file descriptor; closes it when destroyed.
class Socket {
 public:
  Socket() = default;
  explicit Socket(int fd) : fd_(fd) {}
  ~Socket() { close(); }
  Socket(Socket&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  Socket& operator=(Socket&& other) noexcept;
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;

  int fd() const { return fd_; }
  bool is_open() const { return fd_ >= 0; }
  void close();
  // Ends sending and receiving; a thread blocked in a read on this socket wakes up.
  void shutdown();

 private:
  int fd_ = -1;
};

// "HOST", "HOST:PORT" or "[IPv6]:PORT".
struct Endpoint {
  std::string host;
  int port = 0;
};
Result<Endpoint> parse_endpoint(std::string_view text, int default_port);

// A socket listening on host:port (port 0: any free port; see local_port).
Result<Socket> listen_on(const std::string& host, int port);
int local_port(const Socket& socket);
// The next connection; `timeout_seconds` <= 0 waits for ever.
Result<Socket> accept_connection(const Socket& listener, double timeout_seconds);
Result<Socket> connect_to(const std::string& host, int port, double timeout_seconds);

// Sends all of `data`.
Status send_all(const Socket& socket, std::string_view data);

// What a timed read found.
struct ReadResult {
  enum class Kind { data, closed, timeout };
  Kind kind = Kind::data;
  std::size_t size = 0;
};
Result<ReadResult> read_some(const Socket& socket, char* buffer, std::size_t capacity,
                             double timeout_seconds);

}  // namespace doska::protocols
