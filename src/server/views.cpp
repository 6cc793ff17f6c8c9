#include "server/views.h"

namespace doska::server {

using nlohmann::json;

std::string side_name(Player p) {
  return p == Player::white ? "white" : "black";
}

json score_json(const search::Score& score) {
  static const char* kinds[] = {"cp", "win", "loss", "draw"};
  return json{
      {"kind", kinds[static_cast<int>(score.kind)]}, {"value", score.value}, {"egdb", score.table}};
}

json move_json(const MoveView& m) {
  return json{{"text", m.text},
              {"full", m.full},
              {"from", m.from ? json(*m.from) : json(nullptr)},
              {"to", m.to},
              {"path", m.path},
              {"captures", m.captures},
              {"promotion", m.promotion ? json(*m.promotion) : json(nullptr)},
              {"drop", m.drop ? json(*m.drop) : json(nullptr)}};
}

json board_json(const BoardView& b) {
  json cells = json::array();
  for (const CellView& c : b.cells) {
    json cell{{"name", c.name}, {"x", c.x}, {"y", c.y}, {"dark", c.dark}, {"piece", nullptr}};
    if (c.piece) cell["piece"] = json{{"side", side_name(c.piece->side)}, {"kind", c.piece->kind}};
    cells.push_back(std::move(cell));
  }
  json out{{"kind", b.kind == BoardView::Kind::mill ? "mill" : "square"},
           {"width", b.width},
           {"height", b.height},
           {"royal_file", b.royal_file ? json(*b.royal_file) : json(nullptr)},
           {"cells", std::move(cells)},
           {"hand", nullptr}};
  if (b.kind == BoardView::Kind::mill) {
    json lines = json::array();
    for (const auto& [a, c] : b.lines) lines.push_back({a, c});
    out["lines"] = std::move(lines);
  }
  if (b.hand) out["hand"] = json{{"white", b.hand->first}, {"black", b.hand->second}};
  out["check"] = b.check ? json(*b.check) : json(nullptr);
  return out;
}

}  // namespace doska::server
