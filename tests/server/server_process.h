// A real `doska serve` for the API tests: started on a free loopback port with its own database,
// its address read from the one line it prints, stopped with SIGTERM.
#pragma once

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include "support/scratch_dir.h"

namespace doska::test {

// A database path of this test process (ctest runs tests in parallel processes).
inline std::string temp_db(const std::string& name) {
  const std::string dir = scratch_dir() + "server/";
  std::filesystem::create_directories(dir);
  const std::string path = dir + name + ".db";
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  return path;
}

// A raw connection to 127.0.0.1:port, or -1.
inline int connect_to(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

class ServerProcess {
 public:
  explicit ServerProcess(const std::string& db, const std::string& web = "/nonexistent-web-dir",
                         const std::vector<std::string>& extra = {}) {
    std::vector<std::string> words = {DOSKA_BINARY, "serve", "--port",           "0", "--db", db,
                                      "--web",      web,     "--engine-threads", "1"};
    words.insert(words.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    int fds[2];
    if (pipe(fds) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], STDOUT_FILENO);
      close(fds[0]);
      close(fds[1]);
      execv(DOSKA_BINARY, argv.data());
      _exit(127);
    }
    close(fds[1]);
    // The first line: "doska: serving on http://127.0.0.1:PORT/".
    std::string line;
    char c;
    while (read(fds[0], &c, 1) == 1 && c != '\n') line += c;
    close(fds[0]);
    const auto colon = line.rfind(':');
    if (line.rfind("doska: serving on http://", 0) == 0 && colon != std::string::npos)
      port_ = std::atoi(line.c_str() + colon + 1);
  }
  ~ServerProcess() { stop(); }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  int port() const { return port_; }
  // kill -9: no chance to finish anything.
  void kill_hard() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  // SIGTERM, then the exit status (0 for a clean stop).
  int stop() {
    if (pid_ <= 0) return -1;
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
};

}  // namespace doska::test
