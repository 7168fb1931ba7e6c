#pragma once
// A list of at most N values in place (no allocation): the move lists of the games' hot paths,
// whose capacity each game proves cannot overflow.
#include <array>
#include <cassert>

namespace core {

template <class T, int N>
class FixedList {
 public:
  void push(T v) {
    assert(size_ < N);
    items_[size_++] = v;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](int i) const { return items_[i]; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }
  void clear() { size_ = 0; }

 private:
  std::array<T, N> items_;
  int size_ = 0;
};

}  // namespace core
