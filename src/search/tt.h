// The transposition table, shared by the search threads. Each entry is two 64-bit atomics, the
// key stored XOR-ed with the data, so a torn write is seen as a miss and never as wrong data.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "search/types.h"

namespace doska::search {

enum class Bound : std::uint8_t { none = 0, upper = 1, lower = 2, exact = 3 };

struct TTData {
  std::uint32_t move = 0;  // the game's move fingerprint; 0 = none
  Value value = 0;
  int depth = 0;
  Bound bound = Bound::none;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

  void resize(std::size_t megabytes) {
    std::size_t entries = megabytes * 1024 * 1024 / sizeof(Entry);
    std::size_t size = 1;
    while (size * 2 <= entries) size *= 2;
    entries_ = allocate(size);
    mask_ = size - 1;
    clear();
  }
  void clear() {
    for (std::size_t i = 0; i <= mask_; ++i) {
      entries_[i].key_xor_data.store(0, std::memory_order_relaxed);
      entries_[i].data.store(0, std::memory_order_relaxed);
    }
  }

  // Asks the memory for the entry of `key` ahead of its probe.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&entries_[key & mask_]); }

  bool probe(std::uint64_t key, TTData& out) const {
    const Entry& e = entries_[key & mask_];
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.key_xor_data.load(std::memory_order_relaxed) ^ data) != key) return false;
    out = unpack(data);
    return out.bound != Bound::none;
  }

  void store(std::uint64_t key, const TTData& in) {
    Entry& e = entries_[key & mask_];
    const std::uint64_t old = e.data.load(std::memory_order_relaxed);
    const bool same = (e.key_xor_data.load(std::memory_order_relaxed) ^ old) == key;
    // Keep a deeper entry of the same position unless the new one is exact.
    if (same && in.bound != Bound::exact && unpack(old).depth > in.depth + 2) return;
    TTData data = in;
    if (same && data.move == 0) data.move = unpack(old).move;
    const std::uint64_t packed = pack(data);
    e.data.store(packed, std::memory_order_relaxed);
    e.key_xor_data.store(key ^ packed, std::memory_order_relaxed);
  }

 private:
  struct Entry {
    std::atomic<std::uint64_t> key_xor_data{0};
    std::atomic<std::uint64_t> data{0};
  };
  static_assert(std::is_trivially_destructible_v<Entry>);
  struct Free {
    void operator()(Entry* p) const { std::free(p); }
  };
  using Entries = std::unique_ptr<Entry[], Free>;

  // The entries on 2 MB boundaries, and on Linux in huge pages where the kernel offers them
  // (transparent huge pages on request): a probe lands anywhere in the table, and with 4 KB pages
  // almost every probe of a table of tens of megabytes also misses the address cache, which costs
  // the search as much as the memory access itself (in a virtual machine more).
  static Entries allocate(std::size_t count) {
    constexpr std::size_t kHugePage = 2 * 1024 * 1024;
    const std::size_t bytes = count * sizeof(Entry);
    const std::size_t alignment = bytes >= kHugePage ? kHugePage : 64;
    void* raw = std::aligned_alloc(alignment, (bytes + alignment - 1) / alignment * alignment);
    if (!raw) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= kHugePage) madvise(raw, bytes, MADV_HUGEPAGE);  // a hint: refused is fine
#endif
    Entry* entries = static_cast<Entry*>(raw);
    std::uninitialized_default_construct_n(entries, count);
    return Entries(entries);
  }
  static std::uint64_t pack(const TTData& d) {
    return std::uint64_t{d.move} | std::uint64_t{static_cast<std::uint16_t>(d.value)} << 32 |
           std::uint64_t{static_cast<std::uint8_t>(d.depth)} << 48 |
           std::uint64_t{static_cast<std::uint8_t>(d.bound)} << 56;
  }
  static TTData unpack(std::uint64_t p) {
    TTData d;
    d.move = static_cast<std::uint32_t>(p);
    d.value = static_cast<std::int16_t>(static_cast<std::uint16_t>(p >> 32));
    d.depth = static_cast<std::uint8_t>(p >> 48);
    d.bound = static_cast<Bound>(static_cast<std::uint8_t>(p >> 56) & 3);
    return d;
  }

  Entries entries_;
  std::size_t mask_ = 0;
};

}  // namespace doska::search
