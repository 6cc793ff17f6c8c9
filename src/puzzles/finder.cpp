#include "puzzles/finder.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <set>

#include "games/session.h"

namespace doska::puzzles {

namespace {

std::string family_of(std::string_view game) {
  const GameInfo* info = find_game(game);
  return info ? std::string(info->family) : std::string();
}

const CellView* cell_at(const BoardView& board, const std::string& name) {
  for (const CellView& cell : board.cells)
    if (cell.name == name) return &cell;
  return nullptr;
}

int pieces_on(const BoardView& board) {
  int n = 0;
  for (const CellView& cell : board.cells) n += cell.piece.has_value();
  return n;
}

bool winning(const search::Score& score, const Thresholds& t) {
  return ordinal(score) >= t.win;
}

}  // namespace

Thresholds thresholds_for(std::string_view game) {
  // chess100: 100 = a pawn; a puzzle wins at least a minor piece's worth.
  if (family_of(game) == "chess100") return {250, 250};
  return {100, 100};  // a man (draughts), a piece (mill)
}

int ordinal(const search::Score& score) {
  switch (score.kind) {
    case search::Score::Kind::win:
      return (score.table ? 50000 : 100000) - score.value;
    case search::Score::Kind::loss:
      return -(score.table ? 50000 : 100000) + score.value;
    case search::Score::Kind::draw:
      return 0;
    case search::Score::Kind::cp:
      break;
  }
  return score.value;
}

Result<RootCheck> check_root(engine::Engine& engine, const std::string& game,
                             const std::string& fen, std::uint64_t nodes, bool fresh) {
  auto session = new_session(game, fen);
  if (!session) return make_error(session.error());
  RootCheck check;
  const auto legal = (*session)->legal_moves();
  check.legal = static_cast<int>(legal.size());
  if (legal.empty() || (*session)->end().over()) return check;
  if (Status s = engine.set_position(game, fen); !s) return make_error(s.error());
  if (fresh) engine.new_game();
  search::Limits limits;
  limits.nodes = nodes;
  limits.book = false;
  limits.contempt = 0;  // a value to report, not a player's choice
  const engine::BestMove best = engine.search(limits);
  check.move = best.move;
  check.pv = best.pv;
  check.best = best.score;
  if (legal.size() < 2) return check;
  const Thresholds t = thresholds_for(game);
  // A best move that does not win makes no puzzle: the second search is spared (most positions
  // of a game), except in a fresh check, whose report names both scores.
  if (!fresh && !winning(check.best, t)) return check;
  limits.exclude = {best.move};
  const engine::BestMove other = engine.search(limits);
  check.second = other.score;
  check.unique = winning(check.best, t) && !winning(check.second, t) &&
                 ordinal(check.best) - ordinal(check.second) >= t.margin;
  return check;
}

std::vector<std::string> themes_of(const std::string& game, const std::string& fen,
                                   const std::vector<std::string>& line) {
  std::set<std::string> themes;
  auto made = new_session(game, fen);
  if (!made || line.empty()) return {};
  GameSession& s = **made;
  const std::string family = family_of(game);
  const BoardView start = s.board();
  if (family == "mill") {
    if (start.hand && start.hand->first == 0 && start.hand->second == 0 && pieces_on(start) <= 8)
      themes.insert("endgame");
  } else {
    const int endgame = family == "chess100" ? 12 : start.width >= 10 ? 10 : 8;
    if (pieces_on(start) <= endgame) themes.insert("endgame");
  }
  int mills = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const bool player = i % 2 == 0;
    auto view = s.read_move(line[i]);
    if (!view) return {};
    const BoardView before = s.board();
    if (!s.play(line[i])) return {};
    const BoardView after = s.board();
    if (family == "mill") {
      if (player && !view->captures.empty()) {
        ++mills;
        if (i == 0) themes.insert("mill");
      }
      continue;
    }
    if (i == 0 && view->captures.size() >= 2) themes.insert("combination");
    // A sacrifice: the player's first move takes nothing and the opponent's reply takes.
    if (i == 1 && !view->captures.empty()) {
      auto first = new_session(game, fen);
      if (first) {
        auto first_view = (*first)->read_move(line[0]);
        if (first_view && first_view->captures.empty()) themes.insert("combination");
      }
    }
    if (!player) continue;
    const CellView* from = view->from ? cell_at(before, *view->from) : nullptr;
    const CellView* to = cell_at(after, view->to);
    const bool was_king = from && from->piece && from->piece->kind == "king";
    if (was_king) themes.insert("king");
    if (view->promotion) themes.insert("breakthrough");
    if (from && from->piece && from->piece->kind == "man" && to && to->piece &&
        to->piece->kind == "king")
      themes.insert("breakthrough");
  }
  if (family == "mill") {
    if (mills >= 2) themes.insert("double-mill");
    if (s.end().over() && s.legal_moves().empty()) themes.insert("blockade");
  }
  return {themes.begin(), themes.end()};
}

