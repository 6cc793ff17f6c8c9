// `doska serve --egdb-grow`: the mill and draughts tables built in the background by a real server
// (docs/egdb.md, "A server's tables"), their progress at GET /api/tables, a server stopped in the
// middle going on where it was, and the option's bad values refused with a message.
#include <httplib.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include "server/server_process.h"
#include "support/scratch_dir.h"

namespace doska::test {
namespace {

using nlohmann::json;

json tables_status(int port) {
  httplib::Client client("127.0.0.1", port);
  auto r = client.Get("/api/tables");
  if (!r || r->status != 200) return json();
  return json::parse(r->body, nullptr, false);
}

// Polls until no target is "waiting" or "building" (at most a few minutes: the tables of 3..4 a
// side and of up to 4 pieces take seconds); `most_building`: the most targets seen building at
// once (one build at a time).
json wait_until_settled(int port, int* most_building = nullptr) {
  json status;
  for (int i = 0; i < 1200; ++i) {
    status = tables_status(port);
    const auto& growing = status.value("growing", json::array());
    bool settled = !growing.empty();
    int building = 0;
    for (const json& g : growing) {
      const std::string state = g.value("state", "");
      settled = settled && state != "waiting" && state != "building";
      building += state == "building" ? 1 : 0;
    }
    if (most_building) *most_building = std::max(*most_building, building);
    if (settled) return status;
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  return status;
}

std::string fresh_dir(const std::string& name) {
  const std::string dir = scratch_dir() + name;
  std::filesystem::remove_all(dir);
  return dir;
}

// A server on an empty folder `dir` growing `grow`, until its builds settle; its last status.
json grow_on_empty(const std::string& dir, const std::string& name, const std::string& grow,
                   int* most_building = nullptr) {
  ServerProcess server(temp_db(name), "/nonexistent-web-dir", {"--egdb", dir, "--egdb-grow", grow});
  if (server.port() <= 0) return json();
  return wait_until_settled(server.port(), most_building);
}

TEST(TablesApi, ServerBuildsTheMillTablesInTheBackground) {
  const std::string dir = fresh_dir("grow-tables");
  const json status = grow_on_empty(dir, "grow-tables", "mill-mixed:4");
  ASSERT_EQ(status["dir"], dir) << status.dump();
  ASSERT_EQ(status["growing"].size(), 1u) << status.dump();
  const json& mill = status["growing"][0];
  EXPECT_EQ(mill["game"], "mill") << "mixed mill shares the tables of mill";
  EXPECT_EQ(mill["state"], "done") << mill.dump();
  EXPECT_EQ(mill["target"], 4);
  EXPECT_EQ(mill["planned"], 4);
  EXPECT_EQ(mill["step"], 4) << "the last set built: 3..4 a side";
  EXPECT_EQ(mill["complete"], 4);
  EXPECT_EQ(mill["percent"], 100);
  ASSERT_EQ(mill["built"].size(), 4u) << mill.dump();
  for (const char* table : {"p3-p3", "p3-p4", "p4-p3", "p4-p4"})
    EXPECT_TRUE(std::filesystem::exists(dir + "/mill/" + table + ".egdb")) << table;

  // Started again: nothing left to build, nothing built twice.
  ServerProcess again(temp_db("grow-tables"), "/nonexistent-web-dir",
                      {"--egdb", dir, "--egdb-grow", "mill:4"});
  const json second = wait_until_settled(again.port());
  EXPECT_EQ(second["growing"][0]["state"], "done") << second.dump();
  EXPECT_EQ(second["growing"][0]["complete"], 4);
  EXPECT_TRUE(second["growing"][0]["built"].empty()) << second.dump();
}

// Draughts tables grow too, counted by the pieces on the board; with two targets each next set is
// the one with the fewest positions left, so both games' tables are whole at the end.
TEST(TablesApi, ServerBuildsDraughtsTablesBesideTheMillOnes) {
  const std::string dir = fresh_dir("grow-draughts");
  int most_building = 0;
  const json status = grow_on_empty(dir, "grow-draughts", "mill:3,russian:4", &most_building);
  EXPECT_LE(most_building, 1) << "one set is built at a time; the other target waits";
  ASSERT_EQ(status["growing"].size(), 2u) << status.dump();
  const json& mill = status["growing"][0];
  const json& russian = status["growing"][1];
  EXPECT_EQ(mill["state"], "done") << mill.dump();
  EXPECT_EQ(mill["count"], "side");
  EXPECT_EQ(russian["game"], "russian");
  EXPECT_EQ(russian["count"], "board");
  EXPECT_EQ(russian["state"], "done") << russian.dump();
  EXPECT_EQ(russian["complete"], 4);
  EXPECT_EQ(russian["step"], 4) << "the last set built: up to 4 pieces";
  EXPECT_EQ(russian["percent"], 100);
  // 2, 3 and 4 pieces: every material with a piece a side at least (m0k1-m0k1 ... m3k0-m1k0).
  EXPECT_GE(russian["built"].size(), 10u) << russian.dump();
  for (const char* table : {"m0k1-m0k1", "m1k0-m1k0", "m2k1-m0k1", "m0k3-m1k0"})
    EXPECT_TRUE(std::filesystem::exists(dir + "/russian/" + table + ".egdb")) << table;
  EXPECT_TRUE(std::filesystem::exists(dir + "/mill/p3-p3.egdb"));
}

TEST(TablesApi, AServerKilledInTheMiddleGoesOnWhereItWas) {
  const std::string dir = fresh_dir("grow-resume");
  {
    ServerProcess server(temp_db("grow-resume"), "/nonexistent-web-dir",
                         {"--egdb", dir, "--egdb-grow", "mill:4"});
    ASSERT_GT(server.port(), 0);
    // Until the first table is on disk, then no chance to finish anything.
    for (int i = 0; i < 1200 && !std::filesystem::exists(dir + "/mill/p3-p3.egdb"); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    server.kill_hard();
  }
  // The build dies with its server (no process left writing the folder).
  int alive = 1;
  for (int i = 0; i < 200 && alive; ++i) {
    alive = std::system(("pgrep -f -- '[-]-dir " + dir + " ' > /dev/null").c_str()) == 0;
    if (alive) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_FALSE(alive) << "the background build outlived its server";
  ServerProcess again(temp_db("grow-resume"), "/nonexistent-web-dir",
                      {"--egdb", dir, "--egdb-grow", "mill:4"});
  const json status = wait_until_settled(again.port());
  const json& mill = status["growing"][0];
  EXPECT_EQ(mill["state"], "done") << status.dump();
  EXPECT_EQ(mill["complete"], 4);
  for (const json& built : mill["built"]) EXPECT_NE(built["table"], "p3-p3") << "built twice";
}

TEST(TablesApi, WithoutGrowingTheStatusIsEmpty) {
  ServerProcess server(temp_db("no-grow"));
  const json status = tables_status(server.port());
  ASSERT_TRUE(status.contains("growing")) << status.dump();
  EXPECT_TRUE(status["growing"].empty());
}

// The option's mistakes: exit status 2 and a message naming the problem, before serving.
TEST(TablesApi, BadGrowOptionsAreRefusedWithAMessage) {
  struct Case {
    std::vector<std::string> words;
    const char* says;
  };
  const std::vector<Case> cases = {
      {{"--egdb-grow", "chess100:4"}, "mill games"},
      {{"--egdb-grow", "mill:12"}, "pieces a side"},
      {{"--egdb-grow", "mill:2"}, "pieces a side"},
      {{"--egdb-grow", "mill"}, "pieces a side"},
      {{"--egdb-grow", "mill:5,mill-mixed:6"}, "twice"},
      {{"--egdb-grow", "russian:9"}, "pieces on the board"},
      {{"--egdb-grow", "english:1"}, "pieces on the board"},
      {{"--egdb-grow", "checkers:5"}, "draughts games"},
      {{"--egdb", "none", "--egdb-grow", "mill:4"}, "folder of tables"},
  };
  for (const Case& c : cases) {
    std::string command = std::string(DOSKA_BINARY) + " serve --port 0 --db " +
                          temp_db("bad-grow") + " --web /nonexistent-web-dir";
    for (const std::string& w : c.words) command += " " + w;
    command += " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string out;
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe)) out += buffer;
    const int status = pclose(pipe);
    EXPECT_EQ(WEXITSTATUS(status), 2) << command << "\n" << out;
    EXPECT_NE(out.find(c.says), std::string::npos) << command << "\n" << out;
  }
}

}  // namespace
}  // namespace doska::test
