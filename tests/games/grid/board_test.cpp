// The grid boards shared by Clobber and Domineering: shifts, components, symmetries, names
// and text, each against plain square arithmetic.
#include "grid/board.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "grid/moves.hpp"
#include "grid/symmetry.hpp"
#include "grid/text.hpp"

namespace {

using grid::Bits;

TEST(GridBoard, ShiftsMoveEachSquareOneStepAndDropTheEdges) {
  for (int rows = 1; rows <= 64; ++rows)
    for (int cols = 1; rows * cols <= 64; ++cols) {
      const grid::Geometry& g = grid::geometry(rows, cols);
      ASSERT_EQ(g.board, grid::board_mask(rows, cols));
      for (int sq = 0; sq < rows * cols; ++sq) {
        const int r = sq / cols, c = sq % cols;
        const Bits b = grid::bit(sq);
        EXPECT_EQ(g.north(b), r + 1 < rows ? grid::bit(sq + cols) : 0) << rows << "x" << cols;
        EXPECT_EQ(g.south(b), r > 0 ? grid::bit(sq - cols) : 0);
        EXPECT_EQ(g.east(b), c + 1 < cols ? grid::bit(sq + 1) : 0);
        EXPECT_EQ(g.west(b), c > 0 ? grid::bit(sq - 1) : 0);
      }
    }
}

TEST(GridBoard, ComponentsPartitionTheSetIntoConnectedParts) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    const int rows = 1 + rng() % 8, cols = 1 + rng() % 8;
    const grid::Geometry& g = grid::geometry(rows, cols);
    const Bits set = rng() & rng() & g.board;
    Bits seen = 0;
    grid::for_each_component(g, set, [&](Bits c) {
      EXPECT_EQ(c & seen, 0u);
      seen |= c;
      EXPECT_EQ(g.neighbours(c) & set & ~c, 0u);  // closed in the set
    });
    EXPECT_EQ(seen, set);
  }
}

TEST(GridBoard, TransformsAreTheEightSymmetries) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 500; ++trial) {
    const int rows = 1 + rng() % 8, cols = 1 + rng() % 8;
    const Bits b = rng() & grid::board_mask(rows, cols);
    std::set<std::tuple<int, int, Bits>> images;
    for (int t = 0; t < grid::kTransforms; ++t) {
      const Bits img = grid::transform(b, rows, cols, t);
      const int r2 = grid::transposes(t) ? cols : rows, c2 = grid::transposes(t) ? rows : cols;
      EXPECT_EQ(grid::popcount(img), grid::popcount(b));
      EXPECT_EQ(img & ~grid::board_mask(r2, c2), 0u);
      // Flips are their own inverses; the transpose is undone by transposing back.
      if (!grid::transposes(t)) {
        EXPECT_EQ(grid::transform(img, rows, cols, t), b);
      } else {
        EXPECT_EQ(grid::transform(grid::transform(b, rows, cols, 4), cols, rows, 4), b);
      }
      images.insert({r2, c2, img});
    }
    EXPECT_LE(images.size(), 8u);
  }
  // Square a1 of a 2x3 board: flipping rows puts it on a2, files on c1, transposing on a1.
  EXPECT_EQ(grid::transform(grid::bit(0), 2, 3, 1), grid::bit(3));
  EXPECT_EQ(grid::transform(grid::bit(0), 2, 3, 2), grid::bit(2));
  EXPECT_EQ(grid::transform(grid::bit(1), 2, 3, 4), grid::bit(2));  // b1 -> a2 on 3x2
}

TEST(GridBoard, SquareNamesReadBack) {
  EXPECT_EQ(grid::square_name(0, 8), "a1");
  EXPECT_EQ(grid::square_name(63, 8), "h8");
  EXPECT_EQ(grid::square_name(26, 64), "aa1");
  EXPECT_EQ(grid::square_name(63, 64), "bl1");
  for (int cols : {1, 5, 8, 27, 64})
    for (int sq = 0; sq < 64 / cols * cols; ++sq)
      EXPECT_EQ(grid::parse_square(grid::square_name(sq, cols), 64 / cols, cols), sq);
  EXPECT_FALSE(grid::parse_square("i1", 8, 8));
  EXPECT_FALSE(grid::parse_square("a9", 8, 8));
  EXPECT_FALSE(grid::parse_square("a0", 8, 8));
  EXPECT_FALSE(grid::parse_square("a01", 8, 8));
  EXPECT_FALSE(grid::parse_square("", 8, 8));
  EXPECT_FALSE(grid::parse_square("1", 8, 8));
}

