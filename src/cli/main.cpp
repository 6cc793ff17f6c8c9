// doska: the command line. A thin layer over the game facade (games/session.h).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/text.h"
#include "games/session.h"

namespace doska::cli {
namespace {

constexpr const char* kUsage = R"(doska: draughts and other board games.

Usage:
  doska play <game> [--fen FEN] [--huffing] [--vs-computer LEVEL [--side white|black] [--time S]
                    [--hash MB]]
                                                      a game in the terminal, two players or vs the engine
  doska perft <game> <depth> [--fen FEN] [--moves "M1 M2 ..."] [--divide]
  doska moves <game> [--fen FEN] [--moves "..."]     the legal moves, one per line
  doska fen <game> [--fen FEN] --moves "..."          the FEN after the moves
  doska pdn check FILE                                replays every game of a record file
                                                      (PDN, mill records, chess100 PGN)
  doska analyze <game> [--fen FEN] [--moves "..."] [--depth D | --time S | --nodes N]
                [--threads T] [--level L] [--hash MB] [--reductions on|off] [--null-move on|off]
                [--probcut on|off] [--futility on|off] [--book on|off]
                [--eval builtin|patterns|classic|FILE] [--egdb DIR|none]
                                                      the engine's analysis; last line
                                                      "bestmove <move> score <cp N|win N|loss N|draw>"
  doska bench [--threads T] [--game G] [--reductions on|off] [--null-move on|off]
              [--probcut on|off] [--futility on|off] [--eval E]
                                                      fixed searches; total nodes and speed
  doska match <game> [--games N] [--a SPEC] [--b SPEC] [--time S | --tc BASE+INC]
              [--openings FILE | --opening-plies K [--balanced CP]] [--max-plies M] [--pdn FILE]
              [--grace S] [--timeout S] [--concurrency C] [--seed S]
                                                      games between two competitors; SPEC is our
                                                      engine ("level=10,nodes=20000") or a program:
                                                      "hub:COMMAND", "uci:COMMAND", "dxp:HOST:PORT"
  doska solve wolf-sheep [--fen FEN] [--moves "..."]  the exact result and the best move; last
                                                      line "bestmove <move> score <win N|loss N>"
  doska hub [--hash MB] [--egdb DIR|none]             the Hub protocol (version 2) on stdin/stdout,
                                                      for draughts GUIs; docs/protocols.md
  doska uci [--hash MB] [--egdb DIR|none]             the UCI protocol on stdin/stdout for chess100
                                                      and the mill games (option UCI_Variant)
  doska dxp --listen [--host H] [--port P] | --connect HOST[:PORT]
            [--time S | --clock MIN] [--level L] [--depth D] [--nodes N] [--colour white|black]
            [--games N] [--moves M] [--fen FEN] [--timeout S] [--name NAME] [--egdb DIR|none]
            [--verbose]
                                                      international draughts over DXP (TCP,
                                                      port 27531); results on stdout
  doska serve [--host 127.0.0.1] [--port 8080] [--db data/doska.db|postgresql://USER@HOST:PORT/DB]
              [--web DIR] [--engine-threads N] [--hash MB] [--egdb DIR|none]
              [--egdb-grow GAME:N,...] [--connections-per-address N] [--analyses-per-address N]
              [--header-timeout S] [--analysis-seconds S] [--trusted-proxy ADDR ...]
              [--puzzles DIR]
                                                      the browser app and its JSON API
                                                      (docs/api.md); prints "doska: serving on
                                                      http://HOST:PORT/"; --port 0: a free port;
                                                      --egdb-grow mill:9 builds the mill tables
                                                      up to 9 a side in the background
  doska loadtest [--games 200] [--watchers 2000] [--plies 20] [--threads 8]
                 [--variant russian] [--host H --port P] [--json]
                                                      the server's benchmark: games between
                                                      people played while watchers hold event
                                                      streams; move latency p50/p99, moves/s and
                                                      failures (own server unless --port)
  doska selfplay <game> --out FILE [--games N] [--nodes N] [--threads T] [--random-plies LO-HI]
                 [--max-plies M] [--seed S] [--eval builtin|patterns|classic|FILE] [--pdn FILE]
                 [--quiet] [--egdb DIR] [--fen FEN]
                                                      self-play games of a draughts or mill game;
                                                      one line "<FEN> <result> <score>" per quiet
                                                      position
  doska rescore <game> --data FILE[,FILE...] --out FILE [--nodes N] [--threads T] [--every K]
                [--seed S] [--eval E] [--egdb DIR] [--resume] [--quiet]
                                                      the positions of selfplay files searched
                                                      again with N nodes (100000): the same
                                                      lines with the deeper score; --resume
                                                      goes on after the lines of a stopped run
  doska train <game> --data FILE[,FILE...] --out FILE [--init FILE] [--epochs E] [--scale K]
              [--result-weight W] [--l2 L] [--rate R] [--batch B] [--holdout H] [--seed S]
              [--keep-material] [--only-king-windows] [--net H,H2 [--on-patterns] [--diamonds] [--threads T]]
                                                      fits the learned evaluation's weights, or
                                                      with --net a network (draughts:
                                                      docs/engine.md; mill: a text file for
                                                      data/eval/, docs/mill.md)
  doska egdb build|verify|probe <game> [--pieces N] [--dir data/egdb] [--threads T] [--fen FEN]
                              [--packed (draughts: the tables read kept packed)]
                              [--memory GB (draughts: unpacked tables at most; 8)]
                              [--from TABLE (draughts verify: start at this table)]
                              [--background PID (a server's build: lowest priority, ends with
                               the process PID)]
                                                      endgame databases: builds every table with
                                                      at most N pieces, checks every value, or
                                                      prints a position's value and each move's
                                                      (docs/egdb.md)
  doska book build <mill game> [--plies N] [--depth D] [--threads T] [--out FILE] [--fresh]
                                                      the placement phase's opening book: a
                                                      search of depth D for every position of
                                                      at most N plies (data/book/, docs/mill.md)
  doska db copy --from SRC --to DST                   a database (an SQLite file or
                                                      postgresql://USER@HOST:PORT/DB) copied into
                                                      an empty one; each table's rows counted on
                                                      both sides (docs/deploy.md)
  doska explorer rebuild --db FILE|postgresql://...   the opening explorer's index made again
                                                      from every stored game (docs/api.md)
  doska puzzles build <game> [--count N] [--out FILE] [--seed S] [--nodes N] [--append]
                [--pdn FILE] [--db FILE|postgresql://...] [--recorded-only] [--levels LOW-HIGH]
                                                      puzzles found in the games of a PDN file
                                                      and a server's stored games, then in
                                                      self-play games, written to
                                                      data/puzzles/<game>.txt (docs/puzzles.md)
  doska puzzles verify <game> [--file FILE] [--nodes N]
                                                      every puzzle of the file checked again
  doska games                                         the game ids
  doska help

Games: international, russian, english, international-giveaway, russian-giveaway,
english-giveaway, wolf-sheep, mill, mill-mixed, mill-ceylon, chess100 (moves in long algebraic
e2e4 or SAN e4; `doska moves` lists the moves that do not leave the own king attacked, see
docs/chess100.md). Bad input gives exit status 2 and a line "error: ..." on stderr.
)";

// The game of `id` from --fen (or its start), with --moves played.
Result<std::unique_ptr<GameSession>> position_from(const std::string& id, const Args& args) {
  std::optional<std::string> fen = args.value("fen");
  auto session = new_session(id, fen ? std::optional<std::string_view>(*fen) : std::nullopt,
                             SessionOptions{false, false});
  if (!session) return session;
  if (auto moves = args.value("moves")) {
    int number = 0;
    for (std::string_view move : split_words(*moves)) {
      ++number;
      if (Status s = (*session)->play(move); !s)
        return make_error("move " + std::to_string(number) + " of --moves: " + s.error());
    }
  }
  return session;
}

int run_perft(const std::vector<std::string>& words) {
  auto args = parse_args(words, {"fen", "moves"}, {"divide"});
  if (!args) return fail(args.error());
  if (args->positional.size() != 2) return fail("perft needs <game> <depth>");
  auto depth = parse_int(args->positional[1]);
  if (!depth || *depth < 1 || *depth > 30)
    return fail("bad depth " + quoted(args->positional[1]) + ": give a whole number from 1 to 30");
  auto session = position_from(args->positional[0], *args);
  if (!session) return fail(session.error());
  const GameSession& game = **session;
  if (args->flag("divide")) {
    std::uint64_t total = 0;
    for (const auto& [move, nodes] : game.divide(*depth)) {
      std::printf("%s %llu\n", move.c_str(), static_cast<unsigned long long>(nodes));
      total += nodes;
    }
    std::printf("total %llu\n", static_cast<unsigned long long>(total));
    return 0;
  }
  for (int d = 1; d <= *depth; ++d) {
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t nodes = game.perft(d);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double speed = seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
    std::printf("depth %d nodes %llu time %.3f s speed %.0f nodes/s\n", d,
                static_cast<unsigned long long>(nodes), seconds, speed);
    std::fflush(stdout);
  }
  return 0;
}

int run_moves(const std::vector<std::string>& words) {
  auto args = parse_args(words, {"fen", "moves"}, {});
  if (!args) return fail(args.error());
  if (args->positional.size() != 1) return fail("moves needs <game>");
  auto session = position_from(args->positional[0], *args);
  if (!session) return fail(session.error());
  for (const std::string& move : (*session)->legal_moves()) std::printf("%s\n", move.c_str());
  return 0;
}

int run_fen(const std::vector<std::string>& words) {
  auto args = parse_args(words, {"fen", "moves"}, {});
  if (!args) return fail(args.error());
  if (args->positional.size() != 1) return fail("fen needs <game>");
  auto session = position_from(args->positional[0], *args);
  if (!session) return fail(session.error());
  std::printf("%s\n", (*session)->fen().c_str());
  return 0;
}

int run(const std::vector<std::string>& words) {
  if (words.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string& command = words[0];
  const std::vector<std::string> rest(words.begin() + 1, words.end());
  if (command == "perft") return run_perft(rest);
  if (command == "moves") return run_moves(rest);
  if (command == "fen") return run_fen(rest);
  if (command == "play") return run_play(rest);
  if (command == "pdn") return run_pdn(rest);
  if (command == "analyze") return run_analyze(rest);
  if (command == "bench") return run_bench(rest);
  if (command == "match") return run_match(rest);
  if (command == "solve") return run_solve(rest);
  if (command == "hub") return run_hub(rest);
  if (command == "dxp") return run_dxp(rest);
  if (command == "uci") return run_uci(rest);
  if (command == "serve") return run_serve(rest);
  if (command == "loadtest") return run_loadtest(rest);
  if (command == "selfplay") return run_selfplay(rest);
  if (command == "train") return run_train(rest);
  if (command == "rescore") return run_rescore(rest);
  if (command == "egdb") return run_egdb(rest);
  if (command == "book") return run_book(rest);
  if (command == "db") return run_db(rest);
  if (command == "puzzles") return run_puzzles(rest);
  if (command == "explorer") return run_explorer(rest);
  if (command == "games") {
    for (const GameInfo& g : all_games())
      std::printf("%-24s %s\n", std::string(g.id).c_str(), std::string(g.name).c_str());
    return 0;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  return fail("unknown command " + quoted(command) + " (try: doska help)");
}

}  // namespace
}  // namespace doska::cli

int main(int argc, char** argv) {
  std::vector<std::string> words(argv + 1, argv + argc);
  try {
    return doska::cli::run(words);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
}
