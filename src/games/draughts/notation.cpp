#include "games/draughts/notation.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <tuple>

#include "common/text.h"
#include "games/draughts/variant.h"

namespace doska::draughts {

namespace {

int row_of(const Rules& rules, int square) {
  return square / (rules.board_size / 2);
}
int column_of(const Rules& rules, int square) {
  const int half = rules.board_size / 2;
  return 2 * (square % half) + (row_of(rules, square) % 2 == 0 ? 1 : 0);
}
int square_at(const Rules& rules, int row, int column) {
  const int n = rules.board_size;
  if (row < 0 || row >= n || column < 0 || column >= n || (row + column) % 2 == 0) return -1;
  return row * (n / 2) + column / 2;
}

bool is_separator(char c) {
  return c == '-' || c == 'x' || c == 'X' || c == ':';
}

}  // namespace

std::string square_name(const Rules& rules, int square) {
  if (rules.notation == SquareNotation::numeric) return std::to_string(square + 1);
  std::string name;
  name += static_cast<char>('a' + column_of(rules, square));
  name += std::to_string(rules.board_size - row_of(rules, square));
  return name;
}

std::optional<int> parse_square(const Rules& rules, std::string_view text) {
  if (rules.notation == SquareNotation::numeric) {
    if (text.empty() || text.size() > 2 || !std::isdigit(static_cast<unsigned char>(text[0])))
      return std::nullopt;
    auto number = parse_int(text);
    if (!number || *number < 1 || *number > square_count(rules)) return std::nullopt;
    return *number - 1;
  }
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const int column = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  auto rank = parse_int(text.substr(1));
  if (column < 0 || column >= rules.board_size || !rank || *rank < 1 || *rank > rules.board_size)
    return std::nullopt;
  const int square = square_at(rules, rules.board_size - *rank, column);
  if (square < 0) return std::nullopt;
  return square;
}

Position start_position(const Rules& rules) {
  Position pos;
  const int per_row = rules.board_size / 2;
  const int men = rules.rows_of_men * per_row;
  for (int s = 0; s < men; ++s) pos.black |= square_mask(rules, s);
  for (int s = square_count(rules) - men; s < square_count(rules); ++s)
    pos.white |= square_mask(rules, s);
  pos.side = rules.first_to_move;
  return pos;
}

Result<Position> parse_fen(const Rules& rules, std::string_view text) {
  text = trim(text);
  if (!text.empty() && text.back() == '.') text.remove_suffix(1);
  if (text.empty()) return make_error("empty FEN");
  auto fields = split(text, ':');
  Position pos;
  const std::string_view side = trim(fields[0]);
  if (side == "W" || side == "w")
    pos.side = Side::white;
  else if (side == "B" || side == "b")
    pos.side = Side::black;
  else
    return make_error("FEN " + quoted(text) + ": side to move must be W or B, not " + quoted(side));
  bool seen[2] = {false, false};
  for (std::size_t f = 1; f < fields.size(); ++f) {
    std::string_view field = trim(fields[f]);
    if (field.empty())
      return make_error("FEN " + quoted(text) + ": empty field " + std::to_string(f + 1));
    Side colour;
    if (field[0] == 'W' || field[0] == 'w')
      colour = Side::white;
    else if (field[0] == 'B' || field[0] == 'b')
      colour = Side::black;
    else
      return make_error("FEN " + quoted(text) + ": field " + quoted(field) +
                        " must start with W or B");
    if (seen[static_cast<int>(colour)])
      return make_error("FEN " + quoted(text) + ": pieces of one colour are listed twice");
    seen[static_cast<int>(colour)] = true;
    field.remove_prefix(1);
    if (trim(field).empty()) continue;
    for (std::string_view item : split(field, ',')) {
      item = trim(item);
      bool king = false;
      if (!item.empty() && (item[0] == 'K' || item[0] == 'k')) {
        king = true;
        item.remove_prefix(1);
      }
      if (item.empty()) return make_error("FEN " + quoted(text) + ": empty square in the list");
      int first, last;
      auto dash = item.find('-');
      if (dash != std::string_view::npos && rules.notation == SquareNotation::numeric) {
        auto a = parse_square(rules, item.substr(0, dash));
        auto b = parse_square(rules, item.substr(dash + 1));
        if (!a || !b || *a > *b)
          return make_error("FEN " + quoted(text) + ": bad square range " + quoted(item));
        first = *a;
        last = *b;
      } else {
        auto s = parse_square(rules, item);
        if (!s)
          return make_error("FEN " + quoted(text) + ": " + quoted(item) + " is not a square of " +
                            std::string(rules.id));
        first = last = *s;
      }
      for (int s = first; s <= last; ++s) {
        const Bitboard mask = square_mask(rules, s);
        if (pos.occupied() & mask)
          return make_error("FEN " + quoted(text) + ": square " + square_name(rules, s) +
                            " is given twice");
        // A man standing on its promotion row would already be a king (000 §2.4; 002 §1.4.4).
        if (!king && (promotion_row(rules, colour) & mask))
          return make_error("FEN " + quoted(text) + ": a " +
                            (colour == Side::white ? "white" : "black") + " man on " +
                            square_name(rules, s) + " would be a king; write K" +
                            square_name(rules, s));
        pos.pieces(colour) |= mask;
        if (king) pos.kings |= mask;
      }
    }
  }
  if (fields.size() > 3) return make_error("FEN " + quoted(text) + ": too many fields");
  return pos;
}

std::string to_fen(const Rules& rules, const Position& pos) {
  std::string fen = pos.side == Side::white ? "W" : "B";
  const int squares = square_count(rules);
  // Squares in reading order: by number, or for algebraic names by rank then file.
  std::vector<int> order;
  for (int s = 0; s < squares; ++s) order.push_back(s);
  if (rules.notation == SquareNotation::algebraic) {
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      return std::pair{-row_of(rules, a), column_of(rules, a)} <
             std::pair{-row_of(rules, b), column_of(rules, b)};
    });
  }
  for (Side colour : {Side::white, Side::black}) {
    fen += colour == Side::white ? ":W" : ":B";
    const Bitboard pieces = pos.pieces(colour);
    bool first = true;
    auto is_man = [&](int s) {
      const Bitboard m = square_mask(rules, s);
      return (pieces & m) && !(pos.kings & m);
    };
    for (std::size_t i = 0; i < order.size(); ++i) {
      const int s = order[i];
      const Bitboard mask = square_mask(rules, s);
      if (!(pieces & mask)) continue;
      if (!first) fen += ',';
      first = false;
      if (pos.kings & mask) {
        fen += 'K' + square_name(rules, s);
        continue;
      }
      // Runs of three or more men on consecutive numbers are written as a range.
      std::size_t j = i;
      if (rules.notation == SquareNotation::numeric)
        while (j + 1 < order.size() && is_man(order[j + 1])) ++j;
      if (j >= i + 2) {
        fen += square_name(rules, s) + "-" + square_name(rules, order[j]);
        i = j;
      } else {
        fen += square_name(rules, s);
      }
    }
  }
  return fen;
}

