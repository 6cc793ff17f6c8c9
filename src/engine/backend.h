// What the engine needs from a game: its root position for the search, set from a FEN and moves,
// and the instantiated search over it. One Backend per game family, created by the registry in
// backends.cpp.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "search/search.h"

namespace doska::engine {

using InfoCallback = std::function<void(const search::Info&)>;

class Backend {
 public:
  virtual ~Backend() = default;
  virtual Status set_position(std::optional<std::string_view> fen,
                              const std::vector<std::string>& moves) = 0;
  // The game is over at the root (by any rule, draw rules included): no search.
  virtual std::optional<search::Score> game_over() const = 0;
  virtual search::SearchResult search(search::TranspositionTable& tt, std::atomic<bool>& stop,
                                      const search::Limits& limits,
                                      const InfoCallback& on_info) = 0;
  virtual std::vector<search::RootMove> score_root_moves(search::TranspositionTable& tt,
                                                         std::atomic<bool>& stop, int depth) = 0;
};

// The searchable root of a game: the position, the keys of the positions since the last
// irreversible move (oldest first), and the count of reversible plies before the root.
template <class T>
struct SearchRoot {
  typename T::Position position{};
  std::vector<std::uint64_t> history;
  int reversible = 0;
  std::optional<search::Score> over;
};

// A Backend over the generic search for traits T; the family supplies `make_root`.
template <class T>
class SearchBackend : public Backend {
 public:
  using RootMaker = Result<SearchRoot<T>> (*)(std::optional<std::string_view>,
                                              const std::vector<std::string>&);
  explicit SearchBackend(RootMaker make_root) : make_root_(make_root) {
    auto root = make_root_(std::nullopt, {});
    if (root) root_ = std::move(*root);
  }

  Status set_position(std::optional<std::string_view> fen,
                      const std::vector<std::string>& moves) override {
    auto root = make_root_(fen, moves);
    if (!root) return make_error(root.error());
    root_ = std::move(*root);
    return Ok{};
  }
  std::optional<search::Score> game_over() const override { return root_.over; }
  search::SearchResult search(search::TranspositionTable& tt, std::atomic<bool>& stop,
                              const search::Limits& limits, const InfoCallback& on_info) override {
    search::Search<T> s(tt, stop);
    return s.run(root_.position, root_.history, root_.reversible, limits, on_info);
  }
  std::vector<search::RootMove> score_root_moves(search::TranspositionTable& tt,
                                                 std::atomic<bool>& stop, int depth) override {
    search::Search<T> s(tt, stop);
    return s.score_root_moves(root_.position, root_.history, root_.reversible, depth);
  }

 private:
  RootMaker make_root_;
  SearchRoot<T> root_;
};

// The backend for a game id, or an error naming the id.
Result<std::unique_ptr<Backend>> make_backend(std::string_view game);

}  // namespace doska::engine
