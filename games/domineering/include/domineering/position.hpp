#pragma once
// Domineering (Gardner 1974; Berlekamp 1988; "Lessons in Play" ch. 1): Left (Black, x) places a
// vertical domino on two empty squares, Right (White, o) a horizontal one. The player without a
// move loses. Squares as in grid/board.hpp; a position is its empty squares ('.'), every other
// square is filled ('#').
//
// REGIONS (exact). The orthogonally connected components of the empty squares are independent
// games whose sum is the position. Proof: a domino covers two adjacent empty squares, which
// lie in one component; it fills them and leaves every other component as it was, and filling
// squares never joins two components. A component of one square has no move (value 0) and is
// no region.
#include <cstdint>

#include "grid/board.hpp"
#include "grid/moves.hpp"
#include "grid/symmetry.hpp"

namespace domineering {

using grid::Bits;
using grid::Move;
using grid::MoveList;

struct Position {
  uint8_t rows = 0, cols = 0;
  Bits empty = 0;

  const grid::Geometry& geo() const { return grid::geometry(rows, cols); }
  friend bool operator==(const Position&, const Position&) = default;
};

// The lower (Left, vertical) or left (Right, horizontal) squares of the dominoes the side can
// place.
inline Bits domino_starts(const Position& p, bool left) {
  const grid::Geometry& g = p.geo();
  return p.empty & (left ? g.south(p.empty) : g.west(p.empty));
}
inline bool has_move(const Position& p, bool left) {
  return domino_starts(p, left) != 0;
}
inline int count_moves(const Position& p, bool left) {
  return grid::popcount(domino_starts(p, left));
}
inline Move domino_at(const Position& p, bool left, int sq) {
  return Move{static_cast<uint8_t>(sq), static_cast<uint8_t>(sq + (left ? p.cols : 1))};
}

// The mover's moves, sorted by (from, to).
inline MoveList legal_moves(const Position& p, bool left) {
  MoveList out;
  for (Bits b = domino_starts(p, left); b; b &= b - 1)
    out.push(domino_at(p, left, grid::lowest(b)));
  return out;
}
inline Position play(const Position& p, bool, Move m) {
  Position q = p;
  q.empty &= ~(grid::bit(m.from) | grid::bit(m.to));
  return q;
}
template <class F>
void for_each_child(const Position& p, bool left, F&& f) {
  for (Bits b = domino_starts(p, left); b; b &= b - 1)
    f(play(p, left, domino_at(p, left, grid::lowest(b))));
}

// The component `squares` of p's empty squares alone, on its bounding box.
Position cut_out(const Position& p, Bits squares);
// f(squares) for every component of two squares or more (REGIONS above), lowest first.
template <class F>
void for_each_region_squares(const Position& p, F&& f) {
  grid::for_each_component(p.geo(), p.empty, [&](Bits c) {
    if (c & (c - 1)) f(c);
  });
}
// f(region) for the same components, each cut out.
template <class F>
void for_each_region(const Position& p, F&& f) {
  for_each_region_squares(p, [&](Bits c) { f(cut_out(p, c)); });
}

inline grid::Layers layers(const Position& p) {
  return {p.rows, p.cols, p.empty, 0};
}
// A region's class under every symmetry of its box; transposing it negates it (vertical
// dominoes become horizontal).
inline grid::Canon region_canon(const Position& region) {
  return grid::canonical(layers(region), grid::Negation::Transpose, true);
}

}  // namespace domineering
