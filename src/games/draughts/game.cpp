#include "games/draughts/game.h"

#include <algorithm>

#include "common/text.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"

namespace doska::draughts {

namespace {

struct Material {
  int kings[2] = {0, 0};
  int men[2] = {0, 0};
  int total(Side s) const { return kings[int(s)] + men[int(s)]; }
  bool lone_king(Side s) const { return kings[int(s)] == 1 && men[int(s)] == 0; }
  // One number per material balance; never 0.
  std::uint32_t key() const {
    return 1u + static_cast<std::uint32_t>(kings[0] | men[0] << 6 | kings[1] << 12 | men[1] << 18);
  }
};

Material material_of(const Position& pos) {
  Material m;
  for (Side s : {Side::white, Side::black}) {
    m.kings[int(s)] = count(pos.kings_of(s));
    m.men[int(s)] = count(pos.men(s));
  }
  return m;
}

// The stronger side has more pieces (RULINGS §1.4); white when equal.
Side stronger_side(const Material& m) {
  return m.total(Side::black) > m.total(Side::white) ? Side::black : Side::white;
}

// Turns of `side` among the plies from position `since` to position `now`.
int turns_of(Side side, Side to_move_at_since, int since, int now) {
  const int plies = now - since;
  return side == to_move_at_since ? (plies + 1) / 2 : plies / 2;
}

const char* code(const Rules& rules) {
  switch (rules.draw_code) {
    case DrawCode::international:
      return "000";
    case DrawCode::russian:
      return "002";
    case DrawCode::english:
      return "004";
  }
  return "";
}

Outcome win_for(Side side) {
  return side == Side::white ? Outcome::white_wins : Outcome::black_wins;
}

// International endings of 000 §5.3-5.4 and the ruling of RULINGS §1.4: the counter limit for
// this material, given whether the lone king held the long diagonal when it was established.
struct EndingLimit {
  bool applies = false;
  bool stronger_turns = false;  // counts the stronger side's turns, else plies of both
  int limit = 0;
  const char* article = "";
};

EndingLimit international_ending(const Material& m, bool on_long_diagonal) {
  const Side strong = stronger_side(m);
  const Side weak = opposite(strong);
  if (!m.lone_king(weak)) return {};
  const int k = m.kings[int(strong)], men = m.men[int(strong)];
  if (k == 3 && men == 0)
    return on_long_diagonal ? EndingLimit{true, false, 10, "000 §5.3.1"}
                            : EndingLimit{true, true, 16, "000 §5.4"};
  if ((k == 2 && men == 1) || (k == 1 && men == 2))
    return on_long_diagonal ? EndingLimit{true, false, 10, "000 §5.3.2"}
                            : EndingLimit{true, true, 16, "RULINGS §1.4 (as 000 §5.4)"};
  if ((k == 2 && men == 0) || (k == 1 && men == 1)) return {true, false, 10, "000 §5.3.3"};
  if (k == 1 && men == 0) return {true, false, 10, "000 §5.3.4"};
  return {};
}

bool russian_long_diagonal_ending(const Material& m) {
  const Side strong = stronger_side(m);
  if (!m.lone_king(opposite(strong))) return false;
  const int k = m.kings[int(strong)], men = m.men[int(strong)];
  return (k == 3 && men == 0) || (k == 2 && men == 1) || (k == 1 && men == 2) ||
         (k == 0 && men == 3);  // 002 §1.9.1.5
}

int russian_balance_limit(int pieces) {  // 002 §1.9.1.4, in moves of each player
  if (pieces <= 3) return 5;
  if (pieces <= 5) return 30;
  if (pieces <= 7) return 60;
  return 0;
}

}  // namespace

std::string side_name(Side side) {
  return side == Side::white ? "White" : "Black";
}

Game::Game(const Rules& rules, GameOptions options) : Game(rules, start_position(rules), options) {}

Game::Game(const Rules& rules, const Position& start, GameOptions options)
    : rules_(&rules), options_(options) {
  if (rules.draw_code != DrawCode::english) options_.huffing = false;
  PlyRecord first;
  first.position = start;
  first.draw = next_draw_state(DrawState{}, start, Move{}, start, 0);
  records_.push_back(first);
  adjudicate();
}

std::vector<Move> Game::legal_moves() const {
  if (over()) return {};
  std::vector<Move> moves = draughts::legal_moves(*rules_, position());
  if (options_.huffing && !moves.empty() && moves.front().is_capture()) {
    MoveList quiet;
    generate_quiet(*rules_, position(), quiet);
    moves.insert(moves.end(), quiet.begin(), quiet.end());
  }
  return moves;
}

bool Game::is_legal(const Move& move) const {
  auto moves = legal_moves();
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

DrawState Game::next_draw_state(const DrawState& previous, const Position& before, const Move& move,
                                const Position& after, int index) const {
  DrawState state;
  const bool by_king = index > 0 && (before.kings & (Bitboard{1} << move.from));
  state.quiet_king_plies = (by_king && !move.is_capture()) ? previous.quiet_king_plies + 1 : 0;
  const Material m = material_of(after);
  const Side strong = stronger_side(m);
  const bool weak_on_diagonal = (after.kings_of(opposite(strong)) & long_diagonal(*rules_)) != 0;
  std::array<std::uint32_t, 3> keys{0, 0, 0};
  if (!rules_->giveaway) {
    if (rules_->draw_code == DrawCode::international) {
      if (international_ending(m, false).applies) keys[0] = m.key();
    } else if (rules_->draw_code == DrawCode::russian) {
      if (m.lone_king(opposite(strong)) && m.kings[int(strong)] >= 3) keys[0] = m.key();
      const int pieces = m.total(Side::white) + m.total(Side::black);
      if (m.kings[0] > 0 && m.kings[1] > 0 && russian_balance_limit(pieces) > 0) keys[1] = m.key();
      if (russian_long_diagonal_ending(m) && weak_on_diagonal) keys[2] = m.key();
    }
  }
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const DrawCounter& old = previous.counters[i];
    DrawCounter& counter = state.counters[i];
    counter.key = keys[i];
    if (keys[i] != 0 && keys[i] == old.key && index > 0) {
      counter.since = old.since;
      counter.on_long_diagonal = old.on_long_diagonal;
    } else {
      counter.since = index;
      counter.on_long_diagonal = weak_on_diagonal;
    }
  }
  return state;
}

void Game::adjudicate() {
  ending_ = Ending{};
  const PlyRecord& now = records_.back();
  const Position& pos = now.position;
  const Side mover = pos.side;
  const std::string art = code(*rules_);
  const std::string loss_article =
      rules_->giveaway ? "004 Поддавки; RULINGS §1.7"
                       : (rules_->draw_code == DrawCode::international ? "000 §4.2.2-4.2.3"
                          : rules_->draw_code == DrawCode::russian     ? "002 §1.8.1"
                                                                       : "004; RULINGS §1.3");
  // A player with no piece, or no move, loses; in giveaway wins (RULINGS §1.3, §1.7).
  MoveList list;
  generate_moves(*rules_, pos, list);
  if (pos.pieces(mover) == 0 || list.empty()) {
    const Side winner = rules_->giveaway ? mover : opposite(mover);
    ending_ = {win_for(winner), loss_article,
               side_name(mover) + (pos.pieces(mover) == 0 ? " has no pieces" : " cannot move")};
    return;
  }
  if (!options_.draw_rules) return;
  const int index = plies();

  // Threefold repetition, same side to move (000 §5.6; 002 §1.9.1.7; RULINGS §1.6-1.7).
  int seen = 1;
  for (int back = 2; back <= now.draw.quiet_king_plies && index - back >= 0; back += 2)
    if (records_[index - back].position == pos && !records_[index - back].huff) ++seen;
  if (seen >= 3) {
    const char* article = rules_->draw_code == DrawCode::international ? "000 §5.6"
                          : rules_->draw_code == DrawCode::russian     ? "002 §1.9.1.7"
                                                                       : "RULINGS §1.6";
    ending_ = {Outcome::draw, article, "threefold repetition"};
    return;
  }
  // Kings only, no man moved and no capture (000 §5.5; 002 §1.9.1.6; RULINGS §1.6-1.7).
  if (now.draw.quiet_king_plies >= 2 * rules_->kings_only_moves) {
    const char* article = rules_->draw_code == DrawCode::international ? "000 §5.5"
                          : rules_->draw_code == DrawCode::russian     ? "002 §1.9.1.6"
                                                                       : "RULINGS §1.6";
    ending_ = {Outcome::draw, article,
               std::to_string(rules_->kings_only_moves) +
                   " moves of each player with kings only, without capture"};
    return;
  }
  const Material m = material_of(pos);
  const Side strong = stronger_side(m);
  auto side_at = [&](int i) { return records_[i].position.side; };
  const auto& counters = now.draw.counters;
  if (rules_->draw_code == DrawCode::international && counters[0].key) {
    const EndingLimit limit = international_ending(m, counters[0].on_long_diagonal);
    const int done = limit.stronger_turns
                         ? turns_of(strong, side_at(counters[0].since), counters[0].since, index)
                         : index - counters[0].since;
    if (limit.applies && done >= limit.limit) {
      ending_ = {Outcome::draw, limit.article,
                 limit.stronger_turns
                     ? side_name(strong) + " has not taken the lone king by its 16th move"
                     : "the ending is not won within 5 moves"};
      return;
    }
  }
  if (rules_->draw_code == DrawCode::russian) {
    if (counters[0].key &&
        turns_of(strong, side_at(counters[0].since), counters[0].since, index) >= 15) {
      ending_ = {Outcome::draw, "002 §1.9.1.3",
                 side_name(strong) + " has not taken the lone king by its 15th move"};
      return;
    }
    if (counters[1].key) {
      const int pieces = m.total(Side::white) + m.total(Side::black);
      const int limit = russian_balance_limit(pieces);
      if (index - counters[1].since >= 2 * limit) {
        ending_ = {Outcome::draw, "002 §1.9.1.4",
                   "the balance of forces has not changed for " + std::to_string(limit) +
                       " moves with kings on both sides"};
        return;
      }
    }
    if (counters[2].key &&
        turns_of(strong, side_at(counters[2].since), counters[2].since, index) >= 5) {
      ending_ = {
          Outcome::draw, "002 §1.9.1.5",
          side_name(strong) + " has not won against the king on the long diagonal by its 5th move"};
      return;
    }
  }
  (void)art;
}

Status Game::play(const Move& move) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  if (!is_legal(move)) return make_error("illegal move");
  const Position before = position();
  PlyRecord record;
  record.text = move_text(*rules_, before, move);
  if (options_.huffing && !move.is_capture()) {
    // A quiet move past a capture: the pieces that could have captured may be huffed.
    MoveList captures;
    generate_captures(*rules_, before, captures);
    for (const Move& c : captures) {
      Bitboard piece = Bitboard{1} << c.from;
      if (c.from == move.from) piece = Bitboard{1} << move.to;
      record.huffable |= piece;
    }
  }
  record.position = before;
  draughts::play(record.position, move);
  record.move = move;
  record.draw = next_draw_state(records_.back().draw, before, move, record.position, plies() + 1);
  records_.push_back(std::move(record));
  // An offer stands through the offering player's own move; the opponent's move declines it.
  if (draw_offer_ && *draw_offer_ != before.side) draw_offer_.reset();
  adjudicate();
  return Ok{};
}

