#include "server/review/review.h"

#include <algorithm>
#include <cmath>

#include "common/text.h"
#include "server/views.h"

namespace doska::server {

using nlohmann::json;

namespace {

struct ReviewPosition {
  int ply = 0;
  std::string fen;
  Player to_move = Player::white;
  GameEnd end;  // over: the position needs no search
};

// Every position of the game, from its start to its last move.
std::vector<ReviewPosition> review_positions(const StoredGame& g) {
  auto session =
      new_session(g.variant, std::string_view(g.start_fen), SessionOptions{g.huffing, true});
  if (!session)
    throw ApiError(500, "internal_error", "stored game " + g.id + ": " + session.error());
  std::vector<ReviewPosition> out;
  auto here = [&](int ply) {
    out.push_back(ReviewPosition{ply, (*session)->fen(), (*session)->to_move(), (*session)->end()});
  };
  here(0);
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    if (!(*session)->play(g.moves[i].text))
      throw ApiError(
          500, "internal_error",
          "stored game " + g.id + ": move " + std::to_string(i + 1) + " does not replay");
    here(static_cast<int>(i + 1));
  }
  return out;
}

// The side to move's expected score (0 lost, 1 won) of a review entry: a logistic of the
// search score (100 = one man: about 73%), exact for won, lost and drawn values.
double expected_score(const json& entry) {
  const json& score = entry.at("score");
  const std::string kind = score.at("kind");
  if (kind == "win") return 1.0;
  if (kind == "loss") return 0.0;
  if (kind == "draw") return 0.5;
  const double cp = score.at("value").get<double>();
  return 1.0 / (1.0 + std::exp(-cp / 100.0));
}

}  // namespace

Review::Review(Storage& storage, EnginePool& pool, Hub& hub, Round& round)
    : storage_(storage), pool_(pool), hub_(hub), round_(round) {
  hub_.on("cluster.review", [this](const json& news) {
    const json& words = news["words"];
    if (words.size() != 2 || !words[0].is_string() || !words[1].is_string()) return;
    heard(words[0].get<std::string>(), words[1].get<std::string>());
  });
}

bool Review::Progress::running_now() const {
  if (!running || !remote) return running;
  // Another server's review: a position takes its time and a second or so more; silence for
  // several of those means that server stopped.
  const auto quiet = std::chrono::milliseconds(std::max(10000, 5 * ms));
  return std::chrono::steady_clock::now() - heard < quiet;
}

void Review::heard(const std::string& id, const std::string& news) {
  std::string event;
  if (news == "done") {
    event = json{{"state", "done"}}.dump();
  } else if (news == "failed") {
    event = json{{"state", "failed"}, {"error", "the review failed on another server"}}.dump();
  } else {
    const auto ply = parse_int(news);
    if (!ply || *ply < 0) return;
    auto stored = storage_.review_entry(id, *ply);
    if (!stored || !*stored) return;
    event = (*stored)->entry;
    if (event.empty()) return;
  }
  std::lock_guard lock(mutex_);
  Progress& progress = progress_[id];
  if (progress.running && !progress.remote) return;  // reviewed here as well: its own events
  progress.remote = true;
  progress.running = news != "done" && news != "failed";
  progress.heard = std::chrono::steady_clock::now();
  publish(id, progress, std::move(event));
}

json Review::start_review(const std::string& id, const ReviewRequest& request) {
  bool elsewhere = false;
  {
    const Round::Snapshot game = round_.snapshot(id);
    if (game.stored.opponent != "computer" && !game.over && game.stored.ended_by.empty())
      throw ApiError(409, "review_too_early",
                     "a game between two people is reviewed once it has ended (fair play)");
    std::lock_guard lock(mutex_);
    Progress& progress = progress_[id];
    // Under way on another server: its progress reaches this server's streams.
    elsewhere = progress.remote && progress.running_now();
    if (!elsewhere && (!progress.running || progress.remote)) {
      progress.running = true;
      progress.remote = false;
      progress.ms = request.ms;
    }
  }
  if (!elsewhere) review_next(id);
  return review(id);
}

