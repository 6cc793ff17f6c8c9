#include "games/draughts/session.h"

#include <algorithm>

#include "common/text.h"
#include "games/draughts/game.h"
#include "games/draughts/notation.h"
#include "games/draughts/pdn.h"
#include "games/draughts/variant.h"
#include "games/move_views.h"
#include "games/session_base.h"

namespace doska::draughts {

namespace {

class DraughtsSession final : public SessionBase<Game, Side::white, Side::black> {
 public:
  DraughtsSession(const GameInfo& info, const Rules& rules, const Position& start,
                  const SessionOptions& options)
      : SessionBase(info, rules, start, GameOptions{options.huffing, options.draw_rules}) {}

  std::string fen() const override { return to_fen(rules(), game_.position()); }
  std::string start_fen() const override { return to_fen(rules(), game_.start()); }

  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> texts;
    for (const Move& m : game_.legal_moves())
      texts.push_back(move_text(rules(), game_.position(), m));
    return texts;
  }
  std::vector<std::string> legal_moves_full() const override {
    std::vector<std::string> texts;
    for (const Move& m : game_.legal_moves())
      texts.push_back(full_path_text(rules(), game_.position(), m));
    return texts;
  }
  std::vector<MoveView> legal_move_views() const override {
    std::vector<MoveView> views;
    const std::vector<CapturePath> paths = capture_paths(rules(), game_.position());
    for (const Move& m : game_.legal_moves()) views.push_back(view_of(m, paths));
    return views;
  }
  Result<MoveView> read_move(std::string_view text) const override {
    if (game_.over()) return make_error("the game is over: " + game_.ending().reason);
    auto move = parse_move(rules(), game_.position(), text);
    // With huffing a quiet move past a capture is legal too; the parser does not know it.
    if (!move) {
      auto view = view_with_text(legal_move_views(), trim(text));
      if (view) return view;
      return make_error(move.error());
    }
    if (!game_.is_legal(*move)) return make_error("illegal move " + quoted(text));
    return view_of(*move, capture_paths(rules(), game_.position()));
  }
  BoardView board() const override {
    const Rules& r = rules();
    const int n = r.board_size;
    const Position& pos = game_.position();
    BoardView view;
    view.width = view.height = n;
    for (int s = 0; s < square_count(r); ++s) {
      const int row = s / (n / 2);  // 0 = the top row seen from White (board.h)
      const int column = 2 * (s % (n / 2)) + (row % 2 == 0 ? 1 : 0);
      CellView cell{square_name(r, s), column, n - 1 - row, true, std::nullopt};
      const Bitboard mask = square_mask(r, s);
      if (pos.occupied() & mask)
        cell.piece = PieceView{(pos.white & mask) ? Player::white : Player::black,
                               (pos.kings & mask) ? "king" : "man"};
      view.cells.push_back(std::move(cell));
    }
    return view;
  }
  GameEnd end() const override {
    const Ending& e = game_.ending();
    return GameEnd{outcome_of(e.outcome), e.article, e.reason};
  }
  std::string result_text() const override {
    return draughts::result_text(rules(), pdn_result(game_.ending().outcome));
  }

  std::uint64_t perft(int depth) const override {
    return draughts::perft(rules(), game_.position(), depth);
  }
  std::vector<std::pair<std::string, std::uint64_t>> divide(int depth) const override {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    const Position& pos = game_.position();
    for (const Move& m : draughts::legal_moves(rules(), pos)) {
      Position next = pos;
      draughts::play(next, m);
      rows.emplace_back(move_text(rules(), pos, m),
                        depth <= 1 ? 1 : draughts::perft(rules(), next, depth - 1));
    }
    return rows;
  }

  std::string diagram(bool flipped) const override {
    const Rules& r = rules();
    const int n = r.board_size;
    const Position& pos = game_.position();
    std::string out;
    const bool numeric = r.notation == SquareNotation::numeric;
    for (int i = 0; i < n; ++i) {
      const int row = flipped ? n - 1 - i : i;
      if (numeric) {
        out.append("   ");
      } else {
        const std::string rank = std::to_string(n - row);
        out.append(3 - rank.size(), ' ').append(rank);
      }
      for (int j = 0; j < n; ++j) {
        const int column = flipped ? n - 1 - j : j;
        if ((row + column) % 2 == 0) {
          out += "   ";
          continue;
        }
        const int square = row * (n / 2) + column / 2;
        const Bitboard mask = square_mask(r, square);
        if (pos.white & mask)
          out += (pos.kings & mask) ? " W " : " w ";
        else if (pos.black & mask)
          out += (pos.kings & mask) ? " B " : " b ";
        else if (numeric) {
          std::string number = std::to_string(square + 1);
          out += std::string(3 - number.size(), ' ') + number;
        } else {
          out += " . ";
        }
      }
      out += "\n";
    }
    if (!numeric) {
      out += "    ";
      for (int j = 0; j < n; ++j) {
        out += ' ';
        out += static_cast<char>('a' + (flipped ? n - 1 - j : j));
        out += ' ';
      }
      out += "\n";
    }
    return out;
  }

