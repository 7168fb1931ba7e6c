#pragma once
// Clobber (Albert, Grossman, Nowakowski and Wolfe, 2002; "Lessons in Play" ch. 1): Left (Black,
// x) moves one of its stones onto an orthogonally adjacent White stone, which is removed; Right
// (White, o) likewise onto a Black stone. The player without a move loses. Squares as in
// grid/board.hpp; a '#' square is blocked (no stone ever stands there).
//
// REGIONS (exact). The orthogonally connected groups of stones are independent games whose sum
// is the position. Proof: a move goes from a stone's square to an adjacent occupied square
// and empties the first, so the occupied squares only ever shrink; two stones in different
// groups are never adjacent, now or later, so no move involves stones of two groups, and a
// move in one group leaves every other group as it was. A group of one colour has no move for
// either side (value 0) and is no region.
#include <cstdint>

#include "grid/board.hpp"
#include "grid/moves.hpp"
#include "grid/symmetry.hpp"

namespace clobber {

using grid::Bits;
using grid::Move;
using grid::MoveList;

struct Position {
  uint8_t rows = 0, cols = 0;
  Bits black = 0, white = 0, blocked = 0;

  const grid::Geometry& geo() const { return grid::geometry(rows, cols); }
  Bits own(bool left) const { return left ? black : white; }
  Bits other(bool left) const { return left ? white : black; }
  Bits occupied() const { return black | white; }
  friend bool operator==(const Position&, const Position&) = default;
};

inline bool has_move(const Position& p, bool left) {
  return (p.own(left) & p.geo().neighbours(p.other(left))) != 0;
}
inline int count_moves(const Position& p, bool left) {
  const grid::Geometry& g = p.geo();
  const Bits own = p.own(left), opp = p.other(left);
  return grid::popcount(g.north(own) & opp) + grid::popcount(g.south(own) & opp) +
         grid::popcount(g.east(own) & opp) + grid::popcount(g.west(own) & opp);
}

// The mover's moves, sorted by (from, to).
MoveList legal_moves(const Position& p, bool left);
inline Position play(const Position& p, bool left, Move m) {
  Position q = p;
  Bits& own = left ? q.black : q.white;
  Bits& opp = left ? q.white : q.black;
  own = (own & ~grid::bit(m.from)) | grid::bit(m.to);
  opp &= ~grid::bit(m.to);
  return q;
}
template <class F>
void for_each_child(const Position& p, bool left, F&& f) {
  for (const Move& m : legal_moves(p, left)) f(play(p, left, m));
}

// The group `stones` of p alone, on its bounding box.
Position cut_out(const Position& p, Bits stones);
// f(squares) for every group with stones of both colours (REGIONS above), lowest first.
template <class F>
void for_each_region_squares(const Position& p, F&& f) {
  grid::for_each_component(p.geo(), p.occupied(), [&](Bits group) {
    if ((group & p.black) && (group & p.white)) f(group);
  });
}
// f(region) for the same groups, each cut out.
template <class F>
void for_each_region(const Position& p, F&& f) {
  for_each_region_squares(p, [&](Bits group) { f(cut_out(p, group)); });
}

inline grid::Layers layers(const Position& p) {
  return {p.rows, p.cols, p.black, p.white};
}
// A region's class under every symmetry of its box and the colour swap (which negates it).
inline grid::Canon region_canon(const Position& region) {
  return grid::canonical(layers(region), grid::Negation::SwapLayers, true);
}

}  // namespace clobber
