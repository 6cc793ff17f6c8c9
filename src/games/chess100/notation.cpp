#include "games/chess100/notation.h"

#include <algorithm>
#include <vector>

#include "common/text.h"

namespace doska::chess100 {

namespace {

const char* color_name(Color c) {
  return c == Color::white ? "white" : "black";
}

// Reads a square ("a1".."j10") from the front of `text` and removes it; a rank is 10 only when
// written "10".
std::optional<int> take_square(std::string_view& text) {
  if (text.size() < 2 || text[0] < 'a' || text[0] > 'j') return std::nullopt;
  const int file = text[0] - 'a';
  if (text.size() >= 3 && text[1] == '1' && text[2] == '0') {
    text.remove_prefix(3);
    return square_of(file, 9);
  }
  if (text[1] < '1' || text[1] > '9') return std::nullopt;
  const int rank = text[1] - '1';
  text.remove_prefix(2);
  return square_of(file, rank);
}

PieceType promotion_letter(char c) {
  const PieceType t = piece_of_letter(static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c));
  return (t == pawn || t == king) ? no_piece : t;
}

struct LongForm {
  int from = 0, to = 0;
  PieceType promotion = no_piece;
  int extra = -1;
};

// The shape of a long algebraic move, without looking at the position.
std::optional<LongForm> read_long_form(std::string_view text) {
  LongForm form;
  auto from = take_square(text);
  if (!from) return std::nullopt;
  auto to = take_square(text);
  if (!to) return std::nullopt;
  form.from = *from;
  form.to = *to;
  if (!text.empty() && text[0] != '@') {
    form.promotion = promotion_letter(text[0]);
    if (form.promotion == no_piece) return std::nullopt;
    text.remove_prefix(1);
  }
  if (!text.empty()) {
    if (text[0] != '@') return std::nullopt;
    text.remove_prefix(1);
    auto extra = take_square(text);
    if (!extra || !text.empty()) return std::nullopt;
    form.extra = *extra;
  }
  return form;
}

bool is_pawn_step(const Position& pos, const Move& m) {
  return type_of(pos.board[m.from]) == pawn && m.kind != MoveKind::pawn_castle;
}

bool is_capture(const Position& pos, const Move& m) {
  if (m.kind == MoveKind::en_passant) return true;
  if (m.kind != MoveKind::normal) return false;
  return pos.board[m.to] != 0;
}

std::string promotion_suffix(const Move& m) {
  if (!m.promotion) return "";
  return std::string("=") + piece_letter(m.promotion);
}

// SAN without the check mark.
std::string san_body(const Position& pos, const Move& m, const MoveList& all) {
  if (m.kind == MoveKind::castle_short) return "O-O";
  if (m.kind == MoveKind::castle_long) return "O-O-O";
  if (m.kind == MoveKind::pawn_castle)
    return square_name(m.from) + ":" + piece_letter(type_of(pos.board[m.to])) + square_name(m.to) +
           promotion_suffix(m);
  const PieceType t = type_of(pos.board[m.from]);
  const bool capture = is_capture(pos, m);
  std::string out;
  if (t == pawn) {
    bool same_file = false, other = false;
    for (const Move& o : all) {
      if (o.to != m.to || o.from == m.from || !is_pawn_step(pos, o)) continue;
      if (is_capture(pos, o) != capture) continue;
      other = true;
      if (file_of(o.from) == file_of(m.from)) same_file = true;
    }
    if (capture) {
      out += static_cast<char>('a' + file_of(m.from));
      if (same_file) out += std::to_string(rank_of(m.from) + 1);
      out += 'x';
    } else if (other) {
      // A backward step and a forward step (or double step) to one square.
      out += square_name(m.from);
    }
    return out + square_name(m.to) + promotion_suffix(m);
  }
  out += piece_letter(t);
  bool other = false, same_file = false, same_rank = false;
  for (const Move& o : all) {
    if (o.to != m.to || o.from == m.from || o.kind != MoveKind::normal) continue;
    if (type_of(pos.board[o.from]) != t) continue;
    other = true;
    if (file_of(o.from) == file_of(m.from)) same_file = true;
    if (rank_of(o.from) == rank_of(m.from)) same_rank = true;
  }
  if (other) {
    if (!same_file)
      out += static_cast<char>('a' + file_of(m.from));
    else if (!same_rank)
      out += std::to_string(rank_of(m.from) + 1);
    else
      out += square_name(m.from);
  }
  if (capture) out += 'x';
  out += square_name(m.to);
  if (m.extra >= 0) {
    out += '@';
    out += square_name(m.extra);
  }
  return out;
}

std::string list_texts(const Position& pos, const std::vector<Move>& moves) {
  std::string out;
  for (const Move& m : moves) out += (out.empty() ? "" : ", ") + san(pos, m);
  return out;
}

// Chooses among the legal moves that fit what the text said; errors for none or several.
Result<Move> choose(const Position& pos, std::string_view text, std::vector<Move> candidates,
                    std::optional<PieceType> promotion, std::optional<int> extra) {
  if (candidates.empty()) return make_error(quoted(text) + " is not a legal move here");
  std::vector<Move> fitting;
  for (const Move& m : candidates) {
    if (promotion && m.promotion != *promotion) continue;
    if (extra && m.extra != *extra) continue;
    fitting.push_back(m);
  }
  if (fitting.empty()) {
    if (promotion && candidates.front().promotion == no_piece)
      return make_error(quoted(text) + ": this move does not promote");
    if (promotion) {
      std::string allowed;
      for (const Move& m : candidates)
        if (allowed.find(piece_letter(m.promotion)) == std::string::npos)
          allowed += piece_letter(m.promotion);
      return make_error(quoted(text) + ": a pawn on " + square_name(candidates.front().to) +
                        " can only become " + allowed + " (RULINGS §4.3)");
    }
    if (extra && candidates.front().extra < 0)
      return make_error(quoted(text) + ": this move places no extra pawn");
    return make_error(quoted(text) + ": the extra pawn can only go on an empty square of rank " +
                      std::to_string(pawn_rank(pos.side) + 1));
  }
  if (!promotion && fitting.front().promotion != no_piece)
    return make_error(quoted(text) + " promotes: add the piece letter (RULINGS §4.3), e.g. " +
                      move_text(fitting.front()));
  if (!extra && fitting.front().extra >= 0)
    return make_error(quoted(text) +
                      " reaches the enemy king's square: add @ and the extra pawn's square, e.g. " +
                      move_text(fitting.front()));
  if (fitting.size() > 1)
    return make_error(quoted(text) + " is ambiguous: " + list_texts(pos, fitting));
  return fitting.front();
}

std::string_view strip_marks(std::string_view text) {
  while (!text.empty() &&
         (text.back() == '+' || text.back() == '#' || text.back() == '!' || text.back() == '?'))
    text.remove_suffix(1);
  return text;
}

}  // namespace

