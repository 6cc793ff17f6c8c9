#include "protocols/socket.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>

#include "common/text.h"

namespace doska::protocols {

namespace {

std::string describe(const std::string& host, int port) {
  if (host.find(':') != std::string::npos) return "[" + host + "]:" + std::to_string(port);
  return host + ":" + std::to_string(port);
}

std::string system_error(const std::string& what) {
  return what + ": " + std::strerror(errno);
}

struct AddressList {
  addrinfo* list = nullptr;
  ~AddressList() {
    if (list) freeaddrinfo(list);
  }
};

Result<std::unique_ptr<AddressList>> resolve(const std::string& host, int port, bool passive) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = passive ? AI_PASSIVE : 0;
  auto addresses = std::make_unique<AddressList>();
  const std::string service = std::to_string(port);
  const int rc =
      getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &addresses->list);
  if (rc != 0)
    return make_error("cannot resolve " + describe(host, port) + ": " + gai_strerror(rc));
  return addresses;
}

// Milliseconds for poll(): -1 for ever, else at least 1 so that a short wait still waits.
int poll_milliseconds(double seconds) {
  if (seconds <= 0) return -1;
  const double ms = std::ceil(seconds * 1000);
  return ms > 2e9 ? 2000000000 : static_cast<int>(ms);
}

// Waits for `events` on fd. 1: ready, 0: timeout, -1: error (errno set).
int wait_for(int fd, short events, double timeout_seconds) {
  using Clock = std::chrono::steady_clock;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(timeout_seconds > 0 ? timeout_seconds : 0));
  for (;;) {
    pollfd p{fd, events, 0};
    int wait_ms = -1;
    if (timeout_seconds > 0) {
      const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
      if (left <= 0) return 0;
      wait_ms = poll_milliseconds(left);
    }
    const int rc = ::poll(&p, 1, wait_ms);
    if (rc < 0 && errno == EINTR) continue;
    if (rc < 0) return -1;
    if (rc == 0) return 0;
    return 1;
  }
}

}  // namespace

Socket& Socket::operator=(Socket&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

void Socket::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void Socket::shutdown() {
  if (fd_ >= 0) ::shutdown(fd_, SHUT_RDWR);
}

Result<Endpoint> parse_endpoint(std::string_view text, int default_port) {
  Endpoint endpoint;
  endpoint.port = default_port;
  std::string_view host = text;
  std::string_view port;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos)
      return make_error("address " + quoted(text) + " has no closing ]");
    host = text.substr(1, close - 1);
    const std::string_view rest = text.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return make_error("address " + quoted(text) + ": expected :PORT");
      port = rest.substr(1);
      if (port.empty()) return make_error("address " + quoted(text) + ": no port after ':'");
    }
  } else if (const auto colon = text.rfind(':'); colon != std::string_view::npos) {
    if (text.find(':') != colon)
      return make_error("address " + quoted(text) + ": write an IPv6 address as [ADDRESS]:PORT");
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
    if (port.empty()) return make_error("address " + quoted(text) + ": no port after ':'");
  }
  if (host.empty()) return make_error("address " + quoted(text) + " has no host");
  if (!port.empty()) {
    auto p = parse_int(port);
    if (!p || *p < 1 || *p > 65535)
      return make_error("address " + quoted(text) + ": bad port " + quoted(port));
    endpoint.port = *p;
  }
  endpoint.host = std::string(host);
  return endpoint;
}

Result<Socket> listen_on(const std::string& host, int port) {
  auto addresses = resolve(host, port, true);
  if (!addresses) return make_error(addresses.error());
  std::string last_error = "no address";
  for (addrinfo* a = (*addresses)->list; a; a = a->ai_next) {
    Socket s(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol));
    if (!s.is_open()) {
      last_error = system_error("socket");
      continue;
    }
    const int yes = 1;
    ::setsockopt(s.fd(), SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (::bind(s.fd(), a->ai_addr, a->ai_addrlen) != 0) {
      last_error = system_error("bind");
      continue;
    }
    if (::listen(s.fd(), 4) != 0) {
      last_error = system_error("listen");
      continue;
    }
    return s;
  }
  return make_error("cannot listen on " + describe(host, port) + ": " + last_error);
}

