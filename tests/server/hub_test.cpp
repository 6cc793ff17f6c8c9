// The hub's bus (the rooms' news to each other), the bound of the throttles, and the rules of
// names and speeds, without a server.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <vector>

#include "server/account/account.h"
#include "server/hub/hub.h"
#include "server/speed.h"
#include "server/throttle.h"

namespace doska::server {
namespace {

TEST(ServerHub, DeliversNewsInOrderToEverySubscriberOffThePublishersThread) {
  Hub hub;
  std::mutex mutex;
  std::vector<int> first, second;
  std::atomic<bool> other_thread{true};
  const auto publisher = std::this_thread::get_id();
  hub.on("game.over", [&](const nlohmann::json& news) {
    std::lock_guard lock(mutex);
    first.push_back(news.value("n", -1));
    if (std::this_thread::get_id() == publisher) other_thread = false;
  });
  hub.on("game.over", [&](const nlohmann::json& news) {
    std::lock_guard lock(mutex);
    second.push_back(news.value("n", -1));
  });
  for (int i = 0; i < 100; ++i) hub.publish("game.over", {{"n", i}});
  hub.publish("unheard", {{"n", 1000}});
  hub.flush();
  std::lock_guard lock(mutex);
  ASSERT_EQ(first.size(), 100u);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(first[i], i);
  EXPECT_EQ(second, first);
  EXPECT_TRUE(other_thread.load());
}

TEST(ServerHub, AHandlerMayPublishAndAThrowingOneStopsNothing) {
  Hub hub;
  std::atomic<int> rated{0};
  hub.on("game.over", [&](const nlohmann::json&) { throw std::runtime_error("a failing room"); });
  hub.on("game.over", [&](const nlohmann::json& news) { hub.publish("game.rated", news); });
  hub.on("game.rated", [&](const nlohmann::json&) { ++rated; });
  hub.publish("game.over", {{"id", "a"}});
  hub.publish("game.over", {{"id", "b"}});
  hub.flush();
  hub.flush();  // the news published by handlers
  EXPECT_EQ(rated.load(), 2);
  hub.stop();
  hub.publish("game.over", {{"id", "c"}});  // after the stop: dropped, no hang
  hub.flush();
  EXPECT_EQ(rated.load(), 2);
}

TEST(ServerHub, CountsListenersAndWakesTheOthersWhenOneComesOrGoes) {
  Hub hub;
  std::atomic<int> woken{0};
  const auto a = hub.subscribe("g1", [&] { ++woken; });
  EXPECT_EQ(woken.load(), 0);
  const auto b = hub.subscribe("g1", [] {});
  EXPECT_EQ(woken.load(), 1);  // a watcher came
  EXPECT_EQ(hub.listener_count("g1"), 2u);
  EXPECT_EQ(hub.listener_count("g2"), 0u);
  hub.unsubscribe("g1", b);
  EXPECT_EQ(woken.load(), 2);  // and went
  hub.unsubscribe("g1", a);
  EXPECT_EQ(hub.listener_count("g1"), 0u);
}

TEST(ServerThrottle, AllowsTheLimitInItsWindowThenSaysWhenToComeBack) {
  Throttle throttle(3, std::chrono::seconds(60));
  EXPECT_FALSE(throttle.take("a"));
  EXPECT_FALSE(throttle.take("a"));
  EXPECT_FALSE(throttle.check("a"));
  EXPECT_FALSE(throttle.take("a"));
  auto wait = throttle.take("a");
  ASSERT_TRUE(wait);
  EXPECT_GE(*wait, 1);
  EXPECT_LE(*wait, 61);
  EXPECT_TRUE(throttle.check("a"));
  EXPECT_FALSE(throttle.take("b"));  // another key has its own bound
  throttle.clear("a");
  EXPECT_FALSE(throttle.take("a"));
}

TEST(ServerAccounts, NameRules) {
  EXPECT_EQ(Accounts::name_problem("ab"), "");
  EXPECT_EQ(Accounts::name_problem("Ivan_Petrov-2"), "");
  EXPECT_EQ(Accounts::name_problem("12345678901234567890"), "");
  EXPECT_EQ(Accounts::name_problem("a"), "length");
  EXPECT_EQ(Accounts::name_problem("123456789012345678901"), "length");
  EXPECT_EQ(Accounts::name_problem("-ab"), "characters");
  EXPECT_EQ(Accounts::name_problem("a b"), "characters");
  EXPECT_EQ(Accounts::name_problem("a.b"), "characters");
  EXPECT_EQ(Accounts::name_problem("ADMIN"), "reserved");
  EXPECT_EQ(Accounts::name_problem("White"), "reserved");
}

TEST(ServerSpeed, ReckonsSpeedsAsLichessDoes) {
  EXPECT_EQ(speed_of(0, 0, 0), "");
  EXPECT_EQ(speed_of(60'000, 0, 0), "bullet");
  EXPECT_EQ(speed_of(120'000, 1'000, 0), "bullet");   // 160 s
  EXPECT_EQ(speed_of(180'000, 0, 0), "blitz");        // 180 s
  EXPECT_EQ(speed_of(180'000, 2'000, 0), "blitz");    // 260 s
  EXPECT_EQ(speed_of(300'000, 5'000, 0), "rapid");    // 500 s
  EXPECT_EQ(speed_of(900'000, 10'000, 0), "rapid");   // 1300 s
  EXPECT_EQ(speed_of(1'800'000, 0, 0), "classical");  // 1800 s
  EXPECT_EQ(speed_of(0, 0, 3), "correspondence");
}

}  // namespace
}  // namespace doska::server
