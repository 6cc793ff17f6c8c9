// The engines of the server: N worker threads, each with its own engine::Engine, taking search
// jobs from two queues. Searches never run on an HTTP thread: a request that needs one (the
// computer's move, an analysis) queues a job and, if it needs the answer, waits for it.
// The computer's replies go first: a worker takes a reply before any analysis, and
// analyses never hold every worker (at most N - 1 run at once, one with a single worker), so a
// reply waits at most for one search to end, never behind a queue of long analyses.
// Among replies the shortest goes first (its expected time less the time it has waited, so a long
// one is not put off forever), and one more worker than asked, beyond the N, takes only quick
// replies (the low levels, expected under a second): they never wait behind long searches. It
// shares the cores with the others, which cost a long search a little time only while a quick
// one runs.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.h"

namespace doska::server {

class EnginePool {
 public:
  // A job runs on a worker with that worker's engine. It should watch `cancelled` (set by the
  // owner of the job, or when the pool stops) and stop its search when it is set.
  using Job = std::function<void(engine::Engine& engine, const std::atomic<bool>& cancelled)>;

  // `tables`: the endgame databases all engines share (nullptr: none).
  explicit EnginePool(int threads, std::size_t hash_megabytes = 16,
                      std::shared_ptr<engine::TableShelf> tables = nullptr);
  ~EnginePool();
  EnginePool(const EnginePool&) = delete;
  EnginePool& operator=(const EnginePool&) = delete;

  enum class Priority { reply, analysis };

  // A reply expected to end within this many seconds may run on the quick worker.
  static constexpr double kQuickSeconds = 1.0;

  // Queues a job; the flag it returns cancels it (before it starts, or while it runs).
  // `expected_seconds`: how long the job should take (its search's time limit).
  std::shared_ptr<std::atomic<bool>> submit(Job job, Priority priority = Priority::reply,
                                            double expected_seconds = 0);
  // Cancels every job and joins the workers; later jobs are dropped.
  void shut_down();

 private:
  struct Entry {
    Job job;
    std::shared_ptr<std::atomic<bool>> cancelled;
    bool analysis = false;
    double expected = 0;
    std::chrono::steady_clock::time_point queued;
  };
  void work(engine::Engine& engine, bool quick_only);
  // Under mutex_: the queued reply to run next (shortest expected time less time waited; the
  // quick worker takes only quick ones), or end().
  std::deque<Entry>::iterator next_reply(bool quick_only);
  bool may_take(bool quick_only);  // under mutex_

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Entry> replies_;
  std::deque<Entry> analyses_;
  int running_analyses_ = 0;
  int max_analyses_ = 1;
  std::vector<std::shared_ptr<std::atomic<bool>>> running_;
  bool stopping_ = false;
  std::vector<std::unique_ptr<engine::Engine>> engines_;
  std::vector<std::thread> workers_;
};

// Runs a search on `engine` (on the calling worker thread) until it ends, `cancelled` is set or
// `seconds` have passed, whichever comes first.
engine::BestMove search_with_deadline(engine::Engine& engine, const search::Limits& limits,
                                      double seconds, const std::atomic<bool>& cancelled,
                                      const engine::InfoCallback& on_info = {});

// A search for a request that waits for its answer (an analysis, the computer's view of a draw
// offer): queued on `pool`, waited for (a free engine at most 30 s, then the search), 503 if no
// engine came, 400 if the engine refuses the position.
engine::BestMove search_now(EnginePool& pool, const std::string& variant, const std::string& fen,
                            const std::vector<std::string>& moves, const search::Limits& limits,
                            double seconds, EnginePool::Priority priority);

}  // namespace doska::server
