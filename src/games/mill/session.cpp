#include "games/mill/session.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include "common/text.h"
#include "games/mill/game.h"
#include "games/mill/notation.h"
#include "games/mill/variant.h"
#include "games/move_views.h"
#include "games/session_base.h"

namespace doska::mill {

namespace {

// The board drawn on a grid of characters: ranks two rows apart, files four columns apart.
std::string draw_board(const Rules& rules, const Position& pos, bool flipped) {
  constexpr int kRows = 13, kColumns = 25;
  std::string grid[kRows];
  for (std::string& row : grid) row.assign(kColumns, ' ');
  auto cell = [&](int point) {
    Square sq = square_of(point);
    if (flipped) sq = {6 - sq.file, 6 - sq.rank};
    return std::pair{2 * (6 - sq.rank), 4 * sq.file};  // row, column
  };
  const Board& board = *rules.board;
  for (int i = 0; i < board.line_count; ++i) {
    Bitboard line = board.lines[i];
    const int a = lowest_point(line);
    line &= line - 1;
    const int b = lowest_point(line);
    line &= line - 1;
    const int c = lowest_point(line);
    auto [r1, c1] = cell(a);
    auto [r2, c2] = cell(b);
    auto [r3, c3] = cell(c);
    const int top = std::min({r1, r2, r3}), bottom = std::max({r1, r2, r3});
    const int left = std::min({c1, c2, c3}), right = std::max({c1, c2, c3});
    if (top == bottom) {
      for (int col = left; col <= right; ++col) grid[top][col] = '-';
    } else if (left == right) {
      for (int row = top; row <= bottom; ++row) grid[row][left] = '|';
    } else {  // a diagonal, on boards that have them: from its top end to its bottom end
      std::pair<int, int> ends[3] = {{r1, c1}, {r2, c2}, {r3, c3}};
      std::sort(std::begin(ends), std::end(ends));
      const auto [ra, ca] = ends[0];
      const auto [rb, cb] = ends[2];
      const char stroke = cb > ca ? '\\' : '/';
      for (int row = ra + 1; row < rb; ++row)
        grid[row][ca + (cb - ca) * (row - ra) / (rb - ra)] = stroke;
    }
  }
  for (int p = 0; p < kPoints; ++p) {
    auto [row, col] = cell(p);
    grid[row][col] = (pos.of(Side::white) & bit(p))   ? 'W'
                     : (pos.of(Side::black) & bit(p)) ? 'B'
                                                      : '.';
  }
  std::string out;
  for (int row = 0; row < kRows; ++row) {
    const int rank = flipped ? row / 2 + 1 : 7 - row / 2;
    if (row % 2 == 0) {
      out += ' ';
      out += static_cast<char>('0' + rank);
      out += "  ";
    } else {
      out += "    ";
    }
    std::string line = grid[row];
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  out += "    ";
  for (int f = 0; f < 7; ++f) {
    out += static_cast<char>('a' + (flipped ? 6 - f : f));
    if (f < 6) out += "   ";
  }
  out += "\n";
  return out;
}

class MillSession final : public SessionBase<Game, Side::white, Side::black> {
 public:
  MillSession(const GameInfo& info, const Rules& rules, const Position& start,
              const SessionOptions& options)
      : SessionBase(info, rules, start, GameOptions{options.draw_rules}) {}

  std::string fen() const override { return to_fen(game_.position()); }
  std::string start_fen() const override { return to_fen(game_.start()); }

  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> texts;
    for (const Move& m : game_.legal_moves()) texts.push_back(move_text(m));
    return texts;
  }
  // A mill move passes no point: the full form is the same.
  std::vector<std::string> legal_moves_full() const override { return legal_moves(); }
  std::vector<MoveView> legal_move_views() const override {
    std::vector<MoveView> views;
    for (const Move& m : game_.legal_moves()) views.push_back(view_of(m));
    return views;
  }
  Result<MoveView> read_move(std::string_view text) const override {
    if (game_.over()) return make_error("the game is over: " + game_.ending().reason);
    auto move = parse_move(game_.rules(), game_.position(), text);
    if (!move) return make_error(move.error());
    return view_with_text(legal_move_views(), move_text(*move));
  }
  // The 24 points on a 7 x 7 grid and the steps along the lines (RULINGS §3.1).
  BoardView board() const override {
    const Position& pos = game_.position();
    const Board& b = *game_.rules().board;
    BoardView view;
    view.kind = BoardView::Kind::mill;
    view.width = view.height = 7;
    for (int p = 0; p < kPoints; ++p) {
      const Square sq = square_of(p);
      CellView cell{std::string(point_name(p)), sq.file, sq.rank, true, std::nullopt};
      if (pos.occupied() & bit(p))
        cell.piece =
            PieceView{(pos.of(Side::white) & bit(p)) ? Player::white : Player::black, "man"};
      view.cells.push_back(std::move(cell));
    }
    for (int p = 0; p < kPoints; ++p)
      for (int q = p + 1; q < kPoints; ++q)
        if (b.adjacent[p] & bit(q))
          view.lines.emplace_back(std::string(point_name(p)), std::string(point_name(q)));
    view.hand = std::pair{pos.in_hand(Side::white), pos.in_hand(Side::black)};
    return view;
  }
  GameEnd end() const override {
    const Ending& e = game_.ending();
    return GameEnd{outcome_of(e.outcome), e.article, e.reason};
  }
  std::string result_text() const override {
    switch (game_.ending().outcome) {
      case Outcome::white_wins:
        return "1-0";
      case Outcome::black_wins:
        return "0-1";
      case Outcome::draw:
        return "1/2-1/2";
      case Outcome::ongoing:
        break;
    }
    return "*";
  }

  std::uint64_t perft(int depth) const override {
    return mill::perft(game_.rules(), game_.position(), depth);
  }
  std::vector<std::pair<std::string, std::uint64_t>> divide(int depth) const override {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    const Position& pos = game_.position();
    for (const Move& m : mill::legal_moves(game_.rules(), pos)) {
      Position next = pos;
      mill::play(next, m);
      rows.emplace_back(move_text(m), depth <= 1 ? 1 : mill::perft(game_.rules(), next, depth - 1));
    }
    return rows;
  }

  std::string diagram(bool flipped) const override {
    return draw_board(game_.rules(), game_.position(), flipped);
  }
  std::string record(const std::vector<std::pair<std::string, std::string>>& tags) const override;
  std::vector<std::string> status_lines() const override { return game_.status_lines(); }

 private:
  static MoveView view_of(const Move& m) {
    MoveView view;
    view.text = view.full = move_text(m);
    view.to = std::string(point_name(m.to));
    if (!m.is_placement()) {
      view.from = std::string(point_name(m.from));
      view.path.push_back(*view.from);
    }
    view.path.push_back(view.to);
    if (m.is_removal()) view.captures.push_back(std::string(point_name(m.removed)));
    return view;
  }
};

// There is no PDN for mill: the record is a header of tags in PDN style ([Name "value"]), always
// with the game id and the start FEN, then the numbered moves. A number counts White's turns;
// the extra plies of a Ceylon turn follow the first with commas ("3. d7,g7 d1"). See docs/mill.md.
std::string MillSession::record(
    const std::vector<std::pair<std::string, std::string>>& tags) const {
  std::string out;
  auto tag = [&](std::string_view name, std::string_view value) {
    std::string escaped;
    for (char c : value) {
      if (c == '"' || c == '\\') escaped += '\\';
      escaped += c;
    }
    out.append("[").append(name).append(" \"").append(escaped).append("\"]\n");
  };
  for (const auto& [name, value] : tags)
    if (name != "Game" && name != "FEN" && name != "Result") tag(name, value);
  tag("Game", info_.id);
  tag("FEN", start_fen());
  tag("Result", result_text());
  out += "\n";

  std::vector<std::string> tokens;
  const auto& records = game_.records();
  int number = 1;
  for (std::size_t i = 1; i < records.size(); ++i) {
    const Side mover = records[i - 1].position.side;
    const std::string& text = records[i].text;
    if (i > 1 && records[i - 2].position.side == mover) {
      tokens.back() += "," + text;  // an extra turn of the same player
    } else if (mover == Side::white) {
      if (i > 1) ++number;
      tokens.push_back(std::to_string(number) + ".");
      tokens.push_back(text);
    } else {
      if (i == 1) tokens.push_back("1...");
      tokens.push_back(text);
    }
  }
  if (game_.over())
    tokens.push_back("{" + game_.ending().reason + " (" + game_.ending().article + ")}");
  tokens.push_back(result_text());
  std::string line;
  for (const std::string& t : tokens) {
    if (!line.empty() && line.size() + 1 + t.size() > 79) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + t;
  }
  out += line + "\n";
  return out;
}

}  // namespace

Result<std::unique_ptr<GameSession>> new_mill_session(const GameInfo& info,
                                                      std::optional<std::string_view> fen,
                                                      const SessionOptions& options) {
  const Rules* rules = find_rules(info.id);
  if (!rules) return make_error("unknown mill game " + quoted(info.id));
  if (options.huffing) return make_error("huffing is an option of english checkers only");
  Position start = start_position(*rules);
  if (fen) {
    auto parsed = parse_fen(*rules, *fen);
    if (!parsed) return make_error(parsed.error());
    start = *parsed;
  }
  return std::unique_ptr<GameSession>(new MillSession(info, *rules, start, options));
}

}  // namespace doska::mill