TEST(GridBoard, CanonicalImagesAgreeAcrossSymmetries) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 1000; ++trial) {
    const int rows = 1 + rng() % 6, cols = 1 + rng() % 6;
    const Bits m = grid::board_mask(rows, cols);
    const Bits a = rng() & rng() & m, b = rng() & rng() & m & ~a;
    const grid::Layers x{uint8_t(rows), uint8_t(cols), a, b};
    const grid::Canon c = grid::canonical(x, grid::Negation::SwapLayers, true);
    for (int t = 0; t < grid::kTransforms; ++t) {
      const bool tr = grid::transposes(t);
      const grid::Layers y{uint8_t(tr ? cols : rows), uint8_t(tr ? rows : cols),
                           grid::transform(a, rows, cols, t), grid::transform(b, rows, cols, t)};
      const grid::Canon cy = grid::canonical(y, grid::Negation::SwapLayers, true);
      EXPECT_EQ(cy.rep, c.rep);
      EXPECT_EQ(cy.negated, c.negated);
      const grid::Canon sw =
          grid::canonical({y.rows, y.cols, y.b, y.a}, grid::Negation::SwapLayers, true);
      EXPECT_EQ(sw.rep, c.rep);
      if (!c.self_negative) {
        EXPECT_NE(sw.negated, c.negated);
      }
    }
  }
}

TEST(GridText, ReadsRowsFromTheTopInEitherCaseAndJoin) {
  core::TextError e;
  const auto c = grid::parse_cells("XO.|.#x w", "xo.#", "x, o, ., #", &e);
  ASSERT_TRUE(c) << e.describe();
  EXPECT_EQ(c->rows, 2);
  EXPECT_EQ(c->cols, 3);
  EXPECT_EQ(c->layer[0], grid::bit(3) | grid::bit(2));  // a2 and c1
  EXPECT_EQ(c->layer[1], grid::bit(4));                 // b2
  EXPECT_EQ(c->layer[3], grid::bit(1));                 // b1
  EXPECT_TRUE(c->to_move_given);
  EXPECT_EQ(c->to_move, core::Side::Right);
  EXPECT_EQ(grid::cells_text(2, 3, c->layer, "xo.#"), "xo.|.#x");
  const auto slash = grid::parse_cells("xo./.#x", "xo.#", "", &e);
  ASSERT_TRUE(slash);
  EXPECT_EQ(slash->layer, c->layer);
}

TEST(GridText, NamesTheBadPlace) {
  core::TextError e;
  EXPECT_FALSE(grid::parse_cells("xo.|.zx", "xo.#", "x black, o white", &e));
  EXPECT_EQ(e.describe(),
            "unknown character 'z' (expected x black, o white) (row 2, column 2, character 6)");
  EXPECT_FALSE(grid::parse_cells("xo.|.x", "xo.#", "", &e));
  EXPECT_EQ(e.message, "row 2 has 2 squares but row 1 has 3");
  EXPECT_FALSE(grid::parse_cells("xo||x.", "xo.#", "", &e));
  EXPECT_EQ(e.message, "row 2 is empty");
  EXPECT_FALSE(grid::parse_cells("", "xo.#", "", &e));
  EXPECT_FALSE(grid::parse_cells("xo q", "xo.#", "", &e));
  EXPECT_FALSE(grid::parse_cells(std::string(65, '.'), "xo.#", "", &e));
  EXPECT_EQ(e.message, "a board of 1x65 has more than 64 squares");
  EXPECT_TRUE(grid::parse_cells(std::string(64, '.'), "xo.#", "", &e));
}

TEST(GridMoves, TextNamesTwoAdjacentSquares) {
  std::string error;
  const auto m = grid::parse_move_text("b2-b3", 4, 4, &error);
  ASSERT_TRUE(m) << error;
  EXPECT_EQ(grid::move_text(*m, 4), "b2-b3");
  EXPECT_FALSE(grid::parse_move_text("b2-b4", 4, 4, &error));
  EXPECT_EQ(error, "the squares of 'b2-b4' are not adjacent");
  EXPECT_FALSE(grid::parse_move_text("b2", 4, 4, &error));
  EXPECT_FALSE(grid::parse_move_text("b2-e2", 4, 4, &error));
  EXPECT_EQ(error, "'e2' is not a square of the 4x4 board");
}

}  // namespace
