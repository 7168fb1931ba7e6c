// How replies' results make a first choice's result and the choices make the game's
// (solver/proof/opening.hpp): shared by the forward solver and the database lookup, checked here
// against hand-worked cases. The full solve of Konane openings is held against a negamax in
// tests/cli/opening_solve_test.cpp.
#include "solver/proof/opening.hpp"

#include <gtest/gtest.h>

namespace opening_test {
namespace {

using core::Winner;
using solver::OpeningChoice;

OpeningChoice choice(std::vector<std::pair<int, Winner>> replies) {
  OpeningChoice c{7, Winner::Unknown, 99, std::move(replies)};
  solver::settle_choice(c);
  return c;
}

TEST(SettleChoice, FirstRightReplyRefutes) {
  auto c =
      choice({{1, Winner::Left}, {2, Winner::Unknown}, {3, Winner::Right}, {4, Winner::Right}});
  EXPECT_EQ(c.winner, Winner::Right);
  ASSERT_TRUE(c.refutation);
  EXPECT_EQ(*c.refutation, 3);
}

TEST(SettleChoice, LeftWinsOnlyIfEveryReplyLoses) {
  auto c = choice({{1, Winner::Left}, {2, Winner::Left}});
  EXPECT_EQ(c.winner, Winner::Left);
  EXPECT_FALSE(c.refutation);  // a stale refutation is cleared
  EXPECT_EQ(choice({{1, Winner::Left}, {2, Winner::Unknown}}).winner, Winner::Unknown);
  // No reply at all (Right cannot answer): Right is stuck, Left wins.
  EXPECT_EQ(choice({}).winner, Winner::Left);
}

TEST(OpeningWinner, AnyLeftChoiceWins) {
  using solver::opening_winner;
  auto w = choice({{1, Winner::Right}}), b = choice({{1, Winner::Left}}),
       u = choice({{1, Winner::Unknown}});
  EXPECT_EQ(opening_winner({w, u, b}), Winner::Left);
  EXPECT_EQ(opening_winner({w, u}), Winner::Unknown);
  EXPECT_EQ(opening_winner({w, w}), Winner::Right);
  EXPECT_EQ(opening_winner({}), Winner::Right);  // Left has no choice: Left loses
}

TEST(ChoiceEntry, GroupsContiguousLines) {
  std::vector<OpeningChoice> choices;
  solver::choice_entry(choices, 5).replies.emplace_back(1, Winner::Left);
  solver::choice_entry(choices, 5).replies.emplace_back(2, Winner::Right);
  solver::choice_entry(choices, 9).replies.emplace_back(1, Winner::Left);
  ASSERT_EQ(choices.size(), 2u);
  EXPECT_EQ(choices[0].replies.size(), 2u);
  EXPECT_EQ(choices[1].choice, 9);
}

}  // namespace
}  // namespace opening_test
