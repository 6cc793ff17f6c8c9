// The server's engine pool (src/server/engine_pool.h): the computer's replies go before
// analyses, and analyses never hold every worker, so a reply is not stuck behind them.
#include "server/engine_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

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
  for (int i = 0; i < 60000 && analyses_started.load() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  // A long reply (not the quick worker's): one of the two workers is still free for it.
  std::promise<void> replied;
  pool.submit([&](engine::Engine&, const std::atomic<bool>&) { replied.set_value(); },
              EnginePool::Priority::reply, 5.0);
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
  // Long jobs (the quick worker takes none of them). The others are queued only once the
  // worker holds the first: a worker still free would choose among them by itself.
  std::atomic<bool> holding{false};
  pool.submit(
      [&](engine::Engine&, const std::atomic<bool>&) {
        holding.store(true);
        while (!release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      },
      EnginePool::Priority::reply, 5.0);
  for (int i = 0; i < 60000 && !holding.load(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  if (!holding.load()) release.store(true);  // a failure ends; it does not hang the pool
  ASSERT_TRUE(holding.load());
  pool.submit(record("analysis"), EnginePool::Priority::analysis);
  pool.submit(record("reply"), EnginePool::Priority::reply, 5.0);
  std::promise<void> done;
  pool.submit([&](engine::Engine&, const std::atomic<bool>&) { done.set_value(); },
              EnginePool::Priority::analysis);
  release.store(true);
  ASSERT_EQ(done.get_future().wait_for(std::chrono::seconds(60)), std::future_status::ready);
  std::lock_guard lock(mutex);
  EXPECT_EQ(order, (std::vector<std::string>{"reply", "analysis"}));
}

// A quick reply (a low level) runs while every worker is held by long searches: the quick
// worker takes it. (The minute is a bound on a failure, nothing is timed.)
TEST(EnginePool, QuickRepliesAreNotStuckBehindLongOnes) {
  EnginePool pool(1, 1);
  std::atomic<bool> release{false};
  std::atomic<int> long_started{0};
  for (int i = 0; i < 2; ++i)
    pool.submit(
        [&](engine::Engine&, const std::atomic<bool>& cancelled) {
          ++long_started;
          while (!release.load() && !cancelled.load())
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        },
        EnginePool::Priority::reply, 2.0);
  for (int i = 0; i < 60000 && long_started.load() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::promise<void> quick;
  pool.submit([&](engine::Engine&, const std::atomic<bool>&) { quick.set_value(); },
              EnginePool::Priority::reply, 0.5);
  EXPECT_EQ(quick.get_future().wait_for(std::chrono::seconds(60)), std::future_status::ready);
  EXPECT_EQ(long_started.load(), 1);  // the quick worker took no long search
  release.store(true);
  pool.shut_down();
}

// Queued replies: the shortest first.
TEST(EnginePool, ShortestReplyFirst) {
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
  // The worker holds this one before the others are queued (a free worker would take the
  // shortest of whatever is queued when it looks, and the 20 s one could be the only one then).
  std::atomic<bool> holding{false};
  pool.submit(
      [&](engine::Engine&, const std::atomic<bool>&) {
        holding.store(true);
        while (!release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      },
      EnginePool::Priority::reply, 30.0);
  for (int i = 0; i < 60000 && !holding.load(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  if (!holding.load()) release.store(true);  // a failure ends; it does not hang the pool
  ASSERT_TRUE(holding.load());
  pool.submit(record("level 10"), EnginePool::Priority::reply, 20.0);
  pool.submit(record("level 6"), EnginePool::Priority::reply, 10.0);
  std::promise<void> done;
  pool.submit([&](engine::Engine&, const std::atomic<bool>&) { done.set_value(); },
              EnginePool::Priority::analysis);
  release.store(true);
  ASSERT_EQ(done.get_future().wait_for(std::chrono::seconds(60)), std::future_status::ready);
  std::lock_guard lock(mutex);
  EXPECT_EQ(order, (std::vector<std::string>{"level 6", "level 10"}));
}

}  // namespace
}  // namespace doska::server
