#pragma once
// Splitting a position into independent regions (sums of games).
//
// INDEPENDENCE RULE. For a set G of stones define its zones Zb(G), Zw(G): the least sets
// containing G's black (white) stones and closed under
//     s in Zc, s+d in Z(other colour), s+2d on the board   =>   s+2d in Zc       (d = N,E,S,W).
// Zc over-approximates every square a colour-c stone of G can ever occupy when G is played
// alone: it ignores that landing squares must be empty and that jumped stones disappear.
// Two groups G, H INTERACT when
//     (a) Z(G) and Z(H) share a square (Z = Zb u Zw), or
//     (b) a square of Zb(G) is orthogonally adjacent to a square of Zw(H), or vice versa.
// Groups start as single stones; interacting groups are merged (and their zones recomputed)
// until no two groups interact. The final groups are the regions.
//
// PROOF that the position is the disjunctive sum of its regions. Invariant: at every moment
// of any play from the position, each stone of region G stands on a square of Zc(G) for its
// colour c. It holds initially. Take a move by a colour-c stone of G at s in direction d,
// jumping the stone at s+d and landing on s+2d (a multiple jump repeats this step from s+2d).
//  * The jumped stone is adjacent to s, of the other colour. If it belonged to another region
//    H, Zc(G) and Z(other)(H) would be adjacent: (b) forbids it. So it is G's.
//  * The landing square s+2d is in Zc(G) by the closure. Every stone of another region H
//    stands in Z(H), which (a) keeps disjoint from Z(G); so s+2d is empty in the whole
//    position iff it is empty in G alone.
// Hence a move of G is legal in the whole position iff it is legal in G alone, it changes only
// G's stones, and afterwards the invariant still holds (the stone lands in Zc(G)). By
// induction every line of play interleaves independent lines of the regions, i.e. the game is
// the disjunctive sum of the regions' games.
//
// COMPUTING THE REGIONS without merging. Let Zb, Zw be the zones of ALL the stones, and H
// the graph on the squares of Zb u Zw joining x and y when they are orthogonally adjacent
// with x in Zb and y in Zw. Then the regions are the stones of each component of H, and
// each region's zone is its component:
//  * Zb u Zw = the union of the regions' zones. The union is closed under the rule (a
//    jump from one region's zone over another's would need a Zb square of one next to a Zw
//    square of the other, which (b) forbids) and contains every stone, so it contains the
//    least closed sets; and each region's zones, closed from fewer stones, lie inside them.
//  * No edge of H joins two regions' zones: they are disjoint and (b) forbids the
//    adjacency. So every component lies inside one region's zone.
//  * Each region's zone is connected in H: a starting group is stones joined by black-white
//    adjacency; a square added by the closure, s+2d, is next to s+d, of the other zone; two
//    groups merged by (a) share a square and by (b) are joined by an edge.
// decompose() therefore closes the zones once and flood-fills H from each stone; the test
// tests/games/regions_test.cpp checks it against the merging definition above.
//
// CUTTING OUT. A region's moves touch only squares of its zone, so the region played on the
// bounding box of its zone (as a smaller board, moved to the corner) has exactly the same
// moves: every landing square lies in the zone, hence in the box. Regions in which neither
// side has a move now have value 0 (no options at all) and are dropped.
#include <array>

#include "konane/position.hpp"

namespace konane {

// No default member initializers: a RegionList is declared for every child of every search
// node, and zeroing its 1.5 KiB was 4% of a 6x7 solve's time. decompose() writes the
// entries it returns; the rest are never read.
struct Region {
  Bitboard black, white;  // the region's stones, on the original board
  Bitboard zone;          // Zb u Zw
};

// At most one region per stone.
inline constexpr int kMaxRegions = 64;
using RegionList = std::array<Region, kMaxRegions>;

// Fills out[0..n) with the live regions of p (those with a move for at least one side) and
// returns n. Empty when neither side can ever move.
int decompose(const Position& p, RegionList& out);

// The region alone on the bounding box of its zone, translated to the corner.
Position cut_out(const Region& r);

// Zones (Zb, Zw) of a set of stones on geometry g: the closure described above.
void zones(const Geometry& g, Bitboard black, Bitboard white, Bitboard& zb, Bitboard& zw);

}  // namespace konane
