// `doska book build`: the opening books, made by searches of our own engine to a fixed depth:
// the placement phase of the mill games (games/mill/book.h, one search per class of positions of
// the first plies) and the first moves of the draughts games (games/draughts/book.h).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"
#include "games/draughts/book.h"
#include "games/mill/book.h"

namespace doska::engine {

template <class Book>
struct BookBuildOptionsOf {
  int plies = 3;   // every position of at most this many plies from the start
  int follow = 0;  // draughts: then the lines of the book's moves, up to this ply (0: none)
  // draughts: lines of moves from the start, each leading to a position the plies count from
  // (none: the start), so that a build can go deeper under some lines and keep the rest of an
  // earlier book; the lines' positions of each ply are searched together, each position once.
  std::vector<std::vector<std::string>> lines;
  int depth = 12;   // the depth of each search (fixed, so that a rebuild gives the same book)
  int threads = 2;  // positions searched at once, one engine each
  std::size_t hash_megabytes = 64;
  // Entries kept from an earlier book (a build that stopped, or a shallower one): a position it
  // holds at this depth or deeper is not searched again.
  const Book* keep = nullptr;
  std::function<void(const std::string&)> progress;  // a line now and then
  // Called with the book so far every `checkpoint_every` searches, so that a stopped build can
  // go on from what it wrote (calls never overlap).
  std::function<void(const Book&)> checkpoint;
  int checkpoint_every = 25;
};
using BookBuildOptions = BookBuildOptionsOf<mill::Book>;
using DraughtsBookOptions = BookBuildOptionsOf<draughts::Book>;

struct BookBuildReport {
  int positions = 0;  // in the book
  int searched = 0;   // of them, searched by this build
  double seconds = 0;
};

Result<BookBuildReport> build_book(const mill::Rules& rules, const BookBuildOptions& options,
                                   mill::Book& book);
// Level by level: the positions of ply 0..plies, then those of the book's lines up to `follow`;
// check_options tells what is wrong with the options (also before a build starts).
Status check_options(const draughts::Rules& rules, const DraughtsBookOptions& options);
Result<BookBuildReport> build_book(const draughts::Rules& rules, const DraughtsBookOptions& options,
                                   draughts::Book& book);

}  // namespace doska::engine
