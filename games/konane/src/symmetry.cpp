#include "konane/symmetry.hpp"

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
  const int nsym = group == KeyGroup::Region ? kSymmetries : board_symmetries(p.rows, p.cols);
  const bool with_swap = group != KeyGroup::Board;
  Canonical best;
  bool have = false;
  for (int s = 0; s < nsym; ++s) {
    Position q = transform(p, s);
    for (int swap = 0; swap <= (with_swap ? 1 : 0); ++swap) {
      Position r = swap ? swap_colours(q) : q;
      CanonicalKey k{r.rows, r.cols, r.black, r.white};
      if (!have || k < best.key) {
        have = true;
        best.key = k;
        best.sym = s;
        best.stones_swapped = swap != 0;
        best.square_colours_swapped = symmetry_swaps_square_colours(s, p.rows, p.cols);
      }
    }
  }
  return best;
}

}  // namespace konane
