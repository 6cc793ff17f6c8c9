// deploy/nginx/doska.conf in front of two `doska serve` on one PostgreSQL database: a real nginx
// (Debian's package; scripts/debian-packages-test.txt) run unprivileged-style from a generated
// configuration in a scratch folder, on a free loopback port, with the file's upstream and
// proxying lines. Through it: /healthz, a game created and read through each server directly,
// and a game's event stream that passes an event on while it stays open.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "api_fixture.h"
#include "storage_backends.h"

namespace doska::test {
namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A port nobody listens on now (bound and let go; nginx takes it next).
int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  int port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
    port = ntohs(address.sin_port);
  close(fd);
  return port;
}

// deploy/nginx/doska.conf's lines before its first server block (the upstream, the zones), with
// the servers' ports, and its proxying lines (between the marks).
struct DeployedConfig {
  std::string http, proxying;
};

DeployedConfig deployed_config(int first, int second) {
  std::string text = read_text(std::string(DOSKA_SOURCE_DIR) + "/deploy/nginx/doska.conf");
  DeployedConfig out;
  out.http = text.substr(0, text.find("\nserver {"));
  for (auto [from, to] :
       {std::pair{"127.0.0.1:8081", first}, std::pair{"127.0.0.1:8082", second}}) {
    const auto at = out.http.find(from);
    if (at != std::string::npos)
      out.http.replace(at, std::string(from).size(), "127.0.0.1:" + std::to_string(to));
  }
  const std::string begin = "# --- doska: begin", end = "# --- doska: end";
  const auto from = text.find(begin), to = text.find(end);
  if (from != std::string::npos && to != std::string::npos)
    out.proxying = text.substr(from, to - from);
  return out;
}

