#pragma once
// The squares a group of stones can ever occupy when it is played alone: the exact zones
// that split positions into regions (regions.hpp).
#include "konane/position.hpp"

namespace konane {

// Squares of each colour that the stones occupy in some position reachable from them alone,
// by any sequence of moves of either side (not alternating: in a sum a side may play
// elsewhere between two moves here). `exact` is false when the enumeration passed its
// budget; the zones are then the closure of regions.hpp, a superset.
struct Reach {
  Bitboard black = 0, white = 0;
  bool exact = false;
  Bitboard all() const { return black | white; }
};

// Positions enumerated before falling back on the closure, and the most stones enumerated at
// all: a larger group almost always passes the budget, and a search meets such groups at
// every node (docs/decisions/exact-regions.md).
inline constexpr int kReachBudget = 1024;
inline constexpr int kReachMaxStones = 10;

// Reach of the stones (black, white) on geometry g. Computed on the bounding box of their
// closure zones, where all their moves lie, and cached per thread by that translated box, so
// the same group anywhere on any board is enumerated once per thread.
Reach reach(const Geometry& g, Bitboard black, Bitboard white);

// Squares x next to a square s of `from` such that a stone on s could jump a stone on x:
// x = s + d with s + 2d on the board.
Bitboard threatened(const Geometry& g, Bitboard from);

}  // namespace konane
