#include "server/http_server.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <variant>
#include <vector>

#include "common/text.h"
#include "server/http_target.h"
#include "server/reply.h"
#include "server/routes.h"

namespace doska::server {

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using nlohmann::json;

constexpr std::size_t kHeaderLimit = 16 * 1024;
constexpr auto kPingEvery = std::chrono::seconds(15);
// A stream whose client reads nothing for this long is closed (its unsent events would pile up).
constexpr auto kStalledWrite = std::chrono::seconds(30);

// On every answer: scripts, styles and requests from this server only; no framing by
// other sites; types as sent; and no Referer, which would carry a game link's key away.
constexpr std::pair<const char*, const char*> kSecurityHeaders[] = {
    {"Content-Security-Policy",
     "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
     "img-src 'self' data:; media-src 'self' data:; connect-src 'self'; object-src 'none'; "
     "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"},
    {"X-Frame-Options", "DENY"},
    {"X-Content-Type-Options", "nosniff"},
    {"Referrer-Policy", "no-referrer"},
};

// The serialised answer: status line, headers (the security ones on every answer) and body.
template <typename Body>
void add_headers(http::response<Body>& res, const Reply& reply) {
  res.set(http::field::server, "doska");
  res.set(http::field::content_type, reply.type);
  for (const auto& [name, value] : kSecurityHeaders) res.set(name, value);
  for (const auto& [name, value] : reply.headers) res.set(name, value);
}

// 405 for a path that only GET and HEAD read (the app's files, /healthz).
Reply only_get_and_head(const Request& r) {
  Reply reply =
      error_reply(405, "method_not_allowed",
                  "method not allowed: " + std::string(http::to_string(r.method)) + " " + r.path);
  reply.headers.emplace_back("Allow", "GET, HEAD");
  return reply;
}

}  // namespace

class HttpServer::Impl {
 public:
  Impl(GameService& service, HttpOptions options)
      : service_(service), options_(std::move(options)), workers_(std::max(1, options_.workers)) {
    web_ready_ = !options_.web_dir.empty() && std::filesystem::is_directory(options_.web_dir);
    if (web_ready_) web_root_ = std::filesystem::weakly_canonical(options_.web_dir);
  }

  // Open connections per client address, and analyses in progress (global and per address).
  class Slot {
   public:
    Slot(Impl& server, std::string address) : server_(server), address_(std::move(address)) {}
    ~Slot() { server_.release(address_); }
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    const std::string& address() const { return address_; }

   private:
    Impl& server_;
    std::string address_;
  };
  std::unique_ptr<Slot> take_slot(const std::string& address, bool bounded) {
    std::lock_guard lock(mutex_);
    int& count = connections_[address];
    if (bounded && count >= options_.connections_per_address) return nullptr;
    ++count;
    return std::make_unique<Slot>(*this, address);
  }
  void release(const std::string& address) {
    std::lock_guard lock(mutex_);
    auto it = connections_.find(address);
    if (it != connections_.end() && --it->second <= 0) connections_.erase(it);
  }

  // Wake-ups from the game service reach the streams through this gate, closed before the I/O
  // context goes away (a search thread may report after the server stopped).
  struct Gate {
    std::mutex mutex;
    bool open = true;
  };

  class Connection;
  class EventStream;

  Result<int> bind(const std::string& host, int port);
  void run();
  void stop();
  bool web_ready() const { return web_ready_; }

  // The answer to one request (on a worker: it may wait on storage or on the engine).
  Reply handle(const Request& request);

 private:
  void accept();
  Reply api(const Request& request) {
    return answer_api(
        service_, request, [this](const Request& r) { return analyse(r); },
        options_.secure_cookies);
  }
  Reply file(const Request& request);
  Reply health(const Request& request);
  Reply analyse(const Request& request);

 public:
  // An analysis in progress for an address: taken while there is room (else `refusal` says
  // why: 429 for the address, 503 for the server), given back when the last copy goes.
  std::shared_ptr<void> take_analysis(const std::string& address, Reply& refusal);
  // GET /api/analysis/events: the live analysis's stream id and what holds it (its
  // analysis slot; when the stream ends it stops the search), or the answer that refuses it.
  struct LiveStream {
    std::string id;
    std::shared_ptr<void> hold;
  };
  std::variant<LiveStream, Reply> start_live_analysis(const Request& request);

