// The round: the games in progress. Each one a session of the facade (games/session.h) rebuilt
// from its stored moves, with the people's secret keys, the computer's replies on the engine
// pool, clocks (a ticker thread lets a flag fall), draws, take-backs, resignation, undo,
// rematches, export and import. Every change is stored before it is answered, then published to
// the hub under the game's id. Thread-safe: one mutex per game; the HTTP threads, the engine
// workers and the ticker meet only there.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "games/session.h"
#include "server/api_error.h"
#include "server/engine_pool.h"
#include "server/hub/hub.h"
#include "server/requests.h"
#include "server/storage.h"

namespace doska::server {

// The players of a new game between people, as the lobby seats them: their accounts' names and
// ratings (empty names: no account), and whether the game is rated.
struct Seating {
  Seat white, black;
  bool rated = false;
  // A side whose key is already known by its digest (the lobby derives a seek creator's key from
  // its seek key): no key is made for it, and the answer carries none.
  std::string white_key_digest, black_key_digest;
};

class Round {
 public:
  // computer_seconds: the longest time the computer thinks on a move (a lower level usually
  // needs less).
  Round(Storage& storage, EnginePool& pool, Hub& hub, double computer_seconds);
  ~Round();
  Round(const Round&) = delete;
  Round& operator=(const Round&) = delete;

  // After a restart: the computer resumes the moves it owes in unfinished games.
  void resume_unfinished();
  // Stops the clocks and the computer's searches, and wakes every game's streams.
  void shut_down();

  nlohmann::json variants() const;
  // 201 body: {"game", "keys", "links"}.
  nlohmann::json create(const CreateRequest& request, const Seating& seating = {});
  // With a key: the view also says which side the key holds ("you"), 403 if none.
  nlohmann::json get(const std::string& id, const std::optional<std::string>& key = std::nullopt);
  // The games among `held` whose key holds a side, newest first (a browser's own games).
  nlohmann::json list_held(const std::vector<HeldGame>& held);
  nlohmann::json move(const std::string& id, const MoveRequest& request);
  nlohmann::json undo(const std::string& id, const KeyRequest& request);
  nlohmann::json draw(const std::string& id, const DrawRequest& request);
  nlohmann::json resign(const std::string& id, const KeyRequest& request);
  // Before each side has moved (fewer than 2 plies), between people: the game ends unplayed
  // ("aborted"), and no rating changes.
  nlohmann::json abort(const std::string& id, const KeyRequest& request);
  // An arena's berserk (the tournaments room's): before its own first move, the side `key`
  // holds keeps half its initial time and gains no increment (stored with the game: after a
  // restart and on another server too); 409 berserk_too_late after it, berserk_no_clock without
  // a clock.
  nlohmann::json berserk(const std::string& id, const KeyRequest& request);
  // Between people: a player asks to take back their last move; the other accepts (the game
  // goes back to before it) or declines. A move withdraws the request.
  nlohmann::json takeback(const std::string& id, const TakebackRequest& request);
  // After a game: the same settings, the sides swapped, each player with the key they held (the
  // digests move with the sides). Asked twice, the same rematch. {"game": view, "side"}.
  // A rated game's rematch is rated too, its players seated by `seat` (their ratings now, which
  // the ratings room knows and the round does not); without it, or for a casual game, casual.
  using SeatRematch = std::function<Seating(const StoredGame& old)>;
  nlohmann::json rematch(const std::string& id, const KeyRequest& request,
                         const SeatRematch& seat = nullptr);
  // PDN or PGN: the whole game; FEN: the position after `ply` plies (0..the moves played), by
  // default the position now (400 bad_ply for a ply the game has not).
  std::string export_game(const std::string& id, const std::string& format,
                          std::optional<int> ply = std::nullopt);

  // The game's events newer than `seen` (updated here): its view and the computer's thinking.
  // 404 for an unknown game.
  std::vector<Event> poll(const std::string& id, Seen& seen);

  // A game as the other rooms see it (review, analysis): what is stored, whether it is over (by
  // the rules, a resignation, agreement or time) and its position now.
  struct Snapshot {
    StoredGame stored;
    bool over = false;
    std::string fen;
  };
  Snapshot snapshot(const std::string& id);  // 404 for an unknown game
  // The game if it is in memory (no storage read).
  std::optional<Snapshot> snapshot_if_live(const std::string& id);

  // Stored games' summaries as the API lists them (a player's games).
  static nlohmann::json summaries(const std::vector<GameSummary>& games);
  // What the chat needs of a game: between people or not, the side `key` holds, the names.
  struct Seats {
    bool between_people = false;
    std::optional<std::string> side;
    std::string white_name, black_name;
  };
  Seats seats(const std::string& id, const std::string& key);
  // The games between people in progress, highest average rating first (for watching); each
  // with its watchers as `watchers(id)` counts them.
  nlohmann::json watchable(const std::optional<std::string>& variant,
                           const std::function<std::size_t(const std::string&)>& watchers);

 private:
  struct LiveGame;
  // A game opened for a request that acts for a side: locked, its clock looked at, still going
  // on (else 409), and the side the key holds (else 403).
  struct Held {
    std::shared_ptr<LiveGame> game;
    std::unique_lock<std::mutex> lock;
    Player side;
  };
  // fresh: on a shared database, read again if another server changed the game (a request);
  // an event stream's poll follows the announcements instead.
  std::shared_ptr<LiveGame> find(const std::string& id, bool fresh = true);
  // The game if it is in memory, else null (no storage read).
  std::shared_ptr<LiveGame> live(const std::string& id);
  Held hold_ongoing(const std::string& id, const std::string& key);
  std::shared_ptr<LiveGame> rebuild(StoredGame stored);
  nlohmann::json view(const LiveGame& game) const;
  void persist(LiveGame& game);
  void notify(const LiveGame& game);
  void play(LiveGame& game, const MoveView& move);
  void withdraw_offer(LiveGame& game);
  Player side_of_key(const LiveGame& game, const std::string& key) const;
  Snapshot snapshot_of(const LiveGame& game) const;
  // The clocks.
  bool check_flag(LiveGame& game);
  void tick();
  // The computer.
  void schedule_computer(LiveGame& game);
  void cancel_search(LiveGame& game);
  void computer_played(const std::string& id, std::uint64_t token, const std::string& move);
  // Its answer to a draw offer (the game's lock is let go while it searches).
  void computer_answers_draw(LiveGame& game, std::unique_lock<std::mutex>& lock, Player side);
  // The ratings' news: a rated game's changes, shown in its view.
  void rated(const nlohmann::json& changes);
  // Several servers on one database (lease.cpp): the games whose lease this server holds, which
  // it alone drives (clock and computer); on SQLite, every game.
  bool drives(const std::string& id);
  static bool needs_driver(const StoredGame& g);
  void keep_leases();  // every second, from the ticker
  void take_over(const std::string& id);
  void release(const std::string& id);
  void evict(const std::string& id);  // the copy in memory dropped: read again when asked for
  // Another server stored game `id` at `version`, or every game may have changed (resync).
  void stored_elsewhere(const std::string& id, std::int64_t version);
  void resync();

  Storage& storage_;
  EnginePool& pool_;
  Hub& hub_;
  double computer_seconds_;
  std::atomic<bool> stopping_{false};
  std::mutex games_mutex_;
  std::map<std::string, std::shared_ptr<LiveGame>> games_;
  std::mutex leases_mutex_;
  std::set<std::string> driven_;
  std::mutex ticker_mutex_;
  std::condition_variable ticker_wake_;
  std::thread ticker_;
};

}  // namespace doska::server
