// The games of the server: each one a session of the facade (games/session.h) rebuilt from its
// stored moves, with the people's secret keys, the computer's replies on the engine pool, clocks,
// draws, resignation, undo, export and import. Every change is stored before it is answered.
// Thread-safe: one mutex per game; the HTTP threads, the engine workers and the clock ticker
// meet only there.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "games/session.h"
#include "server/engine_pool.h"
#include "server/requests.h"
#include "server/storage.h"

namespace doska::server {

// A request the service refuses: the HTTP status and a message naming the problem.
struct ApiError : std::runtime_error {
  ApiError(int status, const std::string& message) : std::runtime_error(message), status(status) {}
  int status;
};

struct ServiceOptions {
  // Longest time the computer thinks on a move, in seconds (a lower level usually needs less).
  double computer_seconds = 2.0;
  // Longest time a live analysis searches (issue 15), so that no client holds an engine for ever.
  double live_analysis_seconds = 300.0;
};

class GameService {
 public:
  GameService(Storage& storage, EnginePool& pool, ServiceOptions options = {});
  ~GameService();
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // After a restart: the computer resumes the moves it owes in unfinished games.
  void resume_unfinished();
  // Wakes every event stream so that it ends, and stops the computer's searches.
  void shut_down();
  bool stopping() const { return stopping_.load(); }

  nlohmann::json variants() const;
  // 201 body: {"game", "keys", "links"}.
  nlohmann::json create(const CreateRequest& request);
  // With a key: the view also says which side the key holds ("you"), 403 if none.
  nlohmann::json get(const std::string& id, const std::optional<std::string>& key = std::nullopt);
  // The games among `held` whose key holds a side, newest first (a browser's own games).
  nlohmann::json list_held(const std::vector<HeldGame>& held);
  nlohmann::json move(const std::string& id, const MoveRequest& request);
  nlohmann::json undo(const std::string& id, const KeyRequest& request);
  nlohmann::json draw(const std::string& id, const DrawRequest& request);
  nlohmann::json resign(const std::string& id, const KeyRequest& request);
  // Between people (issue 15): a player asks to take back their last move; the other accepts
  // (the game goes back to before it) or declines. A move withdraws the request.
  nlohmann::json takeback(const std::string& id, const TakebackRequest& request);
  // After a game: the same settings, the sides swapped, each player with the key they held (the
  // digests move with the sides). Asked twice, the same rematch. {"game": view, "side"}.
  nlohmann::json rematch(const std::string& id, const KeyRequest& request);
  std::string export_game(const std::string& id, const std::string& format);
  nlohmann::json analyse(const AnalyseRequest& request);
  // Live analysis (issue 15): the position searched depth after depth without end, each depth's
  // lines (request.lines, 1..5) sent to the event stream whose id this returns ("position" on
  // connect, "analysis" after each depth, "done" last), until stop_live_analysis (the stream
  // ended), live_analysis_seconds, or the deepest depth. Refused as analyse() is (400, 404, 409).
  std::string start_live_analysis(const AnalyseRequest& request);
  void stop_live_analysis(const std::string& id);
  static constexpr const char* kLiveAnalysisPrefix = "#analysis-";
  // Game review (issue 15): every position of the game searched in the background, one at a
  // time on the engines' analysis share, each result stored as it comes (a second look, or a
  // look after a restart, reads them back). Refused (409) in a live game between two people.
  // The answer is review(id).
  nlohmann::json start_review(const std::string& id, const ReviewRequest& request);
  // {"state": "none"|"running"|"done", "total", "done", "positions": [...], "moves": [...]}
  // (docs/api.md).
  nlohmann::json review(const std::string& id);

  struct Event {
    std::string name;   // "game" or "info"
    std::string data;   // JSON
    bool last = false;  // the stream ends after it
  };
  // The lobby (issue 15): open challenges ("seeks") to a game between two people, kept in memory
  // (a restart clears them). Anyone sees the list and may accept one; the game then starts with
  // a key for each: the acceptor's in the answer, the creator's when it asks with its seek key.
  static constexpr const char* kLobby = "#lobby";  // the lobby's event stream (no game has '#')
  // 201: {"seek": <public view>, "key": <the creator's secret for its seek>}.
  nlohmann::json create_seek(const CreateRequest& request);
  nlohmann::json seeks();  // {"seeks": [...]}, oldest first
  // The creator's look: {"state": "open"} or {"state": "accepted", "game", "side", "key", "link"}.
  nlohmann::json seek(const std::string& id, const std::string& key);
  // 201: as POST /api/games, with the acceptor's key and side only.
  nlohmann::json accept_seek(const std::string& id);
  void cancel_seek(const std::string& id, const std::string& key);