 private:
  GameService& service_;
  HttpOptions options_;
  bool web_ready_ = false;
  std::filesystem::path web_root_;
  std::shared_ptr<Gate> gate_ = std::make_shared<Gate>();
  std::mutex mutex_;
  std::map<std::string, int> connections_;
  std::map<std::string, int> analyses_;
  int analyses_total_ = 0;
  // Declared last, destroyed first: the workers (they post to the I/O context), then the I/O
  // context, whose pending handlers hold connections that release their slots above.
  net::io_context ioc_;
  tcp::acceptor acceptor_{ioc_};
  net::thread_pool workers_;
};

// A live event stream (server-sent events): the game view on connect and after every change,
// the computer's thinking while it searches, a ping comment every 15 s. Holds no thread: the
// game service's wake-up is posted to the stream's strand, which polls the changes and writes.
class HttpServer::Impl::EventStream : public std::enable_shared_from_this<EventStream> {
 public:
  EventStream(Impl& server, tcp::socket socket, std::unique_ptr<Slot> slot, std::string id,
              std::shared_ptr<void> hold = nullptr, bool players_room = false)
      : server_(server),
        socket_(std::move(socket)),
        slot_(std::move(slot)),
        hold_(std::move(hold)),
        id_(std::move(id)),
        ping_(socket_.get_executor()),
        stall_(socket_.get_executor()) {
    seen_.players_room = players_room;
  }
  ~EventStream() {
    if (token_) server_.service_.unsubscribe(id_, token_);
  }

  void start() {
    std::string head =
        "HTTP/1.1 200 OK\r\nServer: doska\r\nContent-Type: text/event-stream\r\n"
        "Cache-Control: no-cache\r\nX-Accel-Buffering: no\r\nConnection: close\r\n";
    for (const auto& [name, value] : kSecurityHeaders)
      head += std::string(name) + ": " + value + "\r\n";
    pending_ = head + "\r\n";
    std::weak_ptr<EventStream> weak = weak_from_this();
    auto gate = server_.gate_;
    auto executor = socket_.get_executor();
    token_ = server_.service_.subscribe(id_, [weak, gate, executor] {
      std::lock_guard lock(gate->mutex);
      if (!gate->open) return;
      net::post(executor, [weak] {
        if (auto self = weak.lock()) self->wake();
      });
    });
    dirty_ = true;
    pump();
    watch_close();
    arm_ping();
  }

 private:
  void wake() {
    dirty_ = true;
    pump();
  }

  void pump() {
    if (closed_ || writing_) return;
    std::string out = std::move(pending_);
    pending_.clear();
    if (dirty_) {
      dirty_ = false;
      try {
        for (const auto& e : server_.service_.poll_events(id_, seen_)) {
          out += "event: " + e.name + "\ndata: " + e.data + "\n\n";
          if (e.last) ending_ = true;
        }
      } catch (const std::exception&) {
        close();
        return;
      }
    }
    if (ping_due_) {
      out += ": ping\n\n";
      ping_due_ = false;
    }
    if (out.empty()) return;
    buffer_ = std::move(out);
    writing_ = true;
    stall_.expires_after(kStalledWrite);
    stall_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec && self->writing_) self->close();
    });
    net::async_write(socket_, net::buffer(buffer_),
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       self->writing_ = false;
                       self->stall_.cancel();
                       if (ec || self->ending_) return self->close();
                       self->pump();
                     });
  }

  // The client sends nothing more; a read ends when it goes away.
  void watch_close() {
    socket_.async_read_some(net::buffer(scratch_),
                            [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              if (ec) return self->close();
                              self->watch_close();
                            });
  }

  void arm_ping() {
    ping_.expires_after(kPingEvery);
    ping_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->closed_) return;
      self->ping_due_ = true;
      self->dirty_ = true;  // and a look at the game, should a wake-up have been missed
      self->pump();
      self->arm_ping();
    });
  }

  void close() {
    if (closed_) return;
    closed_ = true;
    beast::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    ping_.cancel();
    stall_.cancel();
  }

  Impl& server_;
  tcp::socket socket_;
  std::unique_ptr<Slot> slot_;
  std::shared_ptr<void> hold_;  // a live analysis: its slot, and its search while the stream lasts
  std::string id_;
  net::steady_timer ping_;
  net::steady_timer stall_;
  std::uint64_t token_ = 0;
  Seen seen_;
  std::string pending_;
  std::string buffer_;
  char scratch_[512];
  bool dirty_ = false;
  bool ping_due_ = false;
  bool writing_ = false;
  bool closed_ = false;
  bool ending_ = false;  // the last event is written: then the stream ends
};

