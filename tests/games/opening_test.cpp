// The removal phase: the starting board, Black's allowed removals under both rules, White's
// replies; checked by hand on 8x8, 5x5, 3x3 and against the reference on every size.
#include "konane/opening.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "konane/notation.hpp"
#include "reference.hpp"

namespace {

using konane::Bitboard;
using konane::OpeningRule;

std::vector<std::string> square_names(Bitboard b) {
  std::vector<std::string> out;
  for (; b; b &= b - 1) out.push_back(konane::square_name(konane::lowest_square(b)));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> square_names(const ref::Grid& g,
                                      const std::vector<std::pair<int, int>>& squares) {
  std::vector<std::string> out;
  for (auto [r, c] : squares) out.push_back(ref::square(g, r, c));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Opening, FullBoardColours) {
  // a1 is dark and holds a white stone; the 8x8 top row is xoxoxoxo.
  const auto p = konane::full_board(8, 8);
  EXPECT_EQ(konane::to_string(p),
            "xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox");
  EXPECT_TRUE(konane::is_dark(konane::square_of(0, 0)));
  EXPECT_FALSE(konane::is_dark(konane::square_of(0, 1)));
  EXPECT_EQ(konane::to_string(konane::full_board(1, 1)), "o");
  EXPECT_EQ(konane::to_string(konane::full_board(2, 3)), "xox/oxo");  // a2 is light: black
  for (int rows = 1; rows <= konane::kMaxDim; ++rows)
    for (int cols = 1; cols <= konane::kMaxDim; ++cols)
      EXPECT_EQ(konane::to_string(konane::full_board(rows, cols)), ref::full(rows, cols).text())
          << rows << "x" << cols;
}

TEST(Opening, StandardRemovalsOnNamedBoards) {
  using V = std::vector<std::string>;
  EXPECT_EQ(square_names(konane::black_removals(8, 8, OpeningRule::Standard)),
            (V{"a8", "d5", "e4", "h1"}));
  EXPECT_EQ(square_names(konane::black_removals(5, 5, OpeningRule::Standard)),
            (V{"b3", "c2", "c4", "d3"}));
  EXPECT_EQ(square_names(konane::black_removals(3, 3, OpeningRule::Standard)),
            (V{"a2", "b1", "b3", "c2"}));
  EXPECT_EQ(square_names(konane::black_removals(4, 4, OpeningRule::Standard)),
            (V{"a4", "b3", "c2", "d1"}));
  // The reference derives the same from the rules text.
  EXPECT_EQ(square_names(ref::full(8, 8), ref::black_removals(8, 8, false)),
            (V{"a8", "d5", "e4", "h1"}));
  EXPECT_EQ(square_names(ref::full(5, 5), ref::black_removals(5, 5, false)),
            (V{"b3", "c2", "c4", "d3"}));
  EXPECT_EQ(square_names(ref::full(3, 3), ref::black_removals(3, 3, false)),
            (V{"a2", "b1", "b3", "c2"}));
}

TEST(Opening, RemovalsMatchReferenceOnEverySize) {
  for (int rows = 1; rows <= konane::kMaxDim; ++rows)
    for (int cols = 1; cols <= konane::kMaxDim; ++cols) {
      const ref::Grid g = ref::full(rows, cols);
      const auto full = konane::full_board(rows, cols);
      for (bool any : {false, true}) {
        const OpeningRule rule = any ? OpeningRule::Any : OpeningRule::Standard;
        const Bitboard black = konane::black_removals(rows, cols, rule);
        EXPECT_EQ(square_names(black), square_names(g, ref::black_removals(rows, cols, any)))
            << rows << "x" << cols << " " << konane::rule_name(rule);
        EXPECT_EQ(black & ~full.black, 0u) << "only black stones may be removed";
        if (any) {
          EXPECT_EQ(black, full.black) << "any = every black stone";
        } else if (full.black) {
          EXPECT_NE(black, 0u) << rows << "x" << cols << ": standard must allow something";
        }
      }
      // White's replies for every possible hole.
      for (auto [r, c] : ref::black_removals(rows, cols, true)) {
        const ref::Grid after = ref::apply(g, ref::Move{r, c, r, c});
        const int hole = konane::square_of(rows - 1 - r, c);
        const auto p =
            konane::play(full, konane::Color::Black, konane::Move{uint8_t(hole), uint8_t(hole)});
        ASSERT_EQ(konane::to_string(p), after.text());
        EXPECT_EQ(square_names(konane::white_removals(p, hole, OpeningRule::Standard)),
                  square_names(after, ref::white_removals(after, r, c)))
            << rows << "x" << cols << " hole " << ref::square(g, r, c);
      }
    }
}

TEST(Opening, WhiteRepliesOn8x8) {
  using V = std::vector<std::string>;
  const auto full = konane::full_board(8, 8);
  auto replies = [&](const char* hole_name) {
    const int hole = *konane::parse_square(hole_name, 8, 8);
    const auto p =
        konane::play(full, konane::Color::Black, konane::Move{uint8_t(hole), uint8_t(hole)});
    return square_names(konane::white_removals(p, hole, OpeningRule::Standard));
  };
  EXPECT_EQ(replies("d5"), (V{"c5", "d4", "d6", "e5"}));
  EXPECT_EQ(replies("a8"), (V{"a7", "b8"}));
  EXPECT_EQ(replies("h1"), (V{"g1", "h2"}));
}

// Piko's gaps as "black square-white square", worked out by hand from the square colours
// (a square is dark, white, when file + rank is even).
std::vector<std::string> piko_gaps(int rows, int cols) {
  std::vector<std::string> out;
  for (const auto& line : konane::opening_lines(rows, cols, OpeningRule::Piko))
    out.push_back(konane::square_name(line.black_hole) + "-" +
                  konane::square_name(line.white_hole));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Opening, PikoGapsOnNamedBoards) {
  using V = std::vector<std::string>;
  // 8x8: block d4 (white) d5 (black) e4 (black) e5 (white).
  EXPECT_EQ(piko_gaps(8, 8), (V{"d5-d4", "d5-e5", "e4-d4", "e4-e5"}));
  // 6x6: block c3 (white) c4 (black) d3 (black) d4 (white).
  EXPECT_EQ(piko_gaps(6, 6), (V{"c4-c3", "c4-d4", "d3-c3", "d3-d4"}));
  // 5x5: the centre c3 is white; Black takes a stone next to it, White the centre.
  EXPECT_EQ(piko_gaps(5, 5), (V{"b3-c3", "c2-c3", "c4-c3", "d3-c3"}));
  // 3x5: the centre c2 is black; no white stone in the block, so any neighbour.
  EXPECT_EQ(piko_gaps(3, 5), (V{"c2-b2", "c2-c1", "c2-c3", "c2-d2"}));
  // 4x6: block c2 c3 d2 d3.
  EXPECT_EQ(piko_gaps(4, 6), (V{"c2-c3", "c2-d2", "d3-c3", "d3-d2"}));
  EXPECT_EQ(piko_gaps(1, 1), V{});
}

TEST(Opening, PikoIsAMiddleGapOnEverySize) {
  for (int rows = 1; rows <= konane::kMaxDim; ++rows)
    for (int cols = 1; cols <= konane::kMaxDim; ++cols) {
      const auto full = konane::full_board(rows, cols);
      const Bitboard standard = konane::black_removals(rows, cols, OpeningRule::Standard);
      const Bitboard piko = konane::black_removals(rows, cols, OpeningRule::Piko);
      EXPECT_EQ(piko & ~standard, 0u) << rows << "x" << cols << ": piko's stones are standard's";
      if (rows >= 3 && cols >= 3 && full.black) {
        EXPECT_NE(piko, 0u) << rows << "x" << cols;
      }
      for (const auto& line : konane::opening_lines(rows, cols, OpeningRule::Piko)) {
        const int dr = konane::row_of(line.black_hole) - konane::row_of(line.white_hole);
        const int dc = konane::col_of(line.black_hole) - konane::col_of(line.white_hole);
        EXPECT_EQ(dr * dr + dc * dc, 1) << rows << "x" << cols << ": the gap is two adjoining";
        // Both squares lie within one step of the middle of the board.
        for (int sq : {line.black_hole, line.white_hole}) {
          const double mr = (rows - 1) / 2.0, mc = (cols - 1) / 2.0;
          EXPECT_LE(std::abs(konane::row_of(sq) - mr) + std::abs(konane::col_of(sq) - mc), 2.0)
              << rows << "x" << cols << " " << konane::square_name(sq);
        }
        EXPECT_EQ(konane::popcount(line.position.black), konane::popcount(full.black) - 1);
        EXPECT_EQ(konane::popcount(line.position.white), konane::popcount(full.white) - 1);
      }
    }
}

TEST(Opening, RuleNames) {
  EXPECT_EQ(konane::parse_opening_rule("standard"), OpeningRule::Standard);
  EXPECT_EQ(konane::parse_opening_rule("any"), OpeningRule::Any);
  EXPECT_FALSE(konane::parse_opening_rule("Standard"));
  EXPECT_FALSE(konane::parse_opening_rule(""));
  EXPECT_EQ(konane::parse_opening_rule("piko"), OpeningRule::Piko);
  EXPECT_FALSE(konane::parse_opening_rule("Piko"));
  for (OpeningRule r : {OpeningRule::Standard, OpeningRule::Any, OpeningRule::Piko})
    EXPECT_EQ(konane::parse_opening_rule(konane::rule_name(r)), r);
}

}  // namespace
