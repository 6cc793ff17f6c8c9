#include "server/hub/hub.h"

namespace doska::server {

std::uint64_t Hub::subscribe(const std::string& id, Listener listener) {
  std::lock_guard lock(mutex_);
  const std::uint64_t token = ++last_listener_;
  listeners_[id].emplace(token, std::move(listener));
  return token;
}

void Hub::unsubscribe(const std::string& id, std::uint64_t token) {
  std::lock_guard lock(mutex_);
  auto it = listeners_.find(id);
  if (it == listeners_.end()) return;
  it->second.erase(token);
  if (it->second.empty()) listeners_.erase(it);
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
