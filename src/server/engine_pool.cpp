#include "server/engine_pool.h"

#include <algorithm>
#include <chrono>
#include <future>

#include "server/api_error.h"

namespace doska::server {

EnginePool::EnginePool(int threads, std::size_t hash_megabytes,
                       std::shared_ptr<engine::TableShelf> tables) {
  const int n = std::clamp(threads, 1, 64);
  // One shelf for all: each game's endgame databases are in memory once. The last engine is the
  // quick worker's.
  for (int i = 0; i <= n; ++i) {
    engines_.push_back(std::make_unique<engine::Engine>(hash_megabytes));
    engines_.back()->set_tables(tables);
  }
  max_analyses_ = std::max(1, n - 1);
  for (int i = 0; i <= n; ++i) workers_.emplace_back([this, i, n] { work(*engines_[i], i == n); });
}

EnginePool::~EnginePool() {
  shut_down();
}

std::shared_ptr<std::atomic<bool>> EnginePool::submit(Job job, Priority priority,
                                                      double expected_seconds) {
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  {
    std::lock_guard lock(mutex_);
    if (stopping_) {
      cancelled->store(true);
      return cancelled;
    }
    const bool analysis = priority == Priority::analysis;
    (analysis ? analyses_ : replies_)
        .push_back(Entry{std::move(job), cancelled, analysis, expected_seconds,
                         std::chrono::steady_clock::now()});
  }
  // Every worker looks: the one that wakes may be barred from analyses while another is not.
  ready_.notify_all();
  return cancelled;
}

std::deque<EnginePool::Entry>::iterator EnginePool::next_reply(bool quick_only) {
  const auto now = std::chrono::steady_clock::now();
  auto best = replies_.end();
  double best_rank = 0;
  for (auto it = replies_.begin(); it != replies_.end(); ++it) {
    if (quick_only && it->expected > kQuickSeconds) continue;
    const double rank = it->expected - std::chrono::duration<double>(now - it->queued).count();
    if (best == replies_.end() || rank < best_rank) {
      best = it;
      best_rank = rank;
    }
  }
  return best;
}

bool EnginePool::may_take(bool quick_only) {
  if (next_reply(quick_only) != replies_.end()) return true;
  return !quick_only && !analyses_.empty() && running_analyses_ < max_analyses_;
}

void EnginePool::shut_down() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && workers_.empty()) return;
    stopping_ = true;
    replies_.clear();
    analyses_.clear();
    for (auto& flag : running_) flag->store(true);
  }
  ready_.notify_all();
  for (std::thread& t : workers_)
    if (t.joinable()) t.join();
  workers_.clear();
}

void EnginePool::work(engine::Engine& engine, bool quick_only) {
  for (;;) {
    Entry entry;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return stopping_ || may_take(quick_only); });
      if (stopping_) return;
      if (auto reply = next_reply(quick_only); reply != replies_.end()) {
        entry = std::move(*reply);
        replies_.erase(reply);
      } else {
        entry = std::move(analyses_.front());
        analyses_.pop_front();
      }
      if (entry.cancelled->load()) continue;
      running_.push_back(entry.cancelled);
      if (entry.analysis) ++running_analyses_;
    }
    entry.job(engine, *entry.cancelled);
    {
      std::lock_guard lock(mutex_);
      running_.erase(std::find(running_.begin(), running_.end(), entry.cancelled));
      if (entry.analysis) --running_analyses_;
    }
    ready_.notify_all();  // an analysis that waited for its share may go now
  }
}

engine::BestMove search_with_deadline(engine::Engine& engine, const search::Limits& limits,
                                      double seconds, const std::atomic<bool>& cancelled,
                                      const engine::InfoCallback& on_info) {
  engine::BestMove result;
  std::atomic<bool> done{false};
  engine.go(limits, on_info, [&](const engine::BestMove& best) {
    result = best;
    done.store(true);
  });
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(static_cast<int>(seconds * 1000));
  bool stopped = false;
  while (!done.load()) {
    if (!stopped && (cancelled.load() || std::chrono::steady_clock::now() >= deadline)) {
      engine.stop();
      stopped = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  engine.wait();
  return result;
}

engine::BestMove search_now(EnginePool& pool, const std::string& variant, const std::string& fen,
                            const std::vector<std::string>& moves, const search::Limits& limits,
                            double seconds, EnginePool::Priority priority) {
  auto promise = std::make_shared<std::promise<Result<engine::BestMove>>>();
  auto answer = promise->get_future();
  auto cancel = pool.submit(
      [=](engine::Engine& engine, const std::atomic<bool>& cancelled) {
        if (Status s = engine.set_position(variant, std::string_view(fen), moves); !s) {
          promise->set_value(make_error(s.error()));
          return;
        }
        promise->set_value(search_with_deadline(engine, limits, seconds, cancelled));
      },
      priority, seconds);
  if (answer.wait_for(std::chrono::duration<double>(seconds + 30.0)) != std::future_status::ready) {
    cancel->store(true);
    throw ApiError(503, "engine_busy", "every engine is busy; try again later");
  }
  Result<engine::BestMove> best = answer.get();
  if (!best) throw ApiError(400, "engine_error", best.error(), {{"detail", best.error()}});
  return std::move(*best);
}

}  // namespace doska::server