Result<std::optional<Puzzle>> examine(engine::Engine& engine, const FinderOptions& options,
                                      const std::string& fen) {
  const std::string& game = options.game;
  auto root = check_root(engine, game, fen, options.quick_nodes);
  if (!root) return make_error(root.error());
  if (!root->unique) return std::optional<Puzzle>();
  root = check_root(engine, game, fen, options.deep_nodes);
  if (!root) return make_error(root.error());
  if (!root->unique) return std::optional<Puzzle>();
  // Kept only if `doska puzzles verify` will find it so.
  auto confirmed = check_root(engine, game, fen, options.verify_nodes(), true);
  if (!confirmed) return make_error(confirmed.error());
  if (!confirmed->unique || confirmed->move != root->move) return std::optional<Puzzle>();

  Puzzle puzzle;
  puzzle.game = game;
  puzzle.fen = fen;
  puzzle.best = confirmed->best.text();
  puzzle.second = confirmed->second.text();
  auto made = new_session(game, fen);
  if (!made) return make_error(made.error());
  GameSession& s = **made;
  const Thresholds t = thresholds_for(game);
  RootCheck at = *root;
  int hard_moves = 1;
  const Player side = s.to_move();
  for (int player_moves = 1;; ++player_moves) {
    puzzle.line.push_back(at.move);
    if (!s.play(at.move)) return make_error("the engine's move " + at.move + " is not legal");
    // A Ceylon mill's extra turn ends the line: it alternates the player's and the opponent's.
    if (s.end().over() || player_moves >= options.max_player_moves || s.to_move() == side) break;
    const auto replies = s.legal_moves();
    std::string reply;
    if (replies.size() == 1)
      reply = replies[0];
    else if (at.pv.size() >= 2)
      reply = at.pv[1];
    else
      break;
    if (!s.play(reply) || s.end().over() || s.to_move() != side) break;
    RootCheck next;
    if (s.legal_moves().size() == 1) {
      next.move = s.legal_moves()[0];
      auto deeper = check_root(engine, game, s.fen(), options.quick_nodes);
      if (!deeper) return make_error(deeper.error());
      next.pv = deeper->pv;
    } else {
      auto deeper = check_root(engine, game, s.fen(), options.deep_nodes);
      if (!deeper) return make_error(deeper.error());
      // Each later move must stay the only one that keeps the win or the material.
      if (!winning(deeper->best, t) || ordinal(deeper->best) - ordinal(deeper->second) < t.margin)
        break;
      next = *deeper;
      ++hard_moves;
    }
    puzzle.line.push_back(reply);
    at = next;
  }
  puzzle.themes = themes_of(game, fen, puzzle.line);
  puzzle.rating =
      std::min(2600, 1200 + 150 * (hard_moves - 1) + 25 * static_cast<int>(puzzle.line.size() / 2));
  return std::optional<Puzzle>(std::move(puzzle));
}

namespace {

struct Hunt {
  explicit Hunt(const BuildOptions& o) : options(o), seen(o.known.begin(), o.known.end()) {}
  const BuildOptions& options;
  engine::Engine engine{32};
  std::vector<Puzzle> puzzles;
  std::set<std::string> seen;
  BuildProgress at;

  bool done() const { return static_cast<int>(puzzles.size()) >= options.count; }

  // Every position of a game from ply `first` on, each at most once; after a puzzle the next 12
  // plies are skipped, so that one combination gives one puzzle.
  Status scan(const RecordedGame& game, int first) {
    const std::string& id = options.finder.game;
    auto made = game.start_fen.empty() ? new_session(id) : new_session(id, game.start_fen);
    if (!made) return make_error(made.error());
    GameSession& s = **made;
    int quiet_until = 0;
    engine.new_game();
    for (int ply = 0; ply <= static_cast<int>(game.moves.size()) && !done(); ++ply) {
      if (s.end().over()) break;
      const std::string fen = s.fen();
      if (ply >= first && ply >= quiet_until && s.legal_moves().size() >= 2 &&
          seen.insert(fen).second) {
        ++at.positions;
        auto found = examine(engine, options.finder, fen);
        if (!found) return make_error(found.error());
        if (*found) {
          (*found)->id = id + "-" + std::to_string(puzzles.size() + 1);
          puzzles.push_back(std::move(**found));
          quiet_until = ply + 12;
        }
      }
      if (ply == static_cast<int>(game.moves.size())) break;
      if (Status st = s.play(game.moves[ply]); !st)
        return make_error("move " + std::to_string(ply + 1) + " " + game.moves[ply] + ": " +
                          st.error());
    }
    return Ok{};
  }
};

}  // namespace