// One client connection: reads a request (headers, then body, each within its time), hands it
// to a worker, writes the answer, and waits for the next one if the client keeps it alive.
class HttpServer::Impl::Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(Impl& server, tcp::socket socket, std::unique_ptr<Slot> slot,
             std::optional<net::ip::address> proxy)
      : server_(server),
        stream_(std::move(socket)),
        slot_(std::move(slot)),
        proxy_(std::move(proxy)),
        deadline_(stream_.get_executor()) {}

  void start() { read(); }

 private:
  void read() {
    reading_ = true;
    timed_out_ = false;
    parser_.emplace();
    parser_->header_limit(kHeaderLimit);
    parser_->body_limit(kMaxBodyBytes);
    arm_deadline(server_.options_.header_timeout);
    http::async_read_header(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
  }

  void on_header(beast::error_code ec) {
    if (ec) return refuse(ec);
    arm_deadline(server_.options_.body_timeout);
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_request(ec); });
  }

  // The time to read (headers, then body): when it is up the read is cancelled and the client,
  // if it sent anything, is answered 408 (the stream's own timeout would close the socket).
  // A cancel reaches only a read that is pending: one that had just completed, its handler
  // queued, goes on with a new read that a client trickling bytes keeps alive. So the cancel is
  // repeated every 100 ms until the read ends (refuse stops the timer).
  void arm_deadline(std::chrono::milliseconds time) {
    deadline_.expires_after(time);
    deadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || !self->reading_) return;
      self->timed_out_ = true;
      beast::error_code ignored;
      self->stream_.socket().cancel(ignored);
      self->arm_deadline(std::chrono::milliseconds(100));
    });
  }

  // A request that could not be read: an answer naming the fault where the client can still
  // read one, then the connection ends.
  void refuse(beast::error_code ec) {
    reading_ = false;
    deadline_.cancel();
    if (ec == http::error::header_limit) {
      // The request line alone over the limit: the address is too long.
      const auto data = buffer_.cdata();
      const std::string_view seen(static_cast<const char*>(data.data()), data.size());
      if (seen.find("\r\n") == std::string_view::npos)
        return write(error_reply(414, "uri_too_long", "the address is too long"), true);
      return write(error_reply(431, "headers_too_large", "the request's headers are over 16 KB"),
                   true);
    }
    if (ec == http::error::body_limit)
      return write(error_reply(413, "body_too_large", "the body is over 1 MB"), true);
    if (timed_out_) {
      if (buffer_.size() == 0 && !parser_->got_some()) return shut();  // idle keep-alive
      return write(error_reply(408, "request_timeout", "the request did not arrive in time"), true);
    }
    if (ec == http::error::end_of_stream || ec == net::error::eof ||
        ec == net::error::connection_reset || ec == net::error::operation_aborted)
      return shut();
    return write(error_reply(400, "bad_request", "bad request: " + ec.message()), true);
  }

  void on_request(beast::error_code ec) {
    reading_ = false;
    deadline_.cancel();
    if (ec) return refuse(ec);
    auto message = parser_->release();
    keep_alive_ = message.keep_alive();
    auto target = split_target(std::string_view(message.target().data(), message.target().size()));
    if (!target)
      return write(error_reply(400, "bad_request", "bad request: a malformed %-escape"), true);
    std::optional<Request> request(std::in_place);
    static_cast<Target&>(*request) = std::move(*target);
    request->method = message.method();
    request->body = std::move(message.body());
    request->address = slot_->address();
    if (proxy_) {
      // Several X-Forwarded-For fields read as one list, in their order.
      std::string forwarded;
      for (auto [it, end] = message.equal_range("X-Forwarded-For"); it != end; ++it)
        forwarded += (forwarded.empty() ? "" : ",") + std::string(it->value());
      request->address = client_address(*proxy_, forwarded, server_.options_.trusted_proxies);
    }
    auto header = [&](http::field f) {
      auto it = message.find(f);
      return it == message.end() ? std::string() : std::string(it->value());
    };
    request->session = session_token(header(http::field::cookie));
    request->origin = header(http::field::origin);
    request->referer = header(http::field::referer);
    request->host = header(http::field::host);
    request->agent = header(http::field::user_agent);

    auto game = game_path(request->path);
    const bool get = request->method == http::verb::get;
    const bool lobby = get && request->path == "/api/seeks/events";
    const bool live = get && request->path == "/api/analysis/events";
    const auto tournament = tournament_events_path(request->path);
    const bool events = lobby || (get && tournament) || (get && game && game->second == "events");
    if (lobby) game = std::pair<std::string, std::string>{Lobby::kLobby, "events"};
    if (get && tournament)
      game = std::pair<std::string, std::string>{Tournaments::stream_id(*tournament), "events"};
    net::post(server_.workers_, [self = shared_from_this(), request = std::move(*request), events,
                                 live, id = game ? game->first : std::string()] {
      Reply reply;
      if (live) {
        auto started = self->server_.start_live_analysis(request);
        if (auto* stream = std::get_if<LiveStream>(&started)) {
          net::post(self->stream_.get_executor(), [self, stream = std::move(*stream)]() mutable {
            self->become_stream(stream.id, std::move(stream.hold));
          });
          return;
        }
        reply = std::move(std::get<Reply>(started));
      } else if (events) {
        try {
          bool players_room = false;
          if (Tournaments::is_stream(id)) {
            // 404 before the stream starts.
            self->server_.service_.tournaments().check(
                id.substr(Tournaments::kStreamPrefix.size()));
          } else if (id != Lobby::kLobby) {
            (void)self->server_.service_.round().get(id);  // 404 before the stream starts
            // A player's stream (opened with a key of a side) carries the players' chat too.
            if (auto key = request.query.find("key"); key != request.query.end())
              players_room = self->server_.service_.chat().reads_players(id, key->second);
          }
          net::post(self->stream_.get_executor(),
                    [self, id, players_room] { self->become_stream(id, nullptr, players_room); });
          return;
        } catch (const ApiError& e) {
          reply = error_reply(e);
        } catch (const std::exception& e) {
          reply = error_reply(500, "internal_error", std::string("internal error: ") + e.what());
        }
      } else {
        reply = self->server_.handle(request);
      }
      net::post(self->stream_.get_executor(),
                [self, reply = std::move(reply)]() mutable { self->write(std::move(reply)); });
    });
  }

  void become_stream(const std::string& id, std::shared_ptr<void> hold = nullptr,
                     bool players_room = false) {
    auto stream = std::make_shared<EventStream>(server_, stream_.release_socket(), std::move(slot_),
                                                id, std::move(hold), players_room);
    stream->start();
  }

  void write(Reply reply, bool close = false) {
    if (close) reply.close = true;
    auto res = std::make_shared<http::response<http::string_body>>(
        static_cast<http::status>(reply.status), 11);
    add_headers(*res, reply);
    res->keep_alive(keep_alive_ && !reply.close);
    if (reply.head_only) {
      res->content_length(reply.body.size());
    } else {
      res->body() = std::move(reply.body);
      res->prepare_payload();
    }
    stream_.expires_after(kStalledWrite);
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res, close](beast::error_code ec, std::size_t) {
                        if (!ec && close) return self->linger();
                        if (ec || !res->keep_alive()) return self->shut();
                        self->stream_.expires_never();
                        self->read();
                      });
  }

  // After refusing a request whose body may still be coming (413, 400...): the answer is sent,
  // then what the client still sends is read and dropped for a while, so that the client reads
  // the answer instead of a reset.
  void linger() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.expires_after(std::chrono::seconds(5));
    drain();
  }
  void drain() {
    stream_.async_read_some(net::buffer(scratch_),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                              self->drained_ += n;
                              if (ec || self->drained_ > 4 * kMaxBodyBytes)
                                return self->stream_.close();
                              self->drain();
                            });
  }

  void shut() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.close();
  }

  Impl& server_;
  beast::tcp_stream stream_;
  std::unique_ptr<Slot> slot_;
  std::optional<net::ip::address> proxy_;  // the peer, when it is a trusted proxy
  net::steady_timer deadline_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  bool reading_ = false;
  bool timed_out_ = false;
  bool keep_alive_ = false;
  char scratch_[4096];
  std::size_t drained_ = 0;
};

