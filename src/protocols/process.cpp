#include "protocols/process.h"

#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

namespace doska::protocols {

namespace {

using Clock = std::chrono::steady_clock;

// A program that writes this much without a newline is not speaking a line protocol.
constexpr std::size_t kMaxLine = 1 << 20;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

Result<ChildProcess> ChildProcess::start(const std::string& command_line) {
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
    return make_error(std::string("socketpair: ") + std::strerror(errno));
  Socket ours(fds[0]), theirs(fds[1]);
  const char* command = command_line.c_str();
  const pid_t pid = ::fork();
  if (pid < 0) return make_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    // The child: only async-signal-safe calls until exec. Both socket ends are close-on-exec;
    // the copies on 0 and 1 are not.
    ::setpgid(0, 0);
    if (::dup2(fds[1], 0) < 0 || ::dup2(fds[1], 1) < 0) ::_exit(127);
    ::execl("/bin/sh", "sh", "-c", command, static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Also here, so that the group exists whichever process runs first.
  ::setpgid(pid, pid);
  theirs.close();
  return ChildProcess(pid, std::move(ours));
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
    : pid_(other.pid_),
      socket_(std::move(other.socket_)),
      buffer_(std::move(other.buffer_)),
      ended_(std::move(other.ended_)) {
  other.pid_ = -1;
}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
  if (this != &other) {
    stop(0);
    pid_ = other.pid_;
    socket_ = std::move(other.socket_);
    buffer_ = std::move(other.buffer_);
    ended_ = std::move(other.ended_);
    other.pid_ = -1;
  }
  return *this;
}

Status ChildProcess::send_line(std::string_view line) {
  if (!socket_.is_open()) return make_error("the program has been stopped");
  std::string data(line);
  data += '\n';
  Status sent = send_all(socket_, data);
  if (!sent) {
    // The program has closed its input, most likely by ending: give it a moment to be reaped, so
    // that the message says how it ended (on a loaded machine it may not be reaped yet).
    reap(0.2);
    const std::string how = exit_description();
    if (!how.empty()) return make_error("the program " + how + " before our line reached it");
    return make_error("cannot write to the program: " + sent.error());
  }
  return sent;
}

Result<ChildProcess::Line> ChildProcess::read_line(double timeout_seconds) {
  const auto start = Clock::now();
  for (;;) {
    if (const auto newline = buffer_.find('\n'); newline != std::string::npos) {
      Line line{Line::Kind::line, buffer_.substr(0, newline)};
      buffer_.erase(0, newline + 1);
      if (!line.text.empty() && line.text.back() == '\r') line.text.pop_back();
      return line;
    }
    if (buffer_.size() > kMaxLine)
      return make_error("the program wrote more than 1 MB without a newline");
    if (!socket_.is_open()) return Line{Line::Kind::closed, {}};
    double wait = 0;
    if (timeout_seconds > 0) {
      wait = timeout_seconds - seconds_since(start);
      if (wait <= 0) return Line{Line::Kind::timeout, {}};
    }
    char chunk[4096];
    auto got = read_some(socket_, chunk, sizeof chunk, wait);
    if (!got) return make_error(got.error());
    switch (got->kind) {
      case ReadResult::Kind::timeout:
        return Line{Line::Kind::timeout, {}};
      case ReadResult::Kind::closed:
        if (!buffer_.empty()) {
          // The last line had no newline: give it, and the end next time.
          Line line{Line::Kind::line, std::move(buffer_)};
          buffer_.clear();
          return line;
        }
        return Line{Line::Kind::closed, {}};
      case ReadResult::Kind::data:
        buffer_.append(chunk, got->size);
        break;
    }
  }
}

bool ChildProcess::reap(double seconds) {
  if (pid_ <= 0) return true;
  const auto start = Clock::now();
  for (;;) {
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_ || (done < 0 && errno != EINTR)) {
      if (done == pid_ && WIFEXITED(status))
        ended_ = "exited with status " + std::to_string(WEXITSTATUS(status));
      else if (done == pid_ && WIFSIGNALED(status))
        ended_ = "was killed by signal " + std::to_string(WTERMSIG(status));
      else
        ended_ = "ended";
      // Whatever it left running in its group goes with it.
      ::kill(-pid_, SIGKILL);
      pid_ = -1;
      return true;
    }
    if (seconds_since(start) >= seconds) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

std::string ChildProcess::exit_description() {
  reap(0);
  return ended_;
}

void ChildProcess::stop(double grace_seconds) {
  socket_.close();  // the child reads the end of its input
  if (pid_ <= 0) return;
  if (reap(grace_seconds)) return;
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);
  reap(60);  // SIGKILL cannot be refused: this returns at once
}

}  // namespace doska::protocols
