// Our own engine as a competitor: the Engine facade in this process.
#include <memory>

#include "common/text.h"
#include "engine/engine.h"
#include "match/kinds.h"

namespace doska::match {

namespace {

class OurEngine : public Competitor {
 public:
  explicit OurEngine(const CompetitorSpec& spec) : spec_(spec), engine_(spec.hash_megabytes) {}

  // The evaluation the spec names, checked against the game before the first game starts.
  Status prepare(std::string_view game, engine::TableShelves* shelves) {
    std::shared_ptr<engine::TableShelf> tables;
    if (spec_.egdb != "none")
      tables = shelves ? shelves->at(spec_.egdb, spec_.egdb_memory)
                       : std::make_shared<engine::TableShelf>(spec_.egdb, spec_.egdb_memory);
    engine_.set_tables(std::move(tables));
    if (Status s = engine_.set_eval(spec_.eval); !s)
      return make_error(quoted(spec_.text) + ": " + s.error());
    if (Status s = engine_.set_position(game); !s)
      return make_error(quoted(spec_.text) + ": " + s.error());
    return Ok{};
  }

  std::string name() const override { return spec_.name.empty() ? spec_.text : spec_.name; }

  Status start_game(const GameSession&, const GameStart& start) override {
    start_ = start;
    engine_.new_game();
    return Ok{};
  }

  Result<std::string> choose_move(const GameSession& game, const MoveRequest& request) override {
    const std::string start_fen = game.start_fen();
    if (Status s = engine_.set_position(game.info().id, start_fen, game.moves_played()); !s)
      return make_error(s.error());
    const engine::BestMove best =
        engine_.search(think_limits(spec_.limits, start_.time, game.to_move(), request));
    if (best.move.empty()) return make_error("our engine found no move");
    return best.move;
  }

 private:
  CompetitorSpec spec_;
  GameStart start_;
  engine::Engine engine_;
};

}  // namespace

Result<std::unique_ptr<Competitor>> make_ours(const CompetitorSpec& spec, std::string_view game,
                                              engine::TableShelves* shelves) {
  auto ours = std::make_unique<OurEngine>(spec);
  if (Status s = ours->prepare(game, shelves); !s) return make_error(s.error());
  return std::unique_ptr<Competitor>(std::move(ours));
}

}  // namespace doska::match