Result<int> HttpServer::Impl::bind(const std::string& host, int port) {
  beast::error_code ec;
  const auto address = net::ip::make_address(host == "localhost" ? "127.0.0.1" : host, ec);
  const std::string where = host + ":" + std::to_string(port);
  if (ec)
    return make_error("cannot listen on " + where + ": " + doska::quoted(host) +
                      " is not an IP address");
  const tcp::endpoint endpoint(address, static_cast<unsigned short>(port));
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  // The backlog: as many waiting connections as the system takes (a burst is not reset).
  if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec)
    return make_error("cannot listen on " + where +
                      " (in use, or not an address of this machine): " + ec.message());
  return static_cast<int>(acceptor_.local_endpoint().port());
}

void HttpServer::Impl::accept() {
  acceptor_.async_accept(net::make_strand(ioc_), [this](beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
    if (!ec) {
      beast::error_code peer_ec;
      const auto peer = socket.remote_endpoint(peer_ec);
      const auto peer_address = unmapped(peer.address());
      const std::string address = peer_ec ? std::string("?") : peer_address.to_string();
      std::optional<net::ip::address> proxy;
      if (!peer_ec && options_.trusted_proxies.trusts(peer_address)) proxy = peer_address;
      if (auto slot = take_slot(address, !proxy)) {
        std::make_shared<Connection>(*this, std::move(socket), std::move(slot), std::move(proxy))
            ->start();
      } else {
        // Over the limit of this address: a short answer, written at once (a fresh socket's
        // buffer takes it), and the connection ends.
        const std::string body = json{
            {"error", "too many connections from " + address},
            {"code", "too_many_connections"},
            {"params",
             json::object()}}.dump();
        const std::string answer =
            "HTTP/1.1 429 Too Many Requests\r\nContent-Type: "
            "application/json\r\nConnection: close\r\nContent-Length: " +
            std::to_string(body.size()) + "\r\n\r\n" + body;
        beast::error_code ignored;
        socket.non_blocking(true, ignored);
        socket.write_some(net::buffer(answer), ignored);
        socket.shutdown(tcp::socket::shutdown_both, ignored);
        socket.close(ignored);
      }
    }
    accept();
  });
}

