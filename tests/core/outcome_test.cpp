// The two views of an outcome (for the mover, absolute) convert into each other exactly, for
// both sides, draws and unknowns included.
#include "core/outcome.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using core::Result;
using core::Side;
using core::Winner;

constexpr Result kResults[] = {Result::Win, Result::Loss, Result::Draw, Result::Unknown};
constexpr Winner kWinners[] = {Winner::Left, Winner::Right, Winner::Draw, Winner::Unknown};
constexpr Side kSides[] = {Side::Left, Side::Right};

TEST(Outcome, WinnerOfByHand) {
  EXPECT_EQ(core::winner_of(Side::Left, Result::Win), Winner::Left);
  EXPECT_EQ(core::winner_of(Side::Left, Result::Loss), Winner::Right);
  EXPECT_EQ(core::winner_of(Side::Right, Result::Win), Winner::Right);
  EXPECT_EQ(core::winner_of(Side::Right, Result::Loss), Winner::Left);
  EXPECT_EQ(core::winner_of(Side::Right, Result::Draw), Winner::Draw);
  EXPECT_EQ(core::winner_of(Side::Left, Result::Unknown), Winner::Unknown);
}

TEST(Outcome, ViewsRoundTrip) {
  for (Side s : kSides) {
    for (Result r : kResults) EXPECT_EQ(core::result_for(s, core::winner_of(s, r)), r);
    for (Winner w : kWinners) EXPECT_EQ(core::winner_of(s, core::result_for(s, w)), w);
  }
}

TEST(Outcome, TheOtherPlayersViewIsTheFlip) {
  for (Side s : kSides)
    for (Winner w : kWinners)
      EXPECT_EQ(core::result_for(core::opponent(s), w), core::flip(core::result_for(s, w)));
}

TEST(Outcome, Names) {
  EXPECT_EQ(std::string(core::winner_name(Winner::Draw)), "draw");
  EXPECT_EQ(std::string(core::winner_name(Winner::Unknown)), "unknown");
}

}  // namespace
