#include "server/puzzles/puzzles.h"
#include "common/clock.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>
#include <span>

#include "common/text.h"
#include "rating/glicko2.h"
#include "server/api_error.h"
#include "server/views.h"

namespace doska::server {

using nlohmann::json;

namespace {

// How many of the puzzles nearest the rating aimed at one is chosen from at random: a player
// gets a puzzle near their rating, an anonymous visitor one of a wider set near 1500.
constexpr std::size_t kNearestForPlayer = 3;
constexpr std::size_t kNearestForVisitor = 10;

std::unique_ptr<GameSession> position_of(const puzzles::Puzzle& p) {
  auto s = new_session(p.game, p.fen);
  // The file's reader played every move of the line from this FEN: it reads.
  if (!s) throw ApiError(500, "internal_error", "puzzle " + p.id + ": " + s.error());
  return std::move(*s);
}

json legal_json(const GameSession& s) {
  json legal = json::array();
  if (!s.end().over())
    for (const MoveView& m : s.legal_move_views()) legal.push_back(move_json(m));
  return legal;
}

// The squares of the last move played, for the board's marks (null before any).
json last_move_json(GameSession& s) {
  const auto played = s.moves_played();
  if (played.empty() || !s.undo()) return nullptr;
  json last = nullptr;
  if (auto view = s.read_move(played.back()))
    last = json{{"squares", view->path}, {"captures", view->captures}};
  (void)s.play(played.back());
  return last;
}

json rating_json(const PuzzleRatingRow& r) {
  return json{{"rating", static_cast<int>(std::lround(r.rating))},
              {"rd", static_cast<int>(std::lround(r.rd))},
              {"provisional", rating::provisional({r.rating, r.rd, r.volatility})},
              {"plays", r.plays}};
}

rating::Rating glicko(const PuzzleRatingRow& r) {
  return rating::Rating{r.rating, r.rd, r.volatility};
}

PuzzleRatingRow after_one(const PuzzleRatingRow& before, const PuzzleRatingRow& opponent,
                          double score) {
  const rating::GameResult game{glicko(opponent), score};
  const rating::Rating r = rating::update(glicko(before), std::span(&game, 1));
  return PuzzleRatingRow{r.rating, r.rd, r.volatility, before.plays + 1};
}

bool is_date(const std::string& d) {
  if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
  for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u})
    if (d[i] < '0' || d[i] > '9') return false;
  return true;
}

std::string today_utc() {
  const auto day = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
  const std::chrono::year_month_day ymd{day};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
  return text;
}

}  // namespace

std::size_t daily_index(const std::string& date, std::size_t count) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : date) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return count == 0 ? 0 : static_cast<std::size_t>(h % count);
}

Puzzles::Puzzles(Storage& storage, PuzzlesOptions options)
    : storage_(storage), throttle_(options.throttle), random_(std::random_device{}()) {
  const auto log = [&](const std::string& line) {
    if (options.log)
      options.log(line);
    else
      std::fprintf(stderr, "%s\n", line.c_str());
  };
  for (const GameInfo& g : all_games()) {
    const std::string game(g.id);
    const std::string path = puzzles::file_for(game, options.dir);
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) continue;
    auto read = puzzles::load_file(path);
    if (read && !read->empty() && read->front().game != game)
      read = make_error(path + ": the file is for " + read->front().game);
    if (!read) {
      // The reader's error names the file and the line at fault.
      log("doska: puzzles: " + read.error() + "; no puzzles for " + game);
      continue;
    }
    if (read->empty()) continue;
    Shelf shelf;
    std::set<std::string> themes;
    for (const puzzles::Puzzle& p : *read) themes.insert(p.themes.begin(), p.themes.end());
    shelf.puzzles = std::move(*read);
    shelf.themes.assign(themes.begin(), themes.end());
    shelves_.emplace(game, std::move(shelf));
  }
}

json Puzzles::games() const {
  json out = json::array();
  for (const auto& [game, shelf] : shelves_) {
    const GameInfo* info = find_game(game);
    out.push_back(json{{"game", game},
                       {"name", info ? std::string(info->name) : game},
                       {"count", shelf.puzzles.size()},
                       {"themes", shelf.themes}});
  }
  return json{{"games", out}};
}

const Puzzles::Shelf& Puzzles::shelf(const std::string& game) const {
  if (!find_game(game))
    throw ApiError(400, "unknown_variant", "unknown game " + doska::quoted(game),
                   {{"variant", game}});
  auto it = shelves_.find(game);
  if (it == shelves_.end())
    throw ApiError(404, "no_puzzles", "no puzzles for " + game, {{"variant", game}});
  return it->second;
}

