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
#include "engine/table_shelf.h"
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
  // The evaluation to search with: "builtin" (the default), "classic" (the hand-written one,
  // where a game has both) or the path of a weights file (draughts: data/eval/*.weights).
  virtual Status set_eval(std::string_view spec) {
    if (spec.empty() || spec == "builtin") return Ok{};
    return make_error("this game has one evaluation; eval=" + std::string(spec) +
                      " is for the draughts games");
  }
  // The endgame databases to probe, from the shelf's folder (none there: the engine searches
  // as before); an error names a damaged file.
  virtual Status set_tables(TableShelf&) { return Ok{}; }
};

// A game with endgame databases: the traits name the database type, open it from a folder, and
// put it into a position.
template <class T>
concept ChoosesTables = requires(typename T::Position& p, const typename T::TableSet* t) {
  {T::open_tables(std::string{}, std::uint64_t{})};
  { T::table_game() } -> std::convertible_to<std::string>;
  T::use_tables(p, t);
};

// A game with an opening book: the traits give the book's move for a position, if it has one.
template <class T>
concept HasBook = requires(const typename T::Position& p) {
  { T::book_move(p) } -> std::convertible_to<std::optional<search::BookHit>>;
};

// A game whose traits can change the evaluation's weights: the traits name the weights type, load
// them from a spec, and put them into a position.
template <class T>
concept ChoosesEval = requires(typename T::Position& p, const typename T::EvalWeights* w) {
  {T::load_eval(std::string_view{})};
  T::use_eval(p, w);
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

template <class T>
struct TablesHandle {
  using type = int;  // nothing to hold
};
template <ChoosesTables T>
struct TablesHandle<T> {
  using type = std::shared_ptr<const typename T::TableSet>;
};

template <class T>
struct EvalHandle {
  using type = int;  // nothing to hold
};
template <ChoosesEval T>
struct EvalHandle<T> {
  using type = std::shared_ptr<const typename T::EvalWeights>;
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
    if constexpr (ChoosesTables<T>) {
      // Tables added to the shelf's folder since (the server's background build): taken now. If
      // the folder cannot be opened again, the tables held so far stay in use.
      if (shelf_ && shelf_->generation() != shelf_generation_) {
        auto opened = open_from(*shelf_);
        if (opened) tables_ = std::move(*opened);
      }
    }
    if constexpr (ChoosesEval<T>)
      if (eval_chosen_) T::use_eval(root_.position, eval_.get());
    if constexpr (ChoosesTables<T>) T::use_tables(root_.position, tables_.get());
    return Ok{};
  }
  Status set_tables(TableShelf& shelf) override {
    if constexpr (ChoosesTables<T>) {
      shelf_ = &shelf;
      auto opened = open_from(shelf);
      if (!opened) return make_error(opened.error());
      tables_ = std::move(*opened);
      T::use_tables(root_.position, tables_.get());
    }
    return Ok{};
  }
  Status set_eval(std::string_view spec) override {
    if constexpr (ChoosesEval<T>) {
      auto weights = T::load_eval(spec);
      if (!weights) return make_error(weights.error());
      eval_ = std::move(*weights);
      eval_chosen_ = true;
      T::use_eval(root_.position, eval_.get());
      return Ok{};
    } else {
      return Backend::set_eval(spec);
    }
  }
  std::optional<search::Score> game_over() const override { return root_.over; }
  search::SearchResult search(search::TranspositionTable& tt, std::atomic<bool>& stop,
                              const search::Limits& limits, const InfoCallback& on_info) override {
    if constexpr (HasBook<T>) {
      // An infinite search (analysis, pondering) searches also where the book has a move.
      if (limits.book && !limits.infinite)
        if (auto hit = T::book_move(root_.position)) return book_result(*hit, on_info);
    }
    search::Search<T> s(tt, stop);
    return s.run(root_.position, root_.history, root_.reversible, limits, on_info);
  }
  std::vector<search::RootMove> score_root_moves(search::TranspositionTable& tt,
                                                 std::atomic<bool>& stop, int depth) override {
    search::Search<T> s(tt, stop);
    return s.score_root_moves(root_.position, root_.history, root_.reversible, depth);
  }

 private:
  static search::SearchResult book_result(const search::BookHit& hit, const InfoCallback& on_info) {
    search::SearchResult r;
    r.best = hit.move;
    r.value = hit.value;
    r.depth = hit.depth;
    r.pv = {hit.move};
    if (on_info) {
      search::Info info;
      info.depth = hit.depth;
      info.score = search::Score::from_value(hit.value);
      info.pv = r.pv;
      on_info(info);
    }
    return r;
  }

  // The game's database on the shelf, and the shelf's generation it was taken at.
  auto open_from(TableShelf& shelf) {
    using Set = typename T::TableSet;
    shelf_generation_ = shelf.generation();
    return shelf.get<Set>(T::table_game(),
                          [&shelf]() { return T::open_tables(shelf.dir(), shelf.memory()); });
  }

  RootMaker make_root_;
  SearchRoot<T> root_;
  typename EvalHandle<T>::type eval_{};
  typename TablesHandle<T>::type tables_{};
  bool eval_chosen_ = false;
  TableShelf* shelf_ = nullptr;  // the engine's, which outlives its backend
  std::uint64_t shelf_generation_ = 0;
};

// Plays the moves of a record on `game` (a game class with play_text); the first move that is not
// legal is named with its number.
template <class Game>
Status replay(Game& game, const std::vector<std::string>& moves) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto played = game.play_text(moves[i]);
    if (!played)
      return make_error("move " + std::to_string(i + 1) + " (" + moves[i] + "): " + played.error());
  }
  return Ok{};
}

// The backend for a game id, or an error naming the id.
Result<std::unique_ptr<Backend>> make_backend(std::string_view game);

}  // namespace doska::engine