  // What an event stream has sent: the game's version, the computer's thinking and the review.
  struct Seen {
    std::int64_t version = -1;
    std::int64_t info = 0;
    std::int64_t review = 0;
  };
  // The changes newer than what a stream has seen (updated here): the events to send, possibly
  // none; never waits. 404 for an unknown game.
  std::vector<Event> poll_events(const std::string& id, Seen& seen);
  // An event stream's wake-up: called after every change of the game (a move, the computer's
  // thinking, a clock that falls, the end), from whichever thread made it, with the game locked.
  // It must not block or call back into the service; it should post a poll_events to its own
  // thread. The token unsubscribes.
  using Listener = std::function<void()>;
  std::uint64_t subscribe(const std::string& id, Listener listener);
  void unsubscribe(const std::string& id, std::uint64_t token);
  std::size_t listener_count() const;

 private:
  struct LiveGame;
  // A game opened for a request that acts for a side: locked, its clock looked at, still going
  // on (else 409), and the side the key holds (else 403).
  struct Held {
    std::shared_ptr<LiveGame> game;
    std::unique_lock<std::mutex> lock;
    Player side;
  };
  std::shared_ptr<LiveGame> find(const std::string& id);
  // An analysis's position: the game's (409 in a live game between two people), or the
  // variant's start or FEN, then the request's moves, each checked (400 naming a bad one).
  struct AnalysedPosition {
    std::string variant, fen;
    std::vector<std::string> moves;        // in the game's notation
    std::unique_ptr<GameSession> session;  // after the moves
    std::optional<MoveView> last;
  };
  AnalysedPosition analysed_position(const AnalyseRequest& request);
  struct LiveAnalysis;
  void queue_live_depth(const std::shared_ptr<LiveAnalysis>& live);  // under its mutex
  void live_analysis_depth(const std::shared_ptr<LiveAnalysis>& live, engine::Engine& engine,
                           const std::atomic<bool>& cancelled);
  void end_live_analysis(LiveAnalysis& live, const std::string& reason);
  std::vector<Event> poll_live_analysis(const std::string& id, Seen& seen);
  Held hold_ongoing(const std::string& id, const std::string& key);
  std::shared_ptr<LiveGame> rebuild(StoredGame stored);
  nlohmann::json view(const LiveGame& game) const;
  void persist(LiveGame& game);
  void review_next(const std::string& id);
  struct Seek {
    std::string id;
    std::string digest;  // key_digest of the creator's seek key
    std::string created;
    CreateRequest request;
    std::chrono::steady_clock::time_point at;
    bool taken = false;
    std::string game, creator_side, creator_key;  // once accepted
  };
  nlohmann::json seek_json(const Seek& seek) const;
  void drop_old_seeks();  // under seeks_mutex_
  void notify_id(const std::string& id);
  void review_failed(const std::string& id, const std::string& why);
  void notify(const LiveGame& game);
  void play(LiveGame& game, const MoveView& move);
  void schedule_computer(LiveGame& game);
  void cancel_search(LiveGame& game);
  void withdraw_offer(LiveGame& game);
  void computer_played(const std::string& id, std::uint64_t token, const std::string& move);
  bool check_flag(LiveGame& game);
  void tick();
  Player side_of_key(const LiveGame& game, const std::string& key) const;
  // The game if it is in memory, else null (no storage read).
  std::shared_ptr<LiveGame> live(const std::string& id);
  engine::BestMove search_now(const std::string& variant, const std::string& fen,
                              const std::vector<std::string>& moves, const search::Limits& limits,
                              double seconds, EnginePool::Priority priority);

  Storage& storage_;
  EnginePool& pool_;
  ServiceOptions options_;
  std::atomic<bool> stopping_{false};
  std::mutex games_mutex_;
  std::map<std::string, std::shared_ptr<LiveGame>> games_;
  std::mutex ticker_mutex_;
  std::condition_variable ticker_wake_;
  std::thread ticker_;
  std::mutex seeks_mutex_;
  std::map<std::string, Seek> seeks_;
  std::int64_t lobby_version_ = 1;
  mutable std::mutex listeners_mutex_;
  std::uint64_t last_listener_ = 0;
  std::map<std::string, std::map<std::uint64_t, Listener>> listeners_;
  std::mutex live_mutex_;
  std::uint64_t last_live_ = 0;
  std::map<std::string, std::shared_ptr<LiveAnalysis>> live_analyses_;
};

}  // namespace doska::server
