// `doska book build`: the opening book of a mill game's placement phase (games/mill/book.h), made
// by searches of our own engine to a fixed depth, one per class of positions of the first plies.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "common/result.h"
#include "games/mill/book.h"

namespace doska::engine {

struct BookBuildOptions {
  int plies = 3;    // every position of at most this many plies from the start
  int depth = 12;   // the depth of each search (fixed, so that a rebuild gives the same book)
  int threads = 2;  // positions searched at once, one engine each
  std::size_t hash_megabytes = 64;
  // Entries kept from an earlier book (a build that stopped, or a shallower one): a position it
  // holds at this depth or deeper is not searched again.
  const mill::Book* keep = nullptr;
  std::function<void(const std::string&)> progress;  // a line now and then
  // Called with the book so far every `checkpoint_every` searches, so that a stopped build can
  // go on from what it wrote (calls never overlap).
  std::function<void(const mill::Book&)> checkpoint;
  int checkpoint_every = 25;
};

struct BookBuildReport {
  int positions = 0;  // in the book
  int searched = 0;   // of them, searched by this build
  double seconds = 0;
};

Result<BookBuildReport> build_book(const mill::Rules& rules, const BookBuildOptions& options,
                                   mill::Book& book);

}  // namespace doska::engine
