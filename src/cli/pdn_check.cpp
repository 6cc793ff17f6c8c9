// `doska pdn check FILE`: replays every game of a record file by the rules of its game and
// reports each game's result and any illegal move with its game and move number. Draughts PDN
// goes through the draughts reader; the records of the other games (mill's PDN-style record with
// its Game tag, chess100's PGN and wolf and sheep's PDN with their Variant tag) through the
// generic record reader and the game's session.
#include <cstdio>
#include <string>

#include "cli/args.h"
#include "cli/commands.h"
#include "common/files.h"
#include "common/text.h"
#include "games/draughts/game.h"
#include "games/draughts/pdn.h"
#include "games/session.h"
#include "server/records.h"

namespace doska::cli {

namespace {

using namespace doska::draughts;

// Checks one game; prints its line; returns false if a move is illegal or the game is unreadable.
bool check_game(int number, const PdnGame& pdn) {
  auto rules = rules_for_tags(pdn);
  if (!rules) {
    std::printf("game %d (line %d): %s\n", number, pdn.line, rules.error().c_str());
    return false;
  }
  const Rules& r = **rules;
  auto start = initial_position(r, pdn);
  if (!start) {
    std::printf("game %d (line %d): %s\n", number, pdn.line, start.error().c_str());
    return false;
  }
  // Legality is checked with the draw rules off, so that every move is checked; a second record
  // applies the rules and says where they end the game.
  Game moves_only(r, *start, GameOptions{.huffing = false, .draw_rules = false});
  Game by_rules(r, *start);
  int rules_end_ply = by_rules.over() ? 0 : -1;
  const bool second_first = start->side != r.first_to_move;
  for (std::size_t i = 0; i < pdn.moves.size(); ++i) {
    const PdnMove& move = pdn.moves[i];
    const Side mover = moves_only.position().side;
    const int move_number = 1 + (static_cast<int>(i) + (second_first ? 1 : 0)) / 2;
    auto played = moves_only.play_text(move.text);
    if (!played) {
      std::printf("game %d: illegal move %d%s %s (%s, line %d): %s\n", number, move_number,
                  mover == r.first_to_move ? "." : "...", move.text.c_str(),
                  side_name(mover).c_str(), move.line, played.error().c_str());
      return false;
    }
    if (!by_rules.over()) {
      (void)by_rules.play(*played);
      if (by_rules.over()) rules_end_ply = static_cast<int>(i) + 1;
    }
  }
  std::string recorded = pdn.result;
  if (recorded.empty() || recorded == "*") {
    if (auto tag = pdn.tag("Result")) recorded = std::string(*tag);
  }
  std::string line = "game " + std::to_string(number) + ": " + std::string(r.id) + ", " +
                     std::to_string(pdn.moves.size()) + " plies, recorded result " +
                     (recorded.empty() ? "*" : recorded);
  if (by_rules.over()) {
    const Ending& end = by_rules.ending();
    line += "; the rules end it after ply " + std::to_string(rules_end_ply) + ": " +
            result_text(r, pdn_result(end.outcome)) + " (" + end.reason + ", " + end.article + ")";
  }
  std::printf("%s\n", line.c_str());
  return true;
}

// The game a record names that is not a draughts game: its Game tag (mill) or Variant tag
// (chess100, wolf and sheep); nullptr for a draughts record.
const GameInfo* other_game(const server::RecordGame& record) {
  for (const char* tag : {"Game", "Variant"}) {
    if (auto id = record.tag(tag)) {
      const GameInfo* info = find_game(*id);
      if (info && info->family != "draughts") return info;
    }
  }
  return nullptr;
}

bool check_other_game(int number, const GameInfo& info, const server::RecordGame& record) {
  const auto fen = record.tag("FEN");
  const auto start = fen ? std::optional<std::string_view>(*fen) : std::nullopt;
  auto moves_only = new_session(info.id, start, SessionOptions{.draw_rules = false});
  auto by_rules = new_session(info.id, start);
  if (!moves_only || !by_rules) {
    std::printf("game %d (line %d): %s\n", number, record.line,
                (moves_only ? by_rules.error() : moves_only.error()).c_str());
    return false;
  }
  int rules_end_ply = (*by_rules)->end().over() ? 0 : -1;
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const std::string& text = record.moves[i];
    const Player mover = (*moves_only)->to_move();
    auto view = (*moves_only)->read_move(text);
    Status played = view ? (*moves_only)->play(view->text) : Status(make_error(view.error()));
    if (!played) {
      std::printf("game %d (line %d): illegal ply %zu %s (%s): %s\n", number, record.line, i + 1,
                  text.c_str(), mover == Player::white ? "White" : "Black", played.error().c_str());
      return false;
    }
    if (!(*by_rules)->end().over()) {
      (void)(*by_rules)->play(view->text);
      if ((*by_rules)->end().over()) rules_end_ply = static_cast<int>(i) + 1;
    }
  }
  const std::string recorded = record.tag("Result").value_or("*");
  std::string line = "game " + std::to_string(number) + ": " + std::string(info.id) + ", " +
                     std::to_string(record.moves.size()) + " plies, recorded result " + recorded;
  const GameEnd end = (*by_rules)->end();
  if (end.over())
    line += "; the rules end it after ply " + std::to_string(rules_end_ply) + ": " +
            (*by_rules)->result_text() + " (" + end.reason + ", " + end.rule + ")";
  std::printf("%s\n", line.c_str());
  return true;
}

// The records of a file of other games, or nothing when the file holds draughts games.
using None = std::optional<std::vector<server::RecordGame>>;
Result<std::optional<std::vector<server::RecordGame>>> other_records(const std::string& text) {
  auto records = server::read_records(text);
  if (!records || records->empty()) return None{};  // the draughts reader says more
  std::size_t others = 0;
  for (const auto& record : *records) others += other_game(record) != nullptr;
  if (others == 0) return None{};
  if (others < records->size())
    return make_error("the file mixes draughts games and other games; check them apart");
  return std::optional(std::move(*records));
}

// The last line, and the exit status.
int summary(std::size_t games, bool all_legal) {
  std::printf("%zu game%s, %s\n", games, games == 1 ? "" : "s",
              all_legal ? "all moves legal" : "some games have errors");
  return all_legal ? 0 : 1;
}

}  // namespace

