// The child choice of a df-pn node (proof/dfpn_choice.hpp): the numbers, the tie orders, and the
// split between searchers, which may leave the best child only at a node that looks lost and
// only for a child that can make progress. Expected values are worked out by hand from the
// rules in the header.
#include "solver/proof/dfpn_choice.hpp"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace dfpn_choice_test {
namespace {

using solver::TablePayload;
using solver::dfpn_choice::choose;
using solver::dfpn_choice::kInf;

struct Kids {
  std::vector<TablePayload> pd;  // (phi, delta) of each child
  std::set<size_t> busy;
  solver::dfpn_choice::Choice pick(int order, uint32_t th_phi, bool split) const {
    return choose(
        pd.size(), [&](size_t i) { return pd[i]; }, order, th_phi, split,
        [&](size_t i) { return busy.count(i) > 0; });
  }
};

TEST(DfpnChoice, NumbersAreLeastDeltaAndSumOfPhi) {
  const Kids k{{{3, 7}, {2, 5}, {4, 9}}, {}};
  const auto c = k.pick(0, kInf - 1, false);
  EXPECT_EQ(c.phi, 5u);
  EXPECT_EQ(c.delta, 9u);
  EXPECT_EQ(c.child, 1u);
  // Threshold: the runner-up's delta 7 plus a quarter of it plus one, 7 + 1 + 1 = 9.
  EXPECT_EQ(c.child_delta, 9u);
  EXPECT_EQ(k.pick(0, 6, false).child_delta, 6u);  // never above the node's own threshold
}

TEST(DfpnChoice, SumsSaturateAndNoChildrenMeansLost) {
  const Kids k{{{kInf, 4}, {kInf - 1, 6}}, {}};
  EXPECT_EQ(k.pick(0, kInf - 1, false).delta, kInf);
  const auto none = Kids{}.pick(0, kInf - 1, false);
  EXPECT_EQ(none.phi, kInf);
  EXPECT_EQ(none.delta, 0u);
}

TEST(DfpnChoice, OrdersBreakTiesDifferently) {
  const Kids k{{{1, 3}, {1, 3}, {1, 3}, {1, 8}}, {}};
  EXPECT_EQ(k.pick(0, kInf - 1, false).child, 0u);
  EXPECT_EQ(k.pick(1, kInf - 1, false).child, 2u);  // the last of the tied
  EXPECT_EQ(k.pick(2, kInf - 1, false).child, 1u);  // first, from a start shifted by one
  EXPECT_EQ(k.pick(3, kInf - 1, false).child, 2u);  // from the end, start shifted by one
  // Ties share the threshold: the runner-up's delta is the tied one.
  EXPECT_EQ(k.pick(1, kInf - 1, false).child_delta, 3u + 0 + 1);
}

// phi = least delta = 6 >= delta = sum of phi = 4: the node looks lost for its mover.
TEST(DfpnChoice, ASearcherLeavesABusyBestChildWhereTheNodeLooksLost) {
  Kids k{{{1, 6}, {1, 8}, {1, 12}, {1, 9}}, {0}};
  auto c = k.pick(0, kInf - 1, true);
  EXPECT_EQ(c.phi, 6u);
  EXPECT_EQ(c.delta, 4u);
  EXPECT_EQ(c.child, 1u);
  // Its threshold is over the runner-up among the free children (9): 9 + 2 + 1.
  EXPECT_EQ(c.child_delta, 12u);
  EXPECT_EQ(k.pick(0, kInf - 1, false).child, 0u);  // a lone searcher does not split
  k.busy = {0, 1};
  EXPECT_EQ(k.pick(0, kInf - 1, true).child, 3u);
  k.busy = {1};  // only a busy best child is left
  EXPECT_EQ(k.pick(0, kInf - 1, true).child, 0u);
}

TEST(DfpnChoice, ASearcherJoinsTheBestChildWhereTheNodeLooksWon) {
  // phi = 2 < delta = 3: one child will do, so a second one would be a guess.
  const Kids k{{{1, 2}, {1, 3}, {1, 4}}, {0}};
  EXPECT_EQ(k.pick(0, kInf - 1, true).child, 0u);
}

TEST(DfpnChoice, AFreeChildThatCannotProgressIsNotTaken) {
  // The free child's delta 8 is not below the node's threshold 8: descending into it would
  // return at once, forever; the searcher joins the busy best child instead.
  const Kids k{{{1, 6}, {1, 8}}, {0}};
  const auto c = k.pick(0, 8, true);
  EXPECT_EQ(c.child, 0u);
  EXPECT_EQ(c.child_delta, 8u);
  EXPECT_EQ(k.pick(0, 9, true).child, 1u);
}

TEST(DfpnChoice, AllOtherChildrenBusyOrLostKeepTheBest) {
  Kids k{{{1, 6}, {0, kInf}, {1, 7}}, {0, 2}};  // child 1 is won for its mover
  EXPECT_EQ(k.pick(0, kInf - 1, true).child, 0u);
}

}  // namespace
}  // namespace dfpn_choice_test
