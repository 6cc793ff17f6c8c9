// The UCI protocol (Universal Chess Interface) for 100-square chess and the mill games, over the
// Engine facade. The game is the option UCI_Variant (chess100, mill, mill-mixed, mill-ceylon);
// moves are in our own notation (e2e4, a9a10r, e9e10@c2; d6, a1-a4, d6xd5). The loop reads any
// std::istream and writes any std::ostream, so that tests can run a transcript through it.
// docs/protocols.md lists the commands as implemented here.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>

#include "engine/table_shelf.h"
#include "search/types.h"

namespace doska::protocols {

struct UciOptions {
  std::size_t hash_megabytes = 64;  // the initial value of the option Hash
  // The endgame databases (docs/egdb.md); nullptr: none.
  std::shared_ptr<engine::TableShelf> tables;
};

// `cp N`, or `mate M` for a decided game (M in moves, negative when the mover loses).
std::string uci_score(const search::Score& score);

// Runs the protocol until `quit` or the end of the input. Returns the exit status (0).
int run_uci(std::istream& in, std::ostream& out, const UciOptions& options = {});

}  // namespace doska::protocols
