// The endgame tables a server plays with, and their build in the background (docs/egdb.md,
// "A server's tables"): `doska serve --egdb-grow mill:9,russian:6` runs `doska egdb build` as a
// child process at the lowest priority, set after set; each finished table is taken by
// the engines before their next search (the shelf's refresh). A build is resumable by nature:
// a table on disk is kept, so a server that is stopped and started again goes on where it was.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "common/result.h"
#include "engine/table_shelf.h"

namespace doska::server {

// A set of tables to build: a mill game's folder ("mill" for mill and mixed mill, or
// "mill-ceylon") up to `pieces` a side, or a draughts game's up to `pieces` on the board.
struct GrowTarget {
  std::string game;
  int pieces = 0;
};

// "mill:9,mill-ceylon:6,russian:6" (the option's text); an error names the part that is wrong.
Result<std::vector<GrowTarget>> parse_grow_targets(std::string_view text);

struct TablesOptions {
  std::shared_ptr<engine::TableShelf> shelf;  // null: the server plays without tables
  std::vector<GrowTarget> grow;
  std::string program;  // the doska executable the builds run; "" = this process's own
  // Bytes of memory a build may take (its tables unpacked); 0 = half of the machine's.
  std::uint64_t memory = 0;
  std::function<void(const std::string&)> log;  // the server's log, a line at a time
};

class Tables {
 public:
  explicit Tables(TablesOptions options);
  ~Tables();
  Tables(const Tables&) = delete;
  Tables& operator=(const Tables&) = delete;

  // Starts the background builds (none without targets); stop() ends a build under way (the
  // table it was building is built again next time) and waits for it.
  void start();
  void stop();

  // GET /api/tables: the folder, and for each target its state, the pieces complete, the table
  // under way with its progress, and the tables finished by this server.
  nlohmann::json status() const;

 private:
  struct Growth {
    GrowTarget target;
    bool per_side = true;           // mill: pieces a side; draughts: on the board
    int planned = 0;                // the pieces the memory allows
    int step = 0;                   // the set under way: up to `step` pieces
    int complete = 0;               // every table up to this many a side is on disk
    std::string state = "waiting";  // waiting, building, done, failed, stopped
    std::string table;              // under way
    double percent = 0;             // of every table of the target, by positions
    int seconds_left = -1;
    std::string note, error;
    std::vector<nlohmann::json> built;  // {"table", "seconds"}: the tables this server built
  };

  void run();
  // The pieces a target can have in the memory allowed, and what is on disk already.
  void plan(std::size_t index);
  // Builds the set up to `pieces` (a child process); false if it failed or was stopped.
  bool build_step(std::size_t index, int pieces);
  void read_line(std::size_t index, const std::string& line, double seconds);
  void say(const std::string& line) const;
  // Bytes a build may hold: the option, or half of the machine's memory.
  std::uint64_t allowed_memory() const;

  TablesOptions options_;
  mutable std::mutex mutex_;
  std::vector<Growth> growths_;
  std::atomic<bool> stopping_{false};
  pid_t child_ = 0;  // under mutex_
  std::thread worker_;
};

}  // namespace doska::server
