// The file of one endgame table (docs/egdb.md): one byte per index, stored compressed in blocks so
// that a probe reads and unpacks one block, with a header that names the game, the rules version
// and the material, and a checksum over the whole file. Shared by the draughts and mill databases.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/result.h"

namespace doska::egdb {

// One byte per position, from the side to move (docs/egdb.md, "Values"). A distance of 126 plies
// or more does not fit: its byte says "a long win" or "a long loss", and the table's list of long
// values holds the plies.
namespace code {
constexpr std::uint8_t kDraw = 0;
constexpr std::uint8_t kWinBase = 1;     // 1..126: a win in 0..125 plies
constexpr std::uint8_t kLongWin = 127;   // a win in the plies the list of long values gives
constexpr std::uint8_t kLossBase = 128;  // 128..253: a loss in 0..125 plies
constexpr std::uint8_t kLongLoss = 254;  // a loss in the plies the list gives
constexpr std::uint8_t kNone = 255;      // the index is not a position (pieces on one square)
constexpr int kShortPlies = 126;         // the distances a byte holds: 0..125
}  // namespace code

// An entry whose distance is in the list of long values, not in its byte.
struct LongValue {
  std::uint64_t index = 0;
  std::uint32_t plies = 0;
};

// What a build gives for one table: a byte per position and the long values, in any order (the
// passes add them from every thread; a Table sorts them by index).
struct TableValues {
  std::vector<std::uint8_t> bytes;
  std::vector<LongValue> longs;
};

enum class Outcome { loss = -1, draw = 0, win = 1 };

// The value of a position for the side to move: the outcome with best play and, for a win or a
// loss, the plies to the end of the game or to a capture or promotion that leaves the table
// ("distance to conversion").
struct Value {
  Outcome outcome = Outcome::draw;
  int plies = 0;

  // A long code decodes to 126 plies (at least); Table::value reads the list for the rest.
  static Value decode(std::uint8_t byte);
  std::uint8_t encode() const;  // 126 plies or more: the long code
  std::string text() const;     // "win 7", "loss 12", "draw"
  friend bool operator==(const Value&, const Value&) = default;
};

struct TableHeader {
  std::string game;               // the game id, e.g. "russian"
  int rules_version = 1;          // changes when a rule that decides values changes
  std::array<int, 4> material{};  // the game's piece counts, side to move first
  std::uint64_t entries = 0;
};

// A table in memory: either every byte unpacked (while building), or the packed blocks read from
// a file, unpacked on demand through a small cache.
class Table {
 public:
  static constexpr std::uint32_t kBlockEntries = 2048;
  // The most entries a file may say it has (a header that says more is refused as damaged).
  static constexpr std::uint64_t kMaxEntries = std::uint64_t{1} << 40;

  Table(TableHeader header, TableValues values);  // unpacked
  const TableHeader& header() const { return header_; }
  std::uint8_t at(std::uint64_t index) const;
  // Asks the memory for an unpacked table's byte ahead of a read (a hint only; none when packed).
  void prefetch(std::uint64_t index) const {
    if (index < values_.size()) __builtin_prefetch(values_.data() + index);
  }
  // The value at an index, its distance read from the long values where the byte says so; none
  // where the index is not a position.
  std::optional<Value> value(std::uint64_t index) const;
  const std::vector<LongValue>& long_values() const { return longs_; }
  // Every byte, unpacked (a copy when the table is packed; the blocks on `threads` threads).
  std::vector<std::uint8_t> unpacked(int threads = 1) const;
  std::uint64_t packed_bytes() const { return on_demand() ? data_size_ : data_.size(); }
  // Whether the values stay packed in blocks (a probe unpacks one), or are all in memory.
  bool packed() const { return cache_ != nullptr; }

  // Writes the table (packing it), to a temporary file renamed at the end: a file with the
  // final name is always complete. The blocks are packed on `threads` threads.
  Status save(const std::string& path, int threads = 1) const;
  // Reads and checks a file: magic, version, sizes, checksum; the error names the file and the
  // problem. `unpack` keeps every byte unpacked (for building larger tables from it).
  static Result<std::shared_ptr<Table>> load(const std::string& path, bool unpack);
  // The same from the bytes of a file; `name` goes into the messages.
  static Result<std::shared_ptr<Table>> parse(std::span<const std::uint8_t> bytes,
                                              const std::string& name, bool unpack);
  // Opens a file for probing without reading its blocks: the header, the long values and the
  // block table are read and checked, and each block is read from the file when a probe needs it
  // (through the cache), so that a large table costs neither the time to read it nor its memory.
  // The checksum of the whole file is not checked here (`doska egdb verify` and `load` do); a
  // block that cannot be read or does not unpack reads as "no value", never as a wrong one.
  static Result<std::shared_ptr<Table>> open(const std::string& path);
  // Whether the blocks are read from the file as probes need them.
  bool on_demand() const { return fd_ >= 0; }

  ~Table();
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

 private:
  Table() = default;
  // Reads the header, the long values and the block table of a file of `file_size` bytes from
  // its first bytes (all of them, or a part): where its blocks start, or, when `bytes` ends
  // before they do, how many first bytes are needed (`more`).
  struct Layout {
    std::uint64_t data_start = 0;
    std::uint64_t more = 0;
  };
  static Result<Layout> read_layout(std::span<const std::uint8_t> bytes, std::uint64_t file_size,
                                    const std::string& path, Table& table);
  struct CacheSlot {
    std::mutex mutex;
    std::uint64_t block = ~std::uint64_t{0};
    std::vector<std::uint8_t> bytes;
    std::vector<std::uint8_t> read;  // on demand: the packed block from the file
  };
  static constexpr int kCacheSlots =
      512;  // at most 1 MB a table (2 on demand), filled as probes come
  // `read`: where a block read from the file goes (on demand), kept by the caller from one block
  // to the next.
  void unpack_block(std::uint64_t block, std::vector<std::uint8_t>& out,
                    std::vector<std::uint8_t>& read) const;

  TableHeader header_;
  std::uint64_t block_entries_ = kBlockEntries;  // as the file says
  std::vector<std::uint8_t> values_;             // unpacked; empty when packed
  std::vector<std::uint64_t> offsets_;  // packed: block b is data_[offsets_[b] .. offsets_[b+1])
  std::vector<std::uint8_t> data_;      // the blocks; empty when they are read from the file
  int fd_ = -1;                         // on demand: the file, its blocks from `data_start_` on
  std::uint64_t data_start_ = 0;
  std::uint64_t data_size_ = 0;
  std::vector<LongValue> longs_;  // by index
  mutable std::unique_ptr<std::array<CacheSlot, kCacheSlots>> cache_;
};

// Files of up to this size are read whole when the engines open their tables (the checksum
// checked); larger ones are opened on demand (Table::open).
constexpr std::uint64_t kReadWholeBytes = std::uint64_t{8} << 20;

// A table's every byte in memory, from a packed one (the same values, probed without unpacking).
std::shared_ptr<Table> unpacked_copy(const Table& table, int threads = 1);
// The machine's cores (at least 1): the threads that unpack an engine's tables.
int machine_threads();

// FNV-1a 64 of a byte range.
std::uint64_t fnv1a(const std::uint8_t* bytes, std::size_t size,
                    std::uint64_t hash = 0xcbf29ce484222325ULL);

// A progress line for long builds: done/total and the time left at the rate so far, where the
// first `untimed` of the done ones took no time (the tables a resumed build found).
std::string progress_text(std::uint64_t done, std::uint64_t total, double seconds,
                          std::uint64_t untimed = 0);

}  // namespace doska::egdb
