// Region decomposition against its definition (konane/regions.hpp). Step 1: groups start as
// single stones and interacting groups are merged, their closure zones closed again from
// their stones, until no two interact; closure_regions() computes the same partition another
// way (flood fills over the zones of the whole position), and the two must agree on every
// region's stones and zone. Step 2: decompose() must satisfy the rule with reaches found by a
// plain search, be no coarser than step 1, and drop only stones that can never move. On
// random patterns, scattered live pieces and positions reached by play, every size to 8x8.
#include "konane/regions.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <tuple>
#include <vector>

#include "konane/notation.hpp"
#include "reach_reference.hpp"
#include "reference.hpp"

namespace {

using konane::Bitboard;
using konane::Position;

using Part = std::tuple<Bitboard, Bitboard, Bitboard>;  // black, white, zone

// The zones by their definition, square by square: s in Zc, s+d in the other zone and s+2d
// on the board put s+2d in Zc, until nothing changes.
void naive_zones(const Position& p, Bitboard black, Bitboard white, Bitboard& zb, Bitboard& zw) {
  zb = black;
  zw = white;
  const int dr[4] = {1, 0, -1, 0}, dc[4] = {0, 1, 0, -1};
  for (bool grew = true; grew;) {
    grew = false;
    for (int colour = 0; colour < 2; ++colour) {
      Bitboard& mine = colour == 0 ? zb : zw;
      const Bitboard other = colour == 0 ? zw : zb;
      for (int r = 0; r < p.rows; ++r)
        for (int c = 0; c < p.cols; ++c) {
          if (!(mine & konane::bit(konane::square_of(r, c)))) continue;
          for (int d = 0; d < 4; ++d) {
            const int r2 = r + 2 * dr[d], c2 = c + 2 * dc[d];
            if (r2 < 0 || r2 >= p.rows || c2 < 0 || c2 >= p.cols) continue;
            if (!(other & konane::bit(konane::square_of(r + dr[d], c + dc[d])))) continue;
            const Bitboard to = konane::bit(konane::square_of(r2, c2));
            if (!(mine & to)) mine |= to, grew = true;
          }
        }
    }
  }
}

std::vector<Part> by_definition(const Position& p) {
  const konane::Geometry& g = p.geo();
  struct Group {
    Bitboard black, white;
  };
  std::vector<Group> groups;
  for (Bitboard b = p.black; b; b &= b - 1) groups.push_back({b & -b, 0});
  for (Bitboard w = p.white; w; w &= w - 1) groups.push_back({0, w & -w});
  auto zone_of = [&](const Group& x, Bitboard& zb, Bitboard& zw) {
    naive_zones(p, x.black, x.white, zb, zw);
  };
  auto interact = [&](const Group& x, const Group& y) {
    Bitboard xb, xw, yb, yw;
    zone_of(x, xb, xw);
    zone_of(y, yb, yw);
    return ((xb | xw) & (yb | yw)) || (g.neighbours(xb) & yw) || (g.neighbours(xw) & yb);
  };
  for (bool merged = true; merged;) {
    merged = false;
    for (size_t i = 0; i < groups.size() && !merged; ++i)
      for (size_t j = i + 1; j < groups.size() && !merged; ++j)
        if (interact(groups[i], groups[j])) {
          groups[i].black |= groups[j].black;
          groups[i].white |= groups[j].white;
          groups.erase(groups.begin() + static_cast<std::ptrdiff_t>(j));
          merged = true;
        }
  }
  std::vector<Part> out;
  for (const Group& x : groups) {
    Position alone = p;
    alone.black = x.black;
    alone.white = x.white;
    if (!konane::has_move(alone, konane::Color::Black) &&
        !konane::has_move(alone, konane::Color::White))
      continue;
    Bitboard zb, zw;
    zone_of(x, zb, zw);
    out.emplace_back(x.black, x.white, zb | zw);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Part> by_closure_regions(const Position& p) {
  konane::RegionList regions;
  const int n = konane::closure_regions(p, regions);
  std::vector<Part> out;
  for (int i = 0; i < n; ++i) out.emplace_back(regions[i].black, regions[i].white, regions[i].zone);
  std::sort(out.begin(), out.end());
  return out;
}

// A few scattered live pieces (a black stone next to a white one). Random fills are either
// too sparse to have two live regions or so dense that their zones (which spread along any
// alternating line) make them one.
template <class Rng>
ref::Grid scattered(int rows, int cols, Rng& rng) {
  ref::Grid g = ref::random_grid(rows, cols, rng, 0.0, 0.0);
  const int pieces = 2 + int(rng() % 3);
  for (int k = 0; k < pieces; ++k) {
    const int r = int(rng() % unsigned(rows)), c = int(rng() % unsigned(cols));
    const bool across = rng() % 2;
    const int r2 = r + (across ? 0 : 1), c2 = c + (across ? 1 : 0);
    if (r2 >= rows || c2 >= cols) continue;
    const bool black_first = rng() % 2;
    g.cell[r][c] = black_first ? 'x' : 'o';
    g.cell[r2][c2] = black_first ? 'o' : 'x';
  }
  return g;
}

Position position_of(const ref::Grid& grid) {
  konane::TextError err;
  auto p = konane::parse_position(grid.text(), &err);
  EXPECT_TRUE(p.has_value()) << grid.text();
  return p->position;
}

// zones() closes whole lines of jumps at once; the definition adds one landing square at a
// time. Dense random patterns have the longest chains of jumps.
TEST(Regions, ZonesAreTheLeastClosedSets) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    const int rows = 1 + int(rng() % 8), cols = 1 + int(rng() % 8);
    const ref::Grid grid = i % 2 == 0
                               ? ref::random_grid(rows, cols, rng)
                               : ref::random_game_position(rows, cols, int(rng() % 40), rng).first;
    const Position p = position_of(grid);
    Bitboard zb, zw, nb, nw;
    konane::zones(p.geo(), p.black, p.white, zb, zw);
    naive_zones(p, p.black, p.white, nb, nw);
    ASSERT_EQ(zb, nb) << grid.text();
    ASSERT_EQ(zw, nw) << grid.text();
  }
}

TEST(Regions, ClosureRegionsMatchTheMergingDefinition) {
  std::mt19937_64 rng(2026);
  int multi = 0;
  for (int i = 0; i < 12000; ++i) {
    const int rows = 1 + int(rng() % 8), cols = 1 + int(rng() % 8);
    const int big_rows = 5 + int(rng() % 4), big_cols = 5 + int(rng() % 4);
    const ref::Grid grid = i % 3 == 0 ? ref::random_grid(rows, cols, rng)
                           : i % 3 == 1
                               ? ref::random_game_position(rows, cols, int(rng() % 40), rng).first
                               : scattered(big_rows, big_cols, rng);
    const Position p = position_of(grid);
    const auto expected = by_definition(p);
    ASSERT_EQ(by_closure_regions(p), expected) << grid.text();
    multi += expected.size() > 1;
  }
  EXPECT_GT(multi, 600) << multi;  // the interesting case: positions that split
}

// Where a stone on s could jump: x = s + d with s + 2d on the board, square by square.
Bitboard naive_threat(const Position& p, Bitboard from) {
  const int dr[4] = {1, 0, -1, 0}, dc[4] = {0, 1, 0, -1};
  Bitboard t = 0;
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) {
      if (!(from & konane::bit(konane::square_of(r, c)))) continue;
      for (int d = 0; d < 4; ++d)
        if (p.geo().contains(r + 2 * dr[d], c + 2 * dc[d]))
          t |= konane::bit(konane::square_of(r + dr[d], c + dc[d]));
    }
  return t;
}

