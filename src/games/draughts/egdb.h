// Endgame databases of the draughts family (docs/egdb.md): the exact value of every position with
// few pieces, computed by retrograde analysis under the game's own rules (capture precedence,
// promotion, giveaway's inverted goal), one table per material.
//
// A table holds the positions with one material, White to move: a position with Black to move is
// looked up turned half a turn with the colours swapped (the board's one symmetry), so that the
// side to move's pieces always go up the board. Index: the side to move's men (never on their
// promotion row), the opponent's men (never on theirs), then each side's kings on the squares the
// men leave free, each group in the combinatorial number system.
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
#include "games/draughts/position.h"
#include "games/draughts/rules.h"

namespace doska::draughts::egdb {

using doska::egdb::Outcome;
using doska::egdb::Value;

// Bumped when a rule that decides a value changes: older files are then refused.
constexpr int kRulesVersion = 1;
constexpr int kMaxPieces = 8;

// The pieces of the side to move first.
struct Material {
  int own_men = 0, own_kings = 0, opp_men = 0, opp_kings = 0;

  int pieces() const { return own_men + own_kings + opp_men + opp_kings; }
  Material flipped() const { return {opp_men, opp_kings, own_men, own_kings}; }
  std::string name() const;  // "m2k1-m1k0": side to move, then the opponent
  friend bool operator==(const Material&, const Material&) = default;
};

// Every material with 1..pieces pieces on each side and at most `pieces` in all, in build order:
// fewer pieces first, then fewer men (a capture or a promotion leads to a table built before).
std::vector<Material> materials(int pieces);
// Positions in a material's table (some indices are not positions: two pieces on one square).
std::uint64_t table_size(const Rules& rules, Material m);
std::string table_path(const Rules& rules, const std::string& dir, Material m);

// The tables of one game found in a folder, read-only once open; probes from many threads.
class Database {
 public:
  // Every table file of the game in dir/<game>/; a missing folder is an empty database, a
  // damaged file an error naming it. `unpack`: every byte in memory (for building).
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
  // The largest n such that every table with at most n pieces is present (0: none).
  int complete_pieces() const { return complete_; }
  std::size_t table_count() const { return count_; }
  int largest_pieces() const { return largest_; }
  std::uint64_t packed_bytes() const;

  // The value of the position for its side to move, when its material has a table.
  std::optional<Value> probe(const Position& pos) const;

  // Holds tables unpacked, fewest pieces first (the endings the search reaches most), as long as
  // their bytes fit in `memory` (docs/egdb.md); the others stay packed.
  void unpack_within(std::uint64_t memory);

  void add(Material m, std::shared_ptr<const doska::egdb::Table> table);
  const doska::egdb::Table* table(Material m) const;

 private:
  static Result<std::shared_ptr<Database>> open_tables(const Rules& rules, const std::string& dir,
                                                       bool unpack,
                                                       const std::vector<Material>* only);
  static int slot(Material m) {
    return ((m.own_men * 9 + m.own_kings) * 9 + m.opp_men) * 9 + m.opp_kings;
  }
  void update_complete();
  // Whether the folder has a file for the material (the tables open, or every file of the folder
  // when only some were opened).
  bool present(Material m) const;

  std::vector<bool> in_folder_;  // by slot(); empty: the tables open are the folder

  const Rules* rules_;
  std::vector<std::shared_ptr<const doska::egdb::Table>> tables_;  // by slot()
  std::size_t count_ = 0;
  int complete_ = 0;
  int largest_ = 0;
};

// The position as its table sees it: the side to move is White (turned half a turn otherwise).
Position to_move_up(const Rules& rules, const Position& pos);
// The material of the table that holds the position (the side to move first).
Material material_of_table(const Rules& rules, const Position& pos);

struct BuildOptions {
  int pieces = 4;
  std::string dir = "data/egdb";
  int threads = 2;
  // When not empty: only the tables these materials need (themselves, their colour twins, and
  // what their captures and promotions lead to), for tests and for one ending of interest.
  std::vector<Material> only;
  // Keep the smaller tables packed in memory while building (a probe unpacks one block), instead
  // of every byte: slower, but less memory (docs/egdb.md).
  bool packed = false;
  // Otherwise the tables a build reads are unpacked, fewest pieces first, as long as their bytes
  // stay within this budget; the rest stay packed (a 7-piece build on 8x8 holds about 2.6 GB of
  // smaller tables and tens of GB of its own; the pair being solved needs up to 6 GB beside the
  // budget, and saving a table a copy of it).
  std::uint64_t memory_budget = std::uint64_t{8} << 30;
  // Distances from this many plies on are kept in each table's list of long values (126: those a
  // byte cannot hold; tests lower it to exercise the list on small tables).
  int short_plies = doska::egdb::code::kShortPlies;
  // verify: start at the table of this name ("m2k3-m2k0"), in build order, leaving out those
  // before it, so that a verify of hours can be done in parts (its progress names each table).
  std::string from;
  // A line of progress now and then (build, verify).
  std::function<void(const std::string&)> progress;
};

using doska::egdb::BuildReport;
using doska::egdb::VerifyReport;

// Builds every table with at most `pieces` pieces that is not already in the folder.
Result<BuildReport> build(const Rules& rules, const BuildOptions& options);

// Checks every stored value against the values of its successors.
Result<VerifyReport> verify(const Rules& rules, const BuildOptions& options);

}  // namespace doska::draughts::egdb
