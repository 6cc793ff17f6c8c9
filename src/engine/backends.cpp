// The registry of search backends, one per game.
#include <string>

#include "common/text.h"
#include "engine/backend.h"
#include "engine/wolf_sheep_backend.h"
#include "games/chess100/game.h"
#include "games/chess100/notation.h"
#include "games/chess100/search_traits.h"
#include "games/draughts/game.h"
#include "games/draughts/notation.h"
#include "games/draughts/search_traits.h"
#include "games/mill/book.h"
#include "games/mill/game.h"
#include "games/mill/notation.h"
#include "games/mill/search_traits.h"

namespace doska::engine {

namespace {

// The value of a finished game for the side to move.
template <class GameOutcome>
search::Score final_score(GameOutcome outcome, bool white_to_move) {
  using Kind = search::Score::Kind;
  if (outcome == GameOutcome::draw) return search::Score{Kind::draw, 0};
  if ((outcome == GameOutcome::white_wins) == white_to_move) return search::Score{Kind::win, 0};
  return search::Score{Kind::loss, 0};
}

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
  if (Status s = replay(game, moves); !s) return make_error(s.error());
  SearchRoot<Traits> root;
  root.position = Traits::make(game.position());
  const auto& records = game.records();
  root.reversible = records.back().draw.quiet_king_plies;
  const int first = static_cast<int>(records.size()) - 1 - root.reversible;
  for (int i = std::max(0, first); i + 1 < static_cast<int>(records.size()); ++i)
    root.history.push_back(draughts::compute_key(records[i].position));
  if (game.over())
    root.over = final_score(game.ending().outcome, game.position().side == draughts::Side::white);
  return root;
}

template <const draughts::Rules& R>
Result<std::unique_ptr<Backend>> draughts_backend() {
  // Damaged built-in weights are an error, never a silent change to another evaluation.
  if (Status s = draughts::pattern::builtin_status(R.id); !s) return make_error(s.error());
  if (auto b = draughts::builtin_book(R.id); !b) return make_error(b.error());
  return std::unique_ptr<Backend>(
      std::make_unique<SearchBackend<draughts::SearchTraits<R>>>(&draughts_root<R>));
}

// The root of a game of 100-square chess: the record replays the moves under every rule; the
// history holds the keys since the last capture or pawn move.
Result<SearchRoot<chess100::SearchTraits>> chess100_root(std::optional<std::string_view> fen,
                                                         const std::vector<std::string>& moves) {
  chess100::Position start = chess100::start_position();
  if (fen) {
    auto parsed = chess100::parse_fen(*fen);
    if (!parsed) return make_error(parsed.error());
    start = *parsed;
  }
  chess100::Game game(start);
  if (Status s = replay(game, moves); !s) return make_error(s.error());
  SearchRoot<chess100::SearchTraits> root;
  root.position = chess100::SearchTraits::make(game.position());
  const auto& records = game.records();
  root.reversible = std::min(game.position().halfmove, static_cast<int>(records.size()) - 1);
  const int first = static_cast<int>(records.size()) - 1 - root.reversible;
  for (int i = std::max(0, first); i + 1 < static_cast<int>(records.size()); ++i)
    root.history.push_back(records[i].position.key());
  if (game.over())
    root.over = final_score(game.ending().outcome, game.position().side == chess100::Color::white);
  return root;
}

// The root of a mill game: the record replays the moves; the history holds the keys since the
// last placement or removal.
template <const mill::Rules& R>
Result<SearchRoot<mill::SearchTraits<R>>> mill_root(std::optional<std::string_view> fen,
                                                    const std::vector<std::string>& moves) {
  using Traits = mill::SearchTraits<R>;
  mill::Position start = mill::start_position(R);
  if (fen) {
    auto parsed = mill::parse_fen(R, *fen);
    if (!parsed) return make_error(parsed.error());
    start = *parsed;
  }
  mill::Game game(R, start);
  if (Status s = replay(game, moves); !s) return make_error(s.error());
  SearchRoot<Traits> root;
  root.position = Traits::make(game.position());
  const auto& records = game.records();
  int last = static_cast<int>(records.size()) - 1;
  int first = last;
  while (first > 0 &&
         !Traits::irreversible(Traits::make(records[first - 1].position), records[first].move))
    --first;
  root.reversible = last - first;
  for (int i = first; i < last; ++i) root.history.push_back(records[i].position.key());
  if (game.over())
    root.over = final_score(game.ending().outcome, game.position().side == mill::Side::white);
  return root;
}

template <const mill::Rules& R>
Result<std::unique_ptr<Backend>> mill_backend() {
  // Damaged built-in weights are an error, never a silent change to another evaluation.
  if (auto w = mill::builtin_weights(R.id); !w) return make_error(w.error());
  if (auto b = mill::builtin_book(R.id); !b) return make_error(b.error());
  return std::unique_ptr<Backend>(
      std::make_unique<SearchBackend<mill::SearchTraits<R>>>(&mill_root<R>));
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
  if (game == "wolf-sheep") return wolf_sheep_backend();
  if (game == mill::kMill.id) return mill_backend<mill::kMill>();
  if (game == mill::kMillMixed.id) return mill_backend<mill::kMillMixed>();
  if (game == mill::kMillCeylon.id) return mill_backend<mill::kMillCeylon>();
  if (game == chess100::kId)
    return std::unique_ptr<Backend>(
        std::make_unique<SearchBackend<chess100::SearchTraits>>(&chess100_root));
  return make_error("no engine for game " + quoted(game));
}

}  // namespace doska::engine