// nginx in the foreground from a configuration of its own in `dir`, stopped with SIGTERM.
class Nginx {
 public:
  // The free port found may be taken by another process (ctest runs tests in parallel) before
  // nginx binds it: then nginx exits, and it is started again on another.
  Nginx(const std::string& dir, const DeployedConfig& deployed) : dir_(dir) {
    std::filesystem::create_directories(dir);
    for (int attempt = 0; attempt < 10; ++attempt) {
      if (start(deployed)) return;
    }
    ADD_FAILURE() << "nginx did not start: " << read_text(dir + "/error.log");
  }
  ~Nginx() {
    if (pid_ <= 0) return;
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  Nginx(const Nginx&) = delete;
  Nginx& operator=(const Nginx&) = delete;

  int port() const { return port_; }
  bool running() const { return pid_ > 0; }
  std::string log() const { return read_text(dir_ + "/error.log"); }

  // Debian's nginx, or "" (then the test fails and names the package).
  static std::string binary() {
    for (const char* path : {"/usr/sbin/nginx", "/usr/bin/nginx"})
      if (access(path, X_OK) == 0) return path;
    return "";
  }

 private:
  // nginx on a free port: true once it has bound it (its pid file is written after its listening
  // sockets are open, so a connection then reaches nginx, not another process that took the
  // port); false if it exited (the port was taken meanwhile).
  bool start(const DeployedConfig& deployed) {
    const std::string& dir = dir_;
    port_ = free_port();
    const std::string pid_file = dir + "/nginx.pid";
    std::filesystem::remove(pid_file);
    std::ofstream conf(dir + "/nginx.conf");
    conf << "worker_processes 1;\nerror_log " << dir << "/error.log;\n"
         << "events { worker_connections 256; }\nhttp {\n  access_log off;\n";
    for (const char* temp : {"client_body", "proxy", "fastcgi", "uwsgi", "scgi"})
      conf << "  " << temp << "_temp_path " << dir << "/" << temp << ";\n";
    conf << deployed.http << "\nserver {\n  listen 127.0.0.1:" << port_ << ";\n"
         << deployed.proxying << "}\n}\n";
    conf.close();
    std::vector<std::string> words = {binary(),
                                      "-p",
                                      dir,
                                      "-c",
                                      dir + "/nginx.conf",
                                      "-e",
                                      dir + "/error.log",
                                      "-g",
                                      "daemon off; pid " + pid_file + ";"};
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    pid_ = fork();
    if (pid_ == 0) {
      execv(argv[0], argv.data());
      _exit(127);
    }
    // Bound when its pid file has its pid, gone when it exits (a minute at most: a bound
    // against a hang, not a measure).
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (pid_ > 0 && std::chrono::steady_clock::now() < give_up) {
      if (std::atoi(read_text(pid_file).c_str()) == pid_) break;
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) pid_ = -1;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (pid_ <= 0) return false;
    // Ready when it accepts a connection.
    while (std::chrono::steady_clock::now() < give_up) {
      if (const int fd = connect_to(port_); fd >= 0) {
        close(fd);
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
    return false;
  }

  std::string dir_;
  pid_t pid_ = -1;
  int port_ = 0;
};

// A game's event stream through a raw socket: the bytes as they come, nothing waited for
// beyond what is asked.
class EventStream {
 public:
  EventStream(int port, const std::string& id) : fd_(connect_to(port)) {
    const std::string request = "GET /api/games/" + id +
                                "/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                "Accept: text/event-stream\r\n\r\n";
    if (fd_ >= 0) (void)!write(fd_, request.data(), request.size());
  }
  ~EventStream() {
    if (fd_ >= 0) close(fd_);
  }
  EventStream(const EventStream&) = delete;
  EventStream& operator=(const EventStream&) = delete;

  // Reads for up to `wait` (a bound against a hang, not a measure) until `text` has arrived;
  // whether it has. closed() tells whether the stream ended meanwhile.
  bool read_until(const std::string& text, std::chrono::milliseconds wait) {
    const auto end = std::chrono::steady_clock::now() + wait;
    while (received_.find(text) == std::string::npos && !closed_ && fd_ >= 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          end - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
      char buffer[4096];
      const ssize_t n = read(fd_, buffer, sizeof buffer);
      if (n <= 0)
        closed_ = true;
      else
        received_.append(buffer, static_cast<std::size_t>(n));
    }
    return received_.find(text) != std::string::npos;
  }
  bool closed() const { return closed_; }
  const std::string& received() const { return received_; }

 private:
  int fd_;
  std::string received_;
  bool closed_ = false;
};

class NginxInFront : public StorageBackends {};

TEST_P(NginxInFront, OfTwoServersOnOneDatabase) {
  ASSERT_FALSE(Nginx::binary().empty())
      << "no nginx: install the Debian package nginx (scripts/debian-packages-test.txt)";
  const std::string db = target("behind_nginx");
  const std::vector<std::string> proxied = {"--trusted-proxy", "127.0.0.1"};
  ServerProcess first(db, "/nonexistent-web-dir", proxied);
  ServerProcess second(db, "/nonexistent-web-dir", proxied);
  ASSERT_GT(first.port(), 0);
  ASSERT_GT(second.port(), 0);
  const DeployedConfig deployed = deployed_config(first.port(), second.port());
  ASSERT_NE(deployed.http.find("upstream doska"), std::string::npos) << deployed.http;
  ASSERT_NE(deployed.proxying.find("proxy_buffering off"), std::string::npos) << deployed.proxying;
  Nginx nginx(scratch_dir() + "nginx", deployed);
  ASSERT_TRUE(nginx.running());
  Api proxy(nginx.port());

  Answer health = proxy.get("/healthz");
  EXPECT_EQ(health.status, 200) << health.text;
  EXPECT_EQ(health.body, json({{"status", "ok"}}));

  Answer created =
      proxy.post("/api/games", json{{"variant", "russian"}, {"opponent", {{"kind", "person"}}}});
  ASSERT_EQ(created.status, 201) << created.text << nginx.log();
  const PersonGame g{created.body["game"]["id"], created.body["keys"]["white"],
                     created.body["keys"]["black"]};
  for (ServerProcess* server : {&first, &second}) {
    Answer read = Api(server->port()).get("/api/games/" + g.id);
    EXPECT_EQ(read.status, 200) << read.text;
    EXPECT_EQ(read.body["id"], g.id) << read.text;
  }

  // Two streams through nginx: its round robin gives them one server each. A move on the first
  // server reaches the stream it holds, through nginx, while the stream stays open.
  EventStream one(nginx.port(), g.id), two(nginx.port(), g.id);
  for (EventStream* stream : {&one, &two}) {
    ASSERT_TRUE(stream->read_until("event: game", std::chrono::seconds(30)))
        << stream->received() << nginx.log();
    EXPECT_NE(stream->received().find("Content-Type: text/event-stream"), std::string::npos)
        << stream->received();
  }
  Answer moved =
      Api(first.port())
          .post("/api/games/" + g.id + "/moves", json{{"key", g.white}, {"move", "c3-d4"}});
  ASSERT_EQ(moved.status, 200) << moved.text;
  bool arrived = false;
  for (int round = 0; round < 300 && !arrived; ++round)
    for (EventStream* stream : {&one, &two})
      arrived = arrived || stream->read_until("\"c3-d4\"", std::chrono::milliseconds(100));
  EXPECT_TRUE(arrived) << one.received() << "\n--\n" << two.received() << nginx.log();
  EXPECT_FALSE(one.closed() && two.closed());
  EXPECT_EQ(first.stop(), 0);
  EXPECT_EQ(second.stop(), 0);
}

INSTANTIATE_TEST_SUITE_P(Backends, NginxInFront, ::testing::Values(Backend::postgres),
                         backend_name);

}  // namespace
}  // namespace doska::test
