#include "konane/regions.hpp"

#include <algorithm>
#include <bit>

#include "konane/reach.hpp"

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

namespace {

// Squares s from which a stone could jump a stone on a square x of `targets`: s = x - d with
// x + d on the board.
Bitboard threatening(const Geometry& g, Bitboard targets) {
  Bitboard t = 0;
  for (int d = 0; d < kDirs; ++d) {
    const int back = (d + 2) % kDirs;
    t |= g.shift(targets & g.shift(g.board, back), back);
  }
  return t;
}

struct Group {
  Bitboard black, white;
  Reach reach;
  Bitboard threat_black, threat_white;  // threatened() of the reach of each colour

  void compute(const Geometry& g) {
    reach = konane::reach(g, black, white);
    threats(g);
  }
  // A group holding a part whose positions passed the budget takes its closure zones without
  // enumerating (it almost always has more positions still; the zones are sound either way).
  void compute_merged(const Geometry& g, bool part_over_budget) {
    if (!part_over_budget) return compute(g);
    Bitboard zb, zw;
    zones(g, black, white, zb, zw);
    reach = Reach{zb, zw, false};
    threats(g);
  }
  // A lower bound of the reach: the stones and where their single jumps land now.
  void bound(const Geometry& g) {
    const Bitboard empty = g.board & ~(black | white);
    reach = Reach{black | (jumps(g, black, white) & empty),
                  white | (jumps(g, white, black) & empty), true};
    threats(g);
  }
  void threats(const Geometry& g) {
    threat_black = threatened(g, reach.black);
    threat_white = threatened(g, reach.white);
  }
};

// Rules (a) and (b) of regions.hpp on the two groups' reaches.
bool interact(const Group& a, const Group& b) {
  return (a.reach.all() & b.reach.all()) | (a.threat_black & b.reach.white) |
         (a.threat_white & b.reach.black) | (b.threat_black & a.reach.white) |
         (b.threat_white & a.reach.black);
}

// The zone of a region that stays whole: its exact reach when enumerable, else the closure
// zone. The reach does not depend on the board around it, so neither does the cut-out: the
// same region gets the same key wherever it stands (the region-value store relies on it).
Bitboard whole_zone(const Geometry& g, Bitboard black, Bitboard white, Bitboard zone) {
  if (popcount(black | white) > kReachMaxStones) return zone;
  const Reach r = konane::reach(g, black, white);
  return r.exact ? r.all() : zone;
}

using Groups = std::array<Group, kMaxRegions>;

// The starting groups: stones joined by a jump one of them could make over the other now.
int starting_groups(const Geometry& g, Bitboard black, Bitboard white, Groups& groups) {
  int n = 0;
  for (Bitboard rest = black | white; rest;) {
    Bitboard gb = black & bit(lowest_square(rest)), gw = white & bit(lowest_square(rest));
    while (true) {
      const Bitboard nb = gb | (black & (threatened(g, gw) | threatening(g, gw)));
      const Bitboard nw = gw | (white & (threatened(g, nb) | threatening(g, nb)));
      if (nb == gb && nw == gw) break;
      gb = nb;
      gw = nw;
    }
    rest &= ~(gb | gw);
    groups[size_t(n++)] = Group{gb, gw, {}, 0, 0};
  }
  return n;
}

// The groups merged along the components of the interaction graph (find(i): group i's
// component), each merged group's reach bounded (`lower`) or enumerated; returns how many.
template <class Find>
int merge_components(const Geometry& g, Groups& groups, int n, Find&& find, bool lower) {
  Groups next;
  std::array<bool, kMaxRegions> over{}, many{};
  std::array<int, kMaxRegions> slot;
  int m = 0;
  for (int i = 0; i < n; ++i) {
    const int r = find(i);
    if (r == i) {
      slot[size_t(i)] = m;
      next[size_t(m++)] = Group{0, 0, {}, 0, 0};
    }
  }
  for (int i = 0; i < n; ++i) {
    const int k = slot[size_t(find(i))];
    Group& to = next[size_t(k)];
    const Group& part = groups[size_t(i)];
    if ((to.black | to.white) == 0) {
      to = part;  // a component of one group keeps its reach
    } else {
      many[size_t(k)] = true;
      to.black |= part.black;
      to.white |= part.white;
    }
    over[size_t(k)] = over[size_t(k)] || !part.reach.exact;
  }
  for (int k = 0; k < m; ++k)
    if (lower)
      next[size_t(k)].bound(g);
    else if (many[size_t(k)])
      next[size_t(k)].compute_merged(g, over[size_t(k)]);
  groups = next;
  return m;
}

// Splits one closure region (stones black, white; zone `zone`) by exact reaches into out[];
// returns how many live regions it wrote.
int refine(const Geometry& g, Bitboard black, Bitboard white, Bitboard zone, Region* out) {
  Groups groups;
  int n = starting_groups(g, black, white, groups);
  if (n == 1) {
    out[0] = Region{black, white, whole_zone(g, black, white, zone)};
    return 1;
  }
  // First with lower bounds of the reaches, no enumeration: each group's stones and the
  // landing squares of its single jumps now. Groups that interact by these interact by
  // their reaches (rules (a) and (b) only grow with R), so they merge anyway; a search meets
  // dense positions at every node, and these usually end here as one region.
  for (int i = 0; i < n; ++i) groups[size_t(i)].bound(g);
  bool lower = true;
  // Merge interacting groups until no two interact. Reaches only grow by merging in the
  // cases that matter, so each round merges every component of the interaction graph at
  // once and enumerates each merged group once; a graph that is connected makes the whole
  // closure region one region without enumerating the union (its closure zone holds it).
  while (true) {
    std::array<int, kMaxRegions> root;
    for (int i = 0; i < n; ++i) root[size_t(i)] = i;
    const auto find = [&](int i) {
      while (root[size_t(i)] != i) i = root[size_t(i)] = root[size_t(root[size_t(i)])];
      return i;
    };
    int components = n;
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const int a = find(i), b = find(j);
        if (a == b || !interact(groups[size_t(i)], groups[size_t(j)])) continue;
        root[size_t(std::max(a, b))] = std::min(a, b);
        --components;
      }
    if (components == n && lower) {
      for (int i = 0; i < n; ++i) groups[size_t(i)].compute(g);
      lower = false;
      continue;
    }
    if (components == n) break;
    if (components == 1) {
      out[0] = Region{black, white, whole_zone(g, black, white, zone)};
      return 1;
    }
    n = merge_components(g, groups, n, find, lower);
  }
  int live = 0;
  for (int i = 0; i < n; ++i) {
    const Group& gr = groups[size_t(i)];
    const Position alone{uint8_t(g.rows), uint8_t(g.cols), gr.black, gr.white};
    if (!has_move(alone, Color::Black) && !has_move(alone, Color::White)) continue;
    out[live++] = Region{gr.black, gr.white, gr.reach.all()};
  }
  return live;
}

}  // namespace

