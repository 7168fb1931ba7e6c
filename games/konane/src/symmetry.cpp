#include "konane/symmetry.hpp"

#include <algorithm>
#include <bit>

namespace konane {

namespace {

// Reverses the bit order inside every byte: col c -> 7 - c.
constexpr Bitboard mirror_bytes(Bitboard x) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
  return x;
}

// Squares of an R x C board sit in the bottom-left corner, so after mirroring the whole 8x8
// grid a shift brings them back to the corner.
inline Bitboard mirror_files(Bitboard x, int cols) {
  return mirror_bytes(x) >> (kStride - cols);
}
inline Bitboard mirror_ranks(Bitboard x, int rows) {
  return __builtin_bswap64(x) >> (kStride * (kMaxDim - rows));
}

Bitboard transform_bits(Bitboard x, int rows, int cols, int sym) {
  if (sym & 1) x = mirror_files(x, cols);
  if (sym & 2) x = mirror_ranks(x, rows);
  if (sym & 4) x = transpose8(x);
  return x;
}

}  // namespace

Position transform(const Position& p, int sym) {
  Position q;
  q.rows = (sym & 4) ? p.cols : p.rows;
  q.cols = (sym & 4) ? p.rows : p.cols;
  q.black = transform_bits(p.black, p.rows, p.cols, sym);
  q.white = transform_bits(p.white, p.rows, p.cols, sym);
  return q;
}

Position inverse_transform(const Position& p, int sym) {
  Position q = p;
  if (sym & 4) q = transform(q, 4);
  return transform(q, sym & 3);
}

int transform_square(int sq, int rows, int cols, int sym) {
  return lowest_square(transform_bits(bit(sq), rows, cols, sym));
}

bool symmetry_swaps_square_colours(int sym, int rows, int cols) {
  bool swap = false;
  if ((sym & 1) && cols % 2 == 0) swap = !swap;
  if ((sym & 2) && rows % 2 == 0) swap = !swap;
  return swap;
}

Canonical canonical(const Position& p, KeyGroup group) {
  // Keys order by (rows, cols) first, so on a non-square board only the images with the
  // smaller side as rows can win: s < 4 keeps the shape, s >= 4 transposes it.
  int first = 0, last = kSymmetries;
  if (group != KeyGroup::Region || p.rows < p.cols) last = board_symmetries(p.rows, p.cols);
  if (group == KeyGroup::Region && p.rows > p.cols) first = 4;
  const bool with_swap = group != KeyGroup::Board;
  // All images from shared pieces: s | 4 is the transpose of s, and s = 3 mirrors s = 1.
  Bitboard b[kSymmetries], w[kSymmetries];
  b[0] = p.black;
  w[0] = p.white;
  b[1] = mirror_files(p.black, p.cols);
  w[1] = mirror_files(p.white, p.cols);
  b[2] = mirror_ranks(p.black, p.rows);
  w[2] = mirror_ranks(p.white, p.rows);
  b[3] = mirror_ranks(b[1], p.rows);
  w[3] = mirror_ranks(w[1], p.rows);
  for (int s = std::max(first, 4); s < last; ++s) {
    b[s] = transpose8(b[s - 4]);
    w[s] = transpose8(w[s - 4]);
  }
  // Every image has the same shape (the bounds above keep only images of one orientation,
  // or the board is square), so keys compare by their stones alone, as one 128-bit number:
  // a branch-free minimum, where comparing key structures branched and mispredicted (half
  // of canonical()'s time in a solve). Strict < keeps the first of equal images, as before.
  using Wide = unsigned __int128;
  Wide least = ~Wide{0};
  int at = 0;
  for (int s = first; s < last; ++s) {
    const Wide plain = Wide{b[s]} << 64 | w[s];
    const bool take = plain < least;
    least = take ? plain : least;
    at = take ? 2 * s : at;
    if (with_swap) {
      const Wide swapped = Wide{w[s]} << 64 | b[s];
      const bool take_swapped = swapped < least;
      least = take_swapped ? swapped : least;
      at = take_swapped ? 2 * s + 1 : at;
    }
  }
  Canonical best;
  const bool transposed = first >= 4;
  best.key = CanonicalKey{transposed ? p.cols : p.rows, transposed ? p.rows : p.cols,
                          static_cast<Bitboard>(least >> 64), static_cast<Bitboard>(least)};
  best.sym = at >> 1;
  best.stones_swapped = (at & 1) != 0;
  best.square_colours_swapped = symmetry_swaps_square_colours(best.sym, p.rows, p.cols);
  return best;
}

}  // namespace konane