void Review::publish(const std::string& id, Progress& progress, std::string event,
                     const std::string& news) {
  progress.event = std::move(event);
  ++progress.count;
  hub_.notify(id);
  if (!news.empty()) (void)storage_.announce("review " + id + " " + news);  // nothing on SQLite
}

// Searches the first position of the game not yet in its stored review, then the next, one at
// a time (a review holds at most one engine), until every position is done.
void Review::review_next(const std::string& id) {
  std::unique_lock lock(mutex_);
  auto found = progress_.find(id);
  if (found == progress_.end() || !found->second.running) return;
  Progress& progress = found->second;
  if (stopping_.load()) {
    progress.running = false;
    return;
  }
  // A game no longer in memory (dropped after a failed save) ends its review.
  const auto game = round_.snapshot_if_live(id);
  if (!game) {
    progress.running = false;
    return;
  }
  const std::vector<ReviewPosition> positions = review_positions(game->stored);
  auto stored = storage_.review(id);
  if (!stored) {
    lock.unlock();
    return review_failed(id, stored.error());
  }
  std::map<int, std::string> done;
  for (const ReviewEntry& e : *stored) done[e.ply] = e.fen;
  for (const ReviewPosition& p : positions) {
    if (auto it = done.find(p.ply); it != done.end() && it->second == p.fen) continue;
    if (p.end.over()) {
      // The last position of an ended game: its value is the result.
      search::Score score;
      score.kind = search::Score::Kind::draw;
      if (p.end.outcome != Outcome::draw) {
        const bool mover_won =
            (p.end.outcome == Outcome::white_wins) == (p.to_move == Player::white);
        score.kind = mover_won ? search::Score::Kind::win : search::Score::Kind::loss;
      }
      const json entry{{"ply", p.ply},
                       {"fen", p.fen},
                       {"to_move", side_name(p.to_move)},
                       {"score", score_json(score)},
                       {"text", score.text()},
                       {"best", nullptr},
                       {"path", json::array()},
                       {"pv", json::array()},
                       {"depth", 0}};
      if (Status s = storage_.save_review_entry(id, p.ply, p.fen, entry.dump()); !s) {
        lock.unlock();
        return review_failed(id, s.error());
      }
      done[p.ply] = p.fen;
      publish(id, progress, entry.dump(), std::to_string(p.ply));
      continue;
    }
    search::Limits limits;
    limits.book = false;
    limits.move_time = progress.ms / 1000.0;
    limits.contempt = 0;  // a value to report, not a player's choice
    const double seconds = limits.move_time + 1.0;
    const std::string variant = game->stored.variant;
    const bool huffing = game->stored.huffing;
    pool_.submit(
        [this, id, p, variant, huffing, limits, seconds](engine::Engine& engine,
                                                         const std::atomic<bool>& cancelled) {
          if (Status s = engine.set_position(variant, std::string_view(p.fen), {}); !s)
            return review_failed(id, s.error());
          const engine::BestMove best = search_with_deadline(engine, limits, seconds, cancelled);
          if (cancelled.load() || stopping_.load()) return;
          // The best move's squares, for the arrow on the board.
          json path = json::array();
          if (auto session =
                  new_session(variant, std::string_view(p.fen), SessionOptions{huffing, true});
              session && !best.move.empty())
            if (auto view = (*session)->read_move(best.move)) path = view->path;
          const json entry{{"ply", p.ply},
                           {"fen", p.fen},
                           {"to_move", side_name(p.to_move)},
                           {"score", score_json(best.score)},
                           {"text", best.score.text()},
                           {"best", best.move.empty() ? json(nullptr) : json(best.move)},
                           {"path", path},
                           {"pv", best.pv},
                           {"depth", best.depth}};
          if (Status s = storage_.save_review_entry(id, p.ply, p.fen, entry.dump()); !s)
            return review_failed(id, s.error());
          if (round_.snapshot_if_live(id)) {
            std::lock_guard lock(mutex_);
            if (auto found = progress_.find(id); found != progress_.end())
              publish(id, found->second, entry.dump(), std::to_string(p.ply));
          }
          review_next(id);
        },
        EnginePool::Priority::analysis, seconds);
    return;
  }
  // Every position is done.
  progress.running = false;
  publish(id, progress, json{{"state", "done"}}.dump(), "done");
}