namespace {

// A plain search for capture paths over a grid of cells, written for clarity.
class PathFinder {
 public:
  PathFinder(const Rules& rules, const Position& pos) : rules_(rules), n_(rules.board_size) {
    for (int s = 0; s < square_count(rules); ++s) {
      const Bitboard m = square_mask(rules, s);
      int& cell = grid_[row_of(rules, s) * n_ + column_of(rules, s)];
      if (pos.pieces(pos.side) & m)
        cell = (pos.kings & m) ? kOwnKing : kOwnMan;
      else if (pos.occupied() & m)
        cell = kOpponent;
    }
    side_ = pos.side;
  }

  std::vector<CapturePath> find() {
    for (int s = 0; s < square_count(rules_); ++s) {
      const int r = row_of(rules_, s), c = column_of(rules_, s);
      const int cell = grid_[r * n_ + c];
      if (cell != kOwnMan && cell != kOwnKing) continue;
      from_ = s;
      grid_[r * n_ + c] = kEmpty;
      std::vector<int> walk{s};
      std::vector<int> stops{s};
      search(r, c, cell == kOwnKing, false, 0, walk, stops);
      grid_[r * n_ + c] = cell;
    }
    if (rules_.precedence == CapturePrecedence::majority) {
      int best = 0;
      for (const auto& p : paths_) best = std::max(best, count(p.move.captured));
      std::erase_if(paths_, [&](const CapturePath& p) { return count(p.move.captured) < best; });
    }
    return std::move(paths_);
  }

