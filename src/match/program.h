// Another program that speaks a line protocol on its stdin/stdout (Hub, UCI), as the match sees
// it: started on demand, every wait bounded by a timeout, and stopped after any failure so that
// a late answer cannot be taken for the next one.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "common/result.h"
#include "match/competitor.h"
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

// "2.50 s", for the reasons of a loss.
std::string seconds_text(double seconds);

// A competitor that is such a program; its protocol gives the handshake (after the start), the
// start of each game and the moves. Both protocols end with "quit".
class ProgramCompetitor : public Competitor {
 public:
  explicit ProgramCompetitor(const CompetitorSpec& spec) : spec_(spec), program_(spec.command) {}
  ~ProgramCompetitor() override { program_.stop("quit"); }

  std::string name() const override;
  Status start_game(const GameSession& game, const GameStart& start) override;
  std::optional<std::string> gone() const override { return gone_; }

 protected:
  virtual Status handshake() = 0;
  virtual Status new_game() = 0;
  // Kills the program (a late answer must not be read as the next one) and gives the error.
  Error failed(const std::string& message);

  CompetitorSpec spec_;
  Program program_;
  GameStart start_;
  std::string id_name_;  // the name the program gives

 private:
  bool ever_ready_ = false;  // it got ready for a game once in this match
  int failed_starts_ = 0;    // games in a row it could not start
  std::optional<std::string> gone_;
};

}  // namespace doska::match
