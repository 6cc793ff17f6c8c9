#include "server/cluster/cluster.h"

#include <chrono>
#include <sstream>

#include "server/db/db.h"

namespace doska::server {

namespace {

constexpr std::size_t kLongestAnnouncement = 1000;  // PostgreSQL's limit is 8000 bytes
constexpr std::size_t kMostWords = 8;

}  // namespace

Cluster::Cluster(Storage& storage, Hub& hub, Log log)
    : storage_(storage), hub_(hub), log_(std::move(log)) {}

Cluster::~Cluster() {
  stop();
}

void Cluster::start() {
  if (!storage_.shared() || thread_.joinable()) return;
  thread_ = std::thread([this] { listen(); });
}

void Cluster::stop() {
  stopping_.store(true);
  if (thread_.joinable()) thread_.join();
}

bool Cluster::read(const std::string& text, const std::string& self, std::string& topic,
                   nlohmann::json& payload) {
  if (text.size() > kLongestAnnouncement) return false;
  std::istringstream in(text);
  std::string from, kind, word;
  if (!(in >> from >> kind) || from == self) return false;
  for (char c : kind)
    if (!(c >= 'a' && c <= 'z')) return false;
  nlohmann::json words = nlohmann::json::array();
  while (in >> word) {
    if (words.size() == kMostWords) return false;
    words.push_back(word);
  }
  topic = "cluster." + kind;
  payload = nlohmann::json{{"from", from}, {"words", std::move(words)}};
  return true;
}

void Cluster::listen() {
  using namespace std::chrono_literals;
  const auto pause = [this] {
    for (int i = 0; i < 10 && !stopping_.load(); ++i) std::this_thread::sleep_for(100ms);
  };
  std::unique_ptr<db::Connection> connection;
  // Whether announcements may have been missed (the connection was lost): the rooms are told
  // to read again once this server listens again.
  bool missed = false;
  while (!stopping_.load()) {
    if (!connection) {
      auto opened = db::open(storage_.target());
      Status listening = opened ? (*opened)->listen(Storage::kChannel) : Status(Ok{});
      if (!opened || !listening) {
        if (log_) log_("cluster: " + (opened ? listening.error() : opened.error()));
        pause();
        continue;
      }
      connection = std::move(*opened);
    }
    auto payloads = connection->wait(200ms);
    if (!payloads) {
      if (log_) log_("cluster: " + payloads.error());
      missed = true;
      pause();
      continue;
    }
    if (missed) hub_.publish("cluster.resync", nlohmann::json::object());
    missed = false;
    for (const std::string& text : *payloads) {
      std::string topic;
      nlohmann::json payload;
      if (read(text, storage_.server_id(), topic, payload)) hub_.publish(topic, payload);
    }
  }
}

}  // namespace doska::server