 private:
  static constexpr int kEmpty = 0, kOwnMan = 1, kOwnKing = 2, kOpponent = 3;
  static constexpr int kDr[4] = {-1, -1, 1, 1};
  static constexpr int kDc[4] = {-1, 1, -1, 1};

  bool inside(int r, int c) const { return r >= 0 && r < n_ && c >= 0 && c < n_; }
  int cell(int r, int c) const { return grid_[r * n_ + c]; }
  int square(int r, int c) const { return square_at(rules_, r, c); }
  bool promotion_row(int r) const { return side_ == Side::white ? r == 0 : r == n_ - 1; }
  bool man_may_capture(int d) const {
    if (rules_.men_capture_backward) return true;
    return side_ == Side::white ? kDr[d] < 0 : kDr[d] > 0;
  }
  bool taken(int r, int c) const { return (captured_ >> square(r, c)) & 1; }
  // Free to stand on or pass: empty, or (without the Turkish strike) already captured.
  bool free(int r, int c) const {
    return cell(r, c) == kEmpty || (!rules_.turkish_strike && taken(r, c));
  }

  // Piece at (r, c), `king` if it moves as a king, `crowned` if it became one in this move.
  void search(int r, int c, bool king, bool crowned, int depth, std::vector<int>& walk,
              std::vector<int>& stops) {
    for (int d = 0; d < 4; ++d) {
      if (!king && !man_may_capture(d)) continue;
      const bool flying = king && rules_.flying_kings;
      int vr = r + kDr[d], vc = c + kDc[d];
      std::vector<int> passed;
      if (flying) {
        while (inside(vr, vc) && free(vr, vc)) {
          passed.push_back(square(vr, vc));
          vr += kDr[d];
          vc += kDc[d];
        }
      }
      if (!inside(vr, vc) || cell(vr, vc) != kOpponent || taken(vr, vc)) continue;
      const int victim = square(vr, vc);
      captured_ |= std::uint64_t{1} << victim;
      // The landing squares; a king must pick one from which it can go on capturing, if there
      // is one (000 §3.3; 002 §1.5.6).
      std::vector<std::pair<int, int>> landings;
      for (int lr = vr + kDr[d], lc = vc + kDc[d]; inside(lr, lc) && free(lr, lc);
           lr += kDr[d], lc += kDc[d]) {
        landings.emplace_back(lr, lc);
        if (!flying) break;
      }
      bool some_continue = false;
      for (auto [lr, lc] : landings) some_continue |= flying && can_continue(lr, lc, true);
      for (std::size_t i = 0; i < landings.size(); ++i) {
        auto [lr, lc] = landings[i];
        if (some_continue && !can_continue(lr, lc, true)) continue;
        const std::size_t walk_size = walk.size();
        walk.insert(walk.end(), passed.begin(), passed.end());
        for (std::size_t j = 0; j <= i; ++j)
          walk.push_back(square(landings[j].first, landings[j].second));
        stops.push_back(square(lr, lc));
        land(lr, lc, king, crowned, depth + 1, walk, stops);
        stops.pop_back();
        walk.resize(walk_size);
      }
      captured_ &= ~(std::uint64_t{1} << victim);
    }
  }

  void land(int r, int c, bool king, bool crowned, int depth, std::vector<int>& walk,
            std::vector<int>& stops) {
    if (!king && promotion_row(r)) {
      switch (rules_.passing_promotion) {
        case PassingPromotion::stops:
          record(walk, stops, true);
          return;
        case PassingPromotion::continues_as_king:
          king = crowned = true;
          break;
        case PassingPromotion::continues_as_man:
          if (!can_continue(r, c, false)) {
            record(walk, stops, true);
            return;
          }
          break;
      }
    }
    if (!can_continue(r, c, king)) {
      record(walk, stops, crowned);
      return;
    }
    search(r, c, king, crowned, depth, walk, stops);
  }

  bool can_continue(int r, int c, bool king) {
    for (int d = 0; d < 4; ++d) {
      if (!king && !man_may_capture(d)) continue;
      int vr = r + kDr[d], vc = c + kDc[d];
      if (king && rules_.flying_kings)
        while (inside(vr, vc) && free(vr, vc)) vr += kDr[d], vc += kDc[d];
      if (!inside(vr, vc) || cell(vr, vc) != kOpponent || taken(vr, vc)) continue;
      const int lr = vr + kDr[d], lc = vc + kDc[d];
      if (inside(lr, lc) && free(lr, lc)) return true;
    }
    return false;
  }

