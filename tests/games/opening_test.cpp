// The removal phase: the starting board, Black's allowed removals under both rules, White's
// replies; checked by hand on 8x8, 5x5, 3x3 and against the reference on every size.
#include "konane/opening.hpp"

#include <gtest/gtest.h>

#include <algorithm>
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
        EXPECT_EQ(square_names(konane::white_removals(p, hole)),
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
    return square_names(konane::white_removals(p, hole));
  };
  EXPECT_EQ(replies("d5"), (V{"c5", "d4", "d6", "e5"}));
  EXPECT_EQ(replies("a8"), (V{"a7", "b8"}));
  EXPECT_EQ(replies("h1"), (V{"g1", "h2"}));
}

TEST(Opening, RuleNames) {
  EXPECT_EQ(konane::parse_opening_rule("standard"), OpeningRule::Standard);
  EXPECT_EQ(konane::parse_opening_rule("any"), OpeningRule::Any);
  EXPECT_FALSE(konane::parse_opening_rule("Standard"));
  EXPECT_FALSE(konane::parse_opening_rule(""));
  EXPECT_FALSE(konane::parse_opening_rule("piko"));
  for (OpeningRule r : {OpeningRule::Standard, OpeningRule::Any})
    EXPECT_EQ(konane::parse_opening_rule(konane::rule_name(r)), r);
}

}  // namespace
