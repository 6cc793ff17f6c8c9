// A bound on how often one key (an address, a name, a writer) may do something: at most `limit`
// times in a sliding window. Thread-safe; forgets keys whose window has passed, so that a flood of
// new keys cannot grow it without end.
#pragma once

#include <chrono>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace doska::server {

class Throttle {
 public:
  using Clock = std::chrono::steady_clock;
  Throttle(int limit, std::chrono::seconds window) : limit_(limit), window_(window) {}

  // Counts one use of `key` if there is room and answers nothing; else the whole seconds until
  // there is (for Retry-After), counting nothing.
  std::optional<int> take(const std::string& key) {
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    forget_old(now);
    auto& uses = uses_[key];
    while (!uses.empty() && now - uses.front() >= window_) uses.pop_front();
    if (static_cast<int>(uses.size()) >= limit_) {
      const auto wait =
          std::chrono::duration_cast<std::chrono::seconds>(uses.front() + window_ - now);
      return std::max(1, static_cast<int>(wait.count()) + 1);
    }
    uses.push_back(now);
    return std::nullopt;
  }
  // Whether `key` is over its bound now, counting nothing.
  std::optional<int> check(const std::string& key) {
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    auto it = uses_.find(key);
    if (it == uses_.end()) return std::nullopt;
    auto& uses = it->second;
    while (!uses.empty() && now - uses.front() >= window_) uses.pop_front();
    if (static_cast<int>(uses.size()) < limit_) return std::nullopt;
    const auto wait =
        std::chrono::duration_cast<std::chrono::seconds>(uses.front() + window_ - now);
    return std::max(1, static_cast<int>(wait.count()) + 1);
  }
  void clear(const std::string& key) {
    std::lock_guard lock(mutex_);
    uses_.erase(key);
  }

 private:
  void forget_old(Clock::time_point now) {
    if (uses_.size() < 10000) return;
    std::erase_if(uses_, [&](const auto& entry) {
      return entry.second.empty() || now - entry.second.back() >= window_;
    });
  }

  int limit_;
  std::chrono::seconds window_;
  std::mutex mutex_;
  std::map<std::string, std::deque<Clock::time_point>> uses_;
};

}  // namespace doska::server
