#pragma once
// The symmetries of a board and canonical keys.
//
// Symmetry s in 0..7 is (transpose?) after (mirror ranks?) after (mirror files?):
//   bit 0 mirrors files (a <-> last file), bit 1 mirrors ranks, bit 2 transposes
//   (rows <-> columns, so an R x C board becomes C x R).
// On an R x C board with R != C only s = 0..3 map the board onto itself.
//
// Square colours: (file + rank) parity changes under a file mirror iff C is even, under a rank
// mirror iff R is even, and never under a transpose. A symmetry that swaps square colours maps
// black's starting squares onto white's; combined with swapping the stone colours it is again
// a symmetry of the starting position, and swapping stone colours negates a game's value.
#include <cstdint>

#include "konane/position.hpp"

namespace konane {

inline constexpr int kSymmetries = 8;

Position transform(const Position& p, int sym);
// Inverse of transform(_, sym) (mirrors commute, so it undoes transpose first).
Position inverse_transform(const Position& p, int sym);
int transform_square(int sq, int rows, int cols, int sym);
bool symmetry_swaps_square_colours(int sym, int rows, int cols);
// Symmetries mapping an R x C board onto itself: 8 when square, else 4.
inline int board_symmetries(int rows, int cols) {
  return rows == cols ? 8 : 4;
}

// Black and white stones exchanged (value negated).
inline Position swap_colours(const Position& p) {
  Position q = p;
  q.black = p.white;
  q.white = p.black;
  return q;
}

// A canonical representative of a position's class, used as a table/database key.
// Layout (a value type, not stored raw): dims, then both occupancy masks.
struct CanonicalKey {
  uint8_t rows = 0, cols = 0;
  Bitboard black = 0, white = 0;
  friend bool operator==(const CanonicalKey&, const CanonicalKey&) = default;
  friend auto operator<=>(const CanonicalKey&, const CanonicalKey&) = default;
};

struct Canonical {
  CanonicalKey key;
  int sym = 0;                  // transform(p, sym) (then colour swap) gives the key
  bool stones_swapped = false;  // the key is the colour-swapped image: value(p) = -value(key)
  bool square_colours_swapped = false;  // sym maps dark squares onto light ones
};

enum class KeyGroup : uint8_t {
  Board,         // symmetries of the board itself (4 or 8); value preserved
  BoardAndSwap,  // those, each also with stone colours swapped (value negated)
  Region,        // all 8 (transposing non-square boards too) with stone-colour swap: for
                 // cut-out regions, whose board shape is not fixed
};

Canonical canonical(const Position& p, KeyGroup group);

}  // namespace konane
