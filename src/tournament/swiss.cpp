#include "tournament/swiss.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <tuple>

#include "tournament/matching.h"

namespace doska::tournament {
namespace {

// C.04.1: how much a player wants a colour in the coming round.
enum class Strength : std::uint8_t { none, mild, strong, absolute };

struct Preference {
  std::optional<Colour> colour;
  Strength strength = Strength::none;
  int difference = 0;  // whites minus blacks
};

Preference preference(const SwissPlayer& p) {
  if (p.colours.empty()) return {};
  int difference = 0;
  for (Colour c : p.colours) difference += c == Colour::white ? 1 : -1;
  const Colour last = p.colours.back();
  const std::size_t n = p.colours.size();
  if (difference > 1) return {Colour::black, Strength::absolute, difference};
  if (difference < -1) return {Colour::white, Strength::absolute, difference};
  if (n >= 2 && p.colours[n - 2] == last) return {opposite(last), Strength::absolute, difference};
  if (difference == 1) return {Colour::black, Strength::strong, difference};
  if (difference == -1) return {Colour::white, Strength::strong, difference};
  return {opposite(last), Strength::mild, difference};
}

// How strongly the one of two players who must give way wanted his colour (none: no clash).
Strength clash(const Preference& a, const Preference& b) {
  if (!a.colour || !b.colour || *a.colour != *b.colour) return Strength::none;
  return std::min(a.strength, b.strength);
}

// The colour of `higher` (the higher-ranked of the two) on board `board` (C.04.3 E).
Colour colour_of_higher(const SwissPlayer& higher, const Preference& ph, const SwissPlayer& lower,
                        const Preference& pl, std::size_t board) {
  if (!ph.colour && !pl.colour) return board % 2 == 0 ? Colour::white : Colour::black;
  if (!pl.colour) return *ph.colour;
  if (!ph.colour) return opposite(*pl.colour);
  if (*ph.colour != *pl.colour) return *ph.colour;
  if (ph.strength != pl.strength) {
    return ph.strength > pl.strength ? *ph.colour : opposite(*pl.colour);
  }
  if (ph.strength == Strength::absolute && std::abs(ph.difference) != std::abs(pl.difference)) {
    return std::abs(ph.difference) > std::abs(pl.difference) ? *ph.colour : opposite(*pl.colour);
  }
  // E.4: alternate from the latest game in which they had different colours.
  const std::size_t nh = higher.colours.size();
  const std::size_t nl = lower.colours.size();
  for (std::size_t back = 1; back <= std::min(nh, nl); ++back) {
    const Colour ch = higher.colours[nh - back];
    if (ch != lower.colours[nl - back]) return opposite(ch);
  }
  return *ph.colour;  // E.5: the higher-ranked player's preference
}

bool met(const SwissPlayer& a, const SwissPlayer& b) {
  return std::find(a.opponents.begin(), a.opponents.end(), b.id) != a.opponents.end();
}

bool ranks_before(const SwissPlayer& a, const SwissPlayer& b) {
  if (a.points != b.points) return a.points > b.points;
  if (a.rating != b.rating) return a.rating > b.rating;
  return a.id < b.id;
}

}  // namespace

SwissRoundPairing pair_swiss_round(const std::vector<SwissPlayer>& players) {
  std::vector<SwissPlayer> ranked = players;
  std::sort(ranked.begin(), ranked.end(), ranks_before);
  const int n = static_cast<int>(ranked.size());
  std::vector<Preference> preferences;
  std::vector<int> group_start(n), group_size(n);
  for (int i = 0; i < n; ++i) {
    preferences.push_back(preference(ranked[i]));
    group_start[i] = i > 0 && ranked[i - 1].points == ranked[i].points ? group_start[i - 1] : i;
  }
  for (int i = n; i-- > 0;) {
    group_size[i] = i + 1 < n && group_start[i + 1] == group_start[i] ? group_size[i + 1]
                                                                      : i - group_start[i] + 1;
  }
  const bool odd = n % 2 == 1;
  const bool anyone_without_bye =
      std::any_of(ranked.begin(), ranked.end(), [](const SwissPlayer& p) { return !p.had_bye; });

  // One list of penalties per candidate pair, in the order of the header's criteria 2 to 8.
  enum Criterion {
    kRematch,
    kAbsoluteColour,
    kByePoints,
    kScoreDifference,
    kFloaterHeight,
    kByeRank,
    kStrongColour,
    kMildColour,
    kDutchOrder,
    kCriteria
  };
  std::vector<CandidatePair> candidates;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const SwissPlayer& a = ranked[i];
      const SwissPlayer& b = ranked[j];
      CandidatePair c{i, j, std::vector<std::int64_t>(kCriteria, 0)};
      c.penalties[kRematch] = met(a, b) ? 1 : 0;
      const Strength strength = clash(preferences[i], preferences[j]);
      c.penalties[kAbsoluteColour] = strength == Strength::absolute ? 1 : 0;
      const std::int64_t difference = a.points - b.points;
      c.penalties[kScoreDifference] = difference * difference;
      c.penalties[kFloaterHeight] = difference * a.points;
      c.penalties[kStrongColour] = strength == Strength::strong ? 1 : 0;
      c.penalties[kMildColour] = strength == Strength::mild ? 1 : 0;
      if (group_start[i] == group_start[j]) {
        const std::int64_t off = (j - i) - group_size[i] / 2;
        c.penalties[kDutchOrder] = off * off;
      } else {
        // The lowest of the higher group floats down to meet the highest of the lower group.
        c.penalties[kDutchOrder] = (group_start[i] + group_size[i] - 1 - i) + (j - group_start[j]);
      }
      candidates.push_back(std::move(c));
    }
    if (odd) {
      // The bye is a vertex of its own, n; a second bye only if everyone has had one.
      if (ranked[i].had_bye && anyone_without_bye) continue;
      CandidatePair c{i, n, std::vector<std::int64_t>(kCriteria, 0)};
      c.penalties[kRematch] = ranked[i].had_bye ? 1 : 0;
      c.penalties[kByePoints] = ranked[i].points;
      c.penalties[kByeRank] = n - 1 - i;
      candidates.push_back(std::move(c));
    }
  }
  const std::vector<int> mate = match_by_criteria(odd ? n + 1 : n, candidates);

  SwissRoundPairing pairing;
  std::size_t board = 0;
  for (int i = 0; i < n; ++i) {
    const int m = mate[i];
    if (m == n) {
      pairing.bye = ranked[i].id;
    } else if (m > i) {
      const SwissPlayer& higher = ranked[i];
      const SwissPlayer& lower = ranked[m];
      const Colour c = colour_of_higher(higher, preferences[i], lower, preferences[m], board++);
      pairing.games.push_back(c == Colour::white ? Pairing{higher.id, lower.id}
                                                 : Pairing{lower.id, higher.id});
    }
  }
  return pairing;
}

