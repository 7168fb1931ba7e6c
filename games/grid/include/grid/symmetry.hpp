#pragma once
// The canonical image of a grid-game position under the board's symmetries, and whether it is
// the image of the position's negative. A position is two layers of squares (Clobber: black and
// white stones; Domineering: the empty squares and nothing), and a game says which symmetry
// negates it: exchanging the layers (Clobber: the colour swap), or transposing the board
// (Domineering: vertical dominoes become horizontal ones, so Left's moves become Right's).
#include <cstdint>

#include "grid/board.hpp"

namespace grid {

struct Layers {
  uint8_t rows = 0, cols = 0;
  Bits a = 0, b = 0;
  friend bool operator==(const Layers&, const Layers&) = default;
};

enum class Negation : uint8_t { SwapLayers, Transpose };

struct Canon {
  Layers rep;                  // the least image (by shape, then a, then b)
  bool negated = false;        // rep is an image of the position's negative
  bool self_negative = false;  // the position equals its own negative up to a symmetry
};

// all_shapes: every symmetry of the rectangle (a region, cut out, may turn); otherwise those
// that keep the board's shape (a whole board's database key).
Canon canonical(const Layers& x, Negation negation, bool all_shapes);

}  // namespace grid

namespace grid {

// A whole board's database key (solver/store/binding.hpp): its canonical image under the
// symmetries that keep the board's shape, grouped by its number of squares in either layer.
struct StorageKey {
  uint8_t group = 0;
  uint64_t hi = 0, lo = 0;
  friend bool operator==(const StorageKey&, const StorageKey&) = default;
};
struct StoredKey {
  StorageKey key;
  bool swapped = false;       // the key is the negative's image: Left and Right exchange
  bool self_swapped = false;  // the position is its own negative up to a symmetry
};
inline StoredKey stored_key(const Layers& x, Negation negation) {
  const Canon c = canonical(x, negation, false);
  return {{static_cast<uint8_t>(popcount(c.rep.a | c.rep.b)), c.rep.a, c.rep.b},
          c.negated,
          c.self_negative};
}

}  // namespace grid
