// The event hub: what the rooms publish to and the event streams listen to. A room that changes
// something (a game, the lobby, a review, a live analysis) notifies the hub under the id of what
// changed; each stream subscribed to that id is woken and asks its room for the events it has not
// seen (GameService::poll_events). The rooms never call into the streams.
//
// The hub also carries the rooms' news to each other, as a game server's modules publish to a bus
// (lichess's Bus): a room publishes a topic with a JSON payload ("game.over" from the round,
// "game.rated" from the ratings) and the rooms that subscribed to it at their start get it on the
// hub's own thread, one message at a time in the order published. So a room never calls into
// another, and a publisher never waits for a subscriber nor holds its locks while one runs.
#pragma once

#include <condition_variable>
#include <deque>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

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
  // A game's chat: the last line sent of each room (-1: none yet), whether the stream may read
  // the players' room (opened with a key of a side), and the number of watchers last sent.
  std::int64_t chat_players = -1;
  std::int64_t chat_watchers = -1;
  bool players_room = false;
  std::int64_t watchers = -1;
};

class Hub {
 public:
  Hub();
  ~Hub();
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  // An event stream's wake-up: called after every change of what it follows, from whichever
  // thread made it, possibly with a room's lock held. It must not block or call back into the
  // rooms; it should post a poll to its own thread. The token unsubscribes.
  using Listener = std::function<void()>;
  std::uint64_t subscribe(const std::string& id, Listener listener);
  void unsubscribe(const std::string& id, std::uint64_t token);
  std::size_t listener_count() const;
  // Listeners of `id` (of a game: its watchers' and players' streams).
  std::size_t listener_count(const std::string& id) const;
  // Wakes every listener of `id` (lock order: a room's lock, then the hub's). A stream's coming
  // or going wakes the others of its id too (the number of watchers changed).
  void notify(const std::string& id);

  // The rooms' news. Subscribe before anything is published (when the rooms are made); a
  // handler runs on the hub's thread and may publish in turn. Never blocks the publisher.
  using Handler = std::function<void(const nlohmann::json&)>;
  void on(const std::string& topic, Handler handler);
  void publish(const std::string& topic, nlohmann::json payload);
  // Delivers what was published, then stops the hub's thread (before the rooms go away);
  // later publications are dropped.
  void stop();
  // Waits until every message published so far has been handled (tests, shutdown).
  void flush();

 private:
  void deliver();

  mutable std::mutex mutex_;
  std::uint64_t last_listener_ = 0;
  std::map<std::string, std::map<std::uint64_t, Listener>> listeners_;

  std::mutex bus_mutex_;
  std::condition_variable bus_wake_, bus_idle_;
  std::map<std::string, std::vector<Handler>> handlers_;
  std::deque<std::pair<std::string, nlohmann::json>> queue_;
  bool stopping_ = false;
  bool handling_ = false;
  std::thread thread_;  // last: started once the rest is made
};

}  // namespace doska::server
