#include "server/analysis/analysis.h"

#include <algorithm>
#include <chrono>

#include "common/text.h"
#include "server/views.h"

namespace doska::server {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

json line_json(const GameSession& session, const engine::BestMove& b) {
  json path = json::array();
  if (!b.move.empty())
    if (auto view = session.read_move(b.move)) path = view->path;
  return json{{"best", b.move},
              {"score", score_json(b.score)},
              {"text", b.score.text()},
              {"depth", b.depth},
              {"pv", b.pv},
              {"path", path}};
}

// The first moves of the lines found so far: the next line is searched without them.
std::vector<std::string> found_moves(const json& lines) {
  std::vector<std::string> moves;
  for (const json& l : lines) moves.push_back(l["best"]);
  return moves;
}

bool among(const std::vector<std::string>& moves, const std::string& move) {
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

// Deeper than any game needs: a live analysis that gets here has said all it can.
constexpr int kDeepestLiveDepth = 64;

}  // namespace

Analysis::Analysis(EnginePool& pool, Hub& hub, Round& round, double live_seconds)
    : pool_(pool), hub_(hub), round_(round), live_seconds_(live_seconds) {}

Analysis::AnalysedPosition Analysis::analysed_position(const AnalyseRequest& r) {
  AnalysedPosition at;
  at.variant = r.variant;
  if (r.game) {
    const Round::Snapshot game = round_.snapshot(*r.game);
    // Fair play: no engine in a live game between two people, for players or spectators; it
    // opens when the game ends.
    if (game.stored.opponent != "computer" && !game.over)
      throw ApiError(409, "analysis_during_game",
                     "analysis is not offered during a game between two people; it opens when "
                     "the game ends");
    at.variant = game.stored.variant;
    at.fen = game.fen;
  } else {
    auto session =
        new_session(at.variant, r.fen ? std::optional<std::string_view>(*r.fen) : std::nullopt);
    if (!session)
      throw ApiError(400, r.fen ? "bad_fen" : "unknown_variant", session.error(),
                     {{"detail", session.error()}, {"variant", at.variant}});
    at.fen = (*session)->fen();
  }
  // The moves are checked here, so that a bad one is named before any search.
  auto session = new_session(at.variant, std::string_view(at.fen), SessionOptions{false, false});
  if (!session) throw ApiError(400, "bad_fen", session.error(), {{"detail", session.error()}});
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    auto view = (*session)->read_move(r.moves[i]);  // its squares, before it is played
    if (Status s = (*session)->play(r.moves[i]); !s)
      throw ApiError(
          400, "bad_moves",
          "move " + std::to_string(i + 1) + " " + doska::quoted(r.moves[i]) + ": " + s.error(),
          {{"detail",
            "move " + std::to_string(i + 1) + " " + doska::quoted(r.moves[i]) + ": " + s.error()}});
    at.moves.push_back((*session)->moves_played().back());
    at.last = view ? std::optional<MoveView>(*view) : std::nullopt;
  }
  at.session = std::move(*session);
  return at;
}

json Analysis::analyse(const AnalyseRequest& r) {
  AnalysedPosition at = analysed_position(r);
  const GameSession& session = *at.session;
  search::Limits limits;
  limits.depth = r.depth;
  limits.book = false;  // an analysis searches, also where the opening book has the move
  limits.contempt = 0;  // a value to report, not a player's choice
  limits.move_time = r.time_ms / 1000.0;
  const double seconds = r.time_ms > 0 ? r.time_ms / 1000.0 + 1.0 : 30.0;
  const engine::BestMove best = search_now(pool_, at.variant, at.fen, at.moves, limits, seconds,
                                           EnginePool::Priority::analysis);
  // More lines: each searched without the better ones found before it (an engine without that
  // search, such as the wolf and sheep solver, gives its one line).
  json lines = json::array();
  if (!best.move.empty()) lines.push_back(line_json(session, best));
  for (int k = 1; k < r.lines && !best.move.empty(); ++k) {
    limits.exclude = found_moves(lines);
    const engine::BestMove next = search_now(pool_, at.variant, at.fen, at.moves, limits, seconds,
                                             EnginePool::Priority::analysis);
    if (next.move.empty() || among(limits.exclude, next.move)) break;
    lines.push_back(line_json(session, next));
  }
  return json{{"lines", std::move(lines)},
              {"best", best.move.empty() ? json(nullptr) : json(best.move)},
              // egdb: the value comes from an endgame database (the plies count to a conversion).
              {"score", score_json(best.score)},
              {"text", best.score.text()},
              {"depth", best.depth},
              {"nodes", best.nodes},
              {"ms", static_cast<std::int64_t>(best.seconds * 1000)},
              {"pv", best.pv},
              {"fen", session.fen()}};
}

// ---------------------------------------------------------------- live analysis

json Analysis::position_json(const AnalysedPosition& at) {
  const GameSession& s = *at.session;
  const GameEnd end = s.end();
  json legal = json::array();
  if (!end.over())
    for (const MoveView& m : s.legal_move_views()) legal.push_back(move_json(m));
  json last = nullptr;
  if (at.last) last = json{{"squares", at.last->path}, {"captures", at.last->captures}};
  return json{{"variant", at.variant},
              {"fen", s.fen()},
              {"to_move", side_name(s.to_move())},
              {"board", board_json(s.board())},
              {"legal", std::move(legal)},
              {"last", std::move(last)},
              {"moves", s.moves_for_people()},
              {"over", end.over()}};
}

json Analysis::position(const AnalyseRequest& r) {
  return position_json(analysed_position(r));
}