// Positions of every kind, many of them late and sparse 8x8 ones from long play (9 to 26
// stones: where closure regions rarely split).
ref::Grid any_position(int i, std::mt19937_64& rng) {
  const int rows = 1 + int(rng() % 8), cols = 1 + int(rng() % 8);
  switch (i % 4) {
    case 0:
      return ref::random_grid(rows, cols, rng);
    case 1:
      return ref::random_game_position(rows, cols, int(rng() % 40), rng).first;
    case 2:
      return scattered(5 + int(rng() % 4), 5 + int(rng() % 4), rng);
    default:
      return ref::random_game_position(8, 8, 30 + int(rng() % 21), rng).first;
  }
}

// The rule of regions.hpp, checked with reaches found by plain search: no two regions
// interact; every region lies inside one closure region (never coarser); each region's zone
// holds its reach (so cutting it out keeps its moves); and the stones left out cannot move.
TEST(Regions, DecomposeSatisfiesTheRuleAndIsNeverCoarserThanClosures) {
  std::mt19937_64 rng(6262);
  int finer = 0, late = 0, late_finer = 0;
  for (int i = 0; i < 12000; ++i) {
    const ref::Grid grid = any_position(i, rng);
    const Position p = position_of(grid);
    konane::RegionList regions, closures;
    const int n = konane::decompose(p, regions);
    const int m = konane::closure_regions(p, closures);
    struct Checked {
      reachref::Reach reach;
      bool complete;
    };
    std::vector<Checked> reaches;
    Bitboard kept = 0;
    for (int r = 0; r < n; ++r) {
      const konane::Region& x = regions[size_t(r)];
      ASSERT_EQ((x.black | x.white) & kept, 0u) << grid.text();
      kept |= x.black | x.white;
      int inside = 0;
      for (int c = 0; c < m; ++c)
        inside += ((x.black | x.white) & ~(closures[size_t(c)].black | closures[size_t(c)].white))
                      ? 0
                      : 1;
      ASSERT_EQ(inside, 1) << grid.text() << " region " << r;
      const auto alone = reachref::reach(reachref::grid_of(grid, x.black, x.white), 3000);
      const bool complete = alone.positions < 3000;
      if (complete) {
        ASSERT_EQ(alone.black | alone.white, (alone.black | alone.white) & x.zone);
      }
      reaches.push_back({alone, complete});
      if (r > 0) {
        ASSERT_LT(std::countr_zero(regions[size_t(r - 1)].black | regions[size_t(r - 1)].white),
                  std::countr_zero(x.black | x.white));
      }
    }
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) {
        if (a == b || !reaches[size_t(a)].complete || !reaches[size_t(b)].complete) continue;
        const reachref::Reach& ra = reaches[size_t(a)].reach;
        const reachref::Reach& rb = reaches[size_t(b)].reach;
        ASSERT_EQ((ra.black | ra.white) & (rb.black | rb.white), 0u) << grid.text();
        ASSERT_EQ(naive_threat(p, ra.black) & rb.white, 0u) << grid.text();
        ASSERT_EQ(naive_threat(p, ra.white) & rb.black, 0u) << grid.text();
      }
    Position left_out = p;
    left_out.black &= ~kept;
    left_out.white &= ~kept;
    ASSERT_FALSE(konane::has_move(left_out, konane::Color::Black)) << grid.text();
    ASSERT_FALSE(konane::has_move(left_out, konane::Color::White)) << grid.text();
    finer += n > m;
    if (i % 4 == 3) {
      ++late;
      late_finer += n > m;
    }
  }
  EXPECT_GT(finer, 1000) << finer;
  // 680 of 3,000 split finer when this was written.
  EXPECT_GT(late_finer, late / 6) << late_finer << " of " << late;
}

