#include "engine/engine.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <random>

namespace doska::engine {

LevelSetting level_setting(int level) {
  static constexpr LevelSetting kLevels[] = {{1, 500}, {1, 300}, {2, 200}, {2, 130}, {3, 90},
                                             {4, 60},  {5, 35},  {6, 20},  {8, 8},   {0, 0}};
  return kLevels[std::clamp(level, 1, 10) - 1];
}

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
  const LevelSetting level = level_setting(limits.level);
  if (level.depth > 0) {
    // A weaker level: score every root move at a shallow depth and pick one near the best.
    auto scored = backend_->score_root_moves(tt_, stop_, level.depth);
    if (scored.empty()) {
      best.score = search::Score{search::Score::Kind::loss, 0};
      return best;
    }
    const auto top =
        std::max_element(scored.begin(), scored.end(),
                         [](const auto& a, const auto& b) { return a.value < b.value; });
    std::vector<const search::RootMove*> near;
    for (const auto& m : scored)
      if (m.value >= top->value - level.margin && !search::is_decided(m.value - top->value))
        near.push_back(&m);
    std::mt19937_64 rng(limits.seed ? limits.seed : std::random_device{}());
    const search::RootMove* pick = near[rng() % near.size()];
    best.move = pick->text;
    best.score = search::Score::from_value(pick->value);
    best.depth = level.depth;
  } else {
    search::SearchResult r = backend_->search(tt_, stop_, limits, on_info);
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
