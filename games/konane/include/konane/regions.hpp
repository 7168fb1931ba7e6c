#pragma once
// Splitting a position into independent regions (sums of games), in two steps: closure
// regions, cheap and coarse, then each split by the exact reaches of its groups.
//
// THE RULE, for any way of bounding where stones go. Give each group G of stones two sets
// Rb(G), Rw(G) containing every square a black (white) stone of G occupies in any position
// reachable from G ALONE on the board, by any sequence of moves of either side (a sum lets a
// side play elsewhere in between, so the order is free). R = Rb u Rw. Write T(S) for the
// squares x = s + d (s in S, d = N,E,S,W) with s + 2d on the board: where a stone on s could
// jump. Two groups G, H INTERACT when
//     (a) R(G) and R(H) share a square, or
//     (b) T(Rb(G)) meets Rw(H), or T(Rw(G)) meets Rb(H), or the same with G and H exchanged.
// A partition of the stones into groups no two of which interact is a split into regions.
//
// PROOF that the position is then the disjunctive sum of the groups. Invariant: at every
// moment of any play of the whole position, the stones of each group G form a position
// reachable from G alone (by the moves played in G so far). It holds at the start. Take a
// move of a colour-c stone of G from s over s + d onto s + 2d (a multiple jump is a sequence
// of such steps, each prefix a legal move that stops there, so each step lands in R(G)).
//  * The stone on s + d is of the other colour c'. It is G's: if it were H's, s would be in
//    Rc(G) and s + d in Rc'(H) with s + 2d on the board, which (b) forbids.
//  * So the move only involves squares and stones of G. If it is legal in the whole position,
//    it is legal in G alone (fewer stones, the landing square is still empty). If it is legal
//    in G alone, the landing square is in Rc(G), and every stone of another group H stands in
//    R(H), disjoint from R(G) by (a): so the square is empty in the whole position too.
// So the moves of the whole position are exactly the union of the groups' moves, each
// changes its group only, and the invariant holds after it. By induction every line of play
// interleaves lines of the groups: the game is the disjunctive sum of the groups' games. A
// group in which neither side has a move now never gets one (only its own moves change it):
// value 0, dropped. Its stones (dead stones) belong to no region.
//
// STEP 1, CLOSURE REGIONS. The closure zones Zb(G), Zw(G): the least sets containing G's
// black (white) stones and closed under
//     s in Zc, s+d in Z(other colour), s+2d on the board   =>   s+2d in Zc.
// They contain the true reaches (a move lands on s + 2d after jumping a stone of the other
// colour on s + d), ignoring that landing squares must be empty and jumped stones vanish.
// With R = Z and (b) read as plain adjacency (coarser than T), the rule's fixpoint is read
// off the zones of ALL the stones at once: let H join x and y when they are orthogonally
// adjacent with x in Zb and y in Zw; the closure regions are the stones of each component
// of H, and each region's zone is its component:
//  * Zb u Zw = the union of the regions' zones. The union is closed under the rule (a
//    jump from one region's zone over another's would need a Zb square of one next to a Zw
//    square of the other, which (b) forbids) and contains every stone, so it contains the
//    least closed sets; and each region's zones, closed from fewer stones, lie inside them.
//  * No edge of H joins two regions' zones: they are disjoint and (b) forbids the
//    adjacency. So every component lies inside one region's zone.
//  * Each region's zone is connected in H: a starting group is stones joined by black-white
//    adjacency; a square added by the closure, s+2d, is next to s+d, of the other zone; two
//    groups merged by (a) share a square and by (b) are joined by an edge.
// The closure lets a stone jump a stone an earlier jump of the same line already removed, so
// zones spread along empty lines: "xo....ox" on a rank is one closure region, although the
// two pairs can never meet.
//
// STEP 2, EXACT REACHES. Inside each closure region, the groups start as the stones joined
// by a jump one could make over the other now (pairs that always interact); each group's
// R is its reach (reach.hpp): the positions of G alone enumerated exhaustively, or, past a
// budget, its closure zones (a superset, so still sound). Interacting groups are merged and
// their reach recomputed until no two interact: by the rule, a split. It is never coarser
// than step 1: a reach lies inside the closure zones, so groups that interact by reaches
// interact by closures, and every merged group stays inside one closure region. No group
// can interact with another closure region's for the same reason, so each closure region
// is split on its own. tests/games/regions_test.cpp checks both steps against definitions
// and sums of regions against plain search.
//
// WHERE EACH IS USED. Both splits are sound; searches use the closure regions at every node
// and the exact split where they start (KonaneGame::for_each_root_region), since enumerating
// reaches at every node costs more than it saves (docs/decisions/exact-regions.md).
//
// CUTTING OUT. A region's moves touch only squares of R, so the region played on the
// bounding box of R (as a smaller board, moved to the corner) has exactly the same moves:
// every landing square lies in R, hence in the box. The cut-out, a position of its own, may
// split further there (a jump off the smaller board threatens nothing), so decompose()
// splits cut-outs until each stands: every region it returns is, cut out, one whole region
// of its own board (the form the region-value store keys, region_enum.hpp). A region that
// stays whole is cut out on its exact reach when enumerable, which does not depend on the
// board around it.
#include <array>

#include "konane/position.hpp"

namespace konane {

// No default member initializers: a RegionList is declared for every child of every search
// node, and zeroing its 1.5 KiB was 4% of a 6x7 solve's time. decompose() writes the
// entries it returns; the rest are never read.
struct Region {
  Bitboard black, white;  // the region's stones, on the original board
  Bitboard zone;          // R: the exact reach, or the closure zones
};

// At most one region per stone.
inline constexpr int kMaxRegions = 64;
using RegionList = std::array<Region, kMaxRegions>;

// Fills out[0..n) with the live regions of p (those with a move for at least one side), in
// order of their lowest stone, and returns n. Empty when neither side can ever move.
int decompose(const Position& p, RegionList& out);

// Step 1 alone: the live closure regions, each with its closure zone.
int closure_regions(const Position& p, RegionList& out);

// The region alone on the bounding box of its zone, translated to the corner.
Position cut_out(const Region& r);

// Zones (Zb, Zw) of a set of stones on geometry g: the closure described above.
void zones(const Geometry& g, Bitboard black, Bitboard white, Bitboard& zb, Bitboard& zw);

}  // namespace konane
