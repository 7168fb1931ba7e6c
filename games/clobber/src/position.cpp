#include "clobber/position.hpp"

#include <algorithm>

namespace clobber {

MoveList legal_moves(const Position& p, bool left) {
  const grid::Geometry& g = p.geo();
  const Bits own = p.own(left), opp = p.other(left);
  Move moves[grid::kMaxMoves];
  int n = 0;
  // Each direction: the squares of opposing stones next to one of ours, and the step back.
  const Bits targets[4] = {g.north(own) & opp, g.south(own) & opp, g.east(own) & opp,
                           g.west(own) & opp};
  const int back[4] = {-p.cols, p.cols, -1, 1};
  for (int d = 0; d < 4; ++d)
    for (Bits t = targets[d]; t; t &= t - 1) {
      const int to = grid::lowest(t);
      moves[n++] = Move{static_cast<uint8_t>(to + back[d]), static_cast<uint8_t>(to)};
    }
  std::sort(moves, moves + n);
  MoveList out;
  for (int i = 0; i < n; ++i) out.push(moves[i]);
  return out;
}

Position cut_out(const Position& p, Bits stones) {
  const grid::Box box = grid::bounding_box(p.rows, p.cols, stones);
  return Position{static_cast<uint8_t>(box.rows), static_cast<uint8_t>(box.cols),
                  grid::crop(p.black & stones, p.cols, box),
                  grid::crop(p.white & stones, p.cols, box), 0};
}

}  // namespace clobber
