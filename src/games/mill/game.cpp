#include "games/mill/game.h"

#include <algorithm>

#include "games/mill/notation.h"
#include "games/mill/variant.h"

namespace doska::mill {

namespace {

// The end of the game in the seed ("Конец игры") and the rulings that complete it.
constexpr const char* kLossArticle = "004 «Конец игры»; RULINGS §3.2";
constexpr const char* kDrawArticle = "RULINGS §3.2";

Outcome win_for(Side side) {
  return side == Side::white ? Outcome::white_wins : Outcome::black_wins;
}

}  // namespace

std::string side_name(Side side) {
  return side == Side::white ? "White" : "Black";
}

Game::Game(const Rules& rules, GameOptions options) : Game(rules, start_position(rules), options) {}

Game::Game(const Rules& rules, const Position& start, GameOptions options)
    : rules_(&rules), options_(options) {
  PlyRecord first;
  first.position = start;
  records_.push_back(first);
  adjudicate();
}

std::vector<Move> Game::legal_moves() const {
  if (over()) return {};
  return mill::legal_moves(*rules_, position());
}

bool Game::is_legal(const Move& move) const {
  auto moves = legal_moves();
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

int Game::repetitions() const {
  const Position& now = position();
  int seen = 0;
  // Hands only shrink and pieces only leave: the search stops at the first position whose hands
  // or numbers of pieces differ.
  for (auto r = records_.rbegin(); r != records_.rend(); ++r) {
    const Position& p = r->position;
    if (p.hand != now.hand || p.on_board(Side::white) != now.on_board(Side::white) ||
        p.on_board(Side::black) != now.on_board(Side::black))
      break;
    if (p.key() == now.key() && p == now) ++seen;
  }
  return seen;
}

void Game::adjudicate() {
  ending_ = Ending{};
  const PlyRecord& now = records_.back();
  const Position& pos = now.position;
  // Reduced to two pieces, on the board and in hand: lost at once, in any phase (004; §3.2).
  for (Side s : {pos.side, opposite(pos.side)}) {
    if (lost_by_material(*rules_, pos, s)) {
      ending_ = {win_for(opposite(s)), kLossArticle,
                 side_name(s) + " has only " + std::to_string(pos.total(s)) + " pieces left"};
      return;
    }
  }
  // Unable to move on one's turn: lost (004; RULINGS §3.2).
  if (count_moves(*rules_, pos) == 0) {
    ending_ = {win_for(opposite(pos.side)), kLossArticle, side_name(pos.side) + " cannot move"};
    return;
  }
  if (!options_.draw_rules) return;
  if (rules_->repetitions_for_draw > 0 && repetitions() >= rules_->repetitions_for_draw) {
    ending_ = {Outcome::draw, kDrawArticle,
               "threefold repetition (same position, hands and side to move)"};
    return;
  }
  const int limit = rules_->moves_without_removal;
  if (limit > 0 && std::min(now.turns_without_removal[0], now.turns_without_removal[1]) >= limit) {
    ending_ = {Outcome::draw, kDrawArticle,
               std::to_string(limit) + " moves of each player without a removal"};
    return;
  }
}

Status Game::play(const Move& move) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  if (!is_legal(move)) return make_error("illegal move " + move_text(move));
  const PlyRecord& before = records_.back();
  PlyRecord record;
  record.position = before.position;
  mill::play(record.position, move);
  record.move = move;
  record.text = move_text(move);
  if (!move.is_removal()) {
    record.turns_without_removal = before.turns_without_removal;
    ++record.turns_without_removal[static_cast<int>(before.position.side)];
  }
  const Side mover = before.position.side;
  records_.push_back(std::move(record));
  // An offer stands through the offering player's own turn; the opponent's turn declines it.
  if (draw_offer_ && *draw_offer_ != mover) draw_offer_.reset();
  adjudicate();
  return Ok{};
}

Result<Move> Game::play_text(std::string_view text) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  Result<Move> move = parse_move(*rules_, position(), text);
  if (!move) return move;
  if (Status s = play(*move); !s) return make_error(s.error());
  return move;
}

bool Game::undo() {
  if (records_.size() <= 1) return false;
  records_.pop_back();
  draw_offer_.reset();
  adjudicate();
  return true;
}

Status Game::resign(Side side) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  ending_ = {win_for(opposite(side)), "resignation", side_name(side) + " resigned"};
  return Ok{};
}

Status Game::offer_draw(Side side) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  if (draw_offer_) return make_error("a draw offer is already standing");
  draw_offer_ = side;
  return Ok{};
}

Status Game::accept_draw(Side side) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  if (!draw_offer_ || *draw_offer_ == side)
    return make_error("there is no draw offer from " + side_name(opposite(side)) + " to accept");
  ending_ = {Outcome::draw, "agreement", "draw agreed"};
  draw_offer_.reset();
  return Ok{};
}

std::vector<std::string> Game::status_lines() const {
  const PlyRecord& now = records_.back();
  const Position& pos = now.position;
  std::vector<std::string> lines;
  lines.push_back("in hand: White " + std::to_string(pos.in_hand(Side::white)) + ", Black " +
                  std::to_string(pos.in_hand(Side::black)));
  if (plies() > 0 && records_[records_.size() - 2].position.side == pos.side && !over())
    lines.push_back(side_name(pos.side) + " closed a mill and plays again");
  if (!options_.draw_rules) return lines;
  const int white = now.turns_without_removal[0], black = now.turns_without_removal[1];
  if (std::max(white, black) >= 10)  // shown once it starts to matter
    lines.push_back("without a removal: White " + std::to_string(white) + ", Black " +
                    std::to_string(black) + " of " + std::to_string(rules_->moves_without_removal) +
                    " moves");
  if (const int r = repetitions(); r > 1)
    lines.push_back("this position has stood " + std::to_string(r) + " times");
  return lines;
}

}  // namespace doska::mill
