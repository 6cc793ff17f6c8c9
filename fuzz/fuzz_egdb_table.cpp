// Feeds bytes to the reader of endgame table files (data/egdb/<game>/*.egdb, docs/egdb.md). A
// file that is refused must say why; one that is read must answer every probe, packed or not,
// with the same bytes. The same bytes as a file opened on demand (Table::open, no checksum to
// stop them): refused with a message, or answering every probe, as the whole read does where
// that reads it too.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "egdb/table_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using doska::egdb::Table;
  const std::vector<std::uint8_t> bytes(data, data + size);
  const std::string path = "/tmp/fuzz_egdb_table." + std::to_string(::getpid()) + ".egdb";
  {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  auto opened = Table::open(path);
  std::remove(path.c_str());  // the open file stays readable
  if (!opened && opened.error().empty()) {
    std::fprintf(stderr, "fuzz_egdb_table: open refused without a message\n");
    std::abort();
  }
  auto packed = Table::parse(bytes, "fuzz input", false);
  if (opened) {
    const std::uint64_t entries = (*opened)->header().entries;
    for (std::uint64_t i = 0; i < entries && i < 100000; i += 1 + i / 7) {
      const auto value = (*opened)->value(i);
      if (packed && value != (*packed)->value(i)) {
        std::fprintf(stderr, "fuzz_egdb_table: opened and read differ at %llu\n",
                     static_cast<unsigned long long>(i));
        std::abort();
      }
    }
  }
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