const puzzles::Puzzle* Puzzles::find(const std::string& id) const {
  // "<game>-<number>": the game is what comes before the last dash.
  const auto dash = id.rfind('-');
  if (dash == std::string::npos) return nullptr;
  auto it = shelves_.find(id.substr(0, dash));
  if (it == shelves_.end()) return nullptr;
  for (const puzzles::Puzzle& p : it->second.puzzles)
    if (p.id == id) return &p;
  return nullptr;
}

PuzzleRatingRow Puzzles::rating_of(const puzzles::Puzzle& p) {
  auto stored = storage_.puzzle_rating(p.id);
  if (!stored) throw ApiError(500, "internal_error", stored.error());
  if (*stored) return **stored;
  // Never played here: the file's rating, as sure as lichess makes a new puzzle's.
  return PuzzleRatingRow{static_cast<double>(p.rating), 200, 0.06, 0};
}

PuzzleRatingRow Puzzles::player_rating(std::int64_t user, const std::string& game) {
  auto stored = storage_.player_puzzle_rating(user, game);
  if (!stored) throw ApiError(500, "internal_error", stored.error());
  return stored->value_or(PuzzleRatingRow{});
}

json Puzzles::view(const puzzles::Puzzle& p, const std::optional<Viewer>& viewer) {
  const auto s = position_of(p);
  json out{{"id", p.id},
           {"game", p.game},
           {"fen", p.fen},
           {"side", side_name(s->to_move())},
           {"themes", p.themes},
           {"rating", static_cast<int>(std::lround(rating_of(p).rating))},
           {"moves", (p.line.size() + 1) / 2},
           {"board", board_json(s->board())},
           {"legal", legal_json(*s)},
           {"player", nullptr}};
  if (viewer) out["player"] = rating_json(player_rating(viewer->id, p.game));
  return out;
}