void HttpServer::Impl::run() {
  accept();
  std::vector<std::thread> extra;
  for (int i = 1; i < std::max(1, options_.io_threads); ++i)
    extra.emplace_back([this] { ioc_.run(); });
  ioc_.run();
  for (auto& t : extra) t.join();
  {
    std::lock_guard lock(gate_->mutex);
    gate_->open = false;
  }
  workers_.stop();
  workers_.join();
}

void HttpServer::Impl::stop() {
  net::post(ioc_, [this] {
    beast::error_code ignored;
    acceptor_.close(ignored);
  });
  ioc_.stop();
}

// GET /healthz, for a proxy's or a supervisor's checks: whether the database answers. Neither
// throttled nor given cookies.
Reply HttpServer::Impl::health(const Request& request) {
  if (request.method != http::verb::get && request.method != http::verb::head)
    return only_get_and_head(request);
  const Status answered = service_.storage().ping();
  Reply reply = answered
                    ? json_reply(200, json{{"status", "ok"}})
                    : json_reply(503, json{{"status", "unavailable"}, {"error", answered.error()}});
  reply.headers.emplace_back("Cache-Control", "no-store");
  reply.head_only = request.method == http::verb::head;
  return reply;
}

Reply HttpServer::Impl::handle(const Request& request) {
  try {
    if (request.path == "/healthz") return health(request);
    if (auto refused = cross_origin_refusal(request)) return *refused;
    if (request.path.rfind("/api/", 0) == 0) return api(request);
    return file(request);
  } catch (const ApiError& e) {
    return error_reply(e);
  } catch (const std::exception& e) {
    return error_reply(500, "internal_error", std::string("internal error: ") + e.what());
  } catch (...) {
    return error_reply(500, "internal_error", "internal error");
  }
}

