// The tournaments' storage on SQLite and on PostgreSQL (storage_backends.h): a tournament written
// whole, written again over itself, and read back after the database is opened again.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/storage.h"
#include "storage_backends.h"

namespace doska::server {
namespace {

using test::Backend;

class ServerStorageTournaments : public test::StorageBackends {};

TEST_P(ServerStorageTournaments, WrittenWholeAndReadBackAfterReopening) {
  const std::string target_name = target("tournaments");
  {
    auto storage = Storage::open(target_name);
    ASSERT_TRUE(storage) << storage.error();
    ASSERT_TRUE((*storage)->save_tournament({"b2", "2026-11-29T10:00:01Z", "created", "{}"}));
    ASSERT_TRUE((*storage)->save_tournament({"a1", "2026-11-29T10:00:00Z", "created", "{}"}));
    ASSERT_TRUE(
        (*storage)->save_tournament({"a1", "2026-11-29T10:00:00Z", "started", "{\"n\":1}"}));
  }
  auto storage = Storage::open(target_name);
  ASSERT_TRUE(storage) << storage.error();
  auto rows = (*storage)->tournaments();
  ASSERT_TRUE(rows) << rows.error();
  ASSERT_EQ(rows->size(), 2u);
  EXPECT_EQ((*rows)[0].id, "a1");
  EXPECT_EQ((*rows)[0].status, "started");
  EXPECT_EQ((*rows)[0].data, "{\"n\":1}");
  EXPECT_EQ((*rows)[1].id, "b2");
  EXPECT_EQ((*rows)[1].created, "2026-11-29T10:00:01Z");
}

INSTANTIATE_TEST_SUITE_P(Backends, ServerStorageTournaments,
                         ::testing::Values(Backend::sqlite, Backend::postgres), test::backend_name);

}  // namespace
}  // namespace doska::server
