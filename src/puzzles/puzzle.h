// Puzzles (docs/puzzles.md): a position from a game where the side to move has exactly one move
// that wins, with the line to play. The file format, its reader (which refuses a damaged file
// with the line and the reason) and its writer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"

namespace doska::puzzles {

struct Puzzle {
  std::string id;    // "<game>-<number>", unique in its file
  std::string game;  // the game id
  std::string fen;   // the position, the player to move
  // The solution: the player's move, the opponent's reply, the player's next move...; always an
  // odd number of plies, the last one the player's.
  std::vector<std::string> line;
  std::vector<std::string> themes;  // sorted, from kThemes
  // What the deeper search said of the winning move and of the best other move ("win 9",
  // "cp 240", "draw", "win 5 egdb"), for the record and for verify.
  std::string best;
  std::string second;
  int rating = 1500;  // the puzzle's starting rating
};

// Every theme a puzzle may carry: draughts and chess100 "combination" (a multi-capture or a
// sacrifice first), "breakthrough" (a man or pawn promotes in the line), "endgame" (few pieces),
// "king" (a king moves in the line); mill "mill" (the first move closes a mill), "double-mill"
// (the player closes two mills in the line), "blockade" (the line ends with the opponent unable
// to move), "endgame".
const std::vector<std::string>& all_themes();

// The file: a first line "doska-puzzles 1 <game>", one line a puzzle with tab-separated fields
// id, fen, line (moves separated by spaces), themes (comma-separated, "-" for none), best,
// second, rating; and a last line "end <count> <FNV-1a 64 of every byte before it, hex>".
std::string write_file(std::string_view game, const std::vector<Puzzle>& puzzles);
// Reads a file's text: every field checked (the game known and the same on every line, the FEN
// read by the game's rules, every move of the line legal in turn, an odd line, known themes,
// ids unique, the count and checksum of the trailer). An error names the line and what is wrong.
Result<std::vector<Puzzle>> read_file(std::string_view text);
Result<std::vector<Puzzle>> load_file(const std::string& path);

// The data file of a game id: data/puzzles/<game>.txt under `dir` (default "data/puzzles").
std::string file_for(std::string_view game, std::string_view dir = "data/puzzles");

}  // namespace doska::puzzles
