#include "search/types.h"

namespace doska::search {

Score Score::from_value(Value v, bool exact_draw) {
  if (v > kWinBound) return Score{Kind::win, kWin - v};
  if (v < -kWinBound) return Score{Kind::loss, kWin + v};
  if (v > kTableBound) return Score{Kind::win, kTableWin - v, true};
  if (v < -kTableBound) return Score{Kind::loss, kTableWin + v, true};
  if (exact_draw) return Score{Kind::draw, 0};
  return Score{Kind::cp, v};
}

std::string Score::text() const {
  switch (kind) {
    case Kind::cp:
      return "cp " + std::to_string(value);
    case Kind::win:
      return "win " + std::to_string(value) + (table ? " egdb" : "");
    case Kind::loss:
      return "loss " + std::to_string(value) + (table ? " egdb" : "");
    case Kind::draw:
      return table ? "draw egdb" : "draw";
  }
  return "cp 0";
}

}  // namespace doska::search