  void record(const std::vector<int>& walk, const std::vector<int>& stops, bool promotes) {
    CapturePath path;
    Bitboard captured = 0;
    for (int s = 0; s < square_count(rules_); ++s)
      if ((captured_ >> s) & 1) captured |= square_mask(rules_, s);
    const int to = stops.back();
    path.move = Move{captured, static_cast<std::uint8_t>(bit_of(rules_, from_)),
                     static_cast<std::uint8_t>(bit_of(rules_, to)), promotes};
    path.walk = walk;
    // Turning squares: a stop where the direction of the next leg differs from this one.
    path.landings = stops;

    paths_.push_back(std::move(path));
  }

  const Rules& rules_;
  int n_;
  std::array<int, 100> grid_{};
  Side side_;
  int from_ = 0;
  std::uint64_t captured_ = 0;  // by square index
  std::vector<CapturePath> paths_;
};

bool path_matches(const CapturePath& path, const std::vector<int>& via) {
  std::size_t i = 0;
  for (std::size_t k = 1; k + 1 < path.landings.size(); ++k)
    if (i < via.size() && via[i] == path.landings[k]) ++i;
  return i == via.size();
}

std::string join(const Rules& rules, const std::vector<int>& squares, char separator) {
  std::string out;
  for (std::size_t i = 0; i < squares.size(); ++i) {
    if (i) out += separator;
    out += square_name(rules, squares[i]);
  }
  return out;
}

bool move_less(const Rules& rules, const Move& a, const Move& b) {
  const int af = square_of(rules, a.from), bf = square_of(rules, b.from);
  const int at = square_of(rules, a.to), bt = square_of(rules, b.to);
  return std::tie(af, at, a.captured) < std::tie(bf, bt, b.captured);
}

}  // namespace

std::vector<CapturePath> capture_paths(const Rules& rules, const Position& pos) {
  return PathFinder(rules, pos).find();
}

std::vector<Move> legal_moves(const Rules& rules, const Position& pos) {
  MoveList list;
  generate_moves(rules, pos, list);
  std::vector<Move> moves(list.begin(), list.end());
  std::sort(moves.begin(), moves.end(),
            [&](const Move& a, const Move& b) { return move_less(rules, a, b); });
  return moves;
}

std::string full_path_text(const Rules& rules, const Position& pos, const Move& move) {
  if (!move.is_capture())
    return square_name(rules, square_of(rules, move.from)) + "-" +
           square_name(rules, square_of(rules, move.to));
  for (const CapturePath& path : capture_paths(rules, pos))
    if (path.move.from == move.from && path.move.to == move.to &&
        path.move.captured == move.captured)
      return join(rules, path.landings, rules.capture_separator);
  // Not a legal capture; write what is known.
  return square_name(rules, square_of(rules, move.from)) + rules.capture_separator +
         square_name(rules, square_of(rules, move.to));
}

std::string move_text(const Rules& rules, const Position& pos, const Move& move) {
  const std::string from = square_name(rules, square_of(rules, move.from));
  const std::string to = square_name(rules, square_of(rules, move.to));
  if (!move.is_capture()) return from + "-" + to;
  MoveList list;
  generate_moves(rules, pos, list);
  for (const Move& other : list)
    if (other.from == move.from && other.to == move.to && other.captured != move.captured)
      return full_path_text(rules, pos, move);
  return from + rules.capture_separator + to;
}