Result<Move> Game::play_text(std::string_view text) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  Result<Move> move = parse_move(*rules_, position(), text);
  if (!move) {
    // With huffing, a quiet move past a capture is legal too.
    if (options_.huffing) {
      MoveList quiet;
      generate_quiet(*rules_, position(), quiet);
      for (const Move& m : quiet)
        if (move_text(*rules_, position(), m) == trim(text)) {
          if (Status s = play(m); !s) return make_error(s.error());
          return m;
        }
    }
    return move;
  }
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

Status Game::huff(int square) {
  if (!options_.huffing) return make_error("huffing is not enabled for this game");
  if (over()) return make_error("the game is over: " + ending_.reason);
  if (square < 0 || square >= square_count(*rules_)) return make_error("no such square");
  const Bitboard mask = square_mask(*rules_, square);
  if (!(huffable() & mask))
    return make_error("square " + square_name(*rules_, square) +
                      " holds no piece that failed to capture on the last turn");
  PlyRecord record = records_.back();
  record.huff = true;
  record.huffable = 0;
  record.text = "huff " + square_name(*rules_, square);
  record.move = Move{mask, 0, 0, false};
  Position& pos = record.position;
  pos.pieces(opposite(pos.side)) &= ~mask;
  pos.kings &= ~mask;
  record.draw.quiet_king_plies = 0;  // a piece left the board: as a capture
  records_.push_back(std::move(record));
  adjudicate();
  return Ok{};
}

