// The event hub: what the rooms publish to and the event streams listen to. A room that changes
// something (a game, the lobby, a review, a live analysis) notifies the hub under the id of what
// changed; each stream subscribed to that id is woken and asks its room for the events it has not
// seen (GameService::poll_events). The rooms never call into the streams.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace doska::server {

struct Event {
  std::string name;   // "game", "info", "review", "seeks", "position", "analysis" or "done"
  std::string data;   // JSON
  bool last = false;  // the stream ends after it
};

// What an event stream has sent: the game's version, the computer's thinking and the review (a
// live analysis and the lobby use the same counters for their own events).
struct Seen {
  std::int64_t version = -1;
  std::int64_t info = 0;
  std::int64_t review = 0;
};

class Hub {
 public:
  // An event stream's wake-up: called after every change of what it follows, from whichever
  // thread made it, possibly with a room's lock held. It must not block or call back into the
  // rooms; it should post a poll to its own thread. The token unsubscribes.
  using Listener = std::function<void()>;
  std::uint64_t subscribe(const std::string& id, Listener listener);
  void unsubscribe(const std::string& id, std::uint64_t token);
  std::size_t listener_count() const;
  // Wakes every listener of `id` (lock order: a room's lock, then the hub's).
  void notify(const std::string& id);

 private:
  mutable std::mutex mutex_;
  std::uint64_t last_listener_ = 0;
  std::map<std::string, std::map<std::uint64_t, Listener>> listeners_;
};

}  // namespace doska::server
