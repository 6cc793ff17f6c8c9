#include "engine/engine.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <random>

namespace doska::engine {

LevelSetting level_setting(std::string_view game, int level) {
  // Measured in docs/engine.md, "Levels": steps of 143-308 Elo in international draughts. A game
  // whose steps the common table leaves uneven has its own rows.
  static constexpr LevelSetting kLevels[] = {
      {2, 250, 80, 0}, {2, 200, 40, 0}, {2, 120, 10, 0},  {3, 90, 20, 0},    {4, 60, 15, 0},
      {5, 35, 10, 0},  {6, 20, 5, 0},   {0, 0, 0, 25000}, {0, 0, 0, 150000}, {0, 0, 0, 0},
  };
  // International draughts, with the network and the exchanges in quiescence: with the common
  // table level 3 stood 292 Elo over level 2 and only 176 under level 4 (300 games each; with
  // margin 140, spread 20: 203 and 311), and level 9 (150,000 nodes) 74 under level 10 at 0.2 s.
  // With the round-6 network level 8 at 20,000 nodes stood 330 Elo over level 7 and only 92 under
  // level 9; at 14,000 nodes the two steps are about 230 and 200 (docs/measurements.md).
  static constexpr LevelSetting kInternational[] = {
      {2, 250, 80, 0}, {2, 200, 40, 0}, {2, 130, 15, 0},  {3, 90, 20, 0},   {4, 60, 15, 0},
      {5, 35, 10, 0},  {6, 20, 5, 0},   {0, 0, 0, 14000}, {0, 0, 0, 80000}, {0, 0, 0, 0},
  };
  // English checkers: with the common table level 3 stood only 108 Elo under level 4 and level 7
  // 531 under level 8; with the round-3 network 12,000 and 50,000 nodes for levels 8 and 9 left
  // 323 Elo between levels 7 and 8 and 92 between 8 and 9.
  static constexpr LevelSetting kEnglish[] = {
      {2, 250, 80, 0}, {2, 200, 40, 0}, {2, 140, 20, 0}, {3, 90, 20, 0},   {4, 60, 15, 0},
      {5, 35, 10, 0},  {7, 20, 5, 0},   {0, 0, 0, 7000}, {0, 0, 0, 30000}, {0, 0, 0, 0},
  };
  // Russian draughts: with the common table level 7 (depth 6) stood 354 Elo under level 8 and
  // only 151 over level 6.
  static constexpr LevelSetting kRussian[] = {
      {2, 250, 80, 0}, {2, 200, 40, 0}, {2, 120, 10, 0},  {3, 90, 20, 0},   {4, 60, 15, 0},
      {5, 35, 10, 0},  {7, 20, 5, 0},   {0, 0, 0, 15000}, {0, 0, 0, 80000}, {0, 0, 0, 0},
  };
  // Nine men's morris: with the common table level 3 stood only 85 Elo under level 4.
  static constexpr LevelSetting kMill[] = {
      {2, 250, 80, 0}, {2, 220, 55, 0}, {2, 150, 25, 0},  {3, 90, 20, 0},    {4, 60, 15, 0},
      {5, 35, 10, 0},  {6, 20, 5, 0},   {0, 0, 0, 25000}, {0, 0, 0, 150000}, {0, 0, 0, 0},
  };
  const LevelSetting* table = game == "international" ? kInternational
                              : game == "english"     ? kEnglish
                              : game == "russian"     ? kRussian
                              : game == "mill"        ? kMill
                                                      : kLevels;
  return table[std::clamp(level, 1, 10) - 1];
}

namespace {

// The move a lower level plays: one of the moves within its margin of the best (never one that a
// forced result separates from the best), drawn with weight exp(-(best - value) / spread), so a
// move a man (100) worse comes e^(100 / spread) times less often than the best, and moves of
// nearly equal value about equally often.
const search::RootMove* pick_near_best(const std::vector<search::RootMove>& scored,
                                       const LevelSetting& level, std::mt19937_64& rng) {
  search::Value top = scored.front().value;
  for (const auto& m : scored) top = std::max(top, m.value);
  std::vector<double> weights;
  for (const auto& m : scored) {
    const search::Value behind = top - m.value;
    const bool near = behind <= level.margin && !search::is_decided(behind);
    weights.push_back(!near              ? 0.0
                      : level.spread > 0 ? std::exp(-static_cast<double>(behind) / level.spread)
                                         : behind == 0);
  }
  double total = 0;
  for (double w : weights) total += w;
  // 53 random bits: a fraction in [0, 1) that is the same for a seed on every platform.
  double draw = static_cast<double>(rng() >> 11) * 0x1p-53 * total;
  for (std::size_t i = 0; i < scored.size(); ++i) {
    if (draw < weights[i]) return &scored[i];
    draw -= weights[i];
  }
  for (std::size_t i = scored.size(); i-- > 0;)  // rounding at the very end: the last near move
    if (weights[i] > 0) return &scored[i];
  return &scored.front();
}

}  // namespace

bool accepts_draw(int level, const search::Score& own, int plies) {
  using Kind = search::Score::Kind;
  switch (own.kind) {
    case Kind::loss:
    case Kind::draw:
      return true;
    case Kind::win:
      return false;
    case Kind::cp:
      break;
  }
  level = std::clamp(level, 1, 10);
  const int worse_margin = 25 + 5 * level;  // level 10: 75, level 1: 30 (100 = one man)
  if (own.value <= -worse_margin) return true;
  const int balanced_after = 30 + 30 * level / 10;  // moves of both sides: level 10 60, level 1 33
  return std::abs(own.value) <= 20 && plies >= balanced_after;
}

Engine::Engine(std::size_t hash_megabytes)
    : shelf_(std::make_shared<TableShelf>(TableShelf::kDefaultDir)), tt_(hash_megabytes) {}

void Engine::set_tables(std::shared_ptr<TableShelf> shelf) {
  shelf_ = std::move(shelf);
  backend_.reset();  // made again, with the new databases, by the next set_position
  game_.clear();
}

Engine::~Engine() {
  stop();
  wait();
}

Status Engine::set_position(std::string_view game, std::optional<std::string_view> fen,
                            const std::vector<std::string>& moves) {
  if (busy()) return make_error("the engine is searching; stop it first");
  if (!backend_ || game != game_) {
    auto backend = make_backend(game);
    if (!backend) return make_error(backend.error());
    if (Status s = (*backend)->set_eval(eval_); !s) return s;
    if (shelf_)
      if (Status s = (*backend)->set_tables(*shelf_); !s) return s;
    backend_ = std::move(*backend);
    game_ = std::string(game);
    tt_.clear();
  }
  return backend_->set_position(fen, moves);
}

Status Engine::set_eval(std::string_view spec) {
  if (busy()) return make_error("the engine is searching; stop it first");
  if (backend_)
    if (Status s = backend_->set_eval(spec); !s) return s;
  eval_ = std::string(spec);
  tt_.clear();
  return Ok{};
}

void Engine::new_game() {
  tt_.clear();
}

void Engine::resize_hash(std::size_t megabytes) {
  if (!busy()) tt_.resize(std::clamp<std::size_t>(megabytes, 1, 4096));
}

BestMove Engine::search(const search::Limits& limits, const InfoCallback& on_info) {
  stop_.store(false);
  return run(limits, on_info);
}

BestMove Engine::run(const search::Limits& limits, const InfoCallback& on_info) {
  BestMove best;
  if (!backend_) return best;
  if (auto over = backend_->game_over()) {
    best.score = *over;
    return best;
  }
  const auto start = std::chrono::steady_clock::now();
  const LevelSetting level = level_setting(game_, limits.level);
  if (level.depth > 0) {
    // A weaker level: score every root move at a shallow depth and pick one near the best.
    auto scored = backend_->score_root_moves(tt_, stop_, level.depth);
    if (scored.empty()) {
      best.score = search::Score{search::Score::Kind::loss, 0};
      return best;
    }
    std::mt19937_64 rng(limits.seed ? limits.seed : std::random_device{}());
    const search::RootMove* pick = pick_near_best(scored, level, rng);
    best.move = pick->text;
    best.score = search::Score::from_value(pick->value);
    best.depth = level.depth;
  } else {
    search::Limits capped = limits;
    if (level.nodes > 0)
      capped.nodes = limits.nodes ? std::min(limits.nodes, level.nodes) : level.nodes;
    search::SearchResult r = backend_->search(tt_, stop_, capped, on_info);
    best.move = r.best;
    best.score = search::Score::from_value(r.value, r.exact_draw);
    best.score.table = best.score.table || r.exact_draw;
    best.depth = r.depth;
    best.nodes = r.nodes;
    best.pv = r.pv;
  }
  best.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return best;
}

void Engine::go(const search::Limits& limits, InfoCallback on_info, BestCallback on_best) {
  wait();
  busy_.store(true);
  stop_.store(false);
  worker_ = std::thread([this, limits, on_info = std::move(on_info), on_best = std::move(on_best)] {
    BestMove best = run(limits, on_info);
    busy_.store(false);
    if (on_best) on_best(best);
  });
}

void Engine::stop() {
  stop_.store(true);
}

void Engine::wait() {
  if (worker_.joinable()) worker_.join();
}

}  // namespace doska::engine
