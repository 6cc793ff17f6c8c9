// `doska play`: a game for two players at one keyboard, in the terminal.
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "engine/engine.h"
#include "games/session.h"

namespace doska::cli {
namespace {

constexpr const char* kHelp =
    R"(Type a move in the game's notation (draughts: 32-28, 28x19, c3-d4, c3:e5; mill: d6, a1-a4,
and a removal after x: d6xd5, a1-a4xd5; chess100: e2e4 or e4, O-O, e2:Bd1, Ke10@c2), or one of:
moves, undo, draw (offer a draw), accept (accept the offer), resign, flip, fen, pdn (the game
record: PDN, PGN for chess100), help, quit.
With huffing: huff <square>.
)";

const char* player_name(Player p) {
  return p == Player::white ? "White" : "Black";
}

void show(const GameSession& game, bool flipped) {
  std::printf("\n%s", game.diagram(flipped).c_str());
  const auto played = game.moves_played();
  if (!played.empty()) std::printf("last move: %s\n", played.back().c_str());
  for (const std::string& line : game.status_lines()) std::printf("%s\n", line.c_str());
  if (auto offer = game.draw_offer())
    std::printf("%s offers a draw (type accept to agree)\n", player_name(*offer));
}

}  // namespace

int run_play(const std::vector<std::string>& words) {
  auto args = parse_args(words, {"fen", "vs-computer", "side", "time", "hash"}, {"huffing"});
  if (!args) {
    std::fprintf(stderr, "error: %s\n", args.error().c_str());
    return 2;
  }
  if (args->positional.size() != 1) {
    std::fprintf(stderr, "error: play needs <game> (see doska games)\n");
    return 2;
  }
  std::optional<std::string> fen = args->value("fen");
  auto created =
      new_session(args->positional[0], fen ? std::optional<std::string_view>(*fen) : std::nullopt,
                  SessionOptions{args->flag("huffing"), true});
  if (!created) {
    std::fprintf(stderr, "error: %s\n", created.error().c_str());
    return 2;
  }
  GameSession& game = **created;
  // Against the computer: its level, and the side the person plays.
  std::optional<int> level;
  Player person = Player::white;
  double think = 2.0;
  if (auto v = args->value("vs-computer")) {
    level = parse_int(*v);
    if (!level || *level < 1 || *level > 10) {
      std::fprintf(stderr, "error: bad level %s: give 1 to 10\n", quoted(*v).c_str());
      return 2;
    }
  }
  if (auto v = args->value("side")) {
    if (*v == "white")
      person = Player::white;
    else if (*v == "black")
      person = Player::black;
    else {
      std::fprintf(stderr, "error: bad side %s: give white or black\n", quoted(*v).c_str());
      return 2;
    }
  }
  if (auto v = args->value("time")) {
    char* end = nullptr;
    think = std::strtod(v->c_str(), &end);
    if (v->empty() || *end != '\0' || !(think > 0) || think > 3600) {
      std::fprintf(stderr, "error: bad time %s: give seconds per move\n", quoted(*v).c_str());
      return 2;
    }
  }
  int hash = 64;
  if (auto v = args->value("hash")) {
    auto h = parse_int(*v);
    if (!h || *h < 1 || *h > 4096) {
      std::fprintf(stderr, "error: bad hash size %s: give 1 to 4096 MB\n", quoted(*v).c_str());
      return 2;
    }
    hash = *h;
  }
  bool flipped = level && person == Player::black;
  engine::Engine engine(static_cast<std::size_t>(hash));
  const std::string start_fen = game.start_fen();
  // A position the engine cannot take says so before the game starts.
  if (level) {
    if (Status s = engine.set_position(game.info().id, start_fen); !s) {
      std::fprintf(stderr, "error: %s\n", s.error().c_str());
      return 2;
    }
  }
  auto computer_moves = [&]() -> bool {
    while (level && !game.end().over() && game.to_move() != person) {
      Status s = engine.set_position(game.info().id, start_fen, game.moves_played());
      if (!s) {
        std::printf("error: %s\n", s.error().c_str());
        return false;
      }
      search::Limits limits;
      limits.level = *level;
      limits.move_time = think;
      const engine::BestMove best = engine.search(limits);
      if (best.move.empty()) return false;
      if (Status played = game.play(best.move); !played) {
        std::printf("error: %s\n", played.error().c_str());
        return false;
      }
      std::printf("Computer plays %s\n", best.move.c_str());
      show(game, flipped);
    }
    return true;
  };

  std::printf("%s. %s", std::string(game.info().name).c_str(), kHelp);
  show(game, flipped);
  computer_moves();
  std::string line;
  for (;;) {
    const GameEnd end = game.end();
    if (end.over()) {
      std::printf("Game over: %s (%s). Result %s.\n", end.reason.c_str(), end.rule.c_str(),
                  game.result_text().c_str());
      std::printf("Type undo to take back the last move, pdn for the record, or quit.\n");
    }
    std::printf("%s> ", end.over() ? "" : player_name(game.to_move()));
    std::fflush(stdout);
    if (!std::getline(std::cin, line)) {
      std::printf("\n");
      return 0;
    }
    const std::string input(trim(line));
    if (input.empty()) continue;
    const std::string word = to_lower(input);
    const Player mover = game.to_move();
    Status status = Ok{};
    if (word == "quit" || word == "exit") return 0;
    if (word == "help") {
      std::printf("%s", kHelp);
      continue;
    }
    if (word == "moves") {
      for (const std::string& m : game.legal_moves_full()) std::printf("%s ", m.c_str());
      std::printf("\n");
      continue;
    }
    if (word == "fen") {
      std::printf("%s\n", game.fen().c_str());
      continue;
    }
    if (word == "pdn" || word == "record") {
      std::printf("%s", game.record({}).c_str());
      continue;
    }
    if (word == "flip")
      flipped = !flipped;
    else if (word == "undo") {
      // Against the computer, take back the computer's reply and the person's move.
      if (!game.undo())
        status = make_error("nothing to take back");
      else if (level && game.to_move() != person)
        game.undo();
    } else if (word == "resign")
      status = game.resign(mover);
    else if (word == "draw")
      status = game.offer_draw(mover);
    else if (word == "accept")
      status = game.accept_draw(mover);
    else if (word.rfind("huff", 0) == 0)
      status = game.command(input);
    else
      status = game.play(input);
    if (!status) {
      std::printf("error: %s\n", status.error().c_str());
      continue;
    }
    show(game, flipped);
    if (word != "undo") computer_moves();
  }
}

}  // namespace doska::cli
