// Region decomposition against its definition (konane/regions.hpp): groups start as single
// stones and interacting groups are merged, their zones closed again from their stones,
// until no two interact. decompose() computes the same partition another way (flood fills
// over the zones of the whole position); the two must agree on every region's stones and
// zone, on random patterns, scattered live pieces and positions reached by play, of every
// size up to 8x8.
#include "konane/regions.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <tuple>
#include <vector>

#include "konane/notation.hpp"
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

std::vector<Part> by_decompose(const Position& p) {
  konane::RegionList regions;
  const int n = konane::decompose(p, regions);
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

TEST(Regions, DecomposeMatchesTheMergingDefinition) {
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
    ASSERT_EQ(by_decompose(p), expected) << grid.text();
    multi += expected.size() > 1;
  }
  EXPECT_GT(multi, 600) << multi;  // the interesting case: positions that split
}

}  // namespace
