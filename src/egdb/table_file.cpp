#include "egdb/table_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <sstream>
#include <thread>

#include "common/files.h"

namespace doska::egdb {

namespace {

constexpr char kMagic[8] = {'D', 'O', 'S', 'K', 'A', 'E', 'G', 'B'};
// Version 1: no long values (every file whose distances fit a byte is still written so);
// version 2: the list of long values after the block count.
constexpr std::uint32_t kFormatVersion = 1;
constexpr std::uint32_t kFormatWithLongs = 2;

template <typename T>
void put(std::vector<std::uint8_t>& out, T value) {
  std::uint8_t bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));  // little-endian hosts (amd64, arm64)
  out.insert(out.end(), bytes, bytes + sizeof(T));
}

// Reads fields in order; the first read past the end makes every later one fail.
class Reader {
 public:
  explicit Reader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
  template <typename T>
  bool get(T& value) {
    if (bytes_.size() - pos_ < sizeof(T)) return false;
    std::memcpy(&value, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }
  bool get_bytes(std::size_t n, std::string& out) {
    if (bytes_.size() - pos_ < n) return false;
    out.assign(reinterpret_cast<const char*>(bytes_.data() + pos_), n);
    pos_ += n;
    return true;
  }
  std::size_t pos() const { return pos_; }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t pos_ = 0;
};

// Reads `size` bytes at `offset` of an open file, however many calls it takes.
bool read_at(int fd, std::uint8_t* out, std::size_t size, std::uint64_t offset) {
  while (size > 0) {
    const ssize_t got = ::pread(fd, out, size, static_cast<off_t>(offset));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    out += got;
    size -= static_cast<std::size_t>(got);
    offset += static_cast<std::uint64_t>(got);
  }
  return true;
}

}  // namespace

std::shared_ptr<Table> unpacked_copy(const Table& table, int threads) {
  return std::make_shared<Table>(table.header(),
                                 TableValues{table.unpacked(threads), table.long_values()});
}

