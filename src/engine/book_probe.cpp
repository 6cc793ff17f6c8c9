#include "engine/book_probe.h"

#include "games/draughts/book.h"
#include "games/draughts/notation.h"
#include "games/draughts/rules.h"
#include "games/mill/book.h"
#include "games/mill/notation.h"
#include "games/mill/rules.h"

namespace doska::engine {

namespace {

// The built-in book of the game of `rules` (`builtin(id)`), probed at the position of `fen`
// (`parse`), its move written by `text(rules, position, move)`.
template <class Rules, class Builtin, class Parse, class Text>
std::optional<search::BookHit> probe(const Rules& rules, std::string_view fen, Builtin builtin,
                                     Parse parse, Text text) {
  const auto book = builtin(rules.id);
  if (!book || !*book) return std::nullopt;
  const auto pos = parse(rules, fen);
  if (!pos) return std::nullopt;
  const auto hit = (*book)->probe(*pos);
  if (!hit) return std::nullopt;
  return search::BookHit{text(rules, *pos, hit->move), hit->value, hit->depth};
}

}  // namespace

std::optional<search::BookHit> book_move(std::string_view game, std::string_view fen) {
  for (const draughts::Rules* rules : draughts::kAllRules)
    if (game == rules->id)
      return probe(
          *rules, fen, [](std::string_view id) { return draughts::builtin_book(id); },
          [](const draughts::Rules& r, std::string_view f) { return draughts::parse_fen(r, f); },
          [](const draughts::Rules& r, const draughts::Position& p, const draughts::Move& m) {
            return draughts::move_text(r, p, m);
          });
  for (const mill::Rules* rules : mill::kAllRules)
    if (game == rules->id)
      return probe(
          *rules, fen, [](std::string_view id) { return mill::builtin_book(id); },
          [](const mill::Rules& r, std::string_view f) { return mill::parse_fen(r, f); },
          [](const mill::Rules&, const mill::Position&, const mill::Move& m) {
            return mill::move_text(m);
          });
  return std::nullopt;  // wolf and sheep, chess100: no book
}

}  // namespace doska::engine