struct Analysis::LiveAnalysis {
  std::string id;
  AnalysedPosition at;
  int lines = 1;
  Clock::time_point started = Clock::now(), until;
  std::mutex mutex;  // guards what follows
  int depth = 0;     // the deepest one done
  std::uint64_t nodes = 0;
  bool stopped = false;
  std::shared_ptr<std::atomic<bool>> cancel;  // the search of the next depth
  std::string position;                       // the "position" event
  std::string latest;                         // the last "analysis" event
  std::int64_t count = 0;
  std::string done;  // the "done" event, once the search has ended
};

std::string Analysis::start_live_analysis(const AnalyseRequest& r) {
  auto live = std::make_shared<LiveAnalysis>();
  live->at = analysed_position(r);
  live->lines = r.lines;
  live->until = live->started + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(live_seconds_));
  const GameEnd end = live->at.session->end();
  json position = position_json(live->at);
  position["lines"] = live->lines;
  live->position = position.dump();
  {
    std::lock_guard lock(live_mutex_);
    live->id = kLiveAnalysisPrefix + std::to_string(++last_live_);
    live_analyses_[live->id] = live;
  }
  if (end.over()) {
    end_live_analysis(*live, "over");
  } else {
    std::lock_guard lock(live->mutex);
    queue_live_depth(live);
  }
  return live->id;
}

void Analysis::stop_live_analysis(const std::string& id) {
  std::shared_ptr<LiveAnalysis> live;
  {
    std::lock_guard lock(live_mutex_);
    auto it = live_analyses_.find(id);
    if (it == live_analyses_.end()) return;
    live = it->second;
    live_analyses_.erase(it);
  }
  std::lock_guard lock(live->mutex);
  live->stopped = true;
  if (live->cancel) live->cancel->store(true);
}

// Each depth is a job of its own on the engines' analysis share: live analyses take turns
// with each other and with reviews, none holding an engine for its whole time.
void Analysis::queue_live_depth(const std::shared_ptr<LiveAnalysis>& live) {
  live->cancel = pool_.submit(
      [this, live](engine::Engine& engine, const std::atomic<bool>& cancelled) {
        live_analysis_depth(live, engine, cancelled);
      },
      EnginePool::Priority::analysis,
      std::chrono::duration<double>(live->until - Clock::now()).count());
}

void Analysis::end_live_analysis(LiveAnalysis& live, const std::string& reason) {
  {
    std::lock_guard lock(live.mutex);
    live.done = json{{"reason", reason}}.dump();
  }
  hub_.notify(live.id);
}

// The next depth: every line to that depth (each without the better ones), then the depth's
// lines are sent, so that the lines shown always come from one finished depth.
void Analysis::live_analysis_depth(const std::shared_ptr<LiveAnalysis>& live,
                                   engine::Engine& engine, const std::atomic<bool>& cancelled) {
  const AnalysedPosition& at = live->at;
  auto ended = [&]() -> const char* {
    if (cancelled.load() || stopping_.load()) return "stopped";
    if (Clock::now() >= live->until) return "time";
    return nullptr;
  };
  if (const char* why = ended()) return end_live_analysis(*live, why);
  if (Status s = engine.set_position(at.variant, std::string_view(at.fen), at.moves); !s)
    return end_live_analysis(*live, "error: " + s.error());
  int depth;
  {
    std::lock_guard lock(live->mutex);
    depth = live->depth + 1;
  }
  json lines = json::array();
  std::uint64_t nodes = 0;
  for (int k = 0; k < live->lines; ++k) {
    search::Limits limits;
    limits.depth = depth;
    limits.book = false;
    limits.contempt = 0;  // a value to report, not a player's choice
    limits.exclude = found_moves(lines);
    const double left = std::chrono::duration<double>(live->until - Clock::now()).count();
    const engine::BestMove best = search_with_deadline(engine, limits, left, cancelled);
    if (const char* why = ended()) return end_live_analysis(*live, why);
    nodes += best.nodes;
    if (best.move.empty() || among(limits.exclude, best.move)) break;
    lines.push_back(line_json(*at.session, best));
  }
  // The search went no deeper than asked before (a solved position): nothing more to find.
  const bool deepest =
      lines.empty() || lines[0]["depth"].get<int>() < depth || depth >= kDeepestLiveDepth;
  {
    std::lock_guard lock(live->mutex);
    live->depth = depth;
    live->nodes += nodes;
    live->latest = json{
        {"depth", depth},
        {"lines", std::move(lines)},
        {"nodes", live->nodes},
        {"ms",
         std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - live->started)
             .count()}}.dump();
    ++live->count;
    if (!deepest && !live->stopped) queue_live_depth(live);
  }
  hub_.notify(live->id);
  if (deepest) end_live_analysis(*live, "deepest");
}

std::vector<Event> Analysis::poll(const std::string& id, Seen& seen) {
  std::shared_ptr<LiveAnalysis> live;
  {
    std::lock_guard lock(live_mutex_);
    auto it = live_analyses_.find(id);
    if (it == live_analyses_.end())
      throw ApiError(404, "live_analysis_not_found", "no live analysis " + doska::quoted(id),
                     {{"id", id}});
    live = it->second;
  }
  std::vector<Event> events;
  std::lock_guard lock(live->mutex);
  if (seen.version < 0) {
    seen.version = 0;
    events.push_back(Event{"position", live->position});
  }
  if (seen.info < live->count) {
    seen.info = live->count;
    events.push_back(Event{"analysis", live->latest});
  }
  if (!live->done.empty() && seen.review == 0) {
    seen.review = 1;
    events.push_back(Event{"done", live->done, true});
  }
  return events;
}

}  // namespace doska::server
