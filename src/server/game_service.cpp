#include "server/game_service.h"

namespace doska::server {

GameService::GameService(Storage& storage, EnginePool& pool, ServiceOptions options)
    : pool_(pool),
      round_(storage, pool, hub_, options.computer_seconds),
      lobby_(hub_, [this](const CreateRequest& request) { return round_.create(request); }),
      review_(storage, pool, hub_, round_),
      analysis_(pool, hub_, round_, options.live_analysis_seconds) {}

GameService::~GameService() {
  shut_down();
}

// Every room stops taking new searches before the round wakes the streams; the pool goes last,
// so that no search outlives the room it reports to.
void GameService::shut_down() {
  review_.shut_down();
  analysis_.shut_down();
  round_.shut_down();
  pool_.shut_down();
}

std::vector<Event> GameService::poll_events(const std::string& id, Seen& seen) {
  if (id.rfind(Analysis::kLiveAnalysisPrefix, 0) == 0) return analysis_.poll(id, seen);
  if (id == Lobby::kLobby) return lobby_.poll(seen);
  std::vector<Event> events = round_.poll(id, seen);
  for (Event& event : review_.poll(id, seen)) events.push_back(std::move(event));
  return events;
}

}  // namespace doska::server