Result<Move> parse_move(const Rules& rules, const Position& pos, std::string_view text) {
  const std::string_view original = text;
  text = trim(text);
  if (text.empty()) return make_error("empty move");
  // Tokens between separators; a form without separators is split into squares.
  std::vector<std::vector<int>> readings;
  bool has_separator = std::any_of(text.begin(), text.end(), is_separator);
  if (has_separator) {
    std::vector<int> squares;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
      if (i < text.size() && !is_separator(text[i])) continue;
      auto square = parse_square(rules, trim(text.substr(start, i - start)));
      if (!square)
        return make_error("move " + quoted(original) + ": " +
                          quoted(text.substr(start, i - start)) + " is not a square of " +
                          std::string(rules.id));
      squares.push_back(*square);
      start = i + 1;
    }
    readings.push_back(squares);
  } else if (rules.notation == SquareNotation::algebraic) {
    if (text.size() % 2 != 0 || text.size() < 4)
      return make_error("move " + quoted(original) + " is not a move such as c3-d4 or c3:e5");
    std::vector<int> squares;
    for (std::size_t i = 0; i < text.size(); i += 2) {
      auto square = parse_square(rules, text.substr(i, 2));
      if (!square)
        return make_error("move " + quoted(original) + ": " + quoted(text.substr(i, 2)) +
                          " is not a square of " + std::string(rules.id));
      squares.push_back(*square);
    }
    readings.push_back(squares);
  } else {
    if (!std::all_of(text.begin(), text.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      return make_error("move " + quoted(original) + " is not a move such as 32-28 or 28x19");
    // Without separators, digits split into squares in many ways: only short forms are read.
    if (text.size() > 8)
      return make_error("move " + quoted(original) +
                        ": write a move of more than two squares with separators (32x23x14)");
    // Every split of the digits into square numbers.
    std::vector<int> current;
    auto split_digits = [&](auto&& self, std::size_t at) -> void {
      if (at == text.size()) {
        if (current.size() >= 2) readings.push_back(current);
        return;
      }
      for (std::size_t len = 1; len <= 2 && at + len <= text.size(); ++len) {
        if (text[at] == '0') break;
        auto square = parse_square(rules, text.substr(at, len));
        if (!square) continue;
        current.push_back(*square);
        self(self, at + len);
        current.pop_back();
      }
    };
    split_digits(split_digits, 0);
    if (readings.empty())
      return make_error("move " + quoted(original) + " cannot be read as squares of " +
                        std::string(rules.id));
  }

  MoveList list;
  generate_moves(rules, pos, list);
  std::vector<CapturePath> paths;
  bool paths_ready = false;
  std::vector<Move> matches;
  auto add_match = [&](const Move& m) {
    if (std::find(matches.begin(), matches.end(), m) == matches.end()) matches.push_back(m);
  };
  for (const auto& squares : readings) {
    if (squares.size() < 2) return make_error("move " + quoted(original) + " needs two squares");
    const int from = bit_of(rules, squares.front());
    const int to = bit_of(rules, squares.back());
    if (squares.size() == 2) {
      for (const Move& m : list)
        if (m.from == from && m.to == to) add_match(m);
      continue;
    }
    if (!paths_ready) {
      paths = capture_paths(rules, pos);
      paths_ready = true;
    }
    const std::vector<int> via(squares.begin() + 1, squares.end() - 1);
    for (const CapturePath& path : paths) {
      if (path.move.from != from || path.move.to != to || !path_matches(path, via)) continue;
      for (const Move& m : list)
        if (m.from == path.move.from && m.to == path.move.to && m.captured == path.move.captured)
          add_match(m);
    }
  }
  if (matches.size() > 1) {
    if (!paths_ready) {
      paths = capture_paths(rules, pos);
      paths_ready = true;
    }
    std::vector<Move> exact;
    for (const auto& squares : readings)
      for (const CapturePath& path : paths)
        if (path.landings == squares)
          for (const Move& m : matches)
            if (m.from == path.move.from && m.to == path.move.to &&
                m.captured == path.move.captured &&
                std::find(exact.begin(), exact.end(), m) == exact.end())
              exact.push_back(m);
    if (exact.size() == 1) return exact.front();
  }
  if (matches.size() == 1) return matches.front();
  if (matches.empty()) {
    const std::string side = pos.side == Side::white ? "White" : "Black";
    if (list.empty())
      return make_error("illegal move " + quoted(original) + ": " + side + " has no move");
    std::string hint;
    if (list[0].is_capture()) hint = " (a capture is compulsory)";
    return make_error("illegal move " + quoted(original) + " for " + side + hint);
  }
  std::string options;
  for (const Move& m : matches) {
    if (!options.empty()) options += ", ";
    options += full_path_text(rules, pos, m);
  }
  return make_error("ambiguous move " + quoted(original) + ": it can be " + options);
}

}  // namespace doska::draughts