int machine_threads() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::uint64_t fnv1a(const std::uint8_t* bytes, std::size_t size, std::uint64_t hash) {
  for (std::size_t i = 0; i < size; ++i) {
    hash ^= bytes[i];
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

Value Value::decode(std::uint8_t byte) {
  if (byte >= code::kLossBase && byte != code::kNone)
    return {Outcome::loss, byte - code::kLossBase};
  if (byte >= code::kWinBase && byte < code::kLossBase)
    return {Outcome::win, byte - code::kWinBase};
  return {Outcome::draw, 0};
}

static_assert(code::kWinBase + code::kShortPlies == code::kLongWin);
static_assert(code::kLossBase + code::kShortPlies == code::kLongLoss);

std::uint8_t Value::encode() const {
  switch (outcome) {
    case Outcome::win:
      return static_cast<std::uint8_t>(code::kWinBase + std::min(plies, code::kShortPlies));
    case Outcome::loss:
      return static_cast<std::uint8_t>(code::kLossBase + std::min(plies, code::kShortPlies));
    case Outcome::draw:
      break;
  }
  return code::kDraw;
}

std::string Value::text() const {
  switch (outcome) {
    case Outcome::win:
      return "win " + std::to_string(plies);
    case Outcome::loss:
      return "loss " + std::to_string(plies);
    case Outcome::draw:
      break;
  }
  return "draw";
}

Table::Table(TableHeader header, TableValues values)
    : header_(std::move(header)),
      values_(std::move(values.bytes)),
      longs_(std::move(values.longs)) {
  header_.entries = values_.size();
  std::sort(longs_.begin(), longs_.end(),
            [](const LongValue& a, const LongValue& b) { return a.index < b.index; });
}

std::optional<Value> Table::value(std::uint64_t index) const {
  const std::uint8_t byte = at(index);
  if (byte == code::kNone) return std::nullopt;
  Value v = Value::decode(byte);
  if (byte == code::kLongWin || byte == code::kLongLoss) {
    const auto it =
        std::lower_bound(longs_.begin(), longs_.end(), index,
                         [](const LongValue& e, std::uint64_t i) { return e.index < i; });
    if (it != longs_.end() && it->index == index) v.plies = static_cast<int>(it->plies);
  }
  return v;
}

void Table::unpack_block(std::uint64_t block, std::vector<std::uint8_t>& out,
                         std::vector<std::uint8_t>& read) const {
  const std::uint64_t first = block * block_entries_;
  const std::uint64_t count = std::min<std::uint64_t>(block_entries_, header_.entries - first);
  out.resize(count);  // a cache slot's buffer keeps its memory from one block to the next
  const std::uint64_t packed_size = offsets_[block + 1] - offsets_[block];
  // On demand the blocks stay in the file (data_ is empty, and an offset into its null data()
  // would be undefined even if never read): the block is read into `read`.
  const std::uint8_t* packed = nullptr;
  if (on_demand()) {
    read.resize(packed_size);
    if (!read_at(fd_, read.data(), read.size(), data_start_ + offsets_[block])) {
      std::fill(out.begin(), out.end(), code::kNone);
      return;
    }
    packed = read.data();
  } else {
    packed = data_.data() + offsets_[block];
  }
  uLongf size = static_cast<uLongf>(count);
  if (uncompress(out.data(), &size, packed, static_cast<uLong>(packed_size)) != Z_OK ||
      size != count)
    std::fill(out.begin(), out.end(), code::kNone);
}

std::uint8_t Table::at(std::uint64_t index) const {
  if (index >= header_.entries) return code::kNone;
  if (!values_.empty()) return values_[index];
  const std::uint64_t block = index / block_entries_;
  // A second line behind read_layout's checks: a block the block table does not have is no value.
  if (block + 1 >= offsets_.size()) return code::kNone;
  CacheSlot& slot = (*cache_)[block % kCacheSlots];
  std::lock_guard lock(slot.mutex);
  if (slot.block != block) {
    unpack_block(block, slot.bytes, slot.read);
    slot.block = block;
  }
  return slot.bytes[index % block_entries_];
}

std::vector<std::uint8_t> Table::unpacked(int threads) const {
  if (!values_.empty() || header_.entries == 0) return values_;
  std::vector<std::uint8_t> out(header_.entries);
  const std::uint64_t blocks = offsets_.size() - 1;
  const std::uint64_t parts = std::clamp<std::uint64_t>(static_cast<std::uint64_t>(threads), 1,
                                                        std::max<std::uint64_t>(blocks, 1));
  auto work = [&](std::uint64_t part) {
    std::vector<std::uint8_t> bytes, read;
    for (std::uint64_t b = blocks * part / parts; b < blocks * (part + 1) / parts; ++b) {
      unpack_block(b, bytes, read);
      std::copy(bytes.begin(), bytes.end(),
                out.begin() + static_cast<std::ptrdiff_t>(b * block_entries_));
    }
  };
  std::vector<std::thread> pool;
  for (std::uint64_t p = 1; p < parts; ++p) pool.emplace_back(work, p);
  work(0);
  for (auto& t : pool) t.join();
  return out;
}

Status Table::save(const std::string& path, int threads) const {
  std::vector<std::uint8_t> copy;
  if (packed()) copy = unpacked();
  const std::vector<std::uint8_t>& values = packed() ? copy : values_;
  std::vector<std::uint8_t> out(kMagic, kMagic + 8);
  put(out, longs_.empty() ? kFormatVersion : kFormatWithLongs);
  put(out, static_cast<std::uint32_t>(header_.game.size()));
  out.insert(out.end(), header_.game.begin(), header_.game.end());
  put(out, static_cast<std::int32_t>(header_.rules_version));
  for (int m : header_.material) put(out, static_cast<std::int32_t>(m));
  put(out, static_cast<std::uint64_t>(values.size()));
  put(out, kBlockEntries);
  const std::uint64_t blocks = (values.size() + kBlockEntries - 1) / kBlockEntries;
  put(out, blocks);
  if (!longs_.empty()) {
    put(out, static_cast<std::uint64_t>(longs_.size()));
    for (const LongValue& e : longs_) {
      put(out, e.index);
      put(out, e.plies);
    }
  }
  // The blocks are packed in `parts` runs of consecutive blocks, one thread a run at a time.
  const std::uint64_t parts =
      std::min<std::uint64_t>(blocks, static_cast<std::uint64_t>(std::max(1, threads) * 8));
  std::vector<std::vector<std::uint8_t>> data(parts);
  std::vector<std::vector<std::uint64_t>> sizes(parts);  // of each block of the run
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> failed{false};
  auto work = [&] {
    std::vector<std::uint8_t> packed(compressBound(kBlockEntries));
    for (std::uint64_t part; (part = next.fetch_add(1)) < parts;) {
      for (std::uint64_t b = blocks * part / parts; b < blocks * (part + 1) / parts; ++b) {
        const std::uint64_t first = b * kBlockEntries;
        const std::uint64_t count = std::min<std::uint64_t>(kBlockEntries, values.size() - first);
        uLongf size = static_cast<uLongf>(packed.size());
        if (compress2(packed.data(), &size, values.data() + first, static_cast<uLong>(count), 6) !=
            Z_OK) {
          failed = true;
          return;
        }
        data[part].insert(data[part].end(), packed.begin(),
                          packed.begin() + static_cast<std::ptrdiff_t>(size));
        sizes[part].push_back(size);
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (failed) return make_error("cannot compress a block of " + path);
  std::uint64_t offset = 0;
  put(out, offset);
  for (const auto& run : sizes)
    for (std::uint64_t size : run) put(out, offset += size);
  for (const auto& run : data) out.insert(out.end(), run.begin(), run.end());
  put(out, fnv1a(out.data(), out.size()));

  return replace_file(path,
                      std::string_view(reinterpret_cast<const char*>(out.data()), out.size()));
}

Result<std::shared_ptr<Table>> Table::load(const std::string& path, bool unpack) {
  auto bytes = read_whole_file(path, "endgame table");
  if (!bytes) return make_error(bytes.error());
  return parse(std::span(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size()), path,
               unpack);
}

Result<Table::Layout> Table::read_layout(std::span<const std::uint8_t> bytes,
                                         std::uint64_t file_size, const std::string& path,
                                         Table& table) {
  auto bad = [&](const std::string& what) {
    return make_error("endgame table " + path + " is damaged: " + what);
  };
  if (file_size < 8 + 8 || bytes.size() < 8 || std::memcmp(bytes.data(), kMagic, 8) != 0)
    return bad("it does not start with DOSKAEGB");
  Reader in(bytes);
  std::string magic;
  in.get_bytes(8, magic);
  std::uint32_t version = 0, name_size = 0, block_entries = 0;
  if (!in.get(version)) return bad("truncated header");
  if (version != kFormatVersion && version != kFormatWithLongs)
    return bad("format version " + std::to_string(version) + ", this program reads " +
               std::to_string(kFormatVersion) + " and " + std::to_string(kFormatWithLongs));
  TableHeader& h = table.header_;
  std::int32_t rules = 0;
  std::array<std::int32_t, 4> material{};
  std::uint64_t entries = 0, blocks = 0;
  if (!in.get(name_size) || name_size > 64 || !in.get_bytes(name_size, h.game) || !in.get(rules) ||
      !in.get(material[0]) || !in.get(material[1]) || !in.get(material[2]) ||
      !in.get(material[3]) || !in.get(entries) || !in.get(block_entries) || !in.get(blocks))
    return bad("truncated header");
  if (block_entries < 256 || block_entries > 65536 || !std::has_single_bit(block_entries))
    return bad("block size " + std::to_string(block_entries));
  // No material has this many positions (the largest tables have a few times 2^32): a count
  // beyond it is a damaged header, and would overflow the sums below.
  if (entries > kMaxEntries)
    return bad("entry count " + std::to_string(entries) + " is more than any table has (at most " +
               std::to_string(kMaxEntries) + ")");
  // Rounded up without the sum that would overflow.
  if (blocks != entries / block_entries + (entries % block_entries != 0 ? 1 : 0))
    return bad("block count " + std::to_string(blocks) + " does not match the entry count " +
               std::to_string(entries));
  table.block_entries_ = block_entries;
  // The bytes the file has after `pos`, up to its checksum.
  const auto in_file = [&](std::size_t pos) {
    return file_size - 8 - std::min<std::uint64_t>(pos, file_size - 8);
  };
  std::uint64_t count = 0;
  if (version == kFormatWithLongs) {
    if (!in.get(count) || count == 0 || count > entries || in_file(in.pos()) / 12 < count)
      return bad("truncated list of long values");
  }
  const std::uint64_t longs_end = in.pos() + count * 12;
  if (in_file(longs_end) / 8 < blocks + 1) return bad("truncated block table");
  const std::uint64_t data_start = longs_end + (blocks + 1) * 8;
  if (bytes.size() < data_start) return Layout{0, data_start};
  table.longs_.resize(count);
  for (std::uint64_t k = 0; k < count; ++k) {
    LongValue& e = table.longs_[k];
    in.get(e.index);
    in.get(e.plies);
    if (e.index >= entries || (k > 0 && e.index <= table.longs_[k - 1].index) || e.plies < 2)
      return bad("long value " + std::to_string(k) + " out of order or out of range");
  }
  h.rules_version = rules;
  for (int i = 0; i < 4; ++i) h.material[static_cast<std::size_t>(i)] = material[i];
  h.entries = entries;
  table.offsets_.resize(blocks + 1);
  for (auto& o : table.offsets_) in.get(o);
  for (std::uint64_t b = 0; b < blocks; ++b)
    if (table.offsets_[b] > table.offsets_[b + 1]) return bad("block offsets out of order");
  if (table.offsets_.front() != 0 || table.offsets_.back() != file_size - 8 - data_start)
    return bad("block offsets do not match the file size");
  return Layout{data_start, 0};
}

Result<std::shared_ptr<Table>> Table::parse(std::span<const std::uint8_t> bytes,
                                            const std::string& path, bool unpack) {
  auto bad = [&](const std::string& what) {
    return make_error("endgame table " + path + " is damaged: " + what);
  };
  if (bytes.size() < 8 + 8 || std::memcmp(bytes.data(), kMagic, 8) != 0)
    return bad("it does not start with DOSKAEGB");
  std::uint64_t stored = 0;
  std::memcpy(&stored, bytes.data() + bytes.size() - 8, 8);
  if (fnv1a(bytes.data(), bytes.size() - 8) != stored) return bad("wrong checksum");
  auto table = std::shared_ptr<Table>(new Table());
  auto layout = read_layout(bytes, bytes.size(), path, *table);
  if (!layout) return make_error(layout.error());
  const std::uint64_t entries = table->header_.entries, blocks = table->offsets_.size() - 1;
  const std::uint64_t block_entries = table->block_entries_;
  table->data_.assign(bytes.begin() + static_cast<std::ptrdiff_t>(layout->data_start),
                      bytes.end() - 8);
  // For building, every block must unpack to its size; for probing, the checksum vouches for
  // the blocks (and a block that would not unpack reads as "no value", never as a wrong one).
  for (std::uint64_t b = 0; unpack && b < blocks; ++b) {
    const std::uint64_t count = std::min<std::uint64_t>(block_entries, entries - b * block_entries);
    std::vector<std::uint8_t> out(count);
    uLongf size = static_cast<uLongf>(count);
    if (uncompress(out.data(), &size, table->data_.data() + table->offsets_[b],
                   static_cast<uLong>(table->offsets_[b + 1] - table->offsets_[b])) != Z_OK ||
        size != count)
      return bad("block " + std::to_string(b) + " does not unpack");
    if (unpack) table->values_.insert(table->values_.end(), out.begin(), out.end());
  }
  if (unpack) {
    table->data_.clear();
    table->data_.shrink_to_fit();
    table->offsets_.clear();
  } else {
    table->cache_ = std::make_unique<std::array<CacheSlot, kCacheSlots>>();
  }
  return table;
}

Result<std::shared_ptr<Table>> Table::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return make_error("cannot read endgame table " + path);
  auto table = std::shared_ptr<Table>(new Table());
  table->fd_ = fd;  // closed with the table, also on an error below
  struct stat st {};
  if (::fstat(fd, &st) != 0) return make_error("cannot read endgame table " + path);
  const auto file_size = static_cast<std::uint64_t>(st.st_size);
  // The first bytes, then as many more as the long values and the block table take.
  std::vector<std::uint8_t> head(std::min<std::uint64_t>(file_size, 4096));
  for (int pass = 0; pass < 2; ++pass) {
    if (!read_at(fd, head.data(), head.size(), 0))
      return make_error("cannot read endgame table " + path);
    auto layout = read_layout(head, file_size, path, *table);
    if (!layout) return make_error(layout.error());
    if (layout->more == 0) {
      table->data_start_ = layout->data_start;
      table->data_size_ = file_size - 8 - layout->data_start;
      table->cache_ = std::make_unique<std::array<CacheSlot, kCacheSlots>>();
      return table;
    }
    head.resize(layout->more);
  }
  return make_error("endgame table " + path + " is damaged: its header keeps growing");
}

Table::~Table() {
  if (fd_ >= 0) ::close(fd_);
}

std::string progress_text(std::uint64_t done, std::uint64_t total, double seconds,
                          std::uint64_t untimed) {
  std::ostringstream out;
  const double fraction = total ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
  const int width = 30;
  const int filled = static_cast<int>(fraction * width);
  out << '[' << std::string(static_cast<std::size_t>(filled), '#')
      << std::string(static_cast<std::size_t>(width - filled), '.') << "] "
      << static_cast<int>(fraction * 100) << "% " << done << '/' << total;
  const double timed = static_cast<double>(done > untimed ? done - untimed : 0);
  if (timed > 0.001 * static_cast<double>(total) && seconds > 0.5) {
    const double left = static_cast<double>(total - std::min(done, total)) * seconds / timed;
    out << ", about " << static_cast<long>(left + 0.5) << " s left";
  }
  return out.str();
}

}  // namespace doska::egdb
