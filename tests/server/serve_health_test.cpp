// GET /healthz on `doska serve`, for a proxy's checks: 200 while the database answers, 503 with
// the database's message when it does not (a real PostgreSQL database dropped under the server).
#include <gtest/gtest.h>

#include <string>

#include "api_fixture.h"
#include "storage_backends.h"

namespace doska::test {
namespace {

class HealthOnABackend : public StorageBackends {};

TEST_P(HealthOnABackend, AnswersOkWhileTheDatabaseAnswers) {
  ServerProcess server(target("health_ok"));
  ASSERT_GT(server.port(), 0) << "doska serve did not start";
  Api api(server.port());
  auto answer = api.client().Get("/healthz");
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->status, 200) << answer->body;
  EXPECT_EQ(json::parse(answer->body, nullptr, false), json({{"status", "ok"}}));
  EXPECT_FALSE(answer->has_header("Set-Cookie"));
  EXPECT_EQ(answer->get_header_value("Cache-Control"), "no-store");
  // Not throttled: asked far more often than any per-address bound of the API.
  for (int i = 0; i < 300; ++i) {
    auto again = api.client().Get("/healthz");
    ASSERT_TRUE(again);
    ASSERT_EQ(again->status, 200) << again->body;
  }
  auto post = api.client().Post("/healthz", "", "application/json");
  ASSERT_TRUE(post);
  EXPECT_EQ(post->status, 405);
  EXPECT_EQ(server.stop(), 0);
}

INSTANTIATE_TEST_SUITE_P(Backends, HealthOnABackend,
                         ::testing::Values(Backend::sqlite, Backend::postgres), backend_name);

// A PostgreSQL database that goes away under a running server, and comes back.
class HealthOfPostgres : public StorageBackends {};

TEST_P(HealthOfPostgres, AnswersUnavailableWhenTheDatabaseIsGone) {
  const std::string url = target("health_gone");
  ServerProcess server(url);
  ASSERT_GT(server.port(), 0) << "doska serve did not start";
  Api api(server.port());
  ASSERT_EQ(api.get("/healthz").status, 200);

  const std::string admin_url = url.substr(0, url.rfind('/') + 1) + "postgres";
  const std::string database = url.substr(url.rfind('/') + 1);
  auto admin = server::db::open(admin_url);
  ASSERT_TRUE(admin) << admin.error();
  ASSERT_TRUE((*admin)->exec("DROP DATABASE " + database + " WITH (FORCE)"));
  // The first question finds the connection cut; the next, trying to connect again, hears that
  // the database does not exist.
  Answer cut = api.get("/healthz");
  EXPECT_EQ(cut.status, 503) << cut.text;
  EXPECT_EQ(cut.body["status"], "unavailable") << cut.text;
  EXPECT_EQ(cut.body["error"].get<std::string>().rfind("database: ", 0), 0u) << cut.text;
  Answer gone = api.get("/healthz");
  EXPECT_EQ(gone.status, 503) << gone.text;
  EXPECT_NE(gone.body["error"].get<std::string>().find(database), std::string::npos) << gone.text;

  ASSERT_TRUE((*admin)->exec("CREATE DATABASE " + database));
  Answer back = api.get("/healthz");
  EXPECT_EQ(back.status, 200) << back.text;
  EXPECT_EQ(server.stop(), 0);
}

INSTANTIATE_TEST_SUITE_P(Backends, HealthOfPostgres, ::testing::Values(Backend::postgres),
                         backend_name);

}  // namespace
}  // namespace doska::test
