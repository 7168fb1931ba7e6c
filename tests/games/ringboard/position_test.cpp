// The Ringboard board geometry and position helpers (games/ringboard/include/ringboard/
// board.hpp, position.hpp): square numbering, the ring, the colour-swapping half turn and
// the hash.
#include "ringboard/position.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>

#include "ringboard/notation.hpp"
#include "ringboard/perft.hpp"

namespace {

using namespace ringboard;

TEST(RingboardBoard, FiftyDarkSquaresEighteenOnTheRing) {
  EXPECT_EQ(std::popcount(kAll), 50);
  EXPECT_EQ(std::popcount(kRing), 18);
  EXPECT_EQ(std::popcount(kInner), 32);
  for (int s = 0; s < kSquares; ++s) {
    EXPECT_EQ((file_of(s) + rank_of(s)) % 2, 0) << s;  // a1 is dark
    EXPECT_EQ(square_at(file_of(s), rank_of(s)), s);
  }
  EXPECT_EQ(square_at(1, 0), -1);  // b1 is light
}

TEST(RingboardBoard, SetwiseShiftsAgreeWithCoordinates) {
  for (int d = 0; d < 4; ++d)
    for (int s = 0; s < kSquares; ++s) {
      const int t = square_at(file_of(s) + kDf[d], rank_of(s) + kDr[d]);
      EXPECT_EQ(shift(bit(s), d), t < 0 ? 0 : bit(t)) << "square " << s << " direction " << d;
    }
}

TEST(RingboardPosition, TheHalfTurnWithColoursSwappedIsTheSameGame) {
  std::mt19937_64 rng(3);
  const Position start = start_position();
  EXPECT_EQ(flip(start), start);  // the start is its own image
  Position p = start;
  Color side = Color::Black;
  for (int ply = 0; ply < 2000; ++ply) {
    const Position q = flip(p);
    EXPECT_EQ(flip(q), p);
    MoveList a, b;
    ASSERT_TRUE(generate_moves(p, side, a));
    ASSERT_TRUE(generate_moves(q, opponent(side), b));
    ASSERT_EQ(a.size(), b.size()) << to_string(p, side);
    if (ply % 100 == 0) {
      EXPECT_EQ(perft(p, side, 2), perft(q, opponent(side), 2));
    }
    if (a.size() == 0) {
      p = start;
      side = Color::Black;
      continue;
    }
    p = play(p, side, a[int(rng() % a.size())]);
    side = opponent(side);
  }
}

TEST(RingboardPosition, HashSeparatesSidesAndPositions) {
  const Position p = start_position();
  EXPECT_NE(hash(p, Color::Black), hash(p, Color::White));
  EXPECT_EQ(hash(p, Color::Black), hash(start_position(), Color::Black));
  MoveList moves;
  ASSERT_TRUE(generate_moves(p, Color::Black, moves));
  for (const Move& m : moves)
    EXPECT_NE(hash(play(p, Color::Black, m), Color::White), hash(p, Color::White));
}

}  // namespace
