// Feeds bytes to the reader of endgame table files (data/egdb/<game>/*.egdb, docs/egdb.md). A
// file that is refused must say why; one that is read must answer every probe, packed or not,
// with the same bytes.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "egdb/table_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using doska::egdb::Table;
  const std::vector<std::uint8_t> bytes(data, data + size);
  auto packed = Table::parse(bytes, "fuzz input", false);
  auto unpacked = Table::parse(bytes, "fuzz input", true);
  if (!packed || !unpacked) {
    if ((!packed && packed.error().empty()) || (!unpacked && unpacked.error().empty())) {
      std::fprintf(stderr, "fuzz_egdb_table: refused without a message\n");
      std::abort();
    }
    return 0;
  }
  const std::uint64_t entries = (*unpacked)->header().entries;
  for (std::uint64_t i = 0; i < entries && i < 100000; i += 1 + i / 7)
    if ((*packed)->at(i) != (*unpacked)->at(i) || (*packed)->value(i) != (*unpacked)->value(i)) {
      std::fprintf(stderr, "fuzz_egdb_table: packed and unpacked differ at %llu\n",
                   static_cast<unsigned long long>(i));
      std::abort();
    }
  return 0;
}