int local_port(const Socket& socket) {
  sockaddr_storage address{};
  socklen_t size = sizeof address;
  if (::getsockname(socket.fd(), reinterpret_cast<sockaddr*>(&address), &size) != 0) return 0;
  if (address.ss_family == AF_INET)
    return ntohs(reinterpret_cast<const sockaddr_in*>(&address)->sin_port);
  if (address.ss_family == AF_INET6)
    return ntohs(reinterpret_cast<const sockaddr_in6*>(&address)->sin6_port);
  return 0;
}

Result<Socket> accept_connection(const Socket& listener, double timeout_seconds) {
  const int ready = wait_for(listener.fd(), POLLIN, timeout_seconds);
  if (ready < 0) return make_error(system_error("waiting for a connection"));
  if (ready == 0)
    return make_error("no connection within " + std::to_string(timeout_seconds) + " s");
  for (;;) {
    const int fd = ::accept4(listener.fd(), nullptr, nullptr, SOCK_CLOEXEC);
    if (fd >= 0) {
      const int yes = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
      return Socket(fd);
    }
    if (errno == EINTR) continue;
    return make_error(system_error("accept"));
  }
}

Result<Socket> connect_to(const std::string& host, int port, double timeout_seconds) {
  auto addresses = resolve(host, port, false);
  if (!addresses) return make_error(addresses.error());
  std::string last_error = "no address";
  for (addrinfo* a = (*addresses)->list; a; a = a->ai_next) {
    Socket s(::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol));
    if (!s.is_open()) {
      last_error = system_error("socket");
      continue;
    }
    // Non-blocking connect, so that an address that does not answer costs only the timeout.
    const int flags = ::fcntl(s.fd(), F_GETFL, 0);
    ::fcntl(s.fd(), F_SETFL, flags | O_NONBLOCK);
    int rc = ::connect(s.fd(), a->ai_addr, a->ai_addrlen);
    if (rc != 0 && errno == EINPROGRESS) {
      const int ready = wait_for(s.fd(), POLLOUT, timeout_seconds);
      if (ready <= 0) {
        last_error = ready == 0 ? "no answer" : system_error("connect");
        continue;
      }
      int error = 0;
      socklen_t size = sizeof error;
      ::getsockopt(s.fd(), SOL_SOCKET, SO_ERROR, &error, &size);
      errno = error;
      rc = error == 0 ? 0 : -1;
    }
    if (rc != 0) {
      last_error = system_error("connect");
      continue;
    }
    ::fcntl(s.fd(), F_SETFL, flags);
    const int yes = 1;
    ::setsockopt(s.fd(), IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    return s;
  }
  return make_error("cannot connect to " + describe(host, port) + ": " + last_error);
}

Status send_all(const Socket& socket, std::string_view data) {
  while (!data.empty()) {
    // MSG_NOSIGNAL: a peer that has gone is an error value, not a SIGPIPE.
    const ssize_t sent = ::send(socket.fd(), data.data(), data.size(), MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent < 0) return make_error(system_error("send"));
    data.remove_prefix(static_cast<std::size_t>(sent));
  }
  return Ok{};
}

Result<ReadResult> read_some(const Socket& socket, char* buffer, std::size_t capacity,
                             double timeout_seconds) {
  const int ready = wait_for(socket.fd(), POLLIN, timeout_seconds);
  if (ready < 0) return make_error(system_error("poll"));
  if (ready == 0) return ReadResult{ReadResult::Kind::timeout, 0};
  for (;;) {
    const ssize_t got = ::recv(socket.fd(), buffer, capacity, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0 && errno == ECONNRESET) return ReadResult{ReadResult::Kind::closed, 0};
    if (got < 0) return make_error(system_error("recv"));
    if (got == 0) return ReadResult{ReadResult::Kind::closed, 0};
    return ReadResult{ReadResult::Kind::data, static_cast<std::size_t>(got)};
  }
}

}  // namespace doska::protocols
