// A game's start and its record: a new game (from a position or an imported record), the
// rematch of an ended one, and the export as PDN, PGN or FEN.
#include <algorithm>
#include <random>

#include "common/text.h"
#include "server/keys.h"
#include "server/record_import.h"
#include "server/round/live_game.h"
#include "server/speed.h"
#include "server/views.h"

namespace doska::server {

using nlohmann::json;

json Round::create(const CreateRequest& r, const Seating& seating) {
  if (!find_game(r.variant)) {
    std::string known;
    for (const GameInfo& g : all_games()) known += (known.empty() ? "" : ", ") + std::string(g.id);
    throw ApiError(400, "unknown_variant",
                   "unknown game " + doska::quoted(r.variant) + " (known: " + known + ")",
                   {{"variant", r.variant}, {"known", known}});
  }
  const SessionOptions options{r.huffing, true};
  std::unique_ptr<GameSession> session;
  std::vector<std::string> moves;
  if (r.pdn) {
    const bool draughts = find_game(r.variant)->family == "draughts";
    auto records = read_record_texts(r.variant, *r.pdn, true);
    if (!records)
      throw ApiError(400, "bad_import", (draughts ? "pdn: " : "record: ") + records.error(),
                     {{"detail", records.error()}});
    auto replayed = replay_record(r.variant, records->front(), options);
    if (!replayed)
      throw ApiError(400, "bad_import", "record: " + replayed.error(),
                     {{"detail", replayed.error()}});
    session = std::move(replayed->session);
    moves = std::move(replayed->moves);
  } else {
    auto made = new_session(
        r.variant, r.fen ? std::optional<std::string_view>(*r.fen) : std::nullopt, options);
    if (!made)
      throw ApiError(400, r.fen ? "bad_fen" : "bad_option", made.error(),
                     {{"detail", made.error()}});
    session = std::move(*made);
  }

  StoredGame g;
  g.id = new_game_id();
  g.variant = r.variant;
  g.created = g.updated = now_iso();
  g.huffing = r.huffing;
  g.start_fen = session->start_fen();
  for (const std::string& m : moves) g.moves.push_back(StoredMove{m, std::nullopt});
  g.initial_ms = std::int64_t{r.clock_initial_s} * 1000;
  g.increment_ms = std::int64_t{r.clock_increment_s} * 1000;
  g.white_ms = g.black_ms = g.initial_ms;
  g.days_per_move = r.days_per_move;
  if (g.days_per_move > 0) g.move_deadline_ms = now_ms() + g.days_per_move * kDayMs;
  g.turn_started_ms = now_ms();
  Player creator = Player::white;
  if (r.side == "black") creator = Player::black;
  if (r.side == "random") creator = (std::random_device{}() & 1) ? Player::black : Player::white;
  // The keys go to the creator; the database keeps their digests only.
  std::string plain_white, plain_black;
  if (r.computer) {
    g.opponent = "computer";
    g.level = r.level;
    g.computer_side = side_name(other(creator));
    (creator == Player::white ? plain_white : plain_black) = random_hex(16);
  } else {
    if (seating.white_key_digest.empty()) plain_white = random_hex(16);
    if (seating.black_key_digest.empty()) plain_black = random_hex(16);
  }
  g.key_white = plain_white.empty() ? seating.white_key_digest : key_digest(plain_white);
  g.key_black = plain_black.empty() ? seating.black_key_digest : key_digest(plain_black);
  g.version = 0;  // persist() makes it 1
  if (!r.computer) {
    g.white_player = seating.white;
    g.black_player = seating.black;
    g.rated = seating.rated;
  }
  g.speed = speed_of(g.initial_ms, g.increment_ms, g.days_per_move);

  auto game = rebuild(g);
  std::lock_guard lock(game->mutex);
  {
    std::lock_guard games_lock(games_mutex_);
    games_[g.id] = game;
  }
  persist(*game);
  schedule_computer(*game);
  json keys = json::object(), links = json::object();
  for (Player p : {Player::white, Player::black}) {
    const std::string& key = p == Player::white ? plain_white : plain_black;
    if (key.empty()) continue;
    keys[side_name(p)] = key;
    links[side_name(p)] = "/play/" + g.id + "?key=" + key;
  }
  return json{{"game", view(*game)}, {"keys", keys}, {"links", links}};
}

json Round::rematch(const std::string& id, const KeyRequest& r, const SeatRematch& seat) {
  auto game = find(id);
  std::unique_lock lock(game->mutex);
  const Player side = side_of_key(*game, r.key);
  const StoredGame& old = game->stored;
  if (!game->session->end().over() && old.ended_by.empty())
    throw ApiError(409, "rematch_too_early", "a rematch is offered once the game has ended");
  if (!game->rematch.empty()) {
    const std::string existing = game->rematch;
    lock.unlock();
    return json{{"game", get(existing)}, {"side", side_name(other(side))}};
  }
  StoredGame n;
  n.id = new_game_id();
  n.variant = old.variant;
  n.created = n.updated = now_iso();
  n.huffing = old.huffing;
  n.opponent = old.opponent;
  n.level = old.level;
  if (old.opponent == "computer")
    n.computer_side = old.computer_side == "white" ? "black" : "white";
  n.start_fen = old.start_fen;
  n.key_white = old.key_black;
  n.key_black = old.key_white;
  n.initial_ms = old.initial_ms;
  n.increment_ms = old.increment_ms;
  n.white_ms = n.black_ms = old.initial_ms;
  n.days_per_move = old.days_per_move;
  if (n.days_per_move > 0) n.move_deadline_ms = now_ms() + n.days_per_move * kDayMs;
  n.turn_started_ms = now_ms();
  n.speed = old.speed;
  // The players change sides with their keys, and their ratings are as they are now.
  n.white_player.name = old.black_player.name;
  n.black_player.name = old.white_player.name;
  if (old.rated && seat) {
    const Seating seated = seat(old);
    n.white_player = seated.white;
    n.black_player = seated.black;
    n.rated = seated.rated;
  }
  n.version = 0;
  auto fresh = rebuild(n);
  {
    std::lock_guard fresh_lock(fresh->mutex);
    {
      std::lock_guard games_lock(games_mutex_);
      games_[n.id] = fresh;
    }
    persist(*fresh);
    schedule_computer(*fresh);
  }
  if (Status s = storage_.set_rematch(old.id, n.id); !s)
    throw ApiError(500, "internal_error", s.error());
  game->rematch = n.id;
  persist(*game);  // a new version: the other player's page learns of the rematch
  lock.unlock();
  return json{{"game", get(n.id)}, {"side", side_name(other(side))}};
}

std::string Round::export_game(const std::string& id, const std::string& format,
                               std::optional<int> ply) {
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  const GameSession& s = *game->session;
  const StoredGame& g = game->stored;
  if (format == "fen") {
    const int plies = static_cast<int>(game->played.size());
    if (ply && (*ply < 0 || *ply > plies))
      throw ApiError(
          400, "bad_ply",
          "ply " + std::to_string(*ply) + " is not in the game: give 0 to " + std::to_string(plies),
          {{"ply", *ply}, {"plies", plies}});
    if (!ply || *ply == plies) return s.fen() + "\n";
    // An earlier position: the game replayed from its start to that ply.
    auto earlier =
        new_session(g.variant, std::string_view(g.start_fen), SessionOptions{g.huffing, true});
    if (!earlier) throw ApiError(500, "internal_error", "game " + g.id + ": " + earlier.error());
    for (int i = 0; i < *ply; ++i)
      if (!(*earlier)->play(game->played[static_cast<std::size_t>(i)].text))
        throw ApiError(500, "internal_error",
                       "game " + g.id + ": move " + std::to_string(i + 1) + " does not replay");
    return (*earlier)->fen() + "\n";
  }
  const bool chess = s.info().family == "chess100";
  if (format != "pdn" && format != "pgn")
    throw ApiError(400, "bad_export_format",
                   "unknown format " + doska::quoted(format) + ": give pdn, pgn or fen",
                   {{"format", format}});
  if ((format == "pgn") != chess)
    throw ApiError(400, "bad_export_format",
                   std::string(s.info().name) + " is exported as " + (chess ? "pgn" : "pdn") +
                       " (or fen), not " + format,
                   {{"format", format}});
  auto player = [&](Player p) {
    if (g.opponent == "computer" && side_name(p) == g.computer_side)
      return "doska, level " + std::to_string(g.level);
    const Seat& seat = p == Player::white ? g.white_player : g.black_player;
    if (!seat.name.empty()) return seat.name;
    return std::string(side_name(p) == "white" ? "White" : "Black");
  };
  std::string date = g.created.substr(0, 10);
  std::replace(date.begin(), date.end(), '-', '.');
  std::vector<std::pair<std::string, std::string>> tags = {
      {"Event", std::string(g.rated ? "rated " : "") + "doska game " + g.id},
      {"Site", "doska"},
      {"Date", date},
      {"White", player(Player::white)},
      {"Black", player(Player::black)}};
  if (g.white_player.rating) tags.emplace_back("WhiteElo", std::to_string(*g.white_player.rating));
  if (g.black_player.rating) tags.emplace_back("BlackElo", std::to_string(*g.black_player.rating));
  return s.record(tags);
}

}  // namespace doska::server
