// The engine's look at a position for people: one timed search with its best lines
// (POST /api/analyse), and the live analysis that searches depth after depth and publishes each
// depth's lines to the hub under its own id (docs/api.md). A game's position comes from the
// round (Round::snapshot); in a live game between two people there is no analysis (fair play).
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "games/session.h"
#include "server/engine_pool.h"
#include "server/hub/hub.h"
#include "server/requests.h"
#include "server/round/round.h"

namespace doska::server {

class Analysis {
 public:
  // live_seconds: the longest time a live analysis searches, so that no client holds an engine
  // for ever.
  Analysis(EnginePool& pool, Hub& hub, Round& round, double live_seconds);
  Analysis(const Analysis&) = delete;
  Analysis& operator=(const Analysis&) = delete;

  nlohmann::json analyse(const AnalyseRequest& request);
  // Live analysis: the position searched depth after depth without end, each depth's lines
  // (request.lines, 1..5) sent to the event stream whose id this returns ("position" on
  // connect, "analysis" after each depth, "done" last), until stop_live_analysis (the stream
  // ended), live_seconds, or the deepest depth. Refused as analyse() is (400, 404, 409).
  std::string start_live_analysis(const AnalyseRequest& request);
  // The position of `request` (its game id, FEN and moves) without a search: its FEN, side to
  // move, board view, legal moves and last move, as the live analysis's "position" event gives
  // them (GET /api/position/{game id}: the explorer page plays its moves on it).
  nlohmann::json position(const AnalyseRequest& request);
  void stop_live_analysis(const std::string& id);
  static constexpr const char* kLiveAnalysisPrefix = "#analysis-";
  // The live analysis's events newer than `seen` (updated here); 404 for an unknown one.
  std::vector<Event> poll(const std::string& id, Seen& seen);
  void shut_down() { stopping_.store(true); }

 private:
  // An analysis's position: the game's (409 in a live game between two people), or the
  // variant's start or FEN, then the request's moves, each checked (400 naming a bad one).
  struct AnalysedPosition {
    std::string variant, fen;
    std::vector<std::string> moves;        // in the game's notation
    std::unique_ptr<GameSession> session;  // after the moves
    std::optional<MoveView> last;
  };
  AnalysedPosition analysed_position(const AnalyseRequest& request);
  static nlohmann::json position_json(const AnalysedPosition& at);
  struct LiveAnalysis;
  void queue_live_depth(const std::shared_ptr<LiveAnalysis>& live);  // under its mutex
  void live_analysis_depth(const std::shared_ptr<LiveAnalysis>& live, engine::Engine& engine,
                           const std::atomic<bool>& cancelled);
  void end_live_analysis(LiveAnalysis& live, const std::string& reason);

  EnginePool& pool_;
  Hub& hub_;
  Round& round_;
  double live_seconds_;
  std::atomic<bool> stopping_{false};
  std::mutex live_mutex_;
  std::uint64_t last_live_ = 0;
  std::map<std::string, std::shared_ptr<LiveAnalysis>> live_analyses_;
};

}  // namespace doska::server