namespace {

// f(black, white, zone) for each live closure region of p, in order of its lowest stone.
template <class F>
void for_each_closure_region(const Position& p, F&& f) {
  const Geometry& g = p.geo();
  // The closure regions are read off the zones of the whole position (see regions.hpp): one
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
    f(alone.black, alone.white, comp);
  }
}

}  // namespace

int closure_regions(const Position& p, RegionList& out) {
  int live = 0;
  for_each_closure_region(p, [&](Bitboard black, Bitboard white, Bitboard zone) {
    out[size_t(live++)] = Region{black, white, zone};
  });
  return live;
}

namespace {

// The bounding box of a zone: first and last rank and file.
struct Box {
  int r0, r1, c0, c1;
};
Box bounding_box(Bitboard zone) {
  // Occupied files: every rank folded onto rank 1. Occupied ranks: one bit per non-empty byte.
  Bitboard f = zone | (zone >> 32);
  f |= f >> 16;
  f |= f >> 8;
  const unsigned files = unsigned(f & 0xff);
  Bitboard nz = zone | (zone >> 4);
  nz |= nz >> 2;
  nz |= nz >> 1;
  const unsigned ranks = unsigned(((nz & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
  return {std::countr_zero(ranks), 31 - std::countl_zero(ranks), std::countr_zero(files),
          31 - std::countl_zero(files)};
}

int split_once(const Position& p, RegionList& out) {
  int live = 0;
  for_each_closure_region(p, [&](Bitboard black, Bitboard white, Bitboard zone) {
    live += refine(p.geo(), black, white, zone, out.data() + live);
  });
  return live;
}

}  // namespace

int decompose(const Position& p, RegionList& out) {
  int live = split_once(p, out);
  // A region cut out is a position of its own, where the edges are nearer: a jump onto a
  // square off the smaller board no longer threatens, so it may split further or lose dead
  // stones. Such cut-outs are decomposed in turn (each has fewer stones or a smaller board
  // than the region it came from, so this ends), so that every region's cut-out is one
  // whole region of its own board: the same class wherever it stands, as the region-value
  // store keys it (region_enum.hpp).
  for (int i = 0; i < live;) {
    const Position cut = cut_out(out[size_t(i)]);
    RegionList sub;
    int k = split_once(cut, sub);
    if (k == 1) {
      const Position again = cut_out(sub[0]);
      if (again.rows == cut.rows && again.cols == cut.cols &&
          (sub[0].black | sub[0].white) == (cut.black | cut.white)) {
        ++i;
        continue;
      }
    }
    k = decompose(cut, sub);
    const Box box = bounding_box(out[size_t(i)].zone);
    const int offset = square_of(box.r0, box.c0);
    for (int j = 0; j < k; ++j)
      sub[size_t(j)] = Region{sub[size_t(j)].black << offset, sub[size_t(j)].white << offset,
                              sub[size_t(j)].zone << offset};
    // Region i becomes the k parts.
    if (k > 1)
      std::copy_backward(out.begin() + i + 1, out.begin() + live, out.begin() + live + k - 1);
    else
      std::copy(out.begin() + i + 1, out.begin() + live, out.begin() + i + k);
    std::copy(sub.begin(), sub.begin() + k, out.begin() + i);
    live += k - 1;
    i += k;
  }
  // Regions in order of their lowest stone, whichever closure region they came from (a
  // region split off a closure region, or left after dropping its dead stones, may come
  // after the next closure region's first stone).
  if (live > 1)
    std::sort(out.begin(), out.begin() + live, [](const Region& a, const Region& b) {
      return std::countr_zero(a.black | a.white) < std::countr_zero(b.black | b.white);
    });
  return live;
}

Position cut_out(const Region& r) {
  const Box b = bounding_box(r.zone);
  Position q;
  q.rows = static_cast<uint8_t>(b.r1 - b.r0 + 1);
  q.cols = static_cast<uint8_t>(b.c1 - b.c0 + 1);
  const int offset = square_of(b.r0, b.c0);
  // Every stone is at column >= c0 of its row, so one shift moves the box to the corner.
  q.black = r.black >> offset;
  q.white = r.white >> offset;
  return q;
}

}  // namespace konane