std::string square_name(int square) {
  return std::string(1, static_cast<char>('a' + file_of(square))) +
         std::to_string(rank_of(square) + 1);
}

std::optional<int> parse_square(std::string_view text) {
  auto square = take_square(text);
  if (!square || !text.empty()) return std::nullopt;
  return square;
}

Position start_position() {
  Position pos;
  for (int f = 0; f < kFiles; ++f) {
    pos.board[square_of(f, 0)] = make_piece(Color::white, kBackRank[f]);
    pos.board[square_of(f, 1)] = make_piece(Color::white, pawn);
    pos.board[square_of(f, 8)] = make_piece(Color::black, pawn);
    pos.board[square_of(f, 9)] = make_piece(Color::black, kBackRank[f]);
  }
  pos.castling = kAllCastling;
  pos.extra = extra_bit(Color::white) | extra_bit(Color::black);
  pos.refresh();
  return pos;
}

Result<Position> parse_fen(std::string_view text) {
  const auto fields = split_words(text);
  if (fields.size() < 4 || fields.size() > 7)
    return make_error(
        "FEN needs 4 to 7 fields (placement, side, castling, en passant, halfmove, "
        "fullmove, extra pawn), found " +
        std::to_string(fields.size()));
  Position pos;
  const auto ranks = split(fields[0], '/');
  if (ranks.size() != kRanks)
    return make_error("FEN placement has " + std::to_string(ranks.size()) +
                      " ranks, expected 10 separated by '/'");
  int king_count[2] = {0, 0};
  for (int i = 0; i < kRanks; ++i) {
    const int rank = kRanks - 1 - i;
    const std::string rank_name = "FEN rank " + std::to_string(rank + 1);
    int file = 0;
    std::string_view row = ranks[i];
    for (std::size_t c = 0; c < row.size(); ++c) {
      const char ch = row[c];
      if (ch >= '0' && ch <= '9') {
        int run = ch - '0';
        if (c + 1 < row.size() && row[c + 1] >= '0' && row[c + 1] <= '9')
          run = run * 10 + (row[++c] - '0');
        if (run < 1 || run > kFiles)
          return make_error(rank_name + ": " + std::to_string(run) +
                            " is not a count of 1 to 10 empty squares");
        file += run;
        if (file > kFiles) break;
        continue;
      }
      const bool white = ch >= 'A' && ch <= 'Z';
      const PieceType t = piece_of_letter(white ? ch : static_cast<char>(ch - 32));
      if (t == no_piece || !((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z')))
        return make_error(rank_name + ": " + quoted(std::string_view(&row[c], 1)) +
                          " is not a piece letter (KQRBNGJP, lower case for Black)");
      if (file >= kFiles) {
        file = kFiles + 1;
        break;
      }
      const Color c_side = white ? Color::white : Color::black;
      const int square = square_of(file, rank);
      if (t == pawn && rank == last_rank(c_side))
        return make_error("FEN: a " + std::string(color_name(c_side)) + " pawn on " +
                          square_name(square) + ", its promotion rank");
      if (t == king) ++king_count[int(c_side)];
      pos.board[square] = make_piece(c_side, t);
      ++file;
    }
    if (file != kFiles)
      return make_error(rank_name + " " + quoted(row) + " does not describe exactly 10 squares");
  }
  for (Color c : {Color::white, Color::black})
    if (king_count[int(c)] != 1)
      return make_error("FEN: " + std::string(color_name(c)) + " has " +
                        std::to_string(king_count[int(c)]) + " kings, expected one");

  if (fields[1] == "w")
    pos.side = Color::white;
  else if (fields[1] == "b")
    pos.side = Color::black;
  else
    return make_error("FEN side to move " + quoted(fields[1]) + " is not w or b");

  if (fields[2] != "-") {
    for (char ch : fields[2]) {
      const Color c = (ch >= 'a' && ch <= 'z') ? Color::black : Color::white;
      const char upper = c == Color::black ? static_cast<char>(ch - 32) : ch;
      if (upper != 'A' && upper != 'J')
        return make_error("FEN castling field " + quoted(fields[2]) +
                          ": rights are written by rook file, A J a j (or -)");
      const bool long_side = upper == 'J';
      const std::uint8_t bit = castling_bit(c, long_side);
      if (pos.castling & bit)
        return make_error("FEN castling field " + quoted(fields[2]) + " repeats " +
                          std::string(1, ch));
      const int home = home_rank(c);
      const int rook_square =
          square_of(long_side ? kLongCastling.rook_file : kShortCastling.rook_file, home);
      if (pos.board[king_start(c)] != make_piece(c, king) ||
          pos.board[rook_square] != make_piece(c, rook))
        return make_error("FEN castling right " + std::string(1, ch) + " needs the " +
                          color_name(c) + " king on " + square_name(king_start(c)) +
                          " and a rook on " + square_name(rook_square));
      pos.castling |= bit;
    }
  }

  if (fields[3] != "-") {
    auto ep = parse_square(fields[3]);
    if (!ep)
      return make_error("FEN en passant field " + quoted(fields[3]) + " is not a square or -");
    // The pawn of the side that just moved stands in front of the square, which and the square
    // behind it are empty.
    const Color mover = opposite(pos.side);
    const int ahead = mover == Color::white ? north : south;
    const int behind = mover == Color::white ? south : north;
    const int expected_rank = pawn_rank(mover) + (mover == Color::white ? 1 : -1);
    const Geometry& g = geometry();
    if (rank_of(*ep) != expected_rank || pos.board[*ep] || pos.board[g.step[behind][*ep]] ||
        pos.board[g.step[ahead][*ep]] != make_piece(mover, pawn))
      return make_error("FEN en passant square " + square_name(*ep) + " does not follow a " +
                        color_name(mover) + " pawn's double step");
    const int pawn_square = g.step[ahead][*ep];
    const Piece taker = make_piece(pos.side, pawn);
    const int e = g.step[east][pawn_square], w = g.step[west][pawn_square];
    // Kept only when a pawn can take there, as the position after the double step would have it.
    if ((e >= 0 && pos.board[e] == taker) || (w >= 0 && pos.board[w] == taker))
      pos.ep = static_cast<std::int8_t>(*ep);
  }

  if (fields.size() >= 5) {
    auto halfmove = parse_int(fields[4]);
    if (!halfmove)
      return make_error("FEN halfmove clock " + quoted(fields[4]) + " is not a number");
    pos.halfmove = *halfmove;
  }
  if (fields.size() >= 6) {
    auto fullmove = parse_int(fields[5]);
    if (!fullmove || *fullmove < 1 || *fullmove > 1000000)
      return make_error("FEN fullmove number " + quoted(fields[5]) + " is not a number from 1");
    pos.fullmove = *fullmove;
  }
  pos.halfmove = std::min(pos.halfmove, 1000000);
  if (fields.size() == 7) {
    if (fields[6] != "-") {
      for (char ch : fields[6]) {
        const std::uint8_t bit = ch == 'E'   ? extra_bit(Color::white)
                                 : ch == 'e' ? extra_bit(Color::black)
                                             : 0;
        if (!bit || (pos.extra & bit))
          return make_error("FEN extra pawn field " + quoted(fields[6]) +
                            ": write E for White, e for Black, or -");
        pos.extra |= bit;
      }
    }
  } else {
    pos.extra = extra_bit(Color::white) | extra_bit(Color::black);
  }
  pos.refresh();
  return pos;
}

std::string to_fen(const Position& pos) {
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const Piece p = pos.board[square_of(file, rank)];
      if (!p) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      const char letter = piece_letter(type_of(p));
      out += color_of(p) == Color::white ? letter : static_cast<char>(letter + 32);
    }
    if (empty) out += std::to_string(empty);
    if (rank > 0) out += '/';
  }
  out += pos.side == Color::white ? " w " : " b ";
  std::string rights;
  if (pos.castling & castling_bit(Color::white, false)) rights += 'A';
  if (pos.castling & castling_bit(Color::white, true)) rights += 'J';
  if (pos.castling & castling_bit(Color::black, false)) rights += 'a';
  if (pos.castling & castling_bit(Color::black, true)) rights += 'j';
  out += rights.empty() ? "-" : rights;
  out += ' ';
  out += pos.ep >= 0 ? square_name(pos.ep) : "-";
  out += ' ' + std::to_string(pos.halfmove) + ' ' + std::to_string(pos.fullmove) + ' ';
  std::string extra;
  if (pos.extra & extra_bit(Color::white)) extra += 'E';
  if (pos.extra & extra_bit(Color::black)) extra += 'e';
  out += extra.empty() ? "-" : extra;
  return out;
}

std::string move_text(const Move& move) {
  std::string out = square_name(move.from) + square_name(move.to);
  if (move.promotion) out += static_cast<char>(piece_letter(move.promotion) + 32);
  if (move.extra >= 0) {
    out += '@';
    out += square_name(move.extra);
  }
  return out;
}

std::string san(const Position& pos, const Move& move) {
  MoveList all;
  generate_moves(pos, all);
  std::string out = san_body(pos, move, all);
  Position after = pos;
  Undo undo;
  make_move(after, move, undo);
  if (after.king(after.side) >= 0 && in_check(after)) {
    MoveList replies;
    generate_safe_moves(after, replies);
    out += replies.empty() ? '#' : '+';
  }
  return out;
}

Result<Move> parse_long_algebraic(const Position& pos, std::string_view text) {
  auto form = read_long_form(text);
  if (!form)
    return make_error(quoted(text) +
                      " is not a long algebraic move (e2e4, a9a10r, e1h1, e2d1, e9e10@c2)");
  const Piece p = pos.board[form->from];
  if (!p || color_of(p) != pos.side)
    return make_error(quoted(text) + ": there is no " + color_name(pos.side) + " piece on " +
                      square_name(form->from));
  MoveList all;
  generate_moves(pos, all);
  std::vector<Move> candidates;
  for (const Move& m : all)
    if (m.from == form->from && m.to == form->to) candidates.push_back(m);
  return choose(pos, text, candidates,
                form->promotion ? std::optional<PieceType>(form->promotion) : std::nullopt,
                form->extra >= 0 ? std::optional<int>(form->extra) : std::nullopt);
}

Result<Move> parse_san(const Position& pos, std::string_view original) {
  std::string_view text = strip_marks(trim(original));
  const auto not_a_move = [&] {
    return make_error(quoted(original) +
                      " is not a move: write long algebraic (e2e4, a9a10r, e9e10@c2) or SAN "
                      "(e4, Nc3, exd5, e10=Q, O-O, e2:Bd1, Ke10@c2)");
  };
  MoveList all;
  generate_moves(pos, all);
  if (text == "O-O" || text == "0-0" || text == "O-O-O" || text == "0-0-0") {
    const MoveKind kind = text.size() == 3 ? MoveKind::castle_short : MoveKind::castle_long;
    for (const Move& m : all)
      if (m.kind == kind) return m;
    return make_error(quoted(original) +
                      " is not legal here: castling needs the rights, the king "
                      "and rook on their squares and the squares between them empty");
  }

  std::optional<int> extra;
  if (auto at = text.find('@'); at != std::string_view::npos) {
    extra = parse_square(text.substr(at + 1));
    if (!extra) return not_a_move();
    text = text.substr(0, at);
  }
  std::optional<PieceType> promotion;
  if (text.size() >= 2 && text[text.size() - 2] == '=') {
    promotion = promotion_letter(text.back());
    if (*promotion == no_piece || text.back() < 'A' || text.back() > 'Z') return not_a_move();
    text.remove_suffix(2);
  } else if (text.size() >= 3 && text.back() >= 'A' && text.back() <= 'Z' &&
             text[text.size() - 2] >= '0' && text[text.size() - 2] <= '9') {
    promotion = promotion_letter(text.back());
    if (*promotion == no_piece) return not_a_move();
    text.remove_suffix(1);
  }

  std::vector<Move> candidates;
  if (auto colon = text.find(':'); colon != std::string_view::npos) {
    // Pawn castling: the pawn's square, ':', the piece letter (optional) and its square.
    auto from = parse_square(text.substr(0, colon));
    std::string_view rest = text.substr(colon + 1);
    PieceType partner = no_piece;
    if (!rest.empty() && rest[0] >= 'A' && rest[0] <= 'Z') {
      partner = piece_of_letter(rest[0]);
      rest.remove_prefix(1);
    }
    auto to = parse_square(rest);
    if (!from || !to || (rest.empty() && partner == no_piece)) return not_a_move();
    for (const Move& m : all)
      if (m.kind == MoveKind::pawn_castle && m.from == *from && m.to == *to &&
          (partner == no_piece || type_of(pos.board[m.to]) == partner))
        candidates.push_back(m);
    return choose(pos, original, candidates, promotion, extra);
  }

  PieceType type = pawn;
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') {
    type = piece_of_letter(text[0]);
    if (type == no_piece) return not_a_move();
    text.remove_prefix(1);
  }
  // The destination is the last square of the text.
  std::size_t start = text.size();
  while (start > 0 && text[start - 1] >= '0' && text[start - 1] <= '9') --start;
  if (start == 0 || start == text.size() || text.size() - start > 2) return not_a_move();
  --start;
  auto to = parse_square(text.substr(start));
  if (!to) return not_a_move();
  std::string_view prefix = text.substr(0, start);
  bool capture_mark = false;
  if (!prefix.empty() && (prefix.back() == 'x' || prefix.back() == '-')) {
    capture_mark = prefix.back() == 'x';
    prefix.remove_suffix(1);
  }
  std::optional<int> from_file, from_rank;
  if (!prefix.empty() && prefix[0] >= 'a' && prefix[0] <= 'j') {
    from_file = prefix[0] - 'a';
    prefix.remove_prefix(1);
  }
  if (!prefix.empty()) {
    auto rank = parse_int(prefix);
    if (!rank || *rank < 1 || *rank > kRanks) return not_a_move();
    from_rank = *rank - 1;
  }
  for (const Move& m : all) {
    if (m.to != *to || m.is_castling() || m.kind == MoveKind::pawn_castle) continue;
    if (type_of(pos.board[m.from]) != type) continue;
    if (from_file && file_of(m.from) != *from_file) continue;
    if (from_rank && rank_of(m.from) != *from_rank) continue;
    // A pawn move written without its file is not a capture.
    if (type == pawn && !from_file && (capture_mark || is_capture(pos, m))) continue;
    candidates.push_back(m);
  }
  return choose(pos, original, candidates, promotion, extra);
}

Result<Move> parse_move(const Position& pos, std::string_view text) {
  text = trim(text);
  if (text.empty()) return make_error("an empty move");
  if (read_long_form(text)) return parse_long_algebraic(pos, text);
  return parse_san(pos, text);
}

}  // namespace doska::chess100
