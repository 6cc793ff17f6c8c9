// Several servers on one database: what one server announces reaches the rooms of the others.
// On PostgreSQL a thread keeps a connection of its own listening on the storage's channel
// (LISTEN/NOTIFY); each announcement of another server, "<server> <kind> <words...>", is published
// on the hub as "cluster.<kind>" with {"from": server, "words": [...]}: "cluster.game" (a game was
// stored: its id and version), "cluster.lobby" (the seeks changed), "cluster.chat" (a line in a
// game's chat). After the connection was lost and made again, "cluster.resync": what was sent
// meanwhile is missed, and the rooms read again what they keep. On SQLite, one server: nothing.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <thread>

#include "server/hub/hub.h"
#include "server/storage.h"

namespace doska::server {

class Cluster {
 public:
  using Log = std::function<void(const std::string&)>;
  Cluster(Storage& storage, Hub& hub, Log log = nullptr);
  ~Cluster();
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  void start();  // on a shared database: the listening thread
  void stop();

  // An announcement as the storage sends it, read: its topic and payload, or false when it is
  // not one (malformed, or this server's own).
  static bool read(const std::string& text, const std::string& self, std::string& topic,
                   nlohmann::json& payload);

 private:
  void listen();

  Storage& storage_;
  Hub& hub_;
  Log log_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace doska::server
