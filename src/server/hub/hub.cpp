#include "server/hub/hub.h"

namespace doska::server {

Hub::Hub() : thread_([this] { deliver(); }) {}

Hub::~Hub() {
  stop();
}

std::uint64_t Hub::subscribe(const std::string& id, Listener listener) {
  std::lock_guard lock(mutex_);
  const std::uint64_t token = ++last_listener_;
  auto& listeners = listeners_[id];
  listeners.emplace(token, std::move(listener));
  for (const auto& [other, wake] : listeners)
    if (other != token) wake();
  return token;
}

void Hub::unsubscribe(const std::string& id, std::uint64_t token) {
  std::lock_guard lock(mutex_);
  auto it = listeners_.find(id);
  if (it == listeners_.end()) return;
  it->second.erase(token);
  if (it->second.empty()) {
    listeners_.erase(it);
    return;
  }
  for (const auto& [other, wake] : it->second) wake();
}

std::size_t Hub::listener_count(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = listeners_.find(id);
  return it == listeners_.end() ? 0 : it->second.size();
}

void Hub::on(const std::string& topic, Handler handler) {
  std::lock_guard lock(bus_mutex_);
  handlers_[topic].push_back(std::move(handler));
}

void Hub::publish(const std::string& topic, nlohmann::json payload) {
  {
    std::lock_guard lock(bus_mutex_);
    if (stopping_) return;
    queue_.emplace_back(topic, std::move(payload));
  }
  bus_wake_.notify_one();
}

void Hub::deliver() {
  std::unique_lock lock(bus_mutex_);
  for (;;) {
    bus_wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and everything delivered
    auto [topic, payload] = std::move(queue_.front());
    queue_.pop_front();
    handling_ = true;
    std::vector<Handler> handlers;
    if (auto it = handlers_.find(topic); it != handlers_.end()) handlers = it->second;
    lock.unlock();
    for (const Handler& handle : handlers) {
      try {
        handle(payload);
      } catch (const std::exception&) {
        // A room that cannot act on news keeps its own state; the others still hear it.
      }
    }
    lock.lock();
    handling_ = false;
    bus_idle_.notify_all();
  }
}

void Hub::flush() {
  std::unique_lock lock(bus_mutex_);
  bus_idle_.wait(lock, [&] { return (queue_.empty() && !handling_) || !thread_.joinable(); });
}

void Hub::stop() {
  {
    std::lock_guard lock(bus_mutex_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
  }
  bus_wake_.notify_all();
  if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
  bus_idle_.notify_all();
}

std::size_t Hub::listener_count() const {
  std::lock_guard lock(mutex_);
  std::size_t n = 0;
  for (const auto& [id, listeners] : listeners_) n += listeners.size();
  return n;
}

void Hub::notify(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = listeners_.find(id);
  if (it == listeners_.end()) return;
  for (const auto& [token, listener] : it->second) listener();
}

}  // namespace doska::server