Status Game::resign(Side side) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  const char* article = rules_->draw_code == DrawCode::international ? "000 §4.2.1"
                        : rules_->draw_code == DrawCode::russian     ? "002 §1.8.1"
                                                                     : "RULINGS §1.3";
  ending_ = {win_for(opposite(side)), article, side_name(side) + " resigned"};
  return Ok{};
}

int Game::draw_offers_from_ply() const {
  return rules_->draw_code == DrawCode::international ? 80 : 0;  // 000 §5.1: after 40 moves
}

Status Game::offer_draw(Side side) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  if (plies() < draw_offers_from_ply())
    return make_error("a draw may be offered only after 40 moves (000 §5.1)");
  if (draw_offer_) return make_error("a draw offer is already standing");
  draw_offer_ = side;
  return Ok{};
}

Status Game::accept_draw(Side side) {
  if (over()) return make_error("the game is over: " + ending_.reason);
  if (!draw_offer_ || *draw_offer_ == side)
    return make_error("there is no draw offer from " + side_name(opposite(side)) + " to accept");
  const char* article = rules_->draw_code == DrawCode::international ? "000 §4.3.1, §5.1"
                        : rules_->draw_code == DrawCode::russian     ? "002 §1.9.1.1"
                                                                     : "RULINGS §1.3";
  ending_ = {Outcome::draw, article, "draw agreed"};
  draw_offer_.reset();
  return Ok{};
}

std::vector<std::string> Game::draw_counters() const {
  std::vector<std::string> lines;
  const PlyRecord& now = records_.back();
  if (now.draw.quiet_king_plies > 0)
    lines.push_back("kings only: " + std::to_string(now.draw.quiet_king_plies) + " of " +
                    std::to_string(2 * rules_->kings_only_moves) + " plies");
  const char* names[3] = {"ending", "balance", "long diagonal"};
  for (int i = 0; i < 3; ++i)
    if (now.draw.counters[i].key)
      lines.push_back(std::string(names[i]) + ": " +
                      std::to_string(plies() - now.draw.counters[i].since) +
                      " plies since it was established");
  return lines;
}

}  // namespace doska::draughts
