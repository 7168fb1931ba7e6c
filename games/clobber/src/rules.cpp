#include "clobber/rules.hpp"

#include <algorithm>

namespace clobber {

MoveList Rules::moves(const Position& p, core::Side side) {
  const grid::Geometry& g = p.geo();
  const Bits own = p.own(side), opp = p.other(side);
  Move found[grid::kMaxMoves];
  int n = 0;
  // Each direction: the squares of opposing stones next to one of ours, and the step back.
  const Bits targets[4] = {g.north(own) & opp, g.south(own) & opp, g.east(own) & opp,
                           g.west(own) & opp};
  const int back[4] = {-p.cols, p.cols, -1, 1};
  for (int d = 0; d < 4; ++d)
    for (Bits t = targets[d]; t; t &= t - 1) {
      const int to = grid::lowest(t);
      found[n++] = Move{static_cast<uint8_t>(to + back[d]), static_cast<uint8_t>(to)};
    }
  std::sort(found, found + n);
  MoveList out;
  for (int i = 0; i < n; ++i) out.push(found[i]);
  return out;
}

std::string Rules::why_illegal(const Position& p, core::Side side, Move m) {
  if (!(p.own(side) & grid::bit(m.from)))
    return std::string("no ") + core::side_colour(side) + " stone on " +
           grid::square_name(m.from, p.cols);
  return grid::square_name(m.to, p.cols) + " holds no " + core::side_colour(core::opponent(side)) +
         " stone to clobber";
}

Position Rules::cut_out(const Position& p, Bits stones) {
  const grid::Box box = grid::bounding_box(p.rows, p.cols, stones);
  return Position{static_cast<uint8_t>(box.rows), static_cast<uint8_t>(box.cols),
                  grid::crop(p.black & stones, p.cols, box),
                  grid::crop(p.white & stones, p.cols, box), 0};
}

}  // namespace clobber
