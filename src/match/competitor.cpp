#include "match/competitor.h"

#include <algorithm>

#include "common/text.h"
#include "match/kinds.h"

namespace doska::match {

Result<TimeControl> parse_clock(std::string_view text) {
  const auto plus = text.find('+');
  const std::string_view base = text.substr(0, plus);
  const std::string_view increment =
      plus == std::string_view::npos ? std::string_view("0") : text.substr(plus + 1);
  auto b = parse_seconds(base);
  auto i = increment == "0" ? std::optional<double>(0.0) : parse_seconds(increment);
  if (!b || !i)
    return make_error("bad clock " + quoted(text) +
                      ": give seconds per game and seconds added per move, e.g. 60+0.5");
  TimeControl time;
  time.kind = TimeControl::Kind::clock;
  time.base = *b;
  time.increment = *i;
  return time;
}

namespace {

// One NAME=VALUE option of a spec into `spec`: the search limits, the name, or (for external
// programs) a parameter.
Status read_option(CompetitorSpec& spec, std::string_view item) {
  const auto eq = item.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return make_error("option " + quoted(item) + " needs NAME=VALUE");
  const std::string_view name = trim(item.substr(0, eq)), value = trim(item.substr(eq + 1));
  const bool ours = spec.kind == CompetitorSpec::Kind::ours;
  const bool dxp = spec.kind == CompetitorSpec::Kind::dxp;
  if (name == "name") {
    if (value.empty()) return make_error("name= needs a name");
    spec.name = std::string(value);
  } else if (dxp) {
    return make_error("unknown option " + quoted(name) +
                      " for a DXP program (it takes only name=; the program sets its own limits)");
  } else if (name == "level" && ours) {
    auto v = parse_int(value);
    if (!v || *v < 1 || *v > 10) return make_error("bad level " + quoted(value) + ": give 1 to 10");
    spec.limits.level = *v;
  } else if (name == "nodes") {
    auto v = parse_long(value);
    if (!v || *v < 1) return make_error("bad node count " + quoted(value));
    spec.limits.nodes = static_cast<std::uint64_t>(*v);
  } else if (name == "depth") {
    auto v = parse_int(value);
    if (!v || *v < 1 || *v > 100) return make_error("bad depth " + quoted(value) + ": 1 to 100");
    spec.limits.depth = *v;
  } else if (name == "time") {
    auto v = parse_seconds(value);
    if (!v) return make_error("bad time " + quoted(value) + ": give seconds per move");
    spec.limits.move_time = *v;
  } else if (name == "book" && ours) {
    // The game's opening book, where it has one: off to search from the first move.
    if (value != "on" && value != "off")
      return make_error("bad book " + quoted(value) + ": give on or off");
    spec.limits.book = value == "on";
  } else if ((name == "reductions" || name == "null-move" || name == "probcut" ||
              name == "futility") &&
             ours) {
    // Search switches, to measure what late-move reductions, null-move pruning, ProbCut and
    // futility pruning gain.
    if (value != "on" && value != "off")
      return make_error("bad " + std::string(name) + " " + quoted(value) + ": give on or off");
    bool& flag = name == "reductions"  ? spec.limits.reductions
                 : name == "null-move" ? spec.limits.null_move
                 : name == "futility"  ? spec.limits.futility
                                       : spec.limits.probcut;
    flag = value == "on";
  } else if (name == "table-draw" && ours) {
    // The part of the evaluation a table draw keeps (search::Limits::table_draw_eval).
    auto v = parse_int(value);
    if (!v || *v < 0 || *v > 50)
      return make_error("bad table-draw " + quoted(value) + ": give 0 to 50 percent");
    spec.limits.table_draw_eval = *v;
  } else if (name == "contempt" && ours) {
    // A draw's cost to the root side when level (search::Limits::contempt).
    auto v = parse_int(value);
    if (!v || *v < 0 || *v > 100)
      return make_error("bad contempt " + quoted(value) + ": give 0 to 100 centipawns");
    spec.limits.contempt = *v;
  } else if (name == "threads" && ours) {
    // Lazy SMP search threads (src/search/search.h), to measure what threads gain.
    auto v = parse_int(value);
    if (!v || *v < 1 || *v > 64)
      return make_error("bad thread count " + quoted(value) + ": give 1 to 64");
    spec.limits.threads = *v;
  } else if (name == "hash" && ours) {
    auto v = parse_int(value);
    if (!v || *v < 1 || *v > 4096)
      return make_error("bad hash size " + quoted(value) + ": give 1 to 4096 MB");
    spec.hash_megabytes = static_cast<std::size_t>(*v);
  } else if (name == "eval" && ours) {
    if (value.empty()) return make_error("eval= needs builtin, classic or a weights file");
    spec.eval = std::string(value);
  } else if (name == "egdb" && ours) {
    if (value.empty()) return make_error("egdb= needs a folder of endgame tables, or none");
    spec.egdb = std::string(value);
  } else if (name == "egdb-memory" && ours) {
    auto v = parse_int(value);
    if (!v || *v < 0 || *v > 4096)
      return make_error("bad egdb-memory " + quoted(value) + ": give 0 to 4096 GB");
    spec.egdb_memory = static_cast<std::uint64_t>(*v) << 30;
  } else if (ours) {
    return make_error(
        "unknown option " + quoted(name) +
        " for our engine (level, nodes, depth, time, reductions, null-move, probcut, "
        "futility, book, table-draw, contempt, threads, hash, eval, egdb, egdb-memory, name)");
  } else {
    spec.parameters.emplace_back(std::string(name), std::string(value));
  }
  return Ok{};
}

}  // namespace

Result<CompetitorSpec> parse_competitor(std::string_view text) {
  CompetitorSpec spec;
  spec.text = std::string(text);
  spec.limits.level = 10;
  std::string_view options = text;
  const auto kind_end = text.find_first_of(",:");
  const std::string_view kind = text.substr(0, kind_end);
  if (kind == "hub" || kind == "uci" || kind == "dxp") {
    spec.kind = kind == "hub"   ? CompetitorSpec::Kind::hub
                : kind == "uci" ? CompetitorSpec::Kind::uci
                                : CompetitorSpec::Kind::dxp;
    const auto colon = text.find(':');
    if (colon == std::string_view::npos)
      return make_error(quoted(text) + ": write " + std::string(kind) +
                        (kind == "dxp" ? ":HOST:PORT" : ":COMMAND LINE"));
    options = text.substr(kind.size(), colon - kind.size());
    spec.command = std::string(trim(text.substr(colon + 1)));
    if (spec.command.empty())
      return make_error(
          quoted(text) + ": no " +
          (kind == "dxp" ? "address after dxp:" : "command line after " + std::string(kind) + ":"));
  } else if (kind == "ours") {
    options = text.substr(kind.size());
    if (!options.empty()) options.remove_prefix(1);  // the ':' or ','
  } else if (text.find('=') == std::string_view::npos && !trim(text).empty()) {
    return make_error("unknown player " + quoted(text) +
                      ": give our engine's options (level=10,nodes=20000), hub:COMMAND, "
                      "uci:COMMAND or dxp:HOST:PORT");
  }
  for (std::string_view item : split(options, ',')) {
    item = trim(item);
    if (item.empty()) continue;
    if (Status s = read_option(spec, item); !s) return make_error(quoted(text) + ": " + s.error());
  }
  return spec;
}

search::Limits think_limits(const search::Limits& own, const TimeControl& time, Player mover,
                            const MoveRequest& request) {
  search::Limits limits = own;
  limits.seed = request.seed;
  switch (time.kind) {
    case TimeControl::Kind::per_move:
      limits.move_time =
          limits.move_time > 0 ? std::min(limits.move_time, time.move_time) : time.move_time;
      break;
    case TimeControl::Kind::clock:
      limits.clock = mover == Player::white ? request.white_clock : request.black_clock;
      limits.clock = std::max(limits.clock, 0.01);
      limits.increment = time.increment;
      break;
    case TimeControl::Kind::none:
      if (!limits.nodes && !limits.depth && limits.move_time == 0) limits.move_time = 0.2;
      break;
  }
  return limits;
}

Result<std::unique_ptr<Competitor>> make_competitor(const CompetitorSpec& spec,
                                                    std::string_view game,
                                                    engine::TableShelves* shelves) {
  const GameInfo* info = find_game(game);
  if (!info) return make_error("unknown game " + quoted(game));
  switch (spec.kind) {
    case CompetitorSpec::Kind::ours:
      return make_ours(spec, game, shelves);
    case CompetitorSpec::Kind::hub:
      if (info->family != "draughts")
        return make_error(quoted(spec.text) + ": the Hub protocol is for the draughts games");
      return make_hub(spec, game);
    case CompetitorSpec::Kind::uci:
      if (info->family != "chess100" && info->family != "mill")
        return make_error(quoted(spec.text) + ": UCI is for chess100 and the mill games");
      return make_uci(spec, game);
    case CompetitorSpec::Kind::dxp:
      if (game != "international")
        return make_error(quoted(spec.text) + ": DXP is for international draughts only");
      return make_dxp(spec);
  }
  return make_error("unknown player kind");
}

}  // namespace doska::match
