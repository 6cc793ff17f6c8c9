// Where the engines find the endgame databases (docs/egdb.md): a folder, and each game's
// database opened on first use and then shared read-only by every engine that holds the shelf
// (the server gives one shelf to all its engines, so the tables are in memory once).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "common/result.h"

namespace doska::engine {

class TableShelf {
 public:
  // The folder the CLI and the server use unless told otherwise.
  static constexpr const char* kDefaultDir = "data/egdb";

  explicit TableShelf(std::string dir) : dir_(std::move(dir)) {}
  const std::string& dir() const { return dir_; }

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

 private:
  std::string dir_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const void>> opened_;
};

// One shelf a folder, for the engines of one run that may name different folders (a match's
// game threads, each with its own engines): engines that name the same folder share its tables,
// so a match with several games at once holds them in memory once.
class TableShelves {
 public:
  std::shared_ptr<TableShelf> at(const std::string& dir) {
    std::lock_guard lock(mutex_);
    auto& shelf = shelves_[dir];
    if (!shelf) shelf = std::make_shared<TableShelf>(dir);
    return shelf;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<TableShelf>> shelves_;
};

}  // namespace doska::engine
