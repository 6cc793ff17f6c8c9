// Game review: every position of a game searched in the background, one at a time on the
// engines' analysis share, each result stored as it comes (a second look, or a look after a
// restart, reads them back) and published to the hub under the game's id. Refused (409) in a
// live game between two people. The game itself is the round's: the review reads it through
// Round::snapshot. Several servers on one database: the server that reviews announces each
// position it stores ("review <id> <ply>", then "done" or "failed"), and the others publish the
// stored entry to their own streams, so that a review's progress is seen through any server.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/engine_pool.h"
#include "server/hub/hub.h"
#include "server/requests.h"
#include "server/round/round.h"
#include "server/storage.h"

namespace doska::server {

class Review {
 public:
  Review(Storage& storage, EnginePool& pool, Hub& hub, Round& round);
  Review(const Review&) = delete;
  Review& operator=(const Review&) = delete;

  // Starts the review (or lets it go on); the answer is review(id).
  nlohmann::json start_review(const std::string& id, const ReviewRequest& request);
  // {"state": "none"|"running"|"done"|"partial", "total", "done", "ms", "positions": [...],
  // "moves": [...]} (docs/api.md).
  nlohmann::json review(const std::string& id);
  // The review's event newer than `seen.review` (updated here), if any.
  std::vector<Event> poll(const std::string& id, Seen& seen);
  void shut_down() { stopping_.store(true); }

 private:
  // The review under way of one game: its time per position, and what the streams send of it.
  struct Progress {
    bool running = false;
    int ms = 300;
    std::int64_t count = 0;
    std::string event;
    // Under way on another server (heard of at `heard`): it counts as running while its news
    // keeps coming, so that a server that died mid-review does not leave it running for ever.
    bool remote = false;
    std::chrono::steady_clock::time_point heard;
    bool running_now() const;
  };
  void review_next(const std::string& id);
  void review_failed(const std::string& id, const std::string& why);
  // Under mutex_: the review's next event, published (and announced to the other servers as
  // `news`, when it is this server's own).
  void publish(const std::string& id, Progress& progress, std::string event,
               const std::string& news = "");
  // Another server's news of a review (cluster.review): the stored entry of a ply, or its end.
  void heard(const std::string& id, const std::string& news);

  Storage& storage_;
  EnginePool& pool_;
  Hub& hub_;
  Round& round_;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::map<std::string, Progress> progress_;
};

}  // namespace doska::server
