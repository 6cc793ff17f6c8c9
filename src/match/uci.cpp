// A UCI program as a competitor, driven as a chess GUI drives it: uci ... uciok, setoption
// (UCI_Variant for our games), isready ... readyok; per game ucinewgame; per move position / go
// ... bestmove. Moves and FENs in our notation (docs/protocols.md, UCI).
#include <algorithm>
#include <cmath>

#include "common/text.h"
#include "match/kinds.h"
#include "match/program.h"

namespace doska::match {

namespace {

bool starts_with_word(std::string_view line, std::string_view word) {
  const auto words = split_words(line);
  return !words.empty() && words[0] == word;
}

std::string milliseconds(double seconds) {
  return std::to_string(std::llround(std::max(seconds, 0.0) * 1000));
}

// Our UCI front end reports problems as "info string error: ..."; remembered for the reason.
void note_error(std::string_view line, std::string& last_error) {
  constexpr std::string_view kPrefix = "info string error: ";
  if (line.rfind(kPrefix, 0) == 0) last_error = std::string(line.substr(kPrefix.size()));
}

class UciProgram : public ProgramCompetitor {
 public:
  UciProgram(const CompetitorSpec& spec, std::string_view game)
      : ProgramCompetitor(spec), game_(game) {}
  Result<std::string> choose_move(const GameSession& game, const MoveRequest& request) override {
    std::string position = "position ";
    auto fresh = new_session(game_);
    if (fresh && (*fresh)->start_fen() == game.start_fen())
      position += "startpos";
    else
      position += "fen " + game.start_fen();
    auto moves = uci_moves(game);
    if (!moves) return make_error(moves.error());
    if (!moves->empty()) {
      position += " moves";
      for (const std::string& m : *moves) position += " " + m;
    }
    std::string go = "go";
    const search::Limits limits = think_limits(spec_.limits, start_.time, game.to_move(), request);
    if (limits.depth) go += " depth " + std::to_string(limits.depth);
    if (limits.nodes) go += " nodes " + std::to_string(limits.nodes);
    if (limits.move_time > 0) go += " movetime " + milliseconds(limits.move_time);
    if (limits.clock > 0) {
      go += " wtime " + milliseconds(request.white_clock) + " btime " +
            milliseconds(request.black_clock);
      if (limits.increment > 0)
        go += " winc " + milliseconds(limits.increment) + " binc " + milliseconds(limits.increment);
    }
    for (const std::string& line : {position, go})
      if (Status s = program_.send(line); !s) return failed(s.error());
    std::string last_error;
    auto best = program_.wait_for(
        [](std::string_view line) { return starts_with_word(line, "bestmove"); },
        [&](std::string_view line) { note_error(line, last_error); }, request.deadline, "bestmove");
    if (!best) return failed(best.error());
    const auto words = split_words(*best);
    if (words.size() < 2 || words[1] == "0000" || words[1] == "(none)")
      return failed("the program answered " + quoted(*best) + " without a move" +
                    (last_error.empty() ? "" : " (it said: " + last_error + ")"));
    return std::string(words[1]);
  }

 private:
  // The moves of `game` as UCI sends them: the form of legal_moves(), which is the record's for
  // mill and long algebraic for chess100, whose record is SAN. Each record move is the legal move
  // whose record text it is; `shadow_` keeps the moves already found, for the next request.
  Result<std::vector<std::string>> uci_moves(const GameSession& game) {
    const std::vector<std::string> played = game.moves_played();
    if (game.info().family != "chess100") return played;
    auto same_start = [&] {
      if (!shadow_ || shadow_->start_fen() != game.start_fen()) return false;
      const std::vector<std::string> known = shadow_->moves_played();
      return known.size() <= played.size() &&
             std::equal(known.begin(), known.end(), played.begin());
    };
    if (!same_start()) {
      auto fresh = new_session(game.info().id, std::string_view(game.start_fen()));
      if (!fresh) return make_error(fresh.error());
      shadow_ = std::move(*fresh);
      shadow_moves_.clear();
    }
    for (std::size_t i = shadow_moves_.size(); i < played.size(); ++i) {
      bool found = false;
      for (const std::string& candidate : shadow_->legal_moves()) {
        if (!shadow_->play(candidate)) continue;
        if (shadow_->moves_played().back() == played[i]) {
          shadow_moves_.push_back(candidate);
          found = true;
          break;
        }
        shadow_->undo();
      }
      if (!found) return make_error("no legal move is written " + quoted(played[i]));
    }
    return shadow_moves_;
  }

  Status new_game() override {
    for (const char* line : {"ucinewgame", "isready"})
      if (Status s = program_.send(line); !s) return s;
    return ready();
  }

  Status ready() {
    std::string last_error;
    auto answer = program_.wait_for([](std::string_view line) { return trim(line) == "readyok"; },
                                    [&](std::string_view line) { note_error(line, last_error); },
                                    start_.timeout, "readyok (the answer to isready)");
    if (!answer) return make_error(answer.error());
    if (!last_error.empty()) return make_error("the program refused a setting: " + last_error);
    return Ok{};
  }

  Status handshake() override {
    if (Status s = program_.send("uci"); !s) return s;
    auto ok = program_.wait_for([](std::string_view line) { return trim(line) == "uciok"; },
                                [&](std::string_view line) {
                                  constexpr std::string_view kName = "id name ";
                                  if (line.rfind(kName, 0) == 0)
                                    id_name_ = std::string(trim(line.substr(kName.size())));
                                },
                                start_.timeout, "uciok (the answer to uci)");
    if (!ok) return make_error(ok.error());
    // The game: our front end's option (docs/protocols.md); a program that plays one game only
    // ignores an unknown option, as UCI asks.
    if (Status s = program_.send("setoption name UCI_Variant value " + game_); !s) return s;
    for (const auto& [name, value] : spec_.parameters)
      if (Status s = program_.send("setoption name " + name + " value " + value); !s) return s;
    if (Status s = program_.send("isready"); !s) return s;
    return ready();
  }

  std::string game_;
  std::unique_ptr<GameSession> shadow_;
  std::vector<std::string> shadow_moves_;
};

}  // namespace

Result<std::unique_ptr<Competitor>> make_uci(const CompetitorSpec& spec, std::string_view game) {
  return std::unique_ptr<Competitor>(new UciProgram(spec, game));
}

}  // namespace doska::match
