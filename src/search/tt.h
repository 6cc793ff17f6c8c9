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
    std::size_t buckets = megabytes * 1024 * 1024 / sizeof(Bucket);
    std::size_t size = 1;
    while (size * 2 <= buckets) size *= 2;
    buckets_ = allocate(size);
    mask_ = size - 1;
    clear();
  }
  void clear() {
    for (std::size_t i = 0; i <= mask_; ++i)
      for (Entry& e : buckets_[i].entries) {
        e.key_xor_data.store(0, std::memory_order_relaxed);
        e.data.store(0, std::memory_order_relaxed);
      }
    generation_ = 0;
  }
  // A new search: the entries of earlier ones are the first to give way.
  void new_search() { generation_ = (generation_ + 1) & kGenerationMask; }

  // Asks the memory for the bucket of `key` (one cache line) ahead of its probe.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[key & mask_]); }

  bool probe(std::uint64_t key, TTData& out) const {
    for (const Entry& e : buckets_[key & mask_].entries) {
      const std::uint64_t data = e.data.load(std::memory_order_relaxed);
      if ((e.key_xor_data.load(std::memory_order_relaxed) ^ data) != key) continue;
      out = unpack(data);
      return out.bound != Bound::none;
    }
    return false;
  }

  // The entry of the same position if the bucket has it, else the one worth least: the
  // shallowest, an entry of an earlier search counting as 8 plies shallower for each search since.
  void store(std::uint64_t key, const TTData& in) {
    Bucket& bucket = buckets_[key & mask_];
    Entry* victim = &bucket.entries[0];
    std::uint64_t old = 0;
    bool same = false;
    int worth = 1 << 30;
    for (Entry& e : bucket.entries) {
      const std::uint64_t data = e.data.load(std::memory_order_relaxed);
      if ((e.key_xor_data.load(std::memory_order_relaxed) ^ data) == key) {
        victim = &e, old = data, same = true;
        break;
      }
      const int age = (generation_ - generation_of(data)) & kGenerationMask;
      const int w = unpack(data).depth - 8 * age;
      if (w < worth) victim = &e, worth = w;
    }
    // Keep a deeper entry of the same position unless the new one is exact.
    if (same && in.bound != Bound::exact && unpack(old).depth > in.depth + 2) return;
    TTData data = in;
    if (same && data.move == 0) data.move = unpack(old).move;
    const std::uint64_t packed = pack(data) | std::uint64_t{generation_} << 58;
    victim->data.store(packed, std::memory_order_relaxed);
    victim->key_xor_data.store(key ^ packed, std::memory_order_relaxed);
  }

 private:
  struct Entry {
    std::atomic<std::uint64_t> key_xor_data{0};
    std::atomic<std::uint64_t> data{0};
  };
  // Four entries to a 64-byte line: a probe reads one line.
  struct alignas(64) Bucket {
    Entry entries[4];
  };
  static_assert(sizeof(Bucket) == 64);
  static_assert(std::is_trivially_destructible_v<Bucket>);
  static constexpr unsigned kGenerationMask = 63;  // six bits, above the bound's two
  static unsigned generation_of(std::uint64_t data) {
    return static_cast<unsigned>(data >> 58) & kGenerationMask;
  }
  struct Free {
    void operator()(Bucket* p) const { std::free(p); }
  };
  using Buckets = std::unique_ptr<Bucket[], Free>;

  // The buckets on 2 MB boundaries, and on Linux in huge pages where the kernel offers them
  // (transparent huge pages on request): a probe lands anywhere in the table, and with 4 KB pages
  // almost every probe of a table of tens of megabytes also misses the address cache, which costs
  // the search as much as the memory access itself (in a virtual machine more).
  static Buckets allocate(std::size_t count) {
    constexpr std::size_t kHugePage = 2 * 1024 * 1024;
    const std::size_t bytes = count * sizeof(Bucket);
    const std::size_t alignment = bytes >= kHugePage ? kHugePage : 64;
    void* raw = std::aligned_alloc(alignment, (bytes + alignment - 1) / alignment * alignment);
    if (!raw) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= kHugePage) madvise(raw, bytes, MADV_HUGEPAGE);  // a hint: refused is fine
#endif
    Bucket* buckets = static_cast<Bucket*>(raw);
    std::uninitialized_default_construct_n(buckets, count);
    return Buckets(buckets);
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

  Buckets buckets_;
  std::size_t mask_ = 0;
  unsigned generation_ = 0;
};

}  // namespace doska::search
