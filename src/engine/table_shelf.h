// Where the engines find the endgame databases (docs/egdb.md): a folder, and each game's
// database opened on first use and then shared read-only by every engine that holds the shelf
// (the server gives one shelf to all its engines, so the tables are in memory once).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "common/result.h"

namespace doska::engine {

class TableShelf {
 public:
  // The folder the CLI and the server use unless told otherwise.
  static constexpr const char* kDefaultDir = "data/egdb";

  // `memory`: bytes of tables each database may hold unpacked, for probes that read a byte
  // instead of unpacking a block (0: every table stays packed; docs/egdb.md).
  explicit TableShelf(std::string dir, std::uint64_t memory = 0)
      : dir_(std::move(dir)), memory_(memory) {}
  const std::string& dir() const { return dir_; }
  std::uint64_t memory() const { return memory_; }

  // The database of `game`, opened by `open` on first use; a damaged file stays an error.
  template <class Database>
  Result<std::shared_ptr<const Database>> get(
      const std::string& game, const std::function<Result<std::shared_ptr<Database>>()>& open) {
    std::lock_guard lock(mutex_);
    auto it = opened_.find(game);
    if (it == opened_.end()) {
      auto db = open();
      if (!db) return make_error(db.error());
      it = opened_.emplace(game, std::shared_ptr<const void>(std::move(*db))).first;
    }
    return std::static_pointer_cast<const Database>(it->second);
  }

  // Forgets the database of `game`, so that the next get() opens the folder again (a table was
  // added to it: the server's background build, docs/egdb.md). Engines that hold the shelf see
  // the generation change and take the new database before their next search; a search under
  // way keeps the one it has.
  void refresh(const std::string& game) {
    std::lock_guard lock(mutex_);
    opened_.erase(game);
    generation_.fetch_add(1);
  }
  std::uint64_t generation() const { return generation_.load(); }

 private:
  std::string dir_;
  std::uint64_t memory_ = 0;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const void>> opened_;
  std::atomic<std::uint64_t> generation_{0};
};

// One shelf a folder, for the engines of one run that may name different folders (a match's
// game threads, each with its own engines): engines that name the same folder share its tables,
// so a match with several games at once holds them in memory once.
class TableShelves {
 public:
  std::shared_ptr<TableShelf> at(const std::string& dir, std::uint64_t memory = 0) {
    std::lock_guard lock(mutex_);
    auto& shelf = shelves_[{dir, memory}];
    if (!shelf) shelf = std::make_shared<TableShelf>(dir, memory);
    return shelf;
  }

 private:
  std::mutex mutex_;
  std::map<std::pair<std::string, std::uint64_t>, std::shared_ptr<TableShelf>> shelves_;
};

}  // namespace doska::engine
