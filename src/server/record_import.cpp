#include "server/record_import.h"

#include "common/text.h"
#include "games/draughts/pdn.h"
#include "server/records.h"

namespace doska::server {

Result<std::vector<RecordText>> read_record_texts(std::string_view variant, std::string_view text,
                                                  bool first_only) {
  const GameInfo* game = find_game(variant);
  if (!game) return make_error("unknown game " + doska::quoted(std::string(variant)));
  std::vector<RecordText> out;
  if (game->family == "draughts") {
    auto games = draughts::parse_pdn(text);
    if (!games) return make_error(games.error());
    for (const draughts::PdnGame& g : *games) {
      RecordText r;
      if (auto tag = g.tag("FEN")) r.fen = std::string(*tag);
      for (const draughts::PdnMove& m : g.moves) r.moves.push_back(m.text);
      r.line = g.line;
      out.push_back(std::move(r));
      if (first_only) break;
    }
  } else {
    std::vector<RecordGame> games;
    if (first_only) {
      auto one = read_record(text);
      if (!one) return make_error(one.error());
      games.push_back(std::move(*one));
    } else {
      auto all = read_records(text);
      if (!all) return make_error(all.error());
      games = std::move(*all);
    }
    for (RecordGame& g : games) out.push_back(RecordText{g.tag("FEN"), std::move(g.moves), g.line});
  }
  if (out.empty()) return make_error("no game in the text");
  return out;
}

Result<ReplayedRecord> replay_record(std::string_view variant, const RecordText& record,
                                     const SessionOptions& options) {
  auto made = new_session(
      variant, record.fen ? std::optional<std::string_view>(*record.fen) : std::nullopt, options);
  if (!made) return make_error(made.error());
  ReplayedRecord out{std::move(*made), {}};
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const std::string& text = record.moves[i];
    auto view = out.session->read_move(text);
    if (!view)
      return make_error("move " + std::to_string(i + 1) + " " + doska::quoted(text) + ": " +
                        view.error());
    if (Status s = out.session->play(view->text); !s)
      return make_error("move " + std::to_string(i + 1) + ": " + s.error());
    out.moves.push_back(out.session->moves_played().back());
  }
  return out;
}

}  // namespace doska::server
