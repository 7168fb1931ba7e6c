// reach() against its definition (konane/reach.hpp): every position of the stones played
// alone, by any sequence of moves of either side, found by a plain search over the reference
// grids of reference.hpp; the squares each colour ever stands on.
#include "konane/reach.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "konane/notation.hpp"
#include "konane/regions.hpp"
#include "reach_reference.hpp"
#include "reference.hpp"

namespace {

using konane::Bitboard;

TEST(Reach, IsEverySquareThePositionsOfTheStonesAloneOccupy) {
  std::mt19937_64 rng(62);
  int exact = 0, over = 0;
  for (int i = 0; i < 12000; ++i) {
    const int rows = 1 + int(rng() % 8), cols = 1 + int(rng() % 8);
    // Sparse enough that the plain search mostly stays under the budget.
    const ref::Grid grid =
        i % 3 == 0   ? ref::random_grid(rows, cols, rng, 0.2, 0.2)
        : i % 3 == 1 ? ref::random_grid(rows, cols, rng)
                     : ref::random_game_position(rows, cols, 20 + int(rng() % 30), rng).first;
    const auto p = reachref::position_of(grid);
    if (!p.occupied()) continue;
    const konane::Reach r = konane::reach(p.geo(), p.black, p.white);
    const reachref::Reach expected = reachref::reach(grid, konane::kReachBudget + 1);
    // Groups of more than kReachMaxStones stones are not enumerated.
    if (expected.positions <= konane::kReachBudget &&
        konane::popcount(p.occupied()) <= konane::kReachMaxStones) {
      ASSERT_TRUE(r.exact) << grid.text() << " " << expected.positions;
      ASSERT_EQ(r.black, expected.black) << grid.text();
      ASSERT_EQ(r.white, expected.white) << grid.text();
      ++exact;
    } else {
      // Past the budgets: the closure zones, which contain every reachable square.
      ASSERT_FALSE(r.exact) << grid.text();
      Bitboard zb, zw;
      konane::zones(p.geo(), p.black, p.white, zb, zw);
      EXPECT_EQ(r.black, zb);
      EXPECT_EQ(r.white, zw);
      ++over;
    }
  }
  EXPECT_GT(exact, 7000) << exact;  // 7,629 when written
  EXPECT_GT(over, 20) << over;
}

// The cache is keyed by the translated box of the closure zones: the same group anywhere
// answers the same reach moved with it, whatever was asked before.
TEST(Reach, TheSameGroupAnywhereHasTheSameReachMoved) {
  const auto a = reachref::position_of(ref::from_text("xo....../......../......../........"));
  const auto b = reachref::position_of(ref::from_text("......../......../....xo../........"));
  const konane::Reach ra = konane::reach(a.geo(), a.black, a.white);
  const konane::Reach rb = konane::reach(b.geo(), b.black, b.white);
  // a: the black stone on a4 jumps to c4; b: black on e2 jumps to g2, white on f2 to d2.
  EXPECT_EQ(ra.black, konane::bit(konane::square_of(3, 0)) | konane::bit(konane::square_of(3, 2)));
  EXPECT_EQ(ra.white, konane::bit(konane::square_of(3, 1)));
  EXPECT_EQ(rb.black, konane::bit(konane::square_of(1, 4)) | konane::bit(konane::square_of(1, 6)));
  EXPECT_EQ(rb.white, konane::bit(konane::square_of(1, 5)) | konane::bit(konane::square_of(1, 3)));
}

}  // namespace
