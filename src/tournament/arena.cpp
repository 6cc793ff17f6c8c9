#include "tournament/arena.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>

#include "tournament/matching.h"

namespace doska::tournament {

ArenaClock berserk_clock(ArenaClock clock) {
  return {clock.initial_s / 2, 0};
}

std::vector<ArenaStanding> arena_standings(const std::vector<ArenaEntrant>& entrants,
                                           const std::vector<ArenaGame>& games) {
  std::vector<ArenaStanding> table;
  std::map<int, std::size_t> index;
  for (const ArenaEntrant& e : entrants) {
    index[e.id] = table.size();
    table.push_back({e.id, 0, 0, e.rating, false, {}});
  }
  std::vector<int> wins_in_a_row(table.size(), 0);
  auto record = [&](int id, char result, bool berserk, int berserk_moves, int plies) {
    const auto it = index.find(id);
    if (it == index.end()) return;
    ArenaStanding& s = table[it->second];
    int& streak = wins_in_a_row[it->second];
    ArenaSheetEntry entry{0, streak >= 2, berserk, result};
    const int factor = entry.on_fire ? 2 : 1;
    if (result == 'W') {
      entry.points = 2 * factor + (berserk && berserk_moves >= kArenaBerserkMoves ? 1 : 0);
      ++streak;
    } else {
      if (result == 'D' && plies >= kArenaDrawPlies) entry.points = factor;
      streak = 0;
    }
    s.points += entry.points;
    s.on_fire = streak >= 2;
    s.sheet.push_back(entry);
  };
  for (const ArenaGame& g : games) {
    const char white = g.outcome == Outcome::white_wins   ? 'W'
                       : g.outcome == Outcome::black_wins ? 'L'
                                                          : 'D';
    const char black = white == 'W' ? 'L' : white == 'L' ? 'W' : 'D';
    // White has made (plies + 1) / 2 moves, black plies / 2.
    record(g.players.white, white, g.white_berserk, (g.plies + 1) / 2, g.plies);
    record(g.players.black, black, g.black_berserk, g.plies / 2, g.plies);
  }
  std::stable_sort(table.begin(), table.end(), [](const ArenaStanding& a, const ArenaStanding& b) {
    if (a.points != b.points) return a.points > b.points;
    if (a.rating != b.rating) return a.rating > b.rating;
    return a.id < b.id;
  });
  for (std::size_t i = 0; i < table.size(); ++i) {
    table[i].rank = i > 0 && table[i - 1].points == table[i].points ? table[i - 1].rank
                                                                    : static_cast<int>(i) + 1;
  }
  return table;
}

std::vector<Pairing> pair_arena(const std::vector<ArenaWaiting>& waiting, bool rematch_allowed) {
  const int n = static_cast<int>(waiting.size());
  std::vector<CandidatePair> candidates;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const ArenaWaiting& a = waiting[i];
      const ArenaWaiting& b = waiting[j];
      const bool rematch = a.last_opponent == b.id || b.last_opponent == a.id;
      if (rematch && !rematch_allowed) continue;
      const std::int64_t points = std::abs(a.points - b.points);
      const std::int64_t rating = std::abs(a.rating - b.rating);
      candidates.push_back({i, j, {rematch ? 1 : 0, points * points, rating * rating}});
    }
  }
  const std::vector<int> mate = match_by_criteria(n, candidates);
  std::vector<Pairing> games;
  for (int i = 0; i < n; ++i) {
    if (mate[i] <= i) continue;
    const ArenaWaiting& a = waiting[i];
    const ArenaWaiting& b = waiting[mate[i]];
    bool a_white = a.colour_balance < b.colour_balance;
    if (a.colour_balance == b.colour_balance) {
      a_white = a.rating != b.rating ? a.rating < b.rating : a.id < b.id;
    }
    games.push_back(a_white ? Pairing{a.id, b.id} : Pairing{b.id, a.id});
  }
  // The strongest pair's game first, as boards are shown.
  std::sort(games.begin(), games.end(), [&](const Pairing& x, const Pairing& y) {
    auto rating_of = [&](int id) {
      for (const ArenaWaiting& w : waiting) {
        if (w.id == id) return w.rating;
      }
      return 0;
    };
    return rating_of(x.white) + rating_of(x.black) > rating_of(y.white) + rating_of(y.black);
  });
  return games;
}

}  // namespace doska::tournament
