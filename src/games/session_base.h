#pragma once

// What every game's session does in the same way with its game class: who is to move, playing
// and taking back moves, the moves played, resigning and the draw offers. A game class has
// position().side, play_text, undo, records() (the first record is the start, each later one a
// move with its text), resign, and, where the game can be drawn by agreement, offer_draw,
// accept_draw and draw_offer. kWhite and kBlack are the game's sides that play White and Black.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.h"
#include "games/session.h"

namespace doska {

// A game's outcome with the four usual enumerators, as the sessions report it.
template <class GameOutcome>
Outcome outcome_of(GameOutcome o) {
  switch (o) {
    case GameOutcome::white_wins:
      return Outcome::white_wins;
    case GameOutcome::black_wins:
      return Outcome::black_wins;
    case GameOutcome::draw:
      return Outcome::draw;
    case GameOutcome::ongoing:
      break;
  }
  return Outcome::ongoing;
}

template <class Game, auto kWhite, auto kBlack>
class SessionBase : public GameSession {
 public:
  using Side = decltype(kWhite);

  const GameInfo& info() const override { return info_; }
  Player to_move() const override { return player_of(game_.position().side); }

  Status play(std::string_view move) override {
    auto played = game_.play_text(move);
    if (!played) return make_error(played.error());
    return Ok{};
  }
  bool undo() override { return game_.undo(); }
  std::vector<std::string> moves_played() const override {
    std::vector<std::string> texts;
    for (std::size_t i = 1; i < game_.records().size(); ++i)
      texts.push_back(game_.records()[i].text);
    return texts;
  }

  Status resign(Player player) override { return game_.resign(side_of(player)); }
  // A game without draw offers overrides these three with its own refusal.
  Status offer_draw(Player player) override {
    if constexpr (kHasDrawOffers)
      return game_.offer_draw(side_of(player));
    else
      return make_error(std::string(info_.id) + " has no draw offers");
  }
  Status accept_draw(Player player) override {
    if constexpr (kHasDrawOffers)
      return game_.accept_draw(side_of(player));
    else
      return make_error(std::string(info_.id) + " has no draw offers");
  }
  int draw_offers_from_ply() const override {
    if constexpr (!kHasDrawOffers)
      return -1;
    else if constexpr (requires(const Game& shown) { shown.draw_offers_from_ply(); })
      return game_.draw_offers_from_ply();
    else
      return 0;
  }
  std::optional<Player> draw_offer() const override {
    if constexpr (kHasDrawOffers) {
      if (auto side = game_.draw_offer()) return player_of(*side);
    }
    return std::nullopt;
  }

 protected:
  template <class... Args>
  explicit SessionBase(const GameInfo& info, Args&&... game_args)
      : info_(info), game_(std::forward<Args>(game_args)...) {}

  static Player player_of(Side side) { return side == kWhite ? Player::white : Player::black; }
  static Side side_of(Player player) { return player == Player::white ? kWhite : kBlack; }

  const GameInfo& info_;
  Game game_;

 private:
  static constexpr bool kHasDrawOffers = requires(Game & game, const Game& shown) {
    game.offer_draw(kWhite);
    game.accept_draw(kWhite);
    shown.draw_offer();
  };
};

}  // namespace doska
