#include "games/wolf_sheep/session.h"

#include "common/text.h"
#include "games/draughts/pdn.h"
#include "games/move_views.h"
#include "games/session_base.h"
#include "games/wolf_sheep/game.h"
#include "games/wolf_sheep/notation.h"

namespace doska::wolf_sheep {

namespace {

// The sheep play White, the wolf Black (RULINGS §2).
class WolfSheepSession final : public SessionBase<Game, Side::sheep, Side::wolf> {
 public:
  WolfSheepSession(const GameInfo& info, const Position& start) : SessionBase(info, start) {}

  std::string fen() const override { return to_fen(game_.position()); }
  std::string start_fen() const override { return to_fen(game_.start()); }

  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> texts;
    for (const Move& m : game_.legal_moves()) texts.push_back(move_text(m));
    return texts;
  }
  std::vector<std::string> legal_moves_full() const override { return legal_moves(); }
  std::vector<MoveView> legal_move_views() const override {
    std::vector<MoveView> views;
    for (const Move& m : game_.legal_moves()) {
      MoveView view;
      view.text = view.full = move_text(m);
      view.to = square_name(m.to);
      if (!m.is_placement()) {
        view.from = square_name(m.from);
        view.path.push_back(*view.from);
      }
      view.path.push_back(view.to);
      views.push_back(std::move(view));
    }
    return views;
  }
  Result<MoveView> read_move(std::string_view text) const override {
    if (game_.over()) return make_error("the game is over: " + game_.ending().reason);
    auto move = parse_move(game_.position(), text);
    if (!move) return make_error(move.error());
    return view_with_text(legal_move_views(), move_text(*move));
  }
  // The 32 dark squares of the 8x8 board; the sheep (White) start on rank 1.
  BoardView board() const override {
    const Position& pos = game_.position();
    BoardView view;
    view.width = view.height = Board::kSize;
    for (int s = 0; s < kSquares; ++s) {
      CellView cell{square_name(s), Board::column_of(s), Board::kSize - 1 - Board::row_of(s), true,
                    std::nullopt};
      if (pos.has_sheep(s))
        cell.piece = PieceView{Player::white, "sheep"};
      else if (s == pos.wolf)
        cell.piece = PieceView{Player::black, "wolf"};
      view.cells.push_back(std::move(cell));
    }
    return view;
  }
  GameEnd end() const override {
    const Ending& e = game_.ending();
    doska::Outcome outcome = doska::Outcome::ongoing;
    if (e.outcome == Outcome::sheep_win) outcome = doska::Outcome::white_wins;
    if (e.outcome == Outcome::wolf_wins) outcome = doska::Outcome::black_wins;
    return GameEnd{outcome, e.article, e.reason};
  }
  std::string result_text() const override {
    switch (game_.ending().outcome) {
      case Outcome::ongoing:
        return "*";
      case Outcome::sheep_win:
        return "1-0";
      case Outcome::wolf_wins:
        return "0-1";
    }
    return "*";
  }
  // RULINGS §2 has no draw, and the game cannot be drawn: no offer, no agreement.
  Status offer_draw(Player) override {
    return make_error("wolf and sheep has no draw (RULINGS §2)");
  }
  Status accept_draw(Player) override {
    return make_error("wolf and sheep has no draw (RULINGS §2)");
  }
  std::optional<Player> draw_offer() const override { return std::nullopt; }

  std::uint64_t perft(int depth) const override {
    return wolf_sheep::perft(game_.position(), depth);
  }
  std::vector<std::pair<std::string, std::uint64_t>> divide(int depth) const override {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    const Position& pos = game_.position();
    for (const Move& m : wolf_sheep::legal_moves(pos)) {
      Position next = pos;
      wolf_sheep::play(next, m);
      rows.emplace_back(move_text(m), depth <= 1 ? 1 : wolf_sheep::perft(next, depth - 1));
    }
    return rows;
  }

  std::string diagram(bool flipped) const override {
    return wolf_sheep::diagram(game_.position(), flipped);
  }

  // PDN syntax for the record. There is no PDN game type for wolf and sheep: the Variant tag
  // names it (a draughts reader rejects the game rather than misread it), and the FEN tag is
  // always written, since the wolf (Black) moves first.
  std::string record(const std::vector<std::pair<std::string, std::string>>& tags) const override {
    draughts::PdnGame pdn;
    for (const auto& [name, value] : tags) pdn.set_tag(name, value);
    pdn.set_tag("Result", result_text());
    pdn.set_tag("Variant", std::string(info_.id));
    pdn.set_tag("FEN", start_fen());
    for (std::size_t i = 1; i < game_.records().size(); ++i) {
      draughts::PdnMove move;
      move.text = game_.records()[i].text;
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
    return draughts::write_pdn(pdn);
  }

  std::vector<std::string> status_lines() const override {
    if (!game_.position().wolf_placed() && !game_.over())
      return {"the wolf's first move places it on any free dark square (such as d8)"};
    return {};
  }
};

}  // namespace

Result<std::unique_ptr<GameSession>> new_wolf_sheep_session(const GameInfo& info,
                                                            std::optional<std::string_view> fen,
                                                            const SessionOptions& options) {
  if (options.huffing) return make_error("huffing is an option of english checkers only");
  Position start = start_position();
  if (fen) {
    auto parsed = parse_fen(*fen);
    if (!parsed) return make_error(parsed.error());
    start = *parsed;
  }
  return std::unique_ptr<GameSession>(new WolfSheepSession(info, start));
}

}  // namespace doska::wolf_sheep
