// What the players do in a game: move, undo (against the computer), take back (between
// people), draw offers, resignation.
#include <algorithm>

#include "server/round/live_game.h"
#include "server/views.h"

namespace doska::server {

using nlohmann::json;

bool Round::LiveGame::take_back_turn(Player side) {
  std::size_t keep = played.size();
  while (keep > 0 && movers[keep - 1] != side) --keep;
  while (keep > 0 && movers[keep - 1] == side) --keep;
  while (played.size() > keep) {
    if (!session->undo()) return false;
    played.pop_back();
    movers.pop_back();
    stored.moves.pop_back();
  }
  return true;
}

json Round::move(const std::string& id, const MoveRequest& r) {
  auto [game, lock, side] = hold_ongoing(id, r.key);
  if (game->search) throw ApiError(409, "computer_thinking", "the computer is thinking");
  if (game->session->to_move() != side)
    throw ApiError(409, "not_your_turn", "it is not " + side_name(side) + "'s turn",
                   {{"side", side_name(side)}});
  auto view = game->session->read_move(r.move);
  if (!view)
    throw ApiError(400, "illegal_move", view.error(),
                   {{"move", r.move}, {"side", side_name(side)}, {"detail", view.error()}});
  game->takeback_offer.reset();
  play(*game, *view);
  persist(*game);
  schedule_computer(*game);
  return this->view(*game);
}

// The session keeps an offer until the next move; a declined offer is gone at once, so the
// session is rebuilt from the stored game without it.
json Round::undo(const std::string& id, const KeyRequest& r) {
  auto game = find(id);
  std::lock_guard lock(game->mutex);
  const Player side = side_of_key(*game, r.key);
  StoredGame& g = game->stored;
  if (g.opponent != "computer")
    throw ApiError(409, "undo_computer_only",
                   "undo is for games against the computer; between people, offer a draw "
                   "or resign");
  if (!g.ended_by.empty())
    throw ApiError(409, "nothing_to_take_back",
                   "the game ended by " + g.ended_by + "; nothing to take back",
                   {{"ended_by", g.ended_by}});
  // Back to the player's last turn: the computer's plies after it, then the player's own.
  if (std::find(game->movers.begin(), game->movers.end(), side) == game->movers.end())
    throw ApiError(409, "nothing_to_take_back", "nothing to take back: you have not moved yet");
  cancel_search(*game);
  if (!game->take_back_turn(side))
    throw ApiError(500, "internal_error", "the session cannot take back a move");
  game->start_turn();
  persist(*game);
  schedule_computer(*game);
  return view(*game);
}

json Round::takeback(const std::string& id, const TakebackRequest& r) {
  auto [game, lock, side] = hold_ongoing(id, r.key);
  StoredGame& g = game->stored;
  if (g.opponent == "computer")
    throw ApiError(409, "takeback_computer", "against the computer, take back with undo");
  if (r.action == "offer") {
    if (std::find(game->movers.begin(), game->movers.end(), side) == game->movers.end())
      throw ApiError(409, "nothing_to_take_back", "nothing to take back: you have not moved yet");
    if (game->takeback_offer == side)
      throw ApiError(409, "takeback_asked", "you have asked already");
    game->takeback_offer = side;
    persist(*game);
    return view(*game);
  }
  const auto asked = game->takeback_offer;
  if (!asked || *asked == side)
    throw ApiError(409, "no_takeback_request",
                   "there is no request to take back a move to " + r.action,
                   {{"action", r.action}});
  game->takeback_offer.reset();
  if (r.action == "accept") {
    // Back to before the asker's last move: the plies after it, then the asker's own.
    if (!game->take_back_turn(*asked))
      throw ApiError(500, "internal_error", "the session cannot take back a move");
    game->start_turn();
  }
  persist(*game);
  return view(*game);
}

json Round::draw(const std::string& id, const DrawRequest& r) {
  auto [game, lock, side] = hold_ongoing(id, r.key);
  GameSession& s = *game->session;
  StoredGame& g = game->stored;
  if (r.action == "claim")
    throw ApiError(409, "no_draw_to_claim",
                   "no draw to claim: the rules of " + std::string(s.info().name) +
                       " end a drawn game by themselves (repetition and move counts are "
                       "applied at once)",
                   {{"variant", std::string(s.info().id)}});
  if (r.action == "decline") {
    const auto offer = s.draw_offer();
    if (!offer || *offer == side)
      throw ApiError(409, "no_draw_offer", "there is no draw offer to decline");
    // The session keeps an offer until a move; declining leaves the game as it is stored.
    withdraw_offer(*game);
    persist(*game);
    return view(*game);
  }
  if (r.action == "accept") {
    const auto offer = s.draw_offer();
    if (!offer || *offer == side)
      throw ApiError(409, "no_draw_offer", "there is no draw offer to accept");
    if (Status st = s.accept_draw(side); !st) throw game_refusal(409, "draw_refused", st.error());
    cancel_search(*game);
    g.ended_by = "agreement";
    g.ended_side = side_name(*offer);
    persist(*game);
    return view(*game);
  }
  // An offer.
  if (s.draw_offer() == side)
    throw ApiError(409, "draw_already_offered", "you have offered a draw already");
  if (Status st = s.offer_draw(side); !st) throw game_refusal(409, "draw_refused", st.error());
  persist(*game);
  if (g.opponent != "computer") return view(*game);
  computer_answers_draw(*game, lock, side);
  return view(*game);
}

json Round::resign(const std::string& id, const KeyRequest& r) {
  auto [game, lock, side] = hold_ongoing(id, r.key);
  if (Status s = game->session->resign(side); !s)
    throw game_refusal(409, "resign_refused", s.error());
  cancel_search(*game);
  game->stored.ended_by = "resignation";
  game->stored.ended_side = side_name(side);
  persist(*game);
  return view(*game);
}

json Round::abort(const std::string& id, const KeyRequest& r) {
  auto [game, lock, side] = hold_ongoing(id, r.key);
  if (game->stored.opponent == "computer")
    throw ApiError(409, "abort_too_late",
                   "a game against the computer is not aborted: resign it or start another");
  if (game->played.size() >= 2)
    throw ApiError(409, "abort_too_late", "a game is aborted only before each side has moved",
                   {{"plies", game->played.size()}});
  if (Status s = game->session->resign(side); !s)
    throw game_refusal(409, "resign_refused", s.error());
  game->stored.ended_by = "abort";
  game->stored.ended_side = side_name(side);
  persist(*game);
  return view(*game);
}

json Round::berserk(const std::string& id, const KeyRequest& r) {
  auto [game, lock, side] = hold_ongoing(id, r.key);
  StoredGame& g = game->stored;
  if (g.initial_ms == 0 || g.days_per_move > 0)
    throw ApiError(409, "berserk_no_clock", "berserk needs a game with a clock");
  // White's first move is ply 0, black's ply 1.
  const std::size_t before_own_first = side == Player::white ? 0 : 1;
  if (game->played.size() > before_own_first)
    throw ApiError(409, "berserk_too_late", "berserk is only before your first move",
                   {{"plies", game->played.size()}});
  (side == Player::white ? g.white_ms : g.black_ms) = g.initial_ms / 2;
  (side == Player::white ? g.white_berserk : g.black_berserk) = true;  // and no increment
  persist(*game);
  return view(*game);
}

}  // namespace doska::server