json Puzzles::next(const std::string& game, const std::optional<std::string>& theme,
                   const std::optional<Viewer>& viewer) {
  const Shelf& s = shelf(game);
  if (theme && (theme->size() > kMaxPuzzleTheme ||
                std::find(s.themes.begin(), s.themes.end(), *theme) == s.themes.end()))
    throw ApiError(
        400, "bad_theme",
        "no " + game + " puzzle has the theme " + doska::quoted(theme->substr(0, kMaxPuzzleTheme)),
        {{"theme", theme->substr(0, kMaxPuzzleTheme)}, {"themes", s.themes}});
  std::vector<const puzzles::Puzzle*> all;
  for (const puzzles::Puzzle& p : s.puzzles)
    if (!theme || std::find(p.themes.begin(), p.themes.end(), *theme) != p.themes.end())
      all.push_back(&p);
  double aim = 1500;
  std::vector<const puzzles::Puzzle*> fresh = all;
  if (viewer) {
    aim = player_rating(viewer->id, game).rating;
    auto done = storage_.attempted_puzzles(viewer->id, game);
    if (!done) throw ApiError(500, "internal_error", done.error());
    std::erase_if(fresh, [&](const puzzles::Puzzle* p) {
      return std::binary_search(done->begin(), done->end(), p->id);
    });
    if (fresh.empty()) fresh = all;  // every one attempted: they come round again, unrated
  }
  std::vector<std::pair<double, const puzzles::Puzzle*>> by_distance;
  for (const puzzles::Puzzle* p : fresh)
    by_distance.emplace_back(std::abs(rating_of(*p).rating - aim), p);
  std::sort(by_distance.begin(), by_distance.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  const std::size_t nearest =
      std::min(by_distance.size(), viewer ? kNearestForPlayer : kNearestForVisitor);
  std::size_t pick = 0;
  {
    std::lock_guard lock(mutex_);
    pick = std::uniform_int_distribution<std::size_t>(0, nearest - 1)(random_);
  }
  return view(*by_distance[pick].second, viewer);
}

json Puzzles::daily(const std::string& game, const std::optional<std::string>& date,
                    const std::optional<Viewer>& viewer) {
  const Shelf& s = shelf(game);
  if (date && !is_date(*date))
    throw ApiError(
        400, "bad_date",
        "date " + doska::quoted(date->substr(0, 16)) + " is not a day written YYYY-MM-DD");
  const std::string day = date.value_or(today_utc());
  json out = view(s.puzzles[daily_index(day, s.puzzles.size())], viewer);
  out["date"] = day;
  return out;
}

json Puzzles::attempt(const std::string& id, const PuzzleAttemptRequest& request,
                      const std::optional<Viewer>& viewer, const std::string& address) {
  const puzzles::Puzzle* p = find(id);
  if (!p)
    throw ApiError(404, "puzzle_not_found", "no puzzle " + doska::quoted(id.substr(0, 64)),
                   {{"id", id.substr(0, 64)}});
  if (throttle_) {
    const std::string who = viewer ? "user:" + viewer->name : "address:" + address;
    if (auto wait = attempts_.take(who))
      throw ApiError(429, "too_many_attempts",
                     "too many puzzle moves; wait " + std::to_string(*wait) + " s",
                     {{"retry_after", *wait}});
  }
  const std::size_t asked = (p->line.size() + 1) / 2;
  if (request.moves.size() > asked)
    throw ApiError(400, "bad_attempt",
                   std::to_string(request.moves.size()) + " moves sent, the puzzle has " +
                       std::to_string(asked),
                   {{"moves", request.moves.size()}, {"asked", asked}});
  auto s = position_of(*p);
  json out{{"id", p->id}};
  std::optional<std::size_t> wrong;
  for (std::size_t i = 0; i < request.moves.size(); ++i) {
    const std::string& move = request.moves[i];
    // The player's move and the line's compared by the position they lead to, so that any
    // spelling the game reads of the same move counts.
    if (Status played = s->play(move); !played)
      throw ApiError(
          400, "illegal_move",
          "move " + std::to_string(i + 1) + " " + doska::quoted(move) + ": " + played.error(),
          {{"move", move}});
    const std::string reached = s->fen();
    s->undo();
    (void)s->play(p->line[2 * i]);
    if (s->fen() != reached) {
      wrong = i;
      break;
    }
    if (2 * i + 1 < p->line.size()) (void)s->play(p->line[2 * i + 1]);
  }
  bool finished = true;
  if (wrong) {
    out["result"] = "failed";
    out["move"] = request.moves[*wrong];
    out["expected"] = p->line[2 * *wrong];
    out["solution"] = p->line;
  } else if (request.moves.size() == asked) {
    out["result"] = "solved";
    out["solution"] = p->line;
  } else {
    finished = false;
    out["result"] = "right";
    out["reply"] = p->line[2 * request.moves.size() - 1];
    out["fen"] = s->fen();
    out["legal"] = legal_json(*s);
  }
  // Right: after the opponent's reply; solved: after the last move; failed: after the move that
  // was right instead of the player's.
  out["board"] = board_json(s->board());
  out["last"] = last_move_json(*s);
  if (!finished) return out;
  out["rated"] = false;
  if (!viewer) return out;
  std::lock_guard lock(mutex_);
  const PuzzleRatingRow player = player_rating(viewer->id, p->game);
  const PuzzleRatingRow puzzle = rating_of(*p);
  const double score = wrong ? 0 : 1;
  const PuzzleRatingRow player_after = after_one(player, puzzle, score);
  const PuzzleRatingRow puzzle_after = after_one(puzzle, player, 1 - score);
  const PuzzleAttemptRow row{viewer->id, p->id, p->game, !wrong, now_ms()};
  auto first = storage_.record_puzzle_attempt(row, player_after, puzzle_after);
  if (!first) throw ApiError(500, "internal_error", first.error());
  const PuzzleRatingRow& player_now = *first ? player_after : player;
  json mine = rating_json(player_now);
  mine["before"] = static_cast<int>(std::lround(player.rating));
  mine["diff"] = static_cast<int>(std::lround(player_now.rating)) - mine["before"].get<int>();
  out["rated"] = *first;
  out["player"] = mine;
  out["puzzle_rating"] = static_cast<int>(std::lround((*first ? puzzle_after : puzzle).rating));
  return out;
}

json Puzzles::history(const std::string& game, const Viewer& viewer) {
  (void)shelf(game);
  auto points = storage_.puzzle_rating_history(viewer.id, game, kPuzzleHistoryPoints);
  if (!points) throw ApiError(500, "internal_error", points.error());
  json out = rating_json(player_rating(viewer.id, game));
  out["game"] = game;
  out["points"] = json::array();
  for (const PuzzleRatingPoint& p : *points)
    out["points"].push_back(json{{"at_ms", p.at_ms},
                                 {"rating", static_cast<int>(std::lround(p.rating))},
                                 {"solved", p.solved},
                                 {"puzzle", p.puzzle_id}});
  return out;
}

}  // namespace doska::server
