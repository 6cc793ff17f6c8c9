// The storage tests run on both back ends: SQLite (a file of this test process) and PostgreSQL (a
// database of its own in a throwaway cluster, never a mock). Under ctest the cluster is the one
// the fixture `postgres` started (tests/CMakeLists.txt; DOSKA_TEST_POSTGRES names its state
// folder); a test program run by hand starts one on first use and stops it when it exits.
// Without PostgreSQL's programs the tests fail and name the package to install.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>
#include <vector>

#include "server/db/db.h"
#include "server_process.h"

namespace doska::test {

enum class Backend { sqlite, postgres };

inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::sqlite ? "sqlite" : "postgres";
}

// GoogleTest's (and so ctest's) listing shows the back end by its name.
inline void PrintTo(Backend backend, std::ostream* out) {
  *out << (backend == Backend::sqlite ? "sqlite" : "postgres");
}

inline std::string postgres_cluster_script() {
  return std::string(DOSKA_SOURCE_DIR) + "/tests/support/postgres_cluster.sh";
}

// The cluster's admin URL (its database `postgres`), or why there is none.
inline Result<std::string> postgres_cluster_url() {
  // A cluster this process started, stopped at its exit.
  struct OwnCluster {
    std::string state;
    ~OwnCluster() {
      if (state.empty()) return;
      const std::string stop = "bash '" + postgres_cluster_script() + "' stop '" + state + "'";
      if (std::system(stop.c_str()) != 0)
        std::fprintf(stderr, "could not stop %s\n", state.c_str());
      std::error_code ignored;
      std::filesystem::remove_all(state, ignored);
    }
  };
  static OwnCluster own;
  static const Result<std::string> url = []() -> Result<std::string> {
    std::string state;
    if (const char* fixture = std::getenv("DOSKA_TEST_POSTGRES")) {
      state = fixture;
    } else {
      state = ::testing::TempDir() + "doska_postgres_" + std::to_string(getpid());
      own.state = state;
      const std::string start = "bash '" + postgres_cluster_script() + "' start '" + state + "'";
      if (std::system(start.c_str()) != 0)
        return make_error("no PostgreSQL cluster: " + postgres_cluster_script() +
                          " failed (its message above)");
    }
    std::ifstream in(state + "/url");
    std::string line;
    if (!std::getline(in, line) || line.empty())
      return make_error("no PostgreSQL cluster: no " + state +
                        "/url (did the ctest fixture postgres_cluster_start fail?)");
    return line;
  }();
  return url;
}

// A test's databases: SQLite files, or new PostgreSQL databases dropped after the test.
class StorageBackends : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    if (GetParam() != Backend::postgres) return;
    auto url = postgres_cluster_url();
    ASSERT_TRUE(url) << url.error();
    cluster_ = *url;
  }
  void TearDown() override {
    if (created_.empty()) return;
    auto admin = server::db::open(cluster_);
    ASSERT_TRUE(admin) << admin.error();
    for (const std::string& name : created_) {
      Status dropped = (*admin)->exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      EXPECT_TRUE(dropped) << dropped.error();
    }
  }

  // A fresh, empty database named after `name` (letters, digits and _): a file, or a URL.
  std::string target(const std::string& name) {
    if (GetParam() == Backend::sqlite) return temp_db(name);
    const std::string database = "doska_" + std::to_string(getpid()) + "_" + name;
    auto admin = server::db::open(cluster_);
    if (!admin) {
      ADD_FAILURE() << admin.error();
      return "";
    }
    for (const std::string& sql :
         {"DROP DATABASE IF EXISTS " + database + " WITH (FORCE)", "CREATE DATABASE " + database})
      if (Status s = (*admin)->exec(sql); !s) {
        ADD_FAILURE() << s.error();
        return "";
      }
    created_.push_back(database);
    return cluster_.substr(0, cluster_.rfind('/') + 1) + database;
  }

 private:
  std::string cluster_;
  std::vector<std::string> created_;
};

}  // namespace doska::test
