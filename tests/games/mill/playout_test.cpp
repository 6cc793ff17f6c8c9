// Random games for every variant: each ply is checked against a plain reference generator written
// from the rules text (points by name, the 16 lines listed), the Zobrist key against a fresh
// computation, FEN and move text round trips, and every ply is undone and replayed.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "games/mill/game.h"
#include "games/mill/notation.h"
#include "games/mill/variant.h"

namespace doska::mill {
namespace {

// The reference: a position as a map from point name to 'W' or 'B', hands, side to move.
struct Plain {
  std::map<std::string, char> board;
  int hand[2] = {0, 0};
  char side = 'W';
};

const std::vector<std::vector<std::string>>& plain_lines() {
  static const std::vector<std::vector<std::string>> lines = {
      {"a1", "d1", "g1"}, {"b2", "d2", "f2"}, {"c3", "d3", "e3"}, {"a4", "b4", "c4"},
      {"e4", "f4", "g4"}, {"c5", "d5", "e5"}, {"b6", "d6", "f6"}, {"a7", "d7", "g7"},
      {"a1", "a4", "a7"}, {"b2", "b4", "b6"}, {"c3", "c4", "c5"}, {"d1", "d2", "d3"},
      {"d5", "d6", "d7"}, {"e3", "e4", "e5"}, {"f2", "f4", "f6"}, {"g1", "g4", "g7"}};
  return lines;
}

std::vector<std::string> plain_points() {
  std::set<std::string> points;
  for (const auto& line : plain_lines()) points.insert(line.begin(), line.end());
  return {points.begin(), points.end()};
}

bool plain_adjacent(const std::string& a, const std::string& b) {
  for (const auto& l : plain_lines())
    for (int i = 0; i < 2; ++i)
      if ((l[i] == a && l[i + 1] == b) || (l[i] == b && l[i + 1] == a)) return true;
  return false;
}

bool plain_in_mill(const std::map<std::string, char>& board, const std::string& point, char who) {
  for (const auto& l : plain_lines()) {
    if (std::find(l.begin(), l.end(), point) == l.end()) continue;
    bool full = true;
    for (const auto& p : l) {
      auto it = board.find(p);
      full = full && it != board.end() && it->second == who;
    }
    if (full) return true;
  }
  return false;
}

// Each legal move's text with the side to move after it, from the rules as written in RULINGS §3.
std::set<std::pair<std::string, char>> plain_moves(const Rules& rules, const Plain& pos) {
  std::set<std::pair<std::string, char>> out;
  const char us = pos.side, them = us == 'W' ? 'B' : 'W';
  const int me = us == 'W' ? 0 : 1;
  auto total = [&](char who) {
    int n = pos.hand[who == 'W' ? 0 : 1];
    for (const auto& [p, c] : pos.board) n += c == who;
    return n;
  };
  if (total('W') <= 2 || total('B') <= 2) return out;
  int on_board = 0;
  std::vector<std::string> theirs;
  for (const auto& [p, c] : pos.board) {
    if (c == us) ++on_board;
    if (c == them) theirs.push_back(p);
  }
  std::vector<std::string> victims;
  for (const auto& p : theirs)
    if (!plain_in_mill(pos.board, p, them)) victims.push_back(p);
  if (victims.empty()) victims = theirs;
  auto emit = [&](const std::string& text, std::map<std::string, char> after, const std::string& to,
                  bool placement) {
    if (!plain_in_mill(after, to, us)) {
      out.insert({text, them});
      return;
    }
    const MillReward reward = placement ? rules.mill_by_placement : rules.mill_by_move;
    const char next = reward == MillReward::removal ? them : us;
    if (reward == MillReward::extra_turn || victims.empty()) {
      out.insert({text, next});
      return;
    }
    for (const auto& v : victims) out.insert({text + "x" + v, next});
  };
  const bool placing = pos.hand[me] > 0;
  const bool moving = !placing || rules.placement == Placement::place_or_move;
  const bool flying = !placing && on_board == 3;
  for (const auto& to : plain_points()) {
    if (pos.board.count(to)) continue;
    if (placing) {
      auto after = pos.board;
      after[to] = us;
      emit(to, after, to, true);
    }
    if (!moving) continue;
    for (const auto& [from, c] : pos.board) {
      if (c != us || !(flying || plain_adjacent(from, to))) continue;
      auto after = pos.board;
      after.erase(from);
      after[to] = us;
      emit(from + "-" + to, after, to, false);
    }
  }
  return out;
}

Plain plain_of(const Position& pos) {
  Plain p;
  for (int i = 0; i < kPoints; ++i) {
    if (pos.of(Side::white) & bit(i)) p.board[std::string(point_name(i))] = 'W';
    if (pos.of(Side::black) & bit(i)) p.board[std::string(point_name(i))] = 'B';
  }
  p.hand[0] = pos.in_hand(Side::white);
  p.hand[1] = pos.in_hand(Side::black);
  p.side = pos.side == Side::white ? 'W' : 'B';
  return p;
}

void check_position(const Rules& rules, const Position& pos) {
  ASSERT_EQ(pos.key(), pos.compute_key());
  auto back = parse_fen(rules, to_fen(pos));
  ASSERT_TRUE(back.ok()) << back.error();
  ASSERT_EQ(*back, pos) << to_fen(pos);
  const std::vector<Move> moves = legal_moves(rules, pos);
  ASSERT_EQ(count_moves(rules, pos), moves.size()) << to_fen(pos);
  // The removals alone (the quiescence search's moves): those of the generator's whole list, in
  // its order.
  MoveList all;
  generate_moves(rules, pos, all);
  std::vector<Move> removals;
  for (const Move& m : all)
    if (m.is_removal()) removals.push_back(m);
  MoveList only;
  generate_removals(rules, pos, only);
  ASSERT_EQ(std::vector<Move>(only.begin(), only.end()), removals) << to_fen(pos);
  std::set<std::pair<std::string, char>> ours;
  for (const Move& m : moves) {
    Position next = pos;
    play(next, m);
    ours.insert({move_text(m), next.side == Side::white ? 'W' : 'B'});
    auto read = parse_move(rules, pos, move_text(m));
    ASSERT_TRUE(read.ok()) << move_text(m) << ": " << read.error();
    ASSERT_EQ(*read, m);
  }
  ASSERT_EQ(ours.size(), moves.size()) << "a move is listed twice in " << to_fen(pos);
  ASSERT_EQ(ours, plain_moves(rules, plain_of(pos))) << rules.id << " " << to_fen(pos);
}

// Plays `games` random games of `rules`; at every ply checks the position, plays a random move,
// undoes it and checks that the record is as before, then plays it again.
void random_games(const Rules& rules, int games, unsigned seed) {
  std::mt19937 random(seed);
  int plies = 0, endings = 0;
  for (int g = 0; g < games; ++g) {
    Game game(rules);
    while (!game.over() && game.plies() < 400) {
      check_position(rules, game.position());
      if (testing::Test::HasFatalFailure()) return;
      const auto moves = game.legal_moves();
      ASSERT_FALSE(moves.empty());
      // Prefer removals now and then, so that games reach the flying and the endings.
      std::vector<Move> removals;
      for (const Move& m : moves)
        if (m.is_removal()) removals.push_back(m);
      const bool take = !removals.empty() && random() % 3 != 0;
      const auto& pool = take ? removals : moves;
      const Move move = pool[random() % pool.size()];
      const Position before = game.position();
      const std::string fen_before = to_fen(before);
      const auto counters = game.records().back().turns_without_removal;
      ASSERT_TRUE(game.play(move).ok());
      ASSERT_TRUE(game.undo());
      ASSERT_EQ(game.position(), before);
      ASSERT_EQ(to_fen(game.position()), fen_before);
      ASSERT_EQ(game.records().back().turns_without_removal, counters);
      ASSERT_FALSE(game.over());
      ASSERT_TRUE(game.play(move).ok());
      ++plies;
    }
    if (game.over()) {
      ++endings;
      check_position(rules, game.position());
      EXPECT_FALSE(game.ending().article.empty());
    }
    // Undo the whole game back to the start.
    while (game.undo()) {
    }
    EXPECT_EQ(game.position(), start_position(rules));
    EXPECT_EQ(game.plies(), 0);
  }
  EXPECT_GT(plies, games * 20) << rules.id;
  EXPECT_EQ(endings, games) << rules.id << ": every random game should end within 400 plies";
}

TEST(MillPlayout, RandomGamesMill) {
  random_games(kMill, 40, 1);
}
TEST(MillPlayout, RandomGamesMixed) {
  random_games(kMillMixed, 40, 2);
}
TEST(MillPlayout, RandomGamesCeylon) {
  random_games(kMillCeylon, 40, 3);
}

// Random positions, not reachable in play perhaps, against the reference: hands, counts and
// sides in every combination.
TEST(MillPlayout, RandomPositionsAgainstTheReference) {
  std::mt19937 random(7);
  for (const Rules* rules : kAllRules) {
    for (int i = 0; i < 400; ++i) {
      Position pos;
      const int white = random() % 10, black = random() % 10;
      std::vector<int> points(kPoints);
      for (int p = 0; p < kPoints; ++p) points[p] = p;
      std::shuffle(points.begin(), points.end(), random);
      for (int k = 0; k < white; ++k) pos.pieces[0] |= bit(points[k]);
      for (int k = white; k < white + black; ++k) pos.pieces[1] |= bit(points[k]);
      pos.hand[0] = static_cast<std::uint8_t>(random() % (10 - white));
      pos.hand[1] = static_cast<std::uint8_t>(random() % (10 - black));
      pos.side = random() % 2 ? Side::white : Side::black;
      pos.refresh_key();
      check_position(*rules, pos);
      if (HasFatalFailure()) return;
    }
  }
}

}  // namespace
}  // namespace doska::mill
