// The value with region decomposition equals the value by plain recursion, and the regions
// found really are independent.
#include <gtest/gtest.h>

#include "../reference.hpp"
#include "konane/regions.hpp"
#include "konane/symmetry.hpp"
#include "solver/values/values.hpp"

namespace decomposition_test {
namespace {

using namespace testref;

struct DecompositionFixture {
  solver::ConcurrentTable table{size_t{64} << 20};
  solver::ValueSolver<Game> values{table};
  PlainValues plain;
};

void check_same_value(DecompositionFixture& f, const Position& p) {
  ASSERT_EQ(f.values.value(p), f.plain.value(p)) << konane::to_string(p);
}

TEST(Decomposition, RandomPatternsMatchPlainRecursion) {
  DecompositionFixture f;
  std::mt19937_64 rng(12345);
  int checked = 0;
  for (int rows = 1; rows <= 6; ++rows)
    for (int cols = 1; cols <= 6; ++cols)
      for (int i = 0; i < 70; ++i) {
        // Sparse enough that plain recursion stays cheap on the larger boards.
        const int pct = rows * cols <= 16 ? 70 : rows * cols <= 25 ? 45 : 33;
        check_same_value(f, random_pattern(rng, rows, cols, pct));
        ++checked;
      }
  EXPECT_GE(checked, 2500);
}

TEST(Decomposition, RandomGamesFromTheOpeningMatchPlainRecursion) {
  DecompositionFixture f;
  std::mt19937_64 rng(777);
  int checked = 0;
  for (int rows = 2; rows <= 6; ++rows)
    for (int cols = rows; cols <= 6; ++cols) {
      // Play long enough that the rest of the game is small for the plain reference.
      const int plies = rows * cols <= 16   ? 0
                        : rows * cols <= 20 ? 4
                        : rows * cols <= 25 ? 7
                        : rows * cols <= 30 ? 12
                                            : 18;
      for (int i = 0; i < 50; ++i) {
        check_same_value(f, random_game(rng, rows, cols, plies + int(rng() % 4)));
        ++checked;
      }
    }
  EXPECT_GE(checked, 700);
}

// Late 7x7 and 8x8 positions from long random play, where the exact reaches split what the
// closure keeps whole: the value summed over the regions equals plain recursion on the whole
// position (so do the outcomes with either side to move, read off the value).
TEST(Decomposition, SparseLatePositionsFromLongPlayMatchPlainRecursion) {
  DecompositionFixture f;
  std::mt19937_64 rng(4646);
  int checked = 0, split = 0;
  while (checked < 600) {
    const int side = 7 + int(rng() % 2);
    const Position p = random_game(rng, side, side, 40 + int(rng() % 20));
    // Plain recursion is exponential in the stones that can still move.
    if (konane::popcount(p.occupied()) > 16) continue;
    check_same_value(f, p);
    konane::RegionList regions, closures;
    split += konane::decompose(p, regions) > konane::closure_regions(p, closures);
    ++checked;
  }
  EXPECT_GT(split, 80) << split;  // 99 when written
}

// Directly check the rule's consequences: the moves of the whole position are exactly the
// union of the regions' moves (the live ones; dead regions have none), and no region's move
// touches another region's squares.
TEST(Decomposition, RegionsPartitionTheMoves) {
  std::mt19937_64 rng(99);
  for (int i = 0; i < 4000; ++i) {
    const int rows = 1 + int(rng() % 8), cols = 1 + int(rng() % 8);
    const Position p = random_pattern(rng, rows, cols, 20 + int(rng() % 70));
    konane::RegionList regions;
    const int n = konane::decompose(p, regions);
    konane::Bitboard seen = 0;
    for (int r = 0; r < n; ++r) {
      EXPECT_EQ((regions[r].black | regions[r].white) & seen, 0u);
      seen |= regions[r].black | regions[r].white;
    }
    for (Color side : {Color::Black, Color::White}) {
      konane::MoveList whole;
      konane::generate_moves(p, side, whole);
      int total = 0;
      for (int r = 0; r < n; ++r) {
        Position alone = p;
        alone.black = regions[r].black;
        alone.white = regions[r].white;
        konane::MoveList part;
        konane::generate_moves(alone, side, part);
        total += part.size();
        for (const auto& m : part) {
          EXPECT_TRUE(konane::is_legal_jump(p, side, m)) << konane::to_string(p);
          EXPECT_EQ(konane::captured_by(m) & ~(regions[r].black | regions[r].white), 0u);
        }
        // Cut out, the region has the same number of moves.
        EXPECT_EQ(konane::count_moves(konane::cut_out(regions[r]), side), part.size());
      }
      EXPECT_EQ(total, whole.size()) << konane::to_string(p);
    }
  }
}

TEST(Decomposition, SymmetricImagesShareKeysAndColourSwapNegates) {
  DecompositionFixture f;
  std::mt19937_64 rng(4242);
  for (int i = 0; i < 1500; ++i) {
    const int rows = 1 + int(rng() % 6), cols = 1 + int(rng() % 6);
    const Position p = random_pattern(rng, rows, cols, 40);
    const auto k = Game::key(p);
    const cgt::GameId v = f.values.value(p);
    for (int s = 0; s < konane::kSymmetries; ++s) {
      const Position q = konane::transform(p, s);
      const auto kq = Game::key(q);
      EXPECT_EQ(kq.key, k.key);
      EXPECT_EQ(f.plain.value(q), v);
      const auto ks = Game::key(konane::swap_colours(q));
      EXPECT_EQ(ks.key, k.key);
      EXPECT_EQ(f.plain.value(konane::swap_colours(q)), cgt::neg(v));
    }
  }
}

}  // namespace
}  // namespace decomposition_test
