#include "server/game_service.h"

namespace doska::server {

GameService::GameService(Storage& storage, EnginePool& pool, ServiceOptions options)
    : storage_(storage),
      pool_(pool),
      round_(storage, pool, hub_, options.computer_seconds),
      lobby_(storage, hub_,
             [this](const CreateRequest& request, const Seating& seating) {
               return round_.create(request, seating);
             }),
      review_(storage, pool, hub_, round_),
      analysis_(pool, hub_, round_, options.live_analysis_seconds),
      accounts_(storage, hub_, options.accounts),
      ratings_(storage, hub_),
      chat_(storage, hub_,
            [this](const std::string& game, const std::string& key) {
              const Round::Seats seats = round_.seats(game, key);
              return Chat::GameFacts{seats.between_people, seats.side, seats.white_name,
                                     seats.black_name};
            }),
      explorer_(storage, hub_),
      tournaments_(
          storage, hub_,
          [this](const CreateRequest& request, const Seating& seating) {
            return round_.create(request, seating);
          },
          [this](std::int64_t account, const std::string& variant, const std::string& speed) {
            const Ratings::Current now = ratings_.current(account, variant, speed);
            return Seat{"", now.rating, now.provisional, std::nullopt};
          },
          [this](const std::string& game, const std::string& key) {
            (void)round_.berserk(game, KeyRequest{key});
          }),
      puzzles_(storage, std::move(options.puzzles)),
      tables_(options.tables),
      tablebase_(options.tables.shelf),
      cluster_(storage, hub_, std::move(options.cluster_log)) {}

GameService::~GameService() {
  shut_down();
}

// Every room stops taking new searches before the round wakes the streams; the pool goes last,
// so that no search outlives the room it reports to. The hub's news stop first: a room must not
// hear of anything once it has begun to stop.
void GameService::shut_down() {
  tournaments_.shut_down();
  cluster_.stop();
  tables_.stop();
  hub_.stop();
  review_.shut_down();
  analysis_.shut_down();
  round_.shut_down();
  pool_.shut_down();
}

std::vector<Event> GameService::poll_events(const std::string& id, Seen& seen) {
  if (id.rfind(Analysis::kLiveAnalysisPrefix, 0) == 0) return analysis_.poll(id, seen);
  if (id == Lobby::kLobby) return lobby_.poll(seen);
  if (Tournaments::is_stream(id)) return tournaments_.poll(id, seen);
  std::vector<Event> events = round_.poll(id, seen);
  for (Event& event : review_.poll(id, seen)) events.push_back(std::move(event));
  for (Event& event : chat_.poll(id, seen)) events.push_back(std::move(event));
  const auto watchers = static_cast<std::int64_t>(hub_.listener_count(id));
  if (watchers != seen.watchers) {
    seen.watchers = watchers;
    events.push_back(Event{"watchers", "{\"count\":" + std::to_string(watchers) + "}"});
  }
  return events;
}

}  // namespace doska::server
