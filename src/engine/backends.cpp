// The registry of search backends, one per game.
#include <string>

#include "common/text.h"
#include "engine/backend.h"
#include "games/draughts/game.h"
#include "games/draughts/notation.h"
#include "games/draughts/search_traits.h"

namespace doska::engine {

namespace {

// The root of a draughts game: the record replays the moves under every rule, so that the search
// starts from the game's real state (repetitions and the kings-only count included).
template <const draughts::Rules& R>
Result<SearchRoot<draughts::SearchTraits<R>>> draughts_root(std::optional<std::string_view> fen,
                                                            const std::vector<std::string>& moves) {
  using Traits = draughts::SearchTraits<R>;
  draughts::Position start = draughts::start_position(R);
  if (fen) {
    auto parsed = draughts::parse_fen(R, *fen);
    if (!parsed) return make_error(parsed.error());
    start = *parsed;
  }
  draughts::Game game(R, start);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto played = game.play_text(moves[i]);
    if (!played)
      return make_error("move " + std::to_string(i + 1) + " (" + moves[i] + "): " + played.error());
  }
  SearchRoot<Traits> root;
  root.position = Traits::make(game.position());
  const auto& records = game.records();
  root.reversible = records.back().draw.quiet_king_plies;
  const int first = static_cast<int>(records.size()) - 1 - root.reversible;
  for (int i = std::max(0, first); i + 1 < static_cast<int>(records.size()); ++i)
    root.history.push_back(draughts::compute_key(records[i].position));
  if (game.over()) {
    const auto outcome = game.ending().outcome;
    const draughts::Side mover = game.position().side;
    using Kind = search::Score::Kind;
    if (outcome == draughts::Outcome::draw)
      root.over = search::Score{Kind::draw, 0};
    else if ((outcome == draughts::Outcome::white_wins) == (mover == draughts::Side::white))
      root.over = search::Score{Kind::win, 0};
    else
      root.over = search::Score{Kind::loss, 0};
  }
  return root;
}

template <const draughts::Rules& R>
std::unique_ptr<Backend> draughts_backend() {
  return std::make_unique<SearchBackend<draughts::SearchTraits<R>>>(&draughts_root<R>);
}

}  // namespace

Result<std::unique_ptr<Backend>> make_backend(std::string_view game) {
  using namespace draughts;
  if (game == kInternational.id) return draughts_backend<kInternational>();
  if (game == kRussian.id) return draughts_backend<kRussian>();
  if (game == kEnglish.id) return draughts_backend<kEnglish>();
  if (game == kInternationalGiveaway.id) return draughts_backend<kInternationalGiveaway>();
  if (game == kRussianGiveaway.id) return draughts_backend<kRussianGiveaway>();
  if (game == kEnglishGiveaway.id) return draughts_backend<kEnglishGiveaway>();
  return make_error("no engine for game " + quoted(game));
}

}  // namespace doska::engine