int run_pdn(const std::vector<std::string>& words) {
  auto args = parse_args(words, {}, {});
  if (!args) {
    std::fprintf(stderr, "error: %s\n", args.error().c_str());
    return 2;
  }
  if (args->positional.size() != 2 || args->positional[0] != "check") {
    std::fprintf(stderr, "error: usage: doska pdn check FILE\n");
    return 2;
  }
  const std::string& path = args->positional[1];
  const auto text = read_whole_file(path);
  if (!text) {
    std::fprintf(stderr, "error: %s\n", text.error().c_str());
    return 2;
  }
  auto others = other_records(*text);
  if (!others) {
    std::fprintf(stderr, "error: %s: %s\n", path.c_str(), others.error().c_str());
    return 2;
  }
  if (*others) {
    bool all_legal = true;
    for (std::size_t i = 0; i < (*others)->size(); ++i) {
      const server::RecordGame& record = (**others)[i];
      all_legal &= check_other_game(static_cast<int>(i) + 1, *other_game(record), record);
    }
    return summary((*others)->size(), all_legal);
  }
  auto games = parse_pdn(*text);
  if (!games) {
    std::fprintf(stderr, "error: %s: %s\n", path.c_str(), games.error().c_str());
    return 2;
  }
  bool all_legal = true;
  for (std::size_t i = 0; i < games->size(); ++i)
    all_legal &= check_game(static_cast<int>(i) + 1, (*games)[i]);
  return summary(games->size(), all_legal);
}

}  // namespace doska::cli