// An analysis holds an engine (and a timed one a worker too): a client has at most a few at once,
// and all clients together at most half the workers, so moves never wait behind them.
std::shared_ptr<void> HttpServer::Impl::take_analysis(const std::string& address, Reply& refusal) {
  const int limit_total = std::max(1, options_.workers / 2);
  std::lock_guard lock(mutex_);
  int& mine = analyses_[address];
  if (mine >= options_.analyses_per_address) {
    refusal = error_reply(
        429, "too_many_requests",
        "you have " + std::to_string(mine) + " analyses running; ask again when one has ended",
        {{"analyses", mine}});
    return nullptr;
  }
  if (analyses_total_ >= limit_total) {
    if (mine == 0) analyses_.erase(address);
    refusal = error_reply(503, "engine_busy",
                          "the engine is busy with other analyses; ask again shortly");
    refusal.headers.emplace_back("Retry-After", "2");
    return nullptr;
  }
  ++mine;
  ++analyses_total_;
  struct Taken {
    // A constructor, not an aggregate: clang (the fuzz build) has no parenthesised aggregate
    // initialisation for make_shared.
    Taken(Impl& s, std::string a) : server(s), address(std::move(a)) {}
    Taken(const Taken&) = delete;
    Taken& operator=(const Taken&) = delete;
    Impl& server;
    std::string address;
    ~Taken() {
      std::lock_guard lock(server.mutex_);
      --server.analyses_total_;
      auto it = server.analyses_.find(address);
      if (it != server.analyses_.end() && --it->second <= 0) server.analyses_.erase(it);
    }
  };
  return std::make_shared<Taken>(*this, address);
}

Reply HttpServer::Impl::analyse(const Request& r) {
  Reply refusal;
  auto slot = take_analysis(r.address, refusal);
  if (!slot) return refusal;
  return json_reply(200, service_.analysis().analyse(need(parse_analyse(r.body))));
}

// The request in the query: variant, fen or game, moves (separated by spaces) and lines.
std::variant<HttpServer::Impl::LiveStream, Reply> HttpServer::Impl::start_live_analysis(
    const Request& r) {
  try {
    AnalyseRequest request = need(parse_analyse_query(r.query));
    Reply refusal;
    auto slot = take_analysis(r.address, refusal);
    if (!slot) return refusal;
    std::string id = service_.analysis().start_live_analysis(request);
    struct Hold {
      Hold(GameService& s, std::string i, std::shared_ptr<void> held)
          : service(s), id(std::move(i)), slot(std::move(held)) {}
      Hold(const Hold&) = delete;
      Hold& operator=(const Hold&) = delete;
      GameService& service;
      std::string id;
      std::shared_ptr<void> slot;
      ~Hold() { service.analysis().stop_live_analysis(id); }
    };
    // Built in place: a copy's end would stop the search.
    return LiveStream{id, std::make_shared<Hold>(service_, id, std::move(slot))};
  } catch (const ApiError& e) {
    return error_reply(e);
  } catch (const std::exception& e) {
    return error_reply(500, "internal_error", std::string("internal error: ") + e.what());
  }
}

// The app's files; a secret link /play/<id>?key=... opens the app, which reads the id from its
// address.
Reply HttpServer::Impl::file(const Request& r) {
  const bool head = r.method == http::verb::head;
  if (r.method != http::verb::get && !head) return only_get_and_head(r);
  std::filesystem::path path;
  if (is_play_link(r.path) || is_app_page(r.path)) {
    path = std::filesystem::path(options_.web_dir) / "index.html";
    if (!web_ready_)
      return error_reply(404, "not_found",
                         "the browser app is not installed (no " + path.string() + ")");
  } else {
    if (!web_ready_)
      return error_reply(404, "not_found", "no such path " + r.path, {{"path", r.path}});
    // No way out of the web directory: no "..", no hidden files.
    for (const auto& part : std::filesystem::path(r.path))
      if (part.string().rfind('.', 0) == 0)
        return error_reply(404, "not_found", "no such path " + r.path, {{"path", r.path}});
    path = web_root_ / std::filesystem::path(r.path).relative_path();
    if (std::filesystem::is_directory(path)) path /= "index.html";
  }
  auto text = std::filesystem::is_regular_file(path) ? read_file(path) : std::nullopt;
  if (!text) return error_reply(404, "not_found", "no such path " + r.path, {{"path", r.path}});
  Reply reply;
  reply.type = mime_type(path);
  reply.body = std::move(*text);
  reply.head_only = head;
  return reply;
}

HttpServer::HttpServer(GameService& service, HttpOptions options)
    : impl_(std::make_unique<Impl>(service, std::move(options))) {}

HttpServer::~HttpServer() {
  stop();
}

Result<int> HttpServer::bind(const std::string& host, int port) {
  return impl_->bind(host, port);
}

void HttpServer::run() {
  impl_->run();
}

void HttpServer::stop() {
  impl_->stop();
}

bool HttpServer::web_ready() const {
  return impl_->web_ready();
}

}  // namespace doska::server
