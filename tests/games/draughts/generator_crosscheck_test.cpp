// The bitboard generator (movegen.h) checked against independent searches over coordinates: the
// capture search of the notation (capture_paths) and a plain listing of the non-capturing moves
// written here, on thousands of random positions of every variant; and random games, along which
// play/unplay, perft and count_moves must agree. The move texts must read back as their moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "games/draughts/movegen.h"
#include "games/draughts/notation.h"
#include "games/draughts/position.h"
#include "games/draughts/rules.h"
#include "games/draughts/variant.h"

namespace doska::draughts {
namespace {

constexpr int kRandomPositions = 4000;  // per variant
constexpr int kGames = 50;              // per variant
constexpr int kMaxPlies = 160;

// A move as the rules see it (RULINGS §1.2): start, end, captured set, crowning.
using MoveKey = std::tuple<int, int, Bitboard, bool>;
using MoveSet = std::set<MoveKey>;

MoveKey key_of(const Move& move) {
  return {move.from, move.to, move.captured, move.promotes};
}

std::uint64_t count_moves(const Rules& rules, const Position& pos) {
  return with_move_rules(rules, [&]<const Rules & R>() { return Generator<R>::count_moves(pos); });
}
bool has_capture(const Rules& rules, const Position& pos) {
  return with_move_rules(rules, [&]<const Rules & R>() { return Generator<R>::has_capture(pos); });
}

std::string describe(const Rules& rules, const MoveKey& key) {
  const auto& [from, to, captured, promotes] = key;
  std::string text = square_name(rules, square_of(rules, from)) + " to " +
                     square_name(rules, square_of(rules, to));
  if (captured) {
    text += " taking";
    for (int s = 0; s < square_count(rules); ++s)
      if (captured & square_mask(rules, s)) text += " " + square_name(rules, s);
  }
  if (promotes) text += ", crowned";
  return text;
}

std::string describe(const Rules& rules, const MoveSet& moves) {
  std::string text;
  for (const MoveKey& key : moves) text += "\n  " + describe(rules, key);
  return text.empty() ? "\n  (none)" : text;
}

// Coordinates of the board, row 0 at the top seen from White (board.h), written out again here so
// that the listing below shares nothing with the generator but the square numbering.
struct Cell {
  int row, column;
};
Cell cell_of(const Rules& rules, int square) {
  const int half = rules.board_size / 2;
  const int row = square / half;
  return {row, 2 * (square % half) + (row % 2 == 0 ? 1 : 0)};
}
int square_at(const Rules& rules, int row, int column) {
  const int n = rules.board_size;
  if (row < 0 || row >= n || column < 0 || column >= n || (row + column) % 2 == 0) return -1;
  return row * (n / 2) + column / 2;
}

// Every non-capturing move of the side to move, whether or not a capture exists: a man one square
// diagonally forward (000 §2.3; 002 §1.4.3; 004), a king along any diagonal, any distance if kings
// fly (000 §2.5; 002 §1.4.5) or one square (004).
MoveSet quiet_moves_by_coordinates(const Rules& rules, const Position& pos) {
  MoveSet moves;
  const Bitboard own = pos.pieces(pos.side);
  const int forward = pos.side == Side::white ? -1 : 1;
  const int last_row = pos.side == Side::white ? 0 : rules.board_size - 1;
  for (int s = 0; s < square_count(rules); ++s) {
    const Bitboard mask = square_mask(rules, s);
    if (!(own & mask)) continue;
    const bool king = (pos.kings & mask) != 0;
    const Cell at = cell_of(rules, s);
    for (int dr : {-1, 1}) {
      if (!king && dr != forward) continue;
      for (int dc : {-1, 1}) {
        for (int step = 1;; ++step) {
          const int t = square_at(rules, at.row + step * dr, at.column + step * dc);
          if (t < 0 || (pos.occupied() & square_mask(rules, t))) break;
          const bool promotes = !king && cell_of(rules, t).row == last_row;
          moves.insert({bit_of(rules, s), bit_of(rules, t), Bitboard{0}, promotes});
          if (!king || !rules.flying_kings) break;
        }
      }
    }
  }
  return moves;
}

// The men's steps that offer the man to an opponent's man (quiescence's exchanges): a step not
// onto the last row, after which an opponent's man stands next to the man with the square beyond
// it empty, in a direction in which that man may capture (000 §3.1; 002 §1.5.3; 004: forward).
MoveSet offers_by_coordinates(const Rules& rules, const Position& pos) {
  MoveSet offers;
  const Side opponent = pos.side == Side::white ? Side::black : Side::white;
  const int taker_forward = opponent == Side::white ? -1 : 1;
  for (const MoveKey& move : quiet_moves_by_coordinates(rules, pos)) {
    const auto& [from, to, captured, promotes] = move;
    const int from_square = square_of(rules, from), to_square = square_of(rules, to);
    if (promotes || (pos.kings & square_mask(rules, from_square))) continue;
    Position after = pos;
    after.pieces(pos.side) ^= square_mask(rules, from_square) | square_mask(rules, to_square);
    const Cell at = cell_of(rules, to_square);
    bool offered = false;
    for (int dr : {-1, 1}) {
      if (!rules.men_capture_backward && dr != taker_forward) continue;
      for (int dc : {-1, 1}) {
        const int taker = square_at(rules, at.row - dr, at.column - dc);
        const int landing = square_at(rules, at.row + dr, at.column + dc);
        if (taker >= 0 && landing >= 0 && (after.men(opponent) & square_mask(rules, taker)) &&
            !(after.occupied() & square_mask(rules, landing)))
          offered = true;
      }
    }
    if (offered) offers.insert(move);
  }
  return offers;
}

MoveSet capture_moves_by_coordinates(const Rules& rules, const Position& pos) {
  MoveSet moves;
  for (const CapturePath& path : capture_paths(rules, pos)) moves.insert(key_of(path.move));
  return moves;
}

// A random position that could come up in play: men and kings of both sides on random squares,
// no man on its own promotion row (it would be a king), either side to move.
Position random_position(const Rules& rules, std::mt19937_64& rng) {
  const int squares = square_count(rules);
  const int most = rules.rows_of_men * rules.board_size / 2;
  std::vector<int> order(squares);
  for (int s = 0; s < squares; ++s) order[s] = s;
  std::shuffle(order.begin(), order.end(), rng);
  std::uniform_int_distribution<int> pieces(1, most);
  std::uniform_int_distribution<int> kind(0, 3);  // one piece in four a king
  Position pos;
  const int white = pieces(rng), black = pieces(rng);
  for (int i = 0; i < white + black; ++i) {
    const Side side = i < white ? Side::white : Side::black;
    const Bitboard mask = square_mask(rules, order[i]);
    pos.pieces(side) |= mask;
    if (kind(rng) == 0 || (promotion_row(rules, side) & mask)) pos.kings |= mask;
  }
  pos.side = std::bernoulli_distribution(0.5)(rng) ? Side::white : Side::black;
  return pos;
}

// The generator's moves equal the coordinate searches: the captures when there are any (they are
// compulsory), else the non-capturing moves; and count_moves and has_capture agree.
testing::AssertionResult generator_matches_coordinates(const Rules& rules, const Position& pos) {
  MoveList list;
  generate_moves(rules, pos, list);
  if (list.overflowed()) return testing::AssertionFailure() << "move list overflow";
  MoveSet generated;
  for (const Move& move : list) generated.insert(key_of(move));
  if (generated.size() != static_cast<std::size_t>(list.size()))
    return testing::AssertionFailure() << "the generator lists a move twice";

  const MoveSet captures = capture_moves_by_coordinates(rules, pos);
  const MoveSet quiet = quiet_moves_by_coordinates(rules, pos);
  const MoveSet& expected = captures.empty() ? quiet : captures;
  if (generated != expected)
    return testing::AssertionFailure()
           << "generate_moves gives" << describe(rules, generated)
           << "\nthe coordinate search gives" << describe(rules, expected);

  MoveList quiet_list;
  generate_quiet(rules, pos, quiet_list);
  MoveSet generated_quiet;
  for (const Move& move : quiet_list) generated_quiet.insert(key_of(move));
  if (generated_quiet != quiet)
    return testing::AssertionFailure()
           << "generate_quiet gives" << describe(rules, generated_quiet)
           << "\nthe coordinate listing gives" << describe(rules, quiet);

  // Quiescence's promotions (000 §2.4; 002 §1.4.4): the quiet moves that crown a man.
  MoveList promotion_list;
  generate_promotions(rules, pos, promotion_list);
  MoveSet promotions, expected_promotions;
  for (const Move& move : promotion_list) {
    if (!move.promotes) return testing::AssertionFailure() << "a promotion without its flag";
    promotions.insert(key_of(move));
  }
  for (const Move& move : quiet_list)
    if (move.promotes) expected_promotions.insert(key_of(move));
  if (promotions != expected_promotions)
    return testing::AssertionFailure()
           << "generate_promotions gives" << describe(rules, promotions)
           << "\nthe quiet moves that promote are" << describe(rules, expected_promotions);

  MoveList offer_list;
  with_move_rules(rules,
                  [&]<const Rules & R>() { Generator<R>::generate_offers(pos, offer_list); });
  MoveSet offers;
  for (const Move& move : offer_list) offers.insert(key_of(move));
  const MoveSet expected_offers = offers_by_coordinates(rules, pos);
  if (offers != expected_offers)
    return testing::AssertionFailure()
           << "generate_offers gives" << describe(rules, offers)
           << "\nthe steps that offer a man are" << describe(rules, expected_offers);

  if (count_moves(rules, pos) != static_cast<std::uint64_t>(list.size()))
    return testing::AssertionFailure()
           << "count_moves " << count_moves(rules, pos) << " for " << list.size() << " moves";
  if (has_capture(rules, pos) == captures.empty())
    return testing::AssertionFailure() << "has_capture is " << has_capture(rules, pos);
  return testing::AssertionSuccess();
}

// Every legal move reads back from its move text and from its full path (RULINGS §1.1).
testing::AssertionResult move_texts_read_back(const Rules& rules, const Position& pos) {
  for (const Move& move : legal_moves(rules, pos)) {
    for (const std::string& text :
         {move_text(rules, pos, move), full_path_text(rules, pos, move)}) {
      Result<Move> read = parse_move(rules, pos, text);
      if (!read) return testing::AssertionFailure() << text << ": " << read.error();
      if (!(*read == move))
        return testing::AssertionFailure() << text << " reads as " << describe(rules, key_of(*read))
                                           << ", not " << describe(rules, key_of(move));
    }
  }
  return testing::AssertionSuccess();
}

// At one position of a game: play/unplay restores it exactly for every move, and perft(2) is the
// sum of the moves' replies.
testing::AssertionResult play_unplay_and_perft(const Rules& rules, const Position& pos,
                                               const MoveList& list) {
  std::uint64_t replies = 0;
  for (const Move& move : list) {
    Position after = pos;
    play(after, move);
    if (after.occupied() & ~board_mask(rules))
      return testing::AssertionFailure() << "a piece left the board";
    if (after.white & after.black) return testing::AssertionFailure() << "two pieces on a square";
    replies += count_moves(rules, after);
    unplay(after, move, move.captured & pos.kings);
    if (!(after == pos))
      return testing::AssertionFailure()
             << "unplay of " << describe(rules, key_of(move)) << " gives " << to_fen(rules, after);
  }
  if (perft(rules, pos, 2) != replies)
    return testing::AssertionFailure()
           << "perft(2) " << perft(rules, pos, 2) << ", replies " << replies;
  if (perft(rules, pos, 1) != static_cast<std::uint64_t>(list.size()))
    return testing::AssertionFailure() << "perft(1) " << perft(rules, pos, 1);
  return testing::AssertionSuccess();
}

// A fixed seed per test and variant, so that a failure can be replayed.
std::uint64_t seed(const Rules& rules, std::uint64_t test) {
  return test + static_cast<std::uint64_t>(rules.pdn_game_type) + (rules.giveaway ? 100 : 0);
}

class GeneratorCrosscheck : public testing::TestWithParam<const Rules*> {};

TEST_P(GeneratorCrosscheck, RandomPositionsMatchCoordinateSearch) {
  const Rules& rules = *GetParam();
  std::mt19937_64 rng(seed(rules, 0x5eed0000u));
  int with_captures = 0;
  for (int i = 0; i < kRandomPositions; ++i) {
    const Position pos = random_position(rules, rng);
    ASSERT_TRUE(generator_matches_coordinates(rules, pos)) << to_fen(rules, pos);
    if (has_capture(rules, pos)) ++with_captures;
  }
  // The sample is only worth something if it holds many captures.
  EXPECT_GT(with_captures, kRandomPositions / 4);
}

TEST_P(GeneratorCrosscheck, RandomGamesPlayUnplayAndPerft) {
  const Rules& rules = *GetParam();
  std::mt19937_64 rng(seed(rules, 0x9a3e0000u));
  for (int game = 0; game < kGames; ++game) {
    Position pos = start_position(rules);
    for (int ply = 0; ply < kMaxPlies; ++ply) {
      MoveList list;
      generate_moves(rules, pos, list);
      ASSERT_TRUE(generator_matches_coordinates(rules, pos)) << to_fen(rules, pos);
      ASSERT_TRUE(play_unplay_and_perft(rules, pos, list)) << to_fen(rules, pos);
      if (list.empty()) break;
      play(pos, list[std::uniform_int_distribution<int>(0, list.size() - 1)(rng)]);
    }
  }
}

// Every text that move_text and full_path_text write reads back as the same move (RULINGS §1.1).
TEST_P(GeneratorCrosscheck, RandomPositionsMoveTextsReadBack) {
  const Rules& rules = *GetParam();
  std::mt19937_64 rng(seed(rules, 0x7e870000u));
  for (int i = 0; i < kRandomPositions; ++i) {
    const Position pos = random_position(rules, rng);
    ASSERT_TRUE(move_texts_read_back(rules, pos)) << to_fen(rules, pos);
  }
}

// The same along random games from the start.
TEST_P(GeneratorCrosscheck, RandomGamesMoveTextsReadBack) {
  const Rules& rules = *GetParam();
  std::mt19937_64 rng(seed(rules, 0x7e8a0000u));
  for (int game = 0; game < kGames; ++game) {
    Position pos = start_position(rules);
    for (int ply = 0; ply < kMaxPlies; ++ply) {
      ASSERT_TRUE(move_texts_read_back(rules, pos)) << to_fen(rules, pos);
      const std::vector<Move> moves = legal_moves(rules, pos);
      if (moves.empty()) break;
      play(pos, moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Draughts, GeneratorCrosscheck, testing::ValuesIn(kAllRules),
                         [](const testing::TestParamInfo<const Rules*>& info) {
                           std::string name;
                           for (char c : info.param->id) name += c == '-' ? '_' : c;
                           return name;
                         });

}  // namespace
}  // namespace doska::draughts
