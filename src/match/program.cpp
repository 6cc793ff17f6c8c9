#include "match/program.h"

#include <chrono>

#include "common/text.h"

namespace doska::match {

std::string seconds_text(double seconds) {
  return decimal_text(seconds, 2) + " s";
}

std::string ProgramCompetitor::name() const {
  if (!spec_.name.empty()) return spec_.name;
  return id_name_.empty() ? spec_.text : id_name_;
}

Status ProgramCompetitor::start_game(const GameSession&, const GameStart& start) {
  start_ = start;
  Status s = Ok{};
  if (!program_.running()) {
    s = program_.start();
    if (s) s = handshake();
  }
  if (s) s = new_game();
  if (!s) {
    program_.kill();  // a late answer must not be read as the next one
    // A program that never gets ready, or fails twice in a row where it played before, would
    // forfeit every game left: the match stops instead, so that no score rests on forfeits.
    ++failed_starts_;
    if (!ever_ready_)
      gone_ = "it never got ready: " + s.error();
    else if (failed_starts_ >= 2)
      gone_ =
          "it could not start " + std::to_string(failed_starts_) + " games in a row: " + s.error();
    return s;
  }
  ever_ready_ = true;
  failed_starts_ = 0;
  return Ok{};
}

Error ProgramCompetitor::failed(const std::string& message) {
  program_.kill();
  return make_error(message);
}

Status Program::start() {
  process_.stop(0);
  auto started = protocols::ChildProcess::start(command_line_);
  if (!started) return make_error("cannot start " + quoted(command_line_) + ": " + started.error());
  process_ = std::move(*started);
  return Ok{};
}

void Program::stop(std::string_view quit_line) {
  if (!process_.running()) return;
  if (!quit_line.empty()) (void)process_.send_line(quit_line);
  process_.stop(0.5);
}

Status Program::send(std::string_view line) {
  if (!process_.running()) return make_error("the program is not running");
  return process_.send_line(line);
}

Result<std::string> Program::wait_for(const std::function<bool(std::string_view)>& is_answer,
                                      const std::function<void(std::string_view)>& on_other,
                                      double timeout, std::string_view waiting_for) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  for (;;) {
    const double left = timeout - std::chrono::duration<double>(Clock::now() - start).count();
    auto line = left > 0 ? process_.read_line(left)
                         : Result<protocols::ChildProcess::Line>(protocols::ChildProcess::Line{
                               protocols::ChildProcess::Line::Kind::timeout, {}});
    if (!line) return make_error(line.error() + " while we waited for " + std::string(waiting_for));
    switch (line->kind) {
      case protocols::ChildProcess::Line::Kind::timeout:
        return make_error("no answer within " + seconds_text(timeout) + " while we waited for " +
                          std::string(waiting_for));
      case protocols::ChildProcess::Line::Kind::closed: {
        std::string how = process_.exit_description();
        if (how.empty()) {
          // It closed its output: give it a moment to end, to say how it ended.
          process_.stop(0.2);
          how = process_.exit_description();
        }
        return make_error("the program " + (how.empty() ? "closed its output" : how) +
                          " while we waited for " + std::string(waiting_for));
      }
      case protocols::ChildProcess::Line::Kind::line:
        break;
    }
    if (is_answer(line->text)) return std::move(line->text);
    on_other(line->text);
  }
}

}  // namespace doska::match
