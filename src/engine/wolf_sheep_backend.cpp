#include "engine/wolf_sheep_backend.h"

#include <chrono>

#include "games/wolf_sheep/game.h"
#include "games/wolf_sheep/notation.h"
#include "games/wolf_sheep/solution.h"

namespace doska::engine {

namespace {

using wolf_sheep::Value;

search::Value search_value(Value v) {
  return v.win ? search::kWin - v.plies : -search::kWin + v.plies;
}

class WolfSheepBackend final : public Backend {
 public:
  Status set_position(std::optional<std::string_view> fen,
                      const std::vector<std::string>& moves) override {
    wolf_sheep::Position start = wolf_sheep::start_position();
    if (fen) {
      auto parsed = wolf_sheep::parse_fen(*fen);
      if (!parsed) return make_error(parsed.error());
      start = *parsed;
    }
    wolf_sheep::Game game(start);
    if (Status s = replay(game, moves); !s) return s;
    root_ = game.position();
    return Ok{};
  }

  std::optional<search::Score> game_over() const override {
    const wolf_sheep::End end = wolf_sheep::end_of(root_);
    if (end == wolf_sheep::End::none) return std::nullopt;
    // The wolf past the sheep with the wolf to move is a win for the side to move.
    const bool won =
        end == wolf_sheep::End::wolf_past_sheep && root_.side == wolf_sheep::Side::wolf;
    return search::Score::from_value(search_value({won, 0}));
  }

  // The limits do not matter: the answer is exact at once.
  search::SearchResult search(search::TranspositionTable&, std::atomic<bool>&,
                              const search::Limits&, const InfoCallback& on_info) override {
    const auto start = std::chrono::steady_clock::now();
    const wolf_sheep::Solution& solution = solution_.get();
    search::SearchResult result;
    const Value value = solution.value(root_);
    result.value = search_value(value);
    result.depth = value.plies;
    result.nodes = wolf_sheep::legal_moves(root_).size();
    for (const wolf_sheep::Move& m : solution.best_line(root_))
      result.pv.push_back(wolf_sheep::move_text(m));
    if (!result.pv.empty()) result.best = result.pv.front();
    if (on_info) {
      search::Info info;
      info.depth = info.seldepth = value.plies;
      info.score = search::Score::from_value(result.value);
      info.nodes = result.nodes;
      info.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      info.pv = result.pv;
      on_info(info);
    }
    return result;
  }

  std::vector<search::RootMove> score_root_moves(search::TranspositionTable&, std::atomic<bool>&,
                                                 int) override {
    const wolf_sheep::Solution& solution = solution_.get();
    std::vector<search::RootMove> moves;
    for (const wolf_sheep::Move& m : wolf_sheep::legal_moves(root_)) {
      wolf_sheep::Position next = root_;
      wolf_sheep::play(next, m);
      const Value reply = solution.value(next);  // for the opponent
      moves.push_back({wolf_sheep::move_text(m), search_value({!reply.win, reply.plies + 1})});
    }
    return moves;
  }

 private:
  wolf_sheep::Position root_ = wolf_sheep::start_position();
  // Built on the first question and kept for the backend's life (one engine, one table).
  wolf_sheep::LazySolution solution_;
};

}  // namespace

std::unique_ptr<Backend> wolf_sheep_backend() {
  return std::make_unique<WolfSheepBackend>();
}

}  // namespace doska::engine
