// The HTTP front of the server (docs/api.md): the JSON API over GameService, server-sent events,
// and the files of the browser app. Thin: every route reads its request, calls the service and
// writes its answer; every failure becomes a JSON error with its status.
#pragma once

#include <memory>
#include <string>

#include "common/result.h"
#include "server/game_service.h"

namespace httplib {
class Server;
}

namespace doska::server {

struct HttpOptions {
  std::string web_dir;  // the browser app; empty or missing: the API only
};

class HttpServer {
 public:
  HttpServer(GameService& service, HttpOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds to host:port (port 0: a free port); the port bound.
  Result<int> bind(const std::string& host, int port);
  // Serves until stop(); call after bind().
  void run();
  // From any thread: ends run() after the requests in progress.
  void stop();
  bool web_ready() const { return web_ready_; }

 private:
  void routes();

  GameService& service_;
  HttpOptions options_;
  std::unique_ptr<httplib::Server> server_;
  bool web_ready_ = false;
};

}  // namespace doska::server
