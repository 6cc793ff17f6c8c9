// A fixed-capacity list of moves for the generators: no heap, no initialisation of the slots
// (moves are trivially constructible), and a list that would overflow is marked, not overrun.
#pragma once

namespace doska {

template <typename Move, int Capacity>
class FixedMoveList {
 public:
  static constexpr int kCapacity = Capacity;

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
  Move moves_[kCapacity];
  int size_ = 0;
  bool overflow_ = false;
};

}  // namespace doska