// The smallest example: the pairs a8-b8 and g8-h8 can never meet.
// Every region, cut out, is one whole region of its own board: decomposing the cut-out
// gives it back (same stones, same board), so a region class has one key wherever it stands.
TEST(Regions, CutOutsStandAsOneWholeRegion) {
  std::mt19937_64 rng(1962);
  int resplit = 0;
  for (int i = 0; i < 10000; ++i) {
    const Position p = position_of(any_position(i, rng));
    konane::RegionList regions;
    const int n = konane::decompose(p, regions);
    for (int r = 0; r < n; ++r) {
      const Position cut = konane::cut_out(regions[size_t(r)]);
      konane::RegionList again;
      ASSERT_EQ(konane::decompose(cut, again), 1) << konane::to_string(p);
      EXPECT_EQ(again[0].black, cut.black) << konane::to_string(p);
      EXPECT_EQ(again[0].white, cut.white) << konane::to_string(p);
      const Position twice = konane::cut_out(again[0]);
      EXPECT_EQ(twice.rows, cut.rows) << konane::to_string(p);
      EXPECT_EQ(twice.cols, cut.cols) << konane::to_string(p);
      resplit += konane::popcount(regions[size_t(r)].zone) != konane::popcount(again[0].zone);
    }
  }
  std::printf("probe: cut-outs whose zone differs on their own board: %d\n", resplit);
}

TEST(Regions, PairsThatCanNeverMeetAreTwoRegions) {
  const Position p = position_of(
      ref::from_text("xo....ox/......../......../......../......../......../......../........"));
  konane::RegionList regions;
  ASSERT_EQ(konane::closure_regions(p, regions), 1);
  ASSERT_EQ(konane::decompose(p, regions), 2);
  EXPECT_EQ(regions[0].black | regions[0].white, konane::bit(56) | konane::bit(57));
  EXPECT_EQ(regions[1].black | regions[1].white, konane::bit(62) | konane::bit(63));
  // Each cuts out to the three squares it can use.
  EXPECT_EQ(konane::cut_out(regions[0]).cols, 3);
  EXPECT_EQ(konane::cut_out(regions[1]).cols, 3);
}

}  // namespace
