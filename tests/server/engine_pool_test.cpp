// The server's engine pool (src/server/engine_pool.h, issue 14): the computer's replies go before
// analyses, and analyses never hold every worker, so a reply is not stuck behind them.
#include "server/engine_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

namespace doska::server {
namespace {

// Analyses that run until released; a reply submitted after them still runs at once, on the
// worker that analyses may not take. (The wait is a minute: it fails a pool that would make the
// reply wait for the analyses, it measures nothing.)
TEST(EnginePool, RepliesAreNotStuckBehindAnalyses) {
  EnginePool pool(2, 1);
  std::atomic<bool> release{false};
  std::atomic<int> analyses_started{0};
  for (int i = 0; i < 3; ++i)
    pool.submit(
        [&](engine::Engine&, const std::atomic<bool>& cancelled) {
          ++analyses_started;
          while (!release.load() && !cancelled.load())
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        },
        EnginePool::Priority::analysis);
  std::promise<void> replied;
  pool.submit([&](engine::Engine&, const std::atomic<bool>&) { replied.set_value(); },
              EnginePool::Priority::reply);
  const bool in_time =
      replied.get_future().wait_for(std::chrono::seconds(60)) == std::future_status::ready;
  EXPECT_TRUE(in_time);
  EXPECT_EQ(analyses_started.load(), 1);  // with two workers, one analysis at a time
  release.store(true);
  pool.shut_down();
}

// Queued replies are taken before queued analyses.
TEST(EnginePool, RepliesFirst) {
  EnginePool pool(1, 1);
  std::atomic<bool> release{false};
  std::mutex mutex;
  std::vector<std::string> order;
  auto record = [&](std::string name) {
    return [&, name](engine::Engine&, const std::atomic<bool>&) {
      std::lock_guard lock(mutex);
      order.push_back(name);
    };
  };
  pool.submit([&](engine::Engine&, const std::atomic<bool>&) {
    while (!release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  pool.submit(record("analysis"), EnginePool::Priority::analysis);
  pool.submit(record("reply"), EnginePool::Priority::reply);
  std::promise<void> done;
  pool.submit([&](engine::Engine&, const std::atomic<bool>&) { done.set_value(); },
              EnginePool::Priority::analysis);
  release.store(true);
  ASSERT_EQ(done.get_future().wait_for(std::chrono::seconds(60)), std::future_status::ready);
  std::lock_guard lock(mutex);
  EXPECT_EQ(order, (std::vector<std::string>{"reply", "analysis"}));
}

}  // namespace
}  // namespace doska::server
