// perft and perft_opening: published values, then the reference perft (reference.hpp) on
// every board size, both opening rules, and positions reached by random play.
#include "konane/perft.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "konane/notation.hpp"
#include "reference.hpp"

namespace {

using konane::Color;
using konane::OpeningRule;

// Values an independent implementation gives (ply 1 = Black's removal, ply 2 = White's).
TEST(Perft, KnownOpeningValues) {
  const std::vector<uint64_t> four = {4, 12, 16, 52};
  const std::vector<uint64_t> six = {4, 12, 28, 156};
  for (int d = 1; d <= 4; ++d) {
    EXPECT_EQ(konane::perft_opening(4, 4, OpeningRule::Standard, d), four[d - 1]) << "4x4 " << d;
    EXPECT_EQ(konane::perft_opening(6, 6, OpeningRule::Standard, d), six[d - 1]) << "6x6 " << d;
    // The reference agrees, so it is trusted for everything below.
    EXPECT_EQ(ref::perft_opening(4, 4, false, d), four[d - 1]) << "reference 4x4 " << d;
    EXPECT_EQ(ref::perft_opening(6, 6, false, d), six[d - 1]) << "reference 6x6 " << d;
  }
}

TEST(Perft, DepthZeroIsOne) {
  EXPECT_EQ(konane::perft_opening(8, 8, OpeningRule::Standard, 0), 1u);
  EXPECT_EQ(konane::perft_opening(1, 1, OpeningRule::Any, 0), 1u);
  const auto p = konane::parse_position("x.o/.../o.x", nullptr);
  ASSERT_TRUE(p);
  EXPECT_EQ(konane::perft(p->position, Color::Black, 0), 1u);
  EXPECT_EQ(konane::perft(p->position, Color::White, 0), 1u);
}

// Deepens until the reference has counted `budget` nodes in total or the game tree ends.
void compare_opening(int rows, int cols, bool any, uint64_t budget, int max_depth = 64) {
  const OpeningRule rule = any ? OpeningRule::Any : OpeningRule::Standard;
  uint64_t spent = 0;
  for (int d = 1; d <= max_depth && spent < budget; ++d) {
    const uint64_t want = ref::perft_opening(rows, cols, any, d);
    ASSERT_EQ(konane::perft_opening(rows, cols, rule, d), want)
        << rows << "x" << cols << " " << konane::rule_name(rule) << " depth " << d;
    spent += want;
    if (want == 0) break;  // no line reaches this depth, nor any deeper one
  }
}

TEST(Perft, OpeningMatchesReferenceOnEverySize) {
  for (int rows = 1; rows <= konane::kMaxDim; ++rows)
    for (int cols = 1; cols <= konane::kMaxDim; ++cols)
      for (bool any : {false, true}) compare_opening(rows, cols, any, 20000);
}

TEST(Perft, OpeningMatchesReferenceDeeper) {
  struct Case {
    int rows, cols;
    bool any;
  };
  for (Case c : {Case{6, 6, false}, Case{8, 8, false}, Case{5, 5, true}, Case{4, 6, false},
                 Case{6, 4, true}, Case{3, 7, false}, Case{7, 5, true}, Case{4, 4, true}})
    compare_opening(c.rows, c.cols, c.any, 400000);
}

TEST(Perft, WholeGameTreeOfSmallBoards) {
  // Every line of these games ends, so perft reaches 0; the sum over all depths counts every
  // move sequence of the game.
  for (auto [rows, cols] : {std::pair{3, 3}, std::pair{4, 4}, std::pair{3, 5}, std::pair{2, 6}})
    for (bool any : {false, true}) compare_opening(rows, cols, any, UINT64_MAX);
}

TEST(Perft, PositionsFromRandomGamesMatchReference) {
  std::mt19937_64 rng(31337);
  for (int rows = 2; rows <= konane::kMaxDim; ++rows)
    for (int cols = 2; cols <= konane::kMaxDim; ++cols) {
      const int plies = static_cast<int>(rng() % (rows * cols / 3 + 1));
      const auto [g, mover] = ref::random_game_position(rows, cols, plies, rng);
      const auto p = konane::parse_position(g.text(), nullptr);
      ASSERT_TRUE(p);
      for (char side : {'x', 'o'}) {
        const Color c = side == 'x' ? Color::Black : Color::White;
        uint64_t spent = 0;
        for (int d = 1; d <= 12 && spent < 30000; ++d) {
          const uint64_t want = ref::perft(g, side, d);
          ASSERT_EQ(konane::perft(p->position, c, d), want)
              << g.text() << " " << side << " depth " << d;
          spent += want;
          if (want == 0) break;
        }
      }
    }
}

TEST(Perft, RandomBoardsMatchReference) {
  std::mt19937_64 rng(4242);
  for (int n = 0; n < 400; ++n) {
    const int rows = 1 + static_cast<int>(rng() % konane::kMaxDim);
    const int cols = 1 + static_cast<int>(rng() % konane::kMaxDim);
    const ref::Grid g = ref::random_grid(rows, cols, rng);
    const auto p = konane::parse_position(g.text(), nullptr);
    ASSERT_TRUE(p);
    for (char side : {'x', 'o'}) {
      const Color c = side == 'x' ? Color::Black : Color::White;
      for (int d = 1; d <= 4; ++d)
        ASSERT_EQ(konane::perft(p->position, c, d), ref::perft(g, side, d))
            << g.text() << " " << side << " depth " << d;
    }
  }
}

}  // namespace
