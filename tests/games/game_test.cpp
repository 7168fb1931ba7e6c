// Konane as the solver sees it (konane/game.hpp): the order of the opening lines, which is
// the search's reply order. Expected orders are worked by hand from the squares' distances
// to the centre of the board.
#include "konane/game.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "konane/notation.hpp"

namespace {

core::Shape shape(int rows, int cols) {
  return {uint8_t(rows), uint8_t(cols)};
}

// The solver's key type, mirrored as konane/game.hpp expects (games/ includes no solver).
struct Key {
  struct {
    uint64_t w0 = 0, w1 = 0;
    uint16_t shape = 0;
  } key;
  bool negated = false;
  konane::Position rep;
};
using Game = konane::KonaneGameT<Key>;
using konane::OpeningRule;

// White's replies to Black's removal `first`, in the order listed.
std::vector<std::string> replies(int rows, int cols, OpeningRule rule, const std::string& first) {
  std::vector<std::string> out;
  for (const auto& line : Game::opening_lines(shape(rows, cols), rule))
    if (konane::square_name(line.first) == first) out.push_back(konane::square_name(line.reply));
  return out;
}

TEST(GameOpeningLines, StandardRepliesNearestTheCentreFirst) {
  // 7x7, centre d4: d4 is at distance 0, c3 and e3 at sqrt(2), d2 at 2.
  EXPECT_EQ(replies(7, 7, OpeningRule::Standard, "d3"),
            (std::vector<std::string>{"d4", "c3", "e3", "d2"}));
  // 6x6, centre between c3 and d4: c3 and d4 tie, as do d2 and e3 (square order within).
  EXPECT_EQ(replies(6, 6, OpeningRule::Standard, "d3"),
            (std::vector<std::string>{"c3", "d4", "d2", "e3"}));
  // A corner: its two replies are equally far from the centre of a square board.
  EXPECT_EQ(replies(6, 6, OpeningRule::Standard, "f1"), (std::vector<std::string>{"e1", "f2"}));
  // 6x7 (6 rows, 7 columns): from the corner a6, b6 is nearer the centre than a5.
  EXPECT_EQ(replies(6, 7, OpeningRule::Standard, "a6"), (std::vector<std::string>{"b6", "a5"}));
}

TEST(GameOpeningLines, AnyRuleKeepsSquareOrder) {
  EXPECT_EQ(replies(5, 8, OpeningRule::Any, "d1"), (std::vector<std::string>{"c1", "e1", "d2"}));
  const auto lines = Game::opening_lines(shape(6, 6), OpeningRule::Any);
  const auto plain = konane::opening_lines(6, 6, OpeningRule::Any);
  ASSERT_EQ(lines.size(), plain.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i].first, plain[i].black_hole);
    EXPECT_EQ(lines[i].reply, plain[i].white_hole);
  }
}

// Reordering keeps every line, each with its own position, and each removal's lines together.
TEST(GameOpeningLines, EveryLineOnceGroupedByRemoval) {
  for (auto [rows, cols] : {std::pair{5, 5}, {6, 6}, {6, 7}, {7, 7}, {8, 8}, {5, 8}}) {
    const auto lines = Game::opening_lines(shape(rows, cols), OpeningRule::Standard);
    const auto plain = konane::opening_lines(rows, cols, OpeningRule::Standard);
    ASSERT_EQ(lines.size(), plain.size());
    for (const auto& p : plain) {
      const auto n = std::count_if(lines.begin(), lines.end(), [&](const auto& l) {
        return l.first == p.black_hole && l.reply == p.white_hole && l.position == p.position;
      });
      EXPECT_EQ(n, 1) << rows << "x" << cols;
    }
    for (size_t i = 1; i < lines.size(); ++i) {
      if (lines[i].first == lines[i - 1].first) continue;
      for (size_t j = i + 1; j < lines.size(); ++j)
        EXPECT_NE(lines[j].first, lines[i - 1].first) << rows << "x" << cols;
    }
  }
}

}  // namespace
