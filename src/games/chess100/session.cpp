#include "games/chess100/session.h"

#include <algorithm>

#include "common/text.h"
#include "games/chess100/game.h"
#include "games/chess100/notation.h"
#include "games/chess100/pgn.h"
#include "games/session_base.h"

namespace doska::chess100 {

namespace {

class Chess100Session final : public SessionBase<Game, Color::white, Color::black> {
 public:
  Chess100Session(const GameInfo& info, const Position& start, const SessionOptions& options)
      : SessionBase(info, start, GameOptions{options.draw_rules}) {}

  std::string fen() const override { return to_fen(game_.position()); }
  std::string start_fen() const override { return to_fen(game_.start()); }

  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> texts;
    for (const Move& m : game_.safe_moves()) texts.push_back(move_text(m));
    std::sort(texts.begin(), texts.end());
    return texts;
  }
  std::vector<std::string> legal_moves_full() const override {
    std::vector<std::string> texts;
    for (const Move& m : game_.safe_moves()) texts.push_back(san(game_.position(), m));
    std::sort(texts.begin(), texts.end());
    return texts;
  }
  std::vector<MoveView> legal_move_views() const override {
    std::vector<MoveView> views;
    for (const Move& m : game_.safe_moves()) views.push_back(view_of(m));
    std::sort(views.begin(), views.end(),
              [](const MoveView& a, const MoveView& b) { return a.text < b.text; });
    return views;
  }
  // Any move of play is accepted, also one that leaves the own king attacked: the king may then
  // be taken (RULINGS §4.4).
  Result<MoveView> read_move(std::string_view text) const override {
    if (game_.over()) return make_error("the game is over: " + game_.ending().reason);
    auto move = parse_move(game_.position(), text);
    if (!move) return make_error(move.error());
    return view_of(*move);
  }
  // All 100 squares, a1 dark; the royal file e is marked (RULINGS §4.1).
  BoardView board() const override {
    const Position& pos = game_.position();
    BoardView view;
    view.width = kFiles;
    view.height = kRanks;
    view.royal_file = kRoyalFile;
    for (int s = 0; s < kSquares; ++s) {
      CellView cell{square_name(s), file_of(s), rank_of(s), (file_of(s) + rank_of(s)) % 2 == 0,
                    std::nullopt};
      if (const Piece p = pos.at(s))
        cell.piece = PieceView{player_of(color_of(p)), kind_name(type_of(p))};
      view.cells.push_back(std::move(cell));
    }
    if (!game_.over() && in_check(pos) && pos.king(pos.side) >= 0)
      view.check = square_name(pos.king(pos.side));
    return view;
  }
  std::vector<std::string> moves_for_people() const override {
    std::vector<std::string> texts;
    for (std::size_t i = 1; i < game_.records().size(); ++i)
      texts.push_back(game_.records()[i].san);
    return texts;
  }
  GameEnd end() const override {
    const Ending& e = game_.ending();
    return GameEnd{outcome_of(e.outcome), e.article, e.reason};
  }
  std::string result_text() const override { return chess100::result_text(game_.ending().outcome); }

  std::uint64_t perft(int depth) const override { return chess100::perft(game_.position(), depth); }
  std::vector<std::pair<std::string, std::uint64_t>> divide(int depth) const override {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    const Position& pos = game_.position();
    MoveList safe;
    generate_safe_moves(pos, safe);
    for (const Move& m : safe) {
      std::uint64_t nodes = 1;
      if (depth > 1 && !move_ends_game(pos, m)) {
        Position next = pos;
        Undo undo;
        make_move(next, m, undo);
        nodes = chess100::perft(next, depth - 1);
      } else if (depth > 1) {
        nodes = 0;
      }
      rows.emplace_back(move_text(m), nodes);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
  }

  // Files a..j and ranks 1..10; the royal file e is marked below the board (RULINGS §4.1).
  std::string diagram(bool flipped) const override {
    const Position& pos = game_.position();
    std::string out;
    for (int i = 0; i < kRanks; ++i) {
      const int rank = flipped ? i : kRanks - 1 - i;
      const std::string label = std::to_string(rank + 1);
      out.append(3 - label.size(), ' ').append(label).append(" ");
      for (int j = 0; j < kFiles; ++j) {
        const int file = flipped ? kFiles - 1 - j : j;
        const Piece p = pos.at(square_of(file, rank));
        char c = '.';
        if (p) {
          c = piece_letter(type_of(p));
          if (color_of(p) == Color::black) c = static_cast<char>(c + 32);
        }
        const bool royal = file == kRoyalFile;
        out += royal ? '|' : ' ';
        out += c;
        out += royal ? '|' : ' ';
      }
      out += '\n';
    }
    out += "    ";
    for (int j = 0; j < kFiles; ++j) {
      const int file = flipped ? kFiles - 1 - j : j;
      out += ' ';
      out += static_cast<char>('a' + file);
      out += ' ';
    }
    out += "\n    ";
    for (int j = 0; j < kFiles; ++j) {
      const int file = flipped ? kFiles - 1 - j : j;
      out += file == kRoyalFile ? " ^ " : "   ";
    }
    out += "  the royal file\n";
    return out;
  }

  std::string record(const std::vector<std::pair<std::string, std::string>>& tags) const override {
    return write_pgn(game_, tags);
  }

  std::vector<std::string> status_lines() const override { return game_.status_lines(); }

 private:
  static std::string kind_name(PieceType t) {
    switch (t) {
      case pawn:
        return "pawn";
      case knight:
        return "knight";
      case bishop:
        return "bishop";
      case rook:
        return "rook";
      case queen:
        return "queen";
      case general:
        return "general";
      case jester:
        return "jester";
      case king:
        return "king";
      case no_piece:
        break;
    }
    return "";
  }
  MoveView view_of(const Move& m) const {
    const Position& pos = game_.position();
    MoveView view;
    view.text = view.full = move_text(m);
    view.from = square_name(m.from);
    view.to = square_name(m.to);
    view.path = {*view.from, view.to};
    if (m.kind == MoveKind::en_passant)  // the pawn taken stands beside the mover (FIDE 3.7.3)
      view.captures.push_back(square_name(square_of(file_of(m.to), rank_of(m.from))));
    else if (m.kind == MoveKind::normal && pos.at(m.to) && color_of(pos.at(m.to)) != pos.side)
      view.captures.push_back(square_name(m.to));
    if (m.promotion != no_piece) view.promotion = kind_name(m.promotion);
    if (m.extra >= 0) view.drop = square_name(m.extra);
    return view;
  }
};

}  // namespace

Result<std::unique_ptr<GameSession>> new_chess100_session(const GameInfo& info,
                                                          std::optional<std::string_view> fen,
                                                          const SessionOptions& options) {
  if (options.huffing) return make_error("huffing is an option of english checkers only");
  Position start = start_position();
  if (fen) {
    auto parsed = parse_fen(*fen);
    if (!parsed) return make_error(parsed.error());
    start = *parsed;
  }
  return std::unique_ptr<GameSession>(new Chess100Session(info, start, options));
}

}  // namespace doska::chess100
