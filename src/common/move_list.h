// A fixed-capacity list of moves for the generators: no heap, no initialisation of the slots (the
// storage is a union, so even a move with default member values costs nothing until pushed), and
// a list that would overflow is marked, not overrun.
#pragma once

#include <type_traits>

namespace doska {

template <typename Move, int Capacity>
class FixedMoveList {
  static_assert(std::is_trivially_destructible_v<Move> && std::is_trivially_copyable_v<Move>);

 public:
  static constexpr int kCapacity = Capacity;

  // The slots stay uninitialised: a chess100 list of 3,072 moves would otherwise cost a memset of
  // 18 KB at every node of the search.
  FixedMoveList() {}
  FixedMoveList(const FixedMoveList& other) : size_(other.size_), overflow_(other.overflow_) {
    for (int i = 0; i < size_; ++i) moves_[i] = other.moves_[i];
  }
  FixedMoveList& operator=(const FixedMoveList& other) {
    size_ = other.size_;
    overflow_ = other.overflow_;
    for (int i = 0; i < size_; ++i) moves_[i] = other.moves_[i];
    return *this;
  }

  void clear() { size_ = 0; }
  void push(const Move& move) {
    if (size_ < kCapacity)
      moves_[size_++] = move;
    else
      overflow_ = true;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool overflowed() const { return overflow_; }
  const Move& operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  void truncate(int size) { size_ = size; }

 private:
  union {
    Move moves_[kCapacity];
  };
  int size_ = 0;
  bool overflow_ = false;
};

}  // namespace doska
