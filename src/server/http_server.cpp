#include "server/http_server.h"

#include <httplib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/text.h"

namespace doska::server {

namespace {

using nlohmann::json;

constexpr int kHttpThreads = 32;  // event streams hold a thread each
constexpr auto kEventWait = std::chrono::milliseconds(500);
constexpr auto kPingEvery = std::chrono::seconds(15);

void send_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(body.dump(), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, status, json{{"error", message}});
}

std::string reason_of(int status) {
  switch (status) {
    case 400:
      return "bad request";
    case 404:
      return "no such path";
    case 405:
      return "method not allowed";
    case 413:
      return "the body is over 1 MB";
    case 414:
      return "the address is too long";
    default:
      return "error " + std::to_string(status);
  }
}

// Runs a route's body; every failure is a JSON error.
template <typename Body>
void guarded(httplib::Response& res, Body&& body) {
  try {
    body();
  } catch (const ApiError& e) {
    send_error(res, e.status, e.what());
  } catch (const std::exception& e) {
    send_error(res, 500, std::string("internal error: ") + e.what());
  } catch (...) {
    send_error(res, 500, "internal error");
  }
}

template <typename T>
T need(Result<T> parsed) {
  if (!parsed) throw ApiError(400, parsed.error());
  return std::move(*parsed);
}

}  // namespace

HttpServer::HttpServer(GameService& service, HttpOptions options)
    : service_(service),
      options_(std::move(options)),
      server_(std::make_unique<httplib::Server>()) {
  routes();
}

HttpServer::~HttpServer() {
  stop();
}

Result<int> HttpServer::bind(const std::string& host, int port) {
  bool bound = false;
  int chosen = port;
  if (port == 0) {
    chosen = server_->bind_to_any_port(host);
    bound = chosen > 0;
  } else {
    bound = server_->bind_to_port(host, port);
  }
  if (!bound)
    return make_error("cannot listen on " + host + ":" + std::to_string(port) +
                      " (in use, or not an address of this machine)");
  return chosen;
}

void HttpServer::run() {
  server_->listen_after_bind();
}

void HttpServer::stop() {
  if (server_) server_->stop();
}

