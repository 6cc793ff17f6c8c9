// The server's rooms, one per feature, and the hub they publish to: the round (games in
// progress), the lobby (seeks), game review and analysis, accounts, ratings and chat. The HTTP
// front reaches each room through this facade; the event streams poll here, which asks the room
// that owns the id.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/account/account.h"
#include "server/analysis/analysis.h"
#include "server/api_error.h"
#include "server/chat/chat.h"
#include "server/cluster/cluster.h"
#include "server/engine_pool.h"
#include "server/explorer/explorer.h"
#include "server/hub/hub.h"
#include "server/lobby/lobby.h"
#include "server/puzzles/puzzles.h"
#include "server/ratings/ratings.h"
#include "server/review/review.h"
#include "server/round/round.h"
#include "server/storage.h"
#include "server/tablebase/tablebase.h"
#include "server/tables/tables.h"
#include "server/tournament/tournaments.h"

namespace doska::server {

struct ServiceOptions {
  // Longest time the computer thinks on a move, in seconds (a lower level usually needs less).
  double computer_seconds = 2.0;
  // Longest time a live analysis searches, so that no client holds an engine for ever.
  double live_analysis_seconds = 300.0;
  AccountOptions accounts;
  TablesOptions tables;
  PuzzlesOptions puzzles;
  // Several servers on one database: the cluster's messages (a lost connection).
  Cluster::Log cluster_log;
};

class GameService {
 public:
  GameService(Storage& storage, EnginePool& pool, ServiceOptions options = {});
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // After a restart: the computer resumes the moves it owes in unfinished games (on a shared
  // database, those no live server drives), and this server hears the others.
  void resume_unfinished() {
    cluster_.start();
    round_.resume_unfinished();
    tournaments_.resume();
  }
  // Wakes every event stream so that it ends, and stops the computer's searches.
  void shut_down();

  Round& round() { return round_; }
  Lobby& lobby() { return lobby_; }
  Review& review() { return review_; }
  Analysis& analysis() { return analysis_; }
  Accounts& accounts() { return accounts_; }
  Ratings& ratings() { return ratings_; }
  Chat& chat() { return chat_; }
  Explorer& explorer() { return explorer_; }
  Tournaments& tournaments() { return tournaments_; }
  Puzzles& puzzles() { return puzzles_; }
  Hub& hub() { return hub_; }
  Tables& tables() { return tables_; }
  const Tablebase& tablebase() const { return tablebase_; }
  Storage& storage() { return storage_; }

  // The changes newer than what a stream has seen (updated here): the events to send, possibly
  // none; never waits. 404 for an unknown game or live analysis.
  std::vector<Event> poll_events(const std::string& id, Seen& seen);
  std::uint64_t subscribe(const std::string& id, Hub::Listener listener) {
    return hub_.subscribe(id, std::move(listener));
  }
  void unsubscribe(const std::string& id, std::uint64_t token) { hub_.unsubscribe(id, token); }
  std::size_t listener_count() const { return hub_.listener_count(); }

 private:
  Storage& storage_;
  EnginePool& pool_;
  // Declared in the order they are made: the hub first, the rooms that use the round after it.
  Hub hub_;
  Round round_;
  Lobby lobby_;
  Review review_;
  Analysis analysis_;
  Accounts accounts_;
  Ratings ratings_;
  Chat chat_;
  Explorer explorer_;
  Tournaments tournaments_;
  Puzzles puzzles_;
  Tables tables_;
  Tablebase tablebase_;
  Cluster cluster_;
};

}  // namespace doska::server