  std::string record(const std::vector<std::pair<std::string, std::string>>& tags) const override;

  Status command(std::string_view line) override {
    auto words = split_words(line);
    if (words.size() == 2 && words[0] == "huff") {
      auto square = parse_square(rules(), words[1]);
      if (!square) return make_error(quoted(words[1]) + " is not a square");
      return game_.huff(*square);
    }
    return make_error("unknown command " + quoted(line));
  }
  std::vector<std::string> status_lines() const override {
    std::vector<std::string> lines = game_.draw_counters();
    if (Bitboard h = game_.huffable()) {
      std::string squares;
      for (int s = 0; s < square_count(rules()); ++s)
        if (h & square_mask(rules(), s)) squares.append(" ").append(square_name(rules(), s));
      lines.push_back("you may huff (type: huff <square>):" + squares);
    }
    return lines;
  }

  const Rules& rules() const { return game_.rules(); }
  const Game& game() const { return game_; }

 private:
  std::string name(int bit) const { return square_name(rules(), square_of(rules(), bit)); }
  // `paths`: the capture paths of the position; a capture shows the first way to play it.
  MoveView view_of(const Move& m, const std::vector<CapturePath>& paths) const {
    const Position& pos = game_.position();
    MoveView view;
    view.text = move_text(rules(), pos, m);
    view.full = full_path_text(rules(), pos, m);
    view.from = name(m.from);
    view.to = name(m.to);
    std::vector<int> landings;
    for (const CapturePath& p : paths)
      if (p.move == m) {
        landings = p.landings;
        break;
      }
    if (landings.empty()) landings = {square_of(rules(), m.from), square_of(rules(), m.to)};
    for (int square : landings) view.path.push_back(square_name(rules(), square));
    // The captured pieces in the order they are taken: the one on each leg between landings.
    const int n = rules().board_size;
    auto row = [&](int s) { return s / (n / 2); };
    auto column = [&](int s) { return 2 * (s % (n / 2)) + (row(s) % 2 == 0 ? 1 : 0); };
    auto square_at = [&](int r, int c) { return r * (n / 2) + c / 2; };
    Bitboard left = m.captured;
    for (std::size_t i = 0; i + 1 < landings.size(); ++i) {
      const int a = landings[i], b = landings[i + 1];
      const int dr = row(b) > row(a) ? 1 : -1, dc = column(b) > column(a) ? 1 : -1;
      for (int r = row(a) + dr, c = column(a) + dc; r != row(b); r += dr, c += dc) {
        const int s = square_at(r, c);
        if (left & square_mask(rules(), s)) {
          view.captures.push_back(square_name(rules(), s));
          left &= ~square_mask(rules(), s);
        }
      }
    }
    for (int s = 0; s < square_count(rules()); ++s)
      if (left & square_mask(rules(), s)) view.captures.push_back(square_name(rules(), s));
    return view;
  }
};

std::string DraughtsSession::record(
    const std::vector<std::pair<std::string, std::string>>& tags) const {
  PdnGame pdn;
  for (const auto& [name, value] : tags) pdn.set_tag(name, value);
  pdn.set_tag("Result", result_text());
  set_variant_tags(pdn, rules());
  if (game_.start() != start_position(rules())) pdn.set_tag("FEN", start_fen());
  for (std::size_t i = 1; i < game_.records().size(); ++i) {
    const PlyRecord& r = game_.records()[i];
    if (r.huff) {
      // PDN has no huff: it is kept as a comment on the move before it.
      if (pdn.moves.empty())
        pdn.leading_comments.push_back(r.text);
      else
        pdn.moves.back().comments.push_back(r.text);
      continue;
    }
    PdnMove move;
    move.text = r.text;
    pdn.moves.push_back(std::move(move));
  }
  if (game_.over()) {
    const std::string why = game_.ending().reason + " (" + game_.ending().article + ")";
    if (pdn.moves.empty())
      pdn.leading_comments.push_back(why);
    else
      pdn.moves.back().comments.push_back(why);
  }
  pdn.result = result_text();
  return write_pdn(pdn);
}

}  // namespace

Result<std::unique_ptr<GameSession>> new_draughts_session(const GameInfo& info,
                                                          std::optional<std::string_view> fen,
                                                          const SessionOptions& options) {
  const Rules* rules = find_rules(info.id);
  if (!rules) return make_error("unknown draughts game " + quoted(info.id));
  Position start = start_position(*rules);
  if (fen) {
    auto parsed = parse_fen(*rules, *fen);
    if (!parsed) return make_error(parsed.error());
    start = *parsed;
  }
  if (options.huffing && (rules->draw_code != DrawCode::english || rules->giveaway))
    return make_error("huffing is an option of english checkers only");
  return std::unique_ptr<GameSession>(new DraughtsSession(info, *rules, start, options));
}

}  // namespace doska::draughts
