#pragma once
// Board geometry and bit layout.
//
// A position on an R x C board (1 <= R, C <= kMaxDim) lives in the low bits of a uint64 with a
// fixed row stride of kStride bits:
//
//   bit = row * kStride + col      row 0 = rank 1 (bottom), col 0 = file a
//
//   rank 8 | 56 57 58 59 60 61 62 63
//   ...    | ...
//   rank 2 |  8  9 10 11 12 13 14 15
//   rank 1 |  0  1  2  3  4  5  6  7
//            a  b  c  d  e  f  g  h
//
// The fixed stride makes a step north/south a shift by kStride and east/west a shift by 1,
// with the board mask cutting off squares that fall off an edge. Smaller boards use the
// bottom-left corner of the same layout, so one set of tables serves every size.
#include <array>
#include <bit>
#include <cstdint>

namespace konane {

using Bitboard = uint64_t;

inline constexpr int kMaxDim = 8;
inline constexpr int kStride = 8;
static_assert(kMaxDim * kStride <= 64, "a board must fit in one uint64");

constexpr int square_of(int row, int col) {
  return row * kStride + col;
}
constexpr int row_of(int sq) {
  return sq / kStride;
}
constexpr int col_of(int sq) {
  return sq % kStride;
}
constexpr Bitboard bit(int sq) {
  return Bitboard{1} << sq;
}

enum Dir : int { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };
inline constexpr int kDirs = 4;
// Signed bit offset of one step in each direction.
inline constexpr int kStep[kDirs] = {kStride, 1, -kStride, -1};

constexpr Bitboard file_mask(int col) {
  Bitboard m = 0;
  for (int r = 0; r < kMaxDim; ++r) m |= bit(square_of(r, col));
  return m;
}

constexpr Bitboard board_mask(int rows, int cols) {
  Bitboard m = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) m |= bit(square_of(r, c));
  return m;
}

// Precomputed masks for one board size: the squares a one-step shift may land on per direction.
struct Geometry {
  int rows = 0, cols = 0;
  Bitboard board = 0;
  Bitboard dest[kDirs] = {};

  constexpr Geometry() = default;
  constexpr Geometry(int r, int c) : rows(r), cols(c), board(board_mask(r, c)) {
    dest[kNorth] = board;
    dest[kSouth] = board;
    dest[kEast] = board & ~file_mask(0);            // no wrap from the last file onto file a
    dest[kWest] = board & ~file_mask(kMaxDim - 1);  // no wrap from file a onto file h
  }

  // One step of every set square in direction d; squares leaving the board vanish.
  constexpr Bitboard shift(Bitboard x, int d) const {
    switch (d) {
      case kNorth:
        return (x << kStride) & dest[kNorth];
      case kEast:
        return (x << 1) & dest[kEast];
      case kSouth:
        return (x >> kStride) & dest[kSouth];
      default:
        return (x >> 1) & dest[kWest];
    }
  }
  constexpr Bitboard neighbours(Bitboard x) const {
    return shift(x, kNorth) | shift(x, kEast) | shift(x, kSouth) | shift(x, kWest);
  }
  constexpr bool contains(int row, int col) const {
    return row >= 0 && row < rows && col >= 0 && col < cols;
  }
};

namespace detail {
constexpr auto make_geometry_table() {
  std::array<std::array<Geometry, kMaxDim + 1>, kMaxDim + 1> t{};
  for (int r = 1; r <= kMaxDim; ++r)
    for (int c = 1; c <= kMaxDim; ++c) t[r][c] = Geometry(r, c);
  return t;
}
inline constexpr auto kGeometryTable = make_geometry_table();
}  // namespace detail

// Geometry for every legal size, built at compile time (inline: it is read at every node).
inline const Geometry& geometry(int rows, int cols) {
  return detail::kGeometryTable[rows][cols];
}

inline int popcount(Bitboard x) {
  return std::popcount(x);
}
inline int lowest_square(Bitboard x) {
  return std::countr_zero(x);
}

// (row, col) -> (col, row) on the full 8x8 grid (Knuth's delta swaps along the diagonal).
constexpr Bitboard transpose8(Bitboard x) {
  Bitboard t;
  t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  x ^= t ^ (t << 28);
  return x;
}

}  // namespace konane
