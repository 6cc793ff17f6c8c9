// Another program run as a child process that speaks a line protocol (Hub, UCI) on its standard
// input and output, for `doska match`. The command line goes through /bin/sh -c; the child gets
// one end of a socket pair as stdin and stdout (so that a write to a program that has gone is an
// error value, not a SIGPIPE) and keeps our stderr. It runs in a process group of its own, so
// that stopping it also ends whatever it started; the destructor always stops and reaps it.
#pragma once

#include <sys/types.h>
#include <string>
#include <string_view>

#include "common/result.h"
#include "protocols/socket.h"

namespace doska::protocols {

class ChildProcess {
 public:
  static Result<ChildProcess> start(const std::string& command_line);

  ChildProcess() = default;
  ~ChildProcess() { stop(0); }
  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&& other) noexcept;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool running() const { return pid_ > 0; }

  // Writes `line` and a newline.
  Status send_line(std::string_view line);

  struct Line {
    enum class Kind { line, closed, timeout };
    Kind kind = Kind::line;
    std::string text;  // without the newline (and without a carriage return before it)
  };
  // The next line; waits at most `timeout_seconds` (<= 0: for ever).
  Result<Line> read_line(double timeout_seconds);

  // Closes the child's input, gives it `grace_seconds` to end, then kills its process group and
  // reaps it. Safe to call more than once.
  void stop(double grace_seconds);

  // How the child ended, once it has: "exited with status 1", "killed by signal 9"; else empty.
  std::string exit_description();

 private:
  ChildProcess(pid_t pid, Socket socket) : pid_(pid), socket_(std::move(socket)) {}
  // Reaps the child if it has ended (waiting at most `seconds`); true when it has.
  bool reap(double seconds);

  pid_t pid_ = -1;
  Socket socket_;
  std::string buffer_;  // bytes read after the last complete line
  std::string ended_;   // exit_description() once reaped
};

}  // namespace doska::protocols
