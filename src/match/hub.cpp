// A Hub (version 2) program as a competitor, driven as a GUI drives it (docs/protocols.md):
// hub ... wait, set-param, init ... ready; then per game new-game, and per move
// pos / level / go think ... done.
#include "protocols/hub.h"
#include "common/text.h"
#include "games/draughts/notation.h"
#include "games/draughts/rules.h"
#include "match/kinds.h"
#include "match/program.h"
#include "protocols/draughts_fields.h"

namespace doska::match {

namespace {

// The command of a Hub line, or empty when it cannot be read.
std::string hub_command(std::string_view line) {
  auto parsed = protocols::parse_hub_line(line);
  return parsed ? parsed->command : std::string();
}

class HubProgram : public ProgramCompetitor {
 public:
  HubProgram(const CompetitorSpec& spec, const draughts::Rules& rules)
      : ProgramCompetitor(spec), rules_(rules) {}
  Result<std::string> choose_move(const GameSession& game, const MoveRequest& request) override {
    auto position = position_line(game);
    if (!position) return make_error(position.error());
    std::string level = "level";
    const search::Limits limits = think_limits(spec_.limits, start_.time, game.to_move(), request);
    if (limits.depth) level += " depth=" + std::to_string(limits.depth);
    if (limits.nodes) level += " nodes=" + std::to_string(limits.nodes);
    if (limits.move_time > 0) level += " move-time=" + decimal_text(limits.move_time, 3);
    if (limits.clock > 0) {
      level += " time=" + decimal_text(limits.clock, 3);
      if (limits.increment > 0) level += " inc=" + decimal_text(limits.increment, 3);
    }
    for (const std::string& line : {*position, level, std::string("go think")})
      if (Status s = program_.send(line); !s) return failed(s.error());
    std::string last_error;
    auto done = program_.wait_for([](std::string_view line) { return hub_command(line) == "done"; },
                                  [&](std::string_view line) { note_error(line, last_error); },
                                  request.deadline, "done");
    if (!done) return failed(done.error());
    auto parsed = protocols::parse_hub_line(*done);
    const protocols::HubArgument* move = parsed ? parsed->find("move") : nullptr;
    if (!move || move->value.empty())
      return failed("the program answered " + quoted(*done) + " without a move" +
                    (last_error.empty() ? "" : " (it said: " + last_error + ")"));
    auto pos = draughts::parse_fen(rules_, game.fen());
    if (!pos) return make_error(pos.error());
    auto field = protocols::parse_field_move(rules_, move->value);
    if (!field) return failed("the program's move " + quoted(move->value) + ": " + field.error());
    auto found = protocols::find_move(rules_, *pos, *field);
    if (!found) return failed("the program's move " + quoted(move->value) + ": " + found.error());
    return draughts::move_text(rules_, *pos, *found);
  }

 private:
  Status new_game() override { return program_.send("new-game"); }

  static void note_error(std::string_view line, std::string& last_error) {
    auto parsed = protocols::parse_hub_line(line);
    if (!parsed || parsed->command != "error") return;
    const protocols::HubArgument* message = parsed->find("message");
    last_error = message ? message->value : std::string(line);
  }

  Status handshake() override {
    if (Status s = program_.send("hub"); !s) return s;
    auto wait = program_.wait_for([](std::string_view line) { return hub_command(line) == "wait"; },
                                  [&](std::string_view line) {
                                    auto parsed = protocols::parse_hub_line(line);
                                    if (!parsed || parsed->command != "id") return;
                                    if (const protocols::HubArgument* name = parsed->find("name"))
                                      id_name_ = name->value;
                                  },
                                  start_.timeout, "wait (the answer to hub)");
    if (!wait) return make_error(wait.error());
    // Our draughts games are the values of the variant parameter (docs/protocols.md); the
    // protocol's default game is international.
    if (rules_.id != draughts::kInternational.id)
      if (Status s = program_.send("set-param " + protocols::hub_pair("name", "variant") + " " +
                                   protocols::hub_pair("value", rules_.id));
          !s)
        return s;
    for (const auto& [name, value] : spec_.parameters)
      if (Status s = program_.send("set-param " + protocols::hub_pair("name", name) + " " +
                                   protocols::hub_pair("value", value));
          !s)
        return s;
    if (Status s = program_.send("init"); !s) return s;
    std::string last_error;
    auto ready =
        program_.wait_for([](std::string_view line) { return hub_command(line) == "ready"; },
                          [&](std::string_view line) { note_error(line, last_error); },
                          start_.timeout, "ready (the answer to init)");
    if (!ready) return make_error(ready.error());
    if (!last_error.empty()) return make_error("the program refused a parameter: " + last_error);
    return Ok{};
  }

  // "pos pos=<the start> moves="<the moves in Hub form>"".
  Result<std::string> position_line(const GameSession& game) const {
    auto pos = draughts::parse_fen(rules_, game.start_fen());
    if (!pos) return make_error(pos.error());
    std::string line =
        "pos " +
        protocols::hub_pair("pos", protocols::board_string(rules_, *pos, protocols::kHubLetters));
    std::string moves;
    for (const std::string& text : game.moves_played()) {
      auto move = draughts::parse_move(rules_, *pos, text);
      if (!move) return make_error("move " + quoted(text) + ": " + move.error());
      if (!moves.empty()) moves += ' ';
      moves += protocols::field_move_text(rules_, protocols::field_move(rules_, *move));
      draughts::play(*pos, *move);
    }
    if (!moves.empty()) line += " " + protocols::hub_pair("moves", moves);
    return line;
  }

  const draughts::Rules& rules_;
};

}  // namespace

Result<std::unique_ptr<Competitor>> make_hub(const CompetitorSpec& spec, std::string_view game) {
  const draughts::Rules* rules = draughts::find_rules(game);
  if (!rules) return make_error(quoted(spec.text) + ": the Hub protocol is for the draughts games");
  return std::unique_ptr<Competitor>(new HubProgram(spec, *rules));
}

}  // namespace doska::match