void HttpServer::routes() {
  httplib::Server& s = *server_;
  s.new_task_queue = [] { return new httplib::ThreadPool(kHttpThreads); };
  s.set_payload_max_length(kMaxBodyBytes);
  s.set_read_timeout(std::chrono::seconds(10));

  if (!options_.web_dir.empty() && std::filesystem::is_directory(options_.web_dir))
    web_ready_ = s.set_mount_point("/", options_.web_dir);
  s.set_file_extension_and_mimetype_mapping("mjs", "text/javascript");
  s.set_file_extension_and_mimetype_mapping("js", "text/javascript");
  // On every answer (issue 14): scripts, styles and requests from this server only; no framing
  // by other sites; types as sent; and no Referer, which would carry a game link's key away.
  s.set_default_headers({
      {"Content-Security-Policy",
       "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'"},
      {"X-Frame-Options", "DENY"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
  });

  // httplib answers some faults itself (404, 413, ...): give those a JSON body too.
  s.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) send_error(res, res.status, reason_of(res.status));
  });
  s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    send_error(res, 500, "internal error");
  });

  // A secret link /play/<id>?key=... opens the app, which reads the id from its address.
  s.Get(R"(/play/([A-Za-z0-9]{1,32}))", [this](const httplib::Request&, httplib::Response& res) {
    guarded(res, [&] {
      const std::filesystem::path index = std::filesystem::path(options_.web_dir) / "index.html";
      std::ifstream in(index, std::ios::binary);
      if (!in) throw ApiError(404, "the browser app is not installed (no " + index.string() + ")");
      std::stringstream text;
      text << in.rdbuf();
      res.set_content(text.str(), "text/html; charset=utf-8");
    });
  });

  s.Get("/api/variants", [this](const httplib::Request&, httplib::Response& res) {
    guarded(res, [&] { send_json(res, 200, service_.variants()); });
  });
  // No list of everyone's games (issue 14): a browser asks for the games it holds keys of.
  s.Get("/api/games", [](const httplib::Request&, httplib::Response& res) {
    send_error(res, 403,
               "the list of every game is not public: POST /api/games/mine with the games and "
               "keys you hold");
  });
  s.Post("/api/games/mine", [this](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] { send_json(res, 200, service_.list_held(need(parse_held(req.body)))); });
  });
  s.Post("/api/games", [this](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] { send_json(res, 201, service_.create(need(parse_create(req.body)))); });
  });
  s.Get(R"(/api/games/([^/]+))", [this](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      std::optional<std::string> key;
      if (req.has_param("key")) key = req.get_param_value("key");
      send_json(res, 200, service_.get(req.matches[1], key));
    });
  });
  s.Post(R"(/api/games/([^/]+)/moves)",
         [this](const httplib::Request& req, httplib::Response& res) {
           guarded(res, [&] {
             send_json(res, 200, service_.move(req.matches[1], need(parse_move(req.body))));
           });
         });
  s.Post(R"(/api/games/([^/]+)/undo)", [this](const httplib::Request& req, httplib::Response& res) {
    guarded(res,
            [&] { send_json(res, 200, service_.undo(req.matches[1], need(parse_key(req.body)))); });
  });
  s.Post(R"(/api/games/([^/]+)/draw)", [this](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      send_json(res, 200, service_.draw(req.matches[1], need(parse_draw(req.body))));
    });
  });
  s.Post(R"(/api/games/([^/]+)/resign)",
         [this](const httplib::Request& req, httplib::Response& res) {
           guarded(res, [&] {
             send_json(res, 200, service_.resign(req.matches[1], need(parse_key(req.body))));
           });
         });
  s.Get(R"(/api/games/([^/]+)/export)", [this](const httplib::Request& req,
                                               httplib::Response& res) {
    guarded(res, [&] {
      const std::string format = req.has_param("format") ? req.get_param_value("format") : "pdn";
      res.set_content(service_.export_game(req.matches[1], format), "text/plain; charset=utf-8");
    });
  });
  s.Post("/api/analyse", [this](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] { send_json(res, 200, service_.analyse(need(parse_analyse(req.body)))); });
  });

  // Server-sent events: the game view on connect and after every change, the computer's
  // thinking while it searches, and a ping comment now and then. The provider waits a short
  // while per call, so that the server's stop ends the stream at once.
  s.Get(R"(/api/games/([^/]+)/events)",
        [this](const httplib::Request& req, httplib::Response& res) {
          guarded(res, [&] {
            const std::string id = req.matches[1];
            (void)service_.get(id);  // 404 before the stream starts
            struct Seen {
              std::int64_t version = -1;
              std::int64_t info = 0;
              std::chrono::steady_clock::time_point ping = std::chrono::steady_clock::now();
            };
            auto seen = std::make_shared<Seen>();
            res.set_header("Cache-Control", "no-cache");
            res.set_header("X-Accel-Buffering", "no");
            res.set_chunked_content_provider(
                "text/event-stream", [this, id, seen](std::size_t, httplib::DataSink& sink) {
                  if (service_.stopping()) return false;
                  std::vector<GameService::Event> events;
                  try {
                    events = service_.wait_events(id, seen->version, seen->info, kEventWait);
                  } catch (const std::exception&) {
                    return false;
                  }
                  std::string out;
                  for (const auto& e : events)
                    out += "event: " + e.name + "\ndata: " + e.data + "\n\n";
                  const auto now = std::chrono::steady_clock::now();
                  if (now - seen->ping >= kPingEvery) {
                    out += ": ping\n\n";
                    seen->ping = now;
                  }
                  if (!out.empty() && !sink.write(out.data(), out.size())) return false;
                  return sink.is_writable();
                });
          });
        });

  s.Get(R"(/api/.*)", [](const httplib::Request& req, httplib::Response& res) {
    send_error(res, 404, "no such path " + req.path);
  });
}

}  // namespace doska::server
