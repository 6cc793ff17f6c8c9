#include "server/ratings/ratings.h"
#include "common/clock.h"

#include <chrono>
#include <cmath>
#include <map>

#include "games/session.h"
#include "rating/glicko2.h"
#include "server/api_error.h"

namespace doska::server {

using nlohmann::json;

namespace {

constexpr std::int64_t kDayMs = 24LL * 3600 * 1000;

rating::Rating glicko(const RatingRow& row) {
  return rating::Rating{row.rating, row.rd, row.volatility};
}

// The rating as of `at`: each whole day since its latest game is a rating period without games.
rating::Rating as_of(const RatingRow& row, std::int64_t at) {
  const rating::Rating r = glicko(row);
  if (row.games == 0 || row.last_ms <= 0 || at <= row.last_ms) return r;
  const std::int64_t days = (at - row.last_ms) / kDayMs;
  return rating::idle(r, static_cast<int>(std::min<std::int64_t>(days, 3650)));
}

json entry_json(const rating::Rating& r, int games) {
  return json{{"rating", static_cast<int>(std::lround(r.rating))},
              {"rd", std::round(r.rd * 10) / 10},
              {"games", games},
              {"provisional", rating::provisional(r)}};
}

}  // namespace

Ratings::Ratings(Storage& storage, Hub& hub) : storage_(storage), hub_(hub) {
  hub_.on("game.over", [this](const json& game) { game_over(game); });
}

Ratings::Current Ratings::current(std::int64_t user_id, const std::string& variant,
                                  const std::string& speed) {
  auto rows = storage_.ratings(user_id);
  if (!rows) throw ApiError(500, "internal_error", rows.error());
  for (const RatingRow& row : *rows) {
    if (row.variant != variant || row.speed != speed) continue;
    const rating::Rating r = as_of(row, now_ms());
    return Current{static_cast<int>(std::lround(r.rating)), r.rd, rating::provisional(r)};
  }
  return Current{};
}

json Ratings::table(std::int64_t user_id) {
  auto rows = storage_.ratings(user_id);
  if (!rows) throw ApiError(500, "internal_error", rows.error());
  const std::int64_t now = now_ms();
  json out = json::object();
  for (const GameInfo& info : all_games()) {
    json speeds = json::object();
    const RatingRow* latest = nullptr;
    for (const RatingRow& row : *rows) {
      if (row.variant != info.id) continue;
      speeds[row.speed] = entry_json(as_of(row, now), row.games);
      if (!latest || row.last_ms > latest->last_ms) latest = &row;
    }
    json entry =
        latest ? entry_json(as_of(*latest, now), latest->games) : entry_json(rating::Rating{}, 0);
    entry["speed"] = latest ? latest->speed : "blitz";
    entry["speeds"] = std::move(speeds);
    out[info.id] = std::move(entry);
  }
  return out;
}

json Ratings::history(std::int64_t user_id) {
  auto points = storage_.rating_history(user_id);
  if (!points) throw ApiError(500, "internal_error", points.error());
  json out = json::object();
  for (const RatingPoint& p : *points)
    out[p.variant][p.speed].push_back(json::array({p.at_ms, std::lround(p.rating)}));
  return out;
}

// One rated game: both players' ratings as of now (days idle counted), each updated with the
// other's rating before the game, stored together, then published.
void Ratings::game_over(const json& game) {
  if (!game.value("rated", false)) return;
  const std::string id = game.value("id", "");
  const std::string variant = game.value("variant", "");
  const std::string speed = game.value("speed", "");
  const std::string outcome = game.value("outcome", "");
  if (game.value("plies", 0) < 2 || speed.empty()) return;  // aborted or never begun
  if (outcome != "white_wins" && outcome != "black_wins" && outcome != "draw") return;
  struct Side {
    UserRow user;
    RatingRow row;
    rating::Rating before;
    double score = 0;
  };
  Side sides[2];
  const char* names[2] = {"white", "black"};
  const std::int64_t now = now_ms();
  for (int i = 0; i < 2; ++i) {
    auto user = storage_.user_by_name(game.value(names[i], ""));
    if (!user || !*user) return;  // a seat without an account: not rated
    sides[i].user = **user;
    auto rows = storage_.ratings(sides[i].user.id);
    if (!rows) return;
    sides[i].row = RatingRow{variant, speed};
    for (const RatingRow& row : *rows)
      if (row.variant == variant && row.speed == speed) sides[i].row = row;
    sides[i].before = as_of(sides[i].row, now);
    sides[i].score = outcome == "draw"                            ? 0.5
                     : outcome == std::string(names[i]) + "_wins" ? 1.0
                                                                  : 0.0;
  }
  std::vector<RatingUpdate> updates;
  json changes{{"id", id}};
  for (int i = 0; i < 2; ++i) {
    const rating::GameResult result{sides[1 - i].before, sides[i].score};
    const rating::Rating after = rating::update(sides[i].before, std::span(&result, 1));
    RatingRow row = sides[i].row;
    row.rating = after.rating;
    row.rd = after.rd;
    row.volatility = after.volatility;
    row.games += 1;
    row.last_ms = now;
    updates.push_back(RatingUpdate{sides[i].user.id, row});
    const int before = static_cast<int>(std::lround(sides[i].before.rating));
    const int rounded = static_cast<int>(std::lround(after.rating));
    changes[names[i]] = json{{"name", sides[i].user.name},
                             {"before", before},
                             {"after", rounded},
                             {"diff", rounded - before},
                             {"provisional", rating::provisional(after)}};
  }
  auto applied = storage_.apply_rated_game(id, updates);
  if (!applied || !*applied) return;  // stored already (news heard twice), or a failed write
  hub_.publish("game.rated", std::move(changes));
}

}  // namespace doska::server
