// Another program that speaks a line protocol on its stdin/stdout (Hub, UCI), as the match sees
// it: started on demand, every wait bounded by a timeout, and stopped after any failure so that
// a late answer cannot be taken for the next one.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "common/result.h"
#include "protocols/process.h"

namespace doska::match {

class Program {
 public:
  explicit Program(std::string command_line) : command_line_(std::move(command_line)) {}
  ~Program() { stop(""); }
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  bool running() const { return process_.running(); }
  Status start();
  // Sends `quit_line` (unless empty), then stops the program (it gets a moment to end by itself).
  void stop(std::string_view quit_line);
  // Kills it at once (after a failure).
  void kill() { process_.stop(0); }

  Status send(std::string_view line);
  // Reads lines until `is_answer` accepts one, which it returns; every other line goes to
  // `on_other`. An error (naming `waiting_for`) when the program is silent for `timeout` seconds,
  // ends, or writes nonsense.
  Result<std::string> wait_for(const std::function<bool(std::string_view)>& is_answer,
                               const std::function<void(std::string_view)>& on_other,
                               double timeout, std::string_view waiting_for);

 private:
  std::string command_line_;
  protocols::ChildProcess process_;
};

}  // namespace doska::match
