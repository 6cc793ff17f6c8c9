// Endgame databases of the mill family (docs/egdb.md): the exact value of every moving-phase
// position (both hands empty) with 3..N pieces a side, flying at 3 included, computed by
// retrograde analysis. Nine men's morris and mixed mill play the same moving phase and share
// one set of tables ("mill"); Ceylon mill, whose removal gives an extra turn, has its own.
//
// A table holds the positions with one material, the side to move's pieces first; colours play
// alike, so a position with Black to move is its table's position with the colours swapped.
// Index: one slot per class of positions under the board's 16 symmetries (egdb_index.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"
#include "egdb/retrograde.h"
#include "egdb/table_file.h"
#include "games/mill/position.h"
#include "games/mill/rules.h"

namespace doska::mill::egdb {

using doska::egdb::Outcome;
using doska::egdb::Value;

// 2: the index by the board's symmetries (version 1 tables held every position; build again).
constexpr int kRulesVersion = 2;
constexpr int kMaxPieces = 9;  // a side

struct Material {
  int own = 0, opp = 0;  // pieces on the board: the side to move's, the opponent's
  Material flipped() const { return {opp, own}; }
  std::string name() const;  // "p5-p4"
  friend bool operator==(const Material&, const Material&) = default;
};

// The folder name of a variant's tables: "mill" for mill and mill-mixed, else the id.
std::string table_game(const Rules& rules);
// Every material with 3..pieces a side, fewer pieces first.
std::vector<Material> materials(const Rules& rules, int pieces);
std::uint64_t table_size(Material m);
std::string table_path(const Rules& rules, const std::string& dir, Material m);
// The material of the table that holds a position of the moving phase (the side to move first).
Material material_of_table(const Position& pos);

class Database {
 public:
  static Result<std::shared_ptr<Database>> open(const Rules& rules, const std::string& dir,
                                                bool unpack = false) {
    return open_tables(rules, dir, unpack, nullptr);
  }
  // Only the tables of these materials, packed (a probe of one position and its moves reads a
  // few files, not the whole folder); complete_pieces() still counts every file in the folder.
  static Result<std::shared_ptr<Database>> open_only(const Rules& rules, const std::string& dir,
                                                     const std::vector<Material>& only) {
    return open_tables(rules, dir, false, &only);
  }
  explicit Database(const Rules& rules);

  const Rules& rules() const { return *rules_; }
  std::size_t table_count() const { return count_; }
  int largest_side() const { return largest_; }
  // The largest n such that every table with 3..n pieces a side is present (0: none).
  int complete_pieces() const;

  // The value for the side to move of a position with both hands empty, when a table holds it.
  std::optional<Value> probe(const Position& pos) const;
  // Where that value is: a table and an index, a value without a table (the game is over), or
  // nowhere.
  doska::egdb::Place place(const Position& pos) const;

  // Holds tables unpacked, most pieces first (where the placement's searches end), as long as
  // their bytes fit in `memory` (docs/egdb.md); the others stay packed.
  void unpack_within(std::uint64_t memory);

  void add(Material m, std::shared_ptr<const doska::egdb::Table> table);
  const doska::egdb::Table* table(Material m) const;

 private:
  static Result<std::shared_ptr<Database>> open_tables(const Rules& rules, const std::string& dir,
                                                       bool unpack,
                                                       const std::vector<Material>* only);
  const Rules* rules_;
  std::vector<std::shared_ptr<const doska::egdb::Table>> tables_;  // by own * 16 + opp
  std::vector<bool> in_folder_;  // by own * 16 + opp; empty: the tables open are the folder
  std::size_t count_ = 0;
  int largest_ = 0;
};

struct BuildOptions {
  int pieces = 4;     // a side
  int max_total = 0;  // when not 0: only the tables with at most this many pieces in all
  std::string dir = "data/egdb";
  int threads = 2;
  std::string from;  // verify: the table to start at, in build order ("p7-p6"); empty: the first
  // Distances from this many plies on go to the tables' lists of long values (as in draughts).
  int short_plies = doska::egdb::code::kShortPlies;
  std::function<void(const std::string&)> progress;
};

using doska::egdb::BuildReport;
using doska::egdb::VerifyReport;

Result<BuildReport> build(const Rules& rules, const BuildOptions& options);

Result<VerifyReport> verify(const Rules& rules, const BuildOptions& options);

}  // namespace doska::mill::egdb
