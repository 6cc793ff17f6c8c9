// The HTTP front of the server (docs/api.md): the JSON API over GameService, server-sent events,
// and the files of the browser app. Asynchronous (Boost.Beast over Asio): a connection waiting
// for its next request or holding an event stream costs no thread; a few I/O threads read and
// write every socket, and the API's calls, which may wait on storage or on the engine, run on a
// pool of workers. Thin: every route reads its request, calls the service and writes its answer;
// every failure becomes a JSON error with its status.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "common/result.h"
#include "server/forwarded.h"
#include "server/game_service.h"

namespace doska::server {

struct HttpOptions {
  std::string web_dir;  // the browser app; empty or missing: the API only
  int io_threads = 2;   // read and write every socket
  int workers = 16;     // run the API's calls
  // Open connections from one peer address (event streams included); one more is answered
  // 429 and closed.
  int connections_per_address = 256;
  // Analyses in progress for one client address; one more is answered 429. Analyses of all
  // clients together hold at most half the workers (503 beyond), so moves always find one.
  int analyses_per_address = 2;
  // A client must send a request's headers within this time (the idle time between requests
  // of a kept-alive connection included), and its body within the next.
  std::chrono::milliseconds header_timeout{10000};
  std::chrono::milliseconds body_timeout{30000};
  // Reverse proxies whose X-Forwarded-For names the client (forwarded.h); a proxy's own
  // connections are not bounded by connections_per_address (the proxy bounds its clients').
  TrustedProxies trusted_proxies;
  // The session cookie is sent with Secure (the server is reached over https, through a proxy).
  bool secure_cookies = false;
};

class HttpServer {
 public:
  HttpServer(GameService& service, HttpOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds to host:port (port 0: a free port), with a listen backlog as large as the system
  // allows; the port bound.
  Result<int> bind(const std::string& host, int port);
  // Serves until stop(); call after bind(). The calls in progress on the workers end before it
  // returns.
  void run();
  // From any thread: ends run().
  void stop();
  bool web_ready() const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace doska::server
