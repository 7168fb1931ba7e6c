#include "konane/regions.hpp"

#include <algorithm>
#include <bit>

namespace konane {

namespace {

// One jump of every square of `from` over a square of `over` onto the board, all four
// directions at once. The east/west masks stop a step from wrapping onto the next rank.
inline Bitboard jumps(const Geometry& g, Bitboard from, Bitboard over) {
  const Bitboard e = g.dest[kEast], w = g.dest[kWest];
  return ((((from << kStride) & over) << kStride) & g.board) |
         (((from >> kStride) & over) >> kStride) | ((((from << 1) & e & over) << 1) & e) |
         ((((from >> 1) & w & over) >> 1) & w);
}

// Squares reached from `from` along a line of edges, both ways: an edge joins y and
// y + step when y is in `lower`.
inline Bitboard fill(Bitboard from, Bitboard lower, int step) {
  Bitboard up = lower << step, g = from;  // up: squares entered from below
  g |= up & (g << step);
  up &= up << step;
  g |= up & (g << 2 * step);
  up &= up << 2 * step;
  g |= up & (g << 4 * step);
  Bitboard down = lower;  // entered from above
  g |= down & (g >> step);
  down &= down >> step;
  g |= down & (g >> 2 * step);
  down &= down >> 2 * step;
  g |= down & (g >> 4 * step);
  return g;
}

}  // namespace

// The least closed pair: each colour grows with the other's newest squares at once, fewer
// rounds than the definition's simultaneous ones, same fixpoint.
void zones(const Geometry& g, Bitboard black, Bitboard white, Bitboard& zb, Bitboard& zw) {
  zb = black;
  zw = white;
  while (true) {
    const Bitboard nb = zb | jumps(g, zb, zw);
    const Bitboard nw = zw | jumps(g, zw, nb);
    if (nb == zb && nw == zw) return;
    zb = nb;
    zw = nw;
  }
}

int decompose(const Position& p, RegionList& out) {
  const Geometry& g = p.geo();
  // The regions are read off the zones of the whole position (see regions.hpp): one
  // closure, then one flood fill per region over "a black-zone square next to a white-zone
  // square".
  Bitboard zb, zw;
  zones(g, p.black, p.white, zb, zw);
  // An edge of H joins x and its east (north) neighbour exactly when one is in Zb and the
  // other in Zw, a property of the pair: so the edges of each direction are one bitboard
  // (their lower squares), and the fill runs along a line in three shifts (an occluded
  // Kogge-Stone fill) instead of one square per step. Squares of the last file have no east
  // edge, so no east step wraps onto the next rank.
  const Bitboard east = ((zb & (zw >> 1)) | (zw & (zb >> 1))) & ~file_mask(kMaxDim - 1);
  const Bitboard north = (zb & (zw >> kStride)) | (zw & (zb >> kStride));
  int live = 0;
  for (Bitboard rest = p.occupied(); rest;) {
    Bitboard comp = bit(lowest_square(rest));
    while (true) {
      const Bitboard grown = fill(fill(comp, east, 1), north, kStride);
      if (grown == comp) break;
      comp = grown;
    }
    rest &= ~comp;
    Position alone = p;
    alone.black = p.black & comp;
    alone.white = p.white & comp;
    if (!has_move(alone, Color::Black) && !has_move(alone, Color::White)) continue;
    out[live++] = Region{alone.black, alone.white, comp};
  }
  return live;
}

Position cut_out(const Region& r) {
  // Occupied files: every rank folded onto rank 1. Occupied ranks: one bit per non-empty byte.
  Bitboard f = r.zone | (r.zone >> 32);
  f |= f >> 16;
  f |= f >> 8;
  const unsigned files = unsigned(f & 0xff);
  Bitboard nz = r.zone | (r.zone >> 4);
  nz |= nz >> 2;
  nz |= nz >> 1;
  const unsigned ranks = unsigned(((nz & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
  const int r0 = std::countr_zero(ranks), r1 = 31 - std::countl_zero(ranks);
  const int c0 = std::countr_zero(files), c1 = 31 - std::countl_zero(files);
  Position q;
  q.rows = static_cast<uint8_t>(r1 - r0 + 1);
  q.cols = static_cast<uint8_t>(c1 - c0 + 1);
  const int offset = square_of(r0, c0);
  // Every stone is at column >= c0 of its row, so one shift moves the box to the corner.
  q.black = r.black >> offset;
  q.white = r.white >> offset;
  return q;
}

}  // namespace konane