Result<std::vector<Puzzle>> build(const BuildOptions& options,
                                  const std::function<void(const BuildProgress&)>& progress) {
  const std::string& game = options.finder.game;
  if (!find_game(game)) return make_error("unknown game " + game);
  const std::string family = family_of(game);
  if (family != "draughts" && family != "mill" && family != "chess100")
    return make_error("no puzzles for " + game + " (draughts, mill and chess100 games only)");
  if (options.min_level < 1 || options.max_level > 10 || options.min_level > options.max_level)
    return make_error("self-play levels " + std::to_string(options.min_level) + "-" +
                      std::to_string(options.max_level) + ": give two levels of 1-10, low first");
  Hunt hunt(options);
  hunt.engine.set_tables(options.finder.tables);
  engine::Engine player(16);
  player.set_tables(options.finder.tables);
  const auto begin = std::chrono::steady_clock::now();
  const auto report = [&] {
    hunt.at.puzzles = static_cast<int>(hunt.puzzles.size());
    hunt.at.found = &hunt.puzzles;
    hunt.at.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    if (progress) progress(hunt.at);
  };
  // The recorded games first: from the start position a few plies in, where the players' own
  // choices begin; from a set-up position (a problem, a game begun from a FEN) at once.
  auto initial = new_session(game);
  if (!initial) return make_error(initial.error());
  const std::string start_fen = (*initial)->start_fen();
  for (std::size_t i = 0; i < options.recorded.size() && !hunt.done(); ++i) {
    const RecordedGame& r = options.recorded[i];
    const int first = r.start_fen.empty() || r.start_fen == start_fen ? 4 : 0;
    if (Status s = hunt.scan(r, first); !s)
      return make_error("recorded game " + std::to_string(i + 1) + ": " + s.error());
    ++hunt.at.games;
    report();
  }
  std::mt19937_64 rng(options.seed);
  for (int g = 0; g < options.max_games && !hunt.done(); ++g) {
    auto made = new_session(game);
    if (!made) return make_error(made.error());
    GameSession& s = **made;
    const std::string start = s.start_fen();
    const int random_plies = 2 + static_cast<int>(rng() % 7);
    const auto span = static_cast<std::uint64_t>(options.max_level - options.min_level + 1);
    const int levels[2] = {options.min_level + static_cast<int>(rng() % span),
                           options.min_level + static_cast<int>(rng() % span)};
    player.new_game();
    for (int ply = 0; ply < 300 && !s.end().over(); ++ply) {
      const auto moves = s.legal_moves();
      if (moves.empty()) break;
      std::string move;
      if (ply < random_plies) {
        move = moves[rng() % moves.size()];
      } else {
        if (Status st = player.set_position(game, start, s.moves_played()); !st)
          return make_error(st.error());
        search::Limits limits;
        limits.level = levels[ply % 2];
        limits.seed = rng();
        limits.book = false;
        move = player.search(limits).move;
        if (move.empty()) break;
      }
      if (Status st = s.play(move); !st)
        return make_error("self-play move " + move + ": " + st.error());
    }
    if (Status st = hunt.scan({start, s.moves_played()}, random_plies); !st)
      return make_error("self-play game: " + st.error());
    ++hunt.at.games;
    report();
  }
  return std::move(hunt.puzzles);
}

Status verify(engine::Engine& engine, const Puzzle& puzzle, std::uint64_t nodes) {
  auto root = check_root(engine, puzzle.game, puzzle.fen, nodes, true);
  if (!root) return make_error(root.error());
  if (!root->unique)
    return make_error("no longer a single winning move at " + std::to_string(nodes) +
                      " nodes: best " + root->move + " " + root->best.text() + ", second " +
                      root->second.text());
  if (root->move != puzzle.line.front())
    return make_error("the winning move is " + root->move + ", not the line's " +
                      puzzle.line.front());
  if (themes_of(puzzle.game, puzzle.fen, puzzle.line) != puzzle.themes)
    return make_error("its themes are not those of its line");
  return Ok{};
}

}  // namespace doska::puzzles
