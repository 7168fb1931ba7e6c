#include "konane/regions.hpp"

#include <algorithm>

namespace konane {

void zones(const Geometry& g, Bitboard black, Bitboard white, Bitboard& zb, Bitboard& zw) {
  zb = black;
  zw = white;
  while (true) {
    Bitboard nb = zb, nw = zw;
    for (int d = 0; d < kDirs; ++d) {
      nb |= g.shift(g.shift(zb, d) & zw, d);
      nw |= g.shift(g.shift(zw, d) & zb, d);
    }
    if (nb == zb && nw == zw) return;
    zb = nb;
    zw = nw;
  }
}

namespace {

struct Group {
  Bitboard black, white, zb, zw;
};

bool interact(const Geometry& g, const Group& a, const Group& b) {
  if ((a.zb | a.zw) & (b.zb | b.zw)) return true;
  return (g.neighbours(a.zb) & b.zw) || (g.neighbours(a.zw) & b.zb);
}

// Components of "a black stone orthogonally next to a white one" always interact by rule (b),
// so they are a cheap, exact starting point instead of single stones.
Bitboard adjacent_component(const Geometry& g, Bitboard black, Bitboard white, int sq) {
  Bitboard comp = bit(sq);
  while (true) {
    Bitboard grown =
        comp | (g.neighbours(comp & black) & white) | (g.neighbours(comp & white) & black);
    if (grown == comp) return comp;
    comp = grown;
  }
}

}  // namespace

int decompose(const Position& p, RegionList& out) {
  const Geometry& g = p.geo();
  std::array<Group, kMaxRegions> groups;
  int n = 0;
  for (Bitboard rest = p.occupied(); rest;) {
    Bitboard comp = adjacent_component(g, p.black, p.white, lowest_square(rest));
    rest &= ~comp;
    Group& grp = groups[n++];
    grp.black = comp & p.black;
    grp.white = comp & p.white;
    zones(g, grp.black, grp.white, grp.zb, grp.zw);
  }
  // Merge until no pair interacts. Each merge lowers n, so this ends.
  for (bool merged = true; merged;) {
    merged = false;
    for (int i = 0; i < n && !merged; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (!interact(g, groups[i], groups[j])) continue;
        groups[i].black |= groups[j].black;
        groups[i].white |= groups[j].white;
        zones(g, groups[i].black, groups[i].white, groups[i].zb, groups[i].zw);
        groups[j] = groups[--n];
        merged = true;
        break;
      }
    }
  }
  int live = 0;
  for (int i = 0; i < n; ++i) {
    Position alone = p;
    alone.black = groups[i].black;
    alone.white = groups[i].white;
    if (!has_move(alone, Color::Black) && !has_move(alone, Color::White)) continue;
    out[live++] = Region{groups[i].black, groups[i].white, groups[i].zb | groups[i].zw};
  }
  return live;
}

Position cut_out(const Region& r) {
  int r0 = kMaxDim, r1 = -1, c0 = kMaxDim, c1 = -1;
  for (Bitboard z = r.zone; z; z &= z - 1) {
    int sq = lowest_square(z);
    r0 = std::min(r0, row_of(sq));
    r1 = std::max(r1, row_of(sq));
    c0 = std::min(c0, col_of(sq));
    c1 = std::max(c1, col_of(sq));
  }
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
