#include "engine/tablebase.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "common/text.h"
#include "egdb/retrograde.h"
#include "games/draughts/egdb.h"
#include "games/draughts/notation.h"
#include "games/draughts/variant.h"
#include "games/mill/egdb.h"
#include "games/mill/notation.h"
#include "games/mill/variant.h"
#include "games/session.h"

namespace doska::engine {

namespace {

namespace eg = doska::egdb;

// A legal move, the position it leads to, and how its value follows from that position's.
template <class Position>
struct Successor {
  std::string text;
  Position next;
  bool leaves_table = false;  // a capture, a promotion, a removal: the distance starts again
  bool keeps_turn = false;    // Ceylon mill: the mover plays again
};

// What the explorer needs of a family of games.
struct Draughts {
  using Rules = draughts::Rules;
  using Position = draughts::Position;
  using Database = draughts::egdb::Database;
  using Material = draughts::egdb::Material;

  static std::string table_game(const Rules& rules) { return std::string(rules.id); }
  static Result<Position> parse(const Rules& rules, std::string_view fen) {
    return draughts::parse_fen(rules, fen);
  }
  static Material material(const Rules& rules, const Position& pos) {
    return draughts::egdb::material_of_table(rules, pos);
  }
  static std::vector<Successor<Position>> successors(const Rules& rules, const Position& pos) {
    draughts::MoveList list;
    draughts::generate_moves(rules, pos, list);
    std::vector<Successor<Position>> out;
    for (const draughts::Move& m : list) {
      Successor<Position> s{draughts::move_text(rules, pos, m), pos, m.is_capture() || m.promotes};
      draughts::play(s.next, m);
      out.push_back(std::move(s));
    }
    return out;
  }
};

struct Mill {
  using Rules = mill::Rules;
  using Position = mill::Position;
  using Database = mill::egdb::Database;
  using Material = mill::egdb::Material;

  static std::string table_game(const Rules& rules) { return mill::egdb::table_game(rules); }
  static Result<Position> parse(const Rules& rules, std::string_view fen) {
    return mill::parse_fen(rules, fen);
  }
  static Material material(const Rules&, const Position& pos) {
    return mill::egdb::material_of_table(pos);
  }
  static std::vector<Successor<Position>> successors(const Rules& rules, const Position& pos) {
    mill::MoveList list;
    mill::generate_moves(rules, pos, list);
    std::vector<Successor<Position>> out;
    for (const mill::Move& m : list) {
      Successor<Position> s{mill::move_text(m), pos, m.is_removal(), m.keeps_turn};
      mill::play(s.next, m);
      out.push_back(std::move(s));
    }
    return out;
  }
};

TablebaseLookup missed(TablebaseMiss miss, std::string error) {
  TablebaseLookup lookup;
  lookup.miss = miss;
  lookup.error = std::move(error);
  return lookup;
}

// The lookup of `fen`, from the database `open(materials needed)` gives.
template <class Family, class Open>
TablebaseLookup explore(const typename Family::Rules& rules, std::string_view fen, Open&& open) {
  auto pos = Family::parse(rules, fen);
  if (!pos) return missed(TablebaseMiss::bad_fen, pos.error());
  const auto successors = Family::successors(rules, *pos);
  std::vector<typename Family::Material> needed{Family::material(rules, *pos)};
  for (const auto& s : successors) needed.push_back(Family::material(rules, s.next));
  Result<std::shared_ptr<const typename Family::Database>> db = open(needed);
  if (!db) return missed(TablebaseMiss::damaged, db.error());
  TablebaseLookup lookup;
  lookup.table_game = Family::table_game(rules);
  lookup.complete_pieces = (*db)->complete_pieces();
  const auto value = (*db)->probe(*pos);
  if (!value) {
    lookup.miss = TablebaseMiss::outside_tables;
    lookup.error = "no table holds this position";
    return lookup;
  }
  lookup.value = *value;
  for (const auto& s : successors)
    if (const auto v = (*db)->probe(s.next))
      lookup.moves.push_back({s.text, eg::through(*v, s.leaves_table, s.keeps_turn)});
  std::stable_sort(
      lookup.moves.begin(), lookup.moves.end(),
      [](const TablebaseMove& a, const TablebaseMove& b) { return eg::better(a.value, b.value); });
  return lookup;
}

// Calls f.template operator()<Family>(rules) for the game's family; a miss for a game without
// tables or an unknown id.
template <class F>
TablebaseLookup with_family(std::string_view game, F&& f) {
  if (const draughts::Rules* rules = draughts::find_rules(game))
    return f.template operator()<Draughts>(*rules);
  if (const mill::Rules* rules = mill::find_rules(game)) return f.template operator()<Mill>(*rules);
  if (!find_game(game))
    return missed(TablebaseMiss::unknown_game, "unknown game " + doska::quoted(std::string(game)));
  return missed(TablebaseMiss::no_tables,
                "the game " + std::string(game) +
                    " has no endgame tables (the draughts games and the mill games have them)");
}

}  // namespace

bool has_tables(std::string_view game) {
  return draughts::find_rules(game) || mill::find_rules(game);
}

TablebaseLookup explore_tables(TableShelf& shelf, std::string_view game, std::string_view fen) {
  return with_family(game, [&]<class Family>(const typename Family::Rules& rules) {
    using Database = typename Family::Database;
    // The same database the engines take from the shelf (search traits' open_tables).
    return explore<Family>(rules, fen, [&](const auto&) {
      return shelf.get<Database>(Family::table_game(rules),
                                 [&]() -> Result<std::shared_ptr<Database>> {
                                   auto db = Database::open(rules, shelf.dir());
                                   if (db) (*db)->unpack_within(shelf.memory());
                                   return db;
                                 });
    });
  });
}

TablebaseLookup explore_tables(const std::string& dir, std::string_view game,
                               std::string_view fen) {
  return with_family(game, [&]<class Family>(const typename Family::Rules& rules) {
    using Database = typename Family::Database;
    return explore<Family>(rules, fen,
                           [&](const auto& needed) -> Result<std::shared_ptr<const Database>> {
                             auto db = Database::open_only(rules, dir, needed);
                             if (!db) return make_error(db.error());
                             return std::shared_ptr<const Database>(std::move(*db));
                           });
  });
}

}  // namespace doska::engine
