// How replies' results make a removal's result and removals make the game's: shared by the
// forward solver and the database lookup, checked here against hand-worked cases.
#include "konane_solver.hpp"

#include <gtest/gtest.h>

namespace {

using konane::cli::OpeningRemoval;
using konane::cli::Winner;

OpeningRemoval removal(std::vector<std::pair<int, Winner>> replies) {
  OpeningRemoval r{7, Winner::Unknown, 99, std::move(replies)};
  konane::cli::settle_removal(r);
  return r;
}

TEST(SettleRemoval, FirstWhiteReplyRefutes) {
  auto r =
      removal({{1, Winner::Left}, {2, Winner::Unknown}, {3, Winner::Right}, {4, Winner::Right}});
  EXPECT_EQ(r.winner, Winner::Right);
  ASSERT_TRUE(r.refutation);
  EXPECT_EQ(*r.refutation, 3);
}

TEST(SettleRemoval, BlackWinsOnlyIfEveryReplyLoses) {
  auto r = removal({{1, Winner::Left}, {2, Winner::Left}});
  EXPECT_EQ(r.winner, Winner::Left);
  EXPECT_FALSE(r.refutation);  // a stale refutation is cleared
  EXPECT_EQ(removal({{1, Winner::Left}, {2, Winner::Unknown}}).winner, Winner::Unknown);
  // No reply at all (White cannot remove anything): White is stuck, Black wins.
  EXPECT_EQ(removal({}).winner, Winner::Left);
}

TEST(OpeningWinner, AnyBlackRemovalWins) {
  using konane::cli::opening_winner;
  auto w = removal({{1, Winner::Right}}), b = removal({{1, Winner::Left}}),
       u = removal({{1, Winner::Unknown}});
  EXPECT_EQ(opening_winner({w, u, b}), Winner::Left);
  EXPECT_EQ(opening_winner({w, u}), Winner::Unknown);
  EXPECT_EQ(opening_winner({w, w}), Winner::Right);
  EXPECT_EQ(opening_winner({}), Winner::Right);  // Black has no removal: Black loses
}

}  // namespace