std::vector<SwissPlayer> swiss_players(const std::vector<SwissEntrant>& entrants,
                                       const std::vector<SwissRound>& rounds) {
  std::vector<SwissPlayer> players;
  std::map<int, std::size_t> index;
  for (const SwissEntrant& e : entrants) {
    index[e.id] = players.size();
    players.push_back({e.id, e.rating, 0, {}, {}, false});
  }
  auto find = [&](int id) -> SwissPlayer* {
    const auto it = index.find(id);
    return it == index.end() ? nullptr : &players[it->second];
  };
  for (const SwissRound& round : rounds) {
    if (round.bye) {
      if (SwissPlayer* p = find(*round.bye)) {
        p->points += 2;
        p->had_bye = true;
      }
    }
    for (const SwissGame& game : round.games) {
      SwissPlayer* white = find(game.players.white);
      SwissPlayer* black = find(game.players.black);
      if (white) {
        white->colours.push_back(Colour::white);
        white->opponents.push_back(game.players.black);
      }
      if (black) {
        black->colours.push_back(Colour::black);
        black->opponents.push_back(game.players.white);
      }
      if (!game.outcome) continue;
      const int white_points = *game.outcome == Outcome::white_wins ? 2
                               : *game.outcome == Outcome::draw     ? 1
                                                                    : 0;
      if (white) white->points += white_points;
      if (black) black->points += 2 - white_points;
    }
  }
  return players;
}

std::vector<SwissStanding> swiss_standings(const std::vector<SwissEntrant>& entrants,
                                           const std::vector<SwissRound>& rounds) {
  const std::vector<SwissPlayer> players = swiss_players(entrants, rounds);
  std::map<int, std::size_t> index;
  std::vector<SwissStanding> table;
  for (const SwissPlayer& p : players) {
    index[p.id] = table.size();
    table.push_back({p.id, 0, p.points, 0, 0, p.rating});
  }
  auto points_of = [&](int id) {
    const auto it = index.find(id);
    return it == index.end() ? 0.0 : table[it->second].points / 2.0;
  };
  // The tie-breaks of one player from one finished game: `score` his points from it.
  auto add = [&](int id, int opponent, double score) {
    const auto it = index.find(id);
    if (it == index.end()) return;
    SwissStanding& s = table[it->second];
    s.buchholz += points_of(opponent);
    s.sonneborn_berger += score * points_of(opponent);
  };
  for (const SwissRound& round : rounds) {
    for (const SwissGame& game : round.games) {
      if (!game.outcome) continue;
      const double white_score = *game.outcome == Outcome::white_wins ? 1
                                 : *game.outcome == Outcome::draw     ? 0.5
                                                                      : 0;
      add(game.players.white, game.players.black, white_score);
      add(game.players.black, game.players.white, 1 - white_score);
    }
  }
  auto key = [](const SwissStanding& s) {
    return std::make_tuple(s.points, s.buchholz, s.sonneborn_berger, s.rating);
  };
  std::stable_sort(table.begin(), table.end(), [&](const SwissStanding& a, const SwissStanding& b) {
    if (key(a) != key(b)) return key(a) > key(b);
    return a.id < b.id;
  });
  for (std::size_t i = 0; i < table.size(); ++i) {
    table[i].rank =
        i > 0 && key(table[i - 1]) == key(table[i]) ? table[i - 1].rank : static_cast<int>(i) + 1;
  }
  return table;
}

}  // namespace doska::tournament