void Review::review_failed(const std::string& id, const std::string& why) {
  std::lock_guard lock(mutex_);
  auto found = progress_.find(id);
  if (found == progress_.end()) return;
  found->second.running = false;
  publish(id, found->second, json{{"state", "failed"}, {"error", why}}.dump(), "failed");
}

json Review::review(const std::string& id) {
  const Round::Snapshot game = round_.snapshot(id);
  Progress progress;
  {
    std::lock_guard lock(mutex_);
    if (auto found = progress_.find(id); found != progress_.end()) progress = found->second;
  }
  const std::vector<ReviewPosition> positions = review_positions(game.stored);
  auto stored = storage_.review(id);
  if (!stored) throw ApiError(500, "internal_error", stored.error());
  std::map<int, json> entries;
  for (const ReviewEntry& e : *stored) {
    if (e.ply < 0 || e.ply >= static_cast<int>(positions.size())) continue;
    if (positions[static_cast<std::size_t>(e.ply)].fen != e.fen) continue;  // taken back since
    json entry = json::parse(e.entry, nullptr, false);
    if (!entry.is_object() || !entry.contains("score")) continue;
    const double mine = expected_score(entry);
    entry["white"] = entry["to_move"] == "white" ? mine : 1.0 - mine;
    entries[e.ply] = std::move(entry);
  }
  json list = json::array();
  for (auto& [ply, entry] : entries) list.push_back(entry);
  // Each move judged by what it lost of its player's expected score: the best move's value
  // before it against the value after it (10% an inaccuracy, 20% a mistake, 30% a blunder).
  json moves = json::array();
  for (std::size_t ply = 1; ply < positions.size(); ++ply) {
    auto before = entries.find(static_cast<int>(ply - 1));
    auto after = entries.find(static_cast<int>(ply));
    if (before == entries.end() || after == entries.end()) continue;
    const Player mover = positions[ply - 1].to_move;
    const double white_before = before->second["white"], white_after = after->second["white"];
    const double loss =
        mover == Player::white ? white_before - white_after : white_after - white_before;
    const char* verdict = loss >= 0.3   ? "blunder"
                          : loss >= 0.2 ? "mistake"
                          : loss >= 0.1 ? "inaccuracy"
                                        : nullptr;
    moves.push_back(json{{"ply", ply},
                         {"side", side_name(mover)},
                         {"loss", std::max(0.0, loss)},
                         {"class", verdict ? json(verdict) : json(nullptr)},
                         {"best", before->second["best"]}});
  }
  const std::size_t total = positions.size();
  const char* state = progress.running_now()    ? "running"
                      : entries.size() == total ? "done"
                      : entries.empty()         ? "none"
                                                : "partial";
  return json{{"state", state},
              {"total", total},
              {"done", entries.size()},
              {"ms", progress.ms},
              {"positions", std::move(list)},
              {"moves", std::move(moves)}};
}

std::vector<Event> Review::poll(const std::string& id, Seen& seen) {
  std::lock_guard lock(mutex_);
  auto found = progress_.find(id);
  if (found == progress_.end()) return {};
  const Progress& progress = found->second;
  if (progress.count == seen.review) return {};
  seen.review = progress.count;
  if (progress.event.empty()) return {};
  return {Event{"review", progress.event}};
}

}  // namespace doska::server
