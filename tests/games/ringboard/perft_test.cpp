// Ringboard perft (games/ringboard/src/perft.cpp): the start position's counts published by
// an independent implementation (the issue), and deeper counts from the reference generator.
#include "ringboard/perft.hpp"

#include <gtest/gtest.h>

#include "reference.hpp"
#include "ringboard/notation.hpp"

namespace {

using namespace ringboard;

TEST(RingboardPerft, StartPositionMatchesTheIndependentCounts) {
  const Position p = start_position();
  const uint64_t expected[] = {7, 49, 290, 1297};
  for (int depth = 1; depth <= 4; ++depth)
    EXPECT_EQ(perft(p, Color::Black, depth), expected[depth - 1]);
}

TEST(RingboardPerft, DeeperCountsMatchTheReference) {
  const Position p = start_position();
  const auto g = ringref::read(to_string(p, Color::Black));
  for (int depth = 5; depth <= 7; ++depth)
    EXPECT_EQ(perft(p, Color::Black, depth), ringref::perft(g, depth)) << depth;
}

TEST(RingboardPerft, KingEndgameMatchesTheReference) {
  // Kings on and off the ring, White to move: captures in every direction.
  std::string error;
  const auto p = parse_position(
      "........../....o...../.X......../........../...O.x..../........../.....X..../....o...../"
      "...x....../O......... w",
      &error);
  ASSERT_TRUE(p.has_value()) << error;
  const auto g = ringref::read(to_string(p->position, p->to_move));
  for (int depth = 1; depth <= 5; ++depth)
    EXPECT_EQ(perft(p->position, p->to_move, depth), ringref::perft(g, depth)) << depth;
}

}  // namespace
