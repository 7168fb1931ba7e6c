#pragma once
// Rectangular boards of at most 64 squares for the grid games (Clobber, Domineering), one bit
// per square, row-major with the row length as the stride so that strips up to 1x64 fit:
//
//   bit = row * cols + col        row 0 = rank 1 (the bottom row), col 0 = file a
//
//   a 4x3 board:   rank 4 |  9 10 11
//                  rank 3 |  6  7  8
//                  rank 2 |  3  4  5
//                  rank 1 |  0  1  2
//                            a  b  c
//
// A step north is a shift by `cols`, east a shift by 1; the masks of one shape (Geometry)
// cut off what falls off an edge. Files past z are named aa, ab, ... (a 1x64 strip ends at bl).
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grid {

using Bits = uint64_t;
inline constexpr int kMaxSquares = 64;

constexpr Bits bit(int sq) {
  return Bits{1} << sq;
}
constexpr int popcount(Bits b) {
  return std::popcount(b);
}
constexpr int lowest(Bits b) {
  return std::countr_zero(b);
}
// Every square of a rows x cols board (rows * cols <= 64).
constexpr Bits board_mask(int rows, int cols) {
  const int n = rows * cols;
  return n >= 64 ? ~Bits{0} : (Bits{1} << n) - 1;
}

// The masks of one board shape.
struct Geometry {
  int rows = 0, cols = 0;
  Bits board = 0;
  Bits not_first_file = 0, not_last_file = 0;

  // One step of every square of x; squares leaving the board vanish.
  constexpr Bits north(Bits x) const { return cols >= 64 ? 0 : (x << cols) & board; }
  constexpr Bits south(Bits x) const { return cols >= 64 ? 0 : x >> cols; }
  constexpr Bits east(Bits x) const { return (x << 1) & not_first_file; }
  constexpr Bits west(Bits x) const { return (x >> 1) & not_last_file; }
  constexpr Bits neighbours(Bits x) const { return north(x) | south(x) | east(x) | west(x); }
};

// True for 1 <= rows, cols and rows * cols <= 64.
constexpr bool valid_shape(int rows, int cols) {
  return rows >= 1 && cols >= 1 && rows * cols <= kMaxSquares;
}
// The masks of a valid shape, from a table built once.
const Geometry& geometry(int rows, int cols);

// The orthogonally connected part of `set` that contains the squares of `seed`.
inline Bits component(const Geometry& g, Bits set, Bits seed) {
  Bits c = seed & set;
  for (;;) {
    const Bits grown = (c | g.neighbours(c)) & set;
    if (grown == c) return c;
    c = grown;
  }
}
// f(component) for each orthogonally connected component of `set`, lowest square first.
template <class F>
void for_each_component(const Geometry& g, Bits set, F&& f) {
  while (set) {
    const Bits c = component(g, set, set & (~set + 1));
    f(c);
    set &= ~c;
  }
}

// The smallest rectangle holding every square of `squares` (which is not empty).
struct Box {
  int row0 = 0, col0 = 0, rows = 0, cols = 0;
};
Box bounding_box(int rows, int cols, Bits squares);
// The squares of b inside `box`, renumbered on a box.rows x box.cols board.
Bits crop(Bits b, int cols, const Box& box);

// The eight symmetries of a rectangle: transform t (0..7) flips rows when t & 1, flips files
// when t & 2, and then transposes when t & 4 (rows and files exchange: the shape becomes
// cols x rows). Transforms 0..3 keep the shape.
inline constexpr int kTransforms = 8;
Bits transform(Bits b, int rows, int cols, int t);
constexpr bool transposes(int t) {
  return (t & 4) != 0;
}

// Square names: file letters (a..z, then aa..bl) and the rank from 1 at the bottom.
std::string file_name(int col);
std::string square_name(int sq, int cols);
// The names of `squares`, lowest first.
std::vector<std::string> square_names(Bits squares, int cols);
// The square `text` names on a rows x cols board, or nullopt.
std::optional<int> parse_square(std::string_view text, int rows, int cols);

}  // namespace grid
