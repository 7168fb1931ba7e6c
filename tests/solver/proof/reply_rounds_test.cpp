// settle_in_rounds (solver/proof/reply_rounds.hpp) against a scripted solver: each game costs a
// fixed number of abandon() polls (1,024 nodes each, as df-pn asks) and then gives its
// result, and like df-pn's table it keeps its progress between searches, shared by every
// position that is the same game. So the budgets each round hands out can be counted
// exactly, and what a group settles can be checked by hand. Its delta (the mover's disproof
// number after a search, which FAVOURING weighs) is a constant of each game's script: 1
// unless a test gives one, so that equal numbers favour nobody.
#include "solver/proof/reply_rounds.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <memory>

namespace reply_rounds_test {
namespace {

using core::Result;

// A game known only by its class and sign, as G::key reports them.
struct Scripted {
  int cls = 0;
  bool negated = false;
};

struct ScriptedGame {
  using Position = Scripted;
  static solver::Keyed<Scripted> key(const Scripted& p) {
    return {solver::RegionKey{uint64_t(p.cls), 0, 0}, p.negated, p};
  }
};

class ScriptedSolver {
 public:
  using Game = ScriptedGame;
  struct Script {
    uint64_t cost;       // polls to the result
    Result result;       // for the player to move
    uint32_t delta = 1;  // what peek() reports while the result is not reached
  };
  // Every (class, sign) searched must have a script.
  explicit ScriptedSolver(std::map<std::pair<int, bool>, Script> scripts) {
    for (const auto& [game, s] : scripts) games_.emplace(game, std::make_unique<Progress>(s));
  }

  template <class Abandon>
  Result solve(const Scripted& p, core::Side side, Abandon&& abandon, int /*order*/) {
    EXPECT_EQ(side, core::Side::Left);
    Progress& g = *games_.at({p.cls, p.negated});
    for (;;) {
      if (g.done.load() >= g.script.cost) return g.script.result;
      if (abandon()) return Result::Unknown;
      ++g.done;
    }
  }
  solver::TablePayload peek(const Scripted& p, core::Side) const {
    return {1, games_.at({p.cls, p.negated})->script.delta};
  }
  uint64_t nodes() const { return 0; }  // asked only of a rank serving another (MPI)
  // Polls spent searching (class, sign), over all its positions.
  uint64_t polls(int cls, bool negated) const { return games_.at({cls, negated})->done.load(); }

 private:
  struct Progress {
    explicit Progress(Script s) : script(s) {}
    Script script;
    std::atomic<uint64_t> done{0};
  };
  std::map<std::pair<int, bool>, std::unique_ptr<Progress>> games_;
};

constexpr uint64_t kNever = uint64_t{1} << 30;  // polls: more than any test hands out

std::vector<Result> settle(ScriptedSolver& solver, const std::vector<Scripted>& positions,
                           const std::vector<std::vector<size_t>>& groups, int threads = 1) {
  core::StopToken stop;
  return solver::settle_in_rounds(solver, positions, core::Side::Left, groups, threads, stop);
}

// The first budget is 64 polls (2^16 nodes), doubling each round; in a round the replies go
// in list order. A refutation costing 1,000 polls finishes in the fifth round (64 + 128 +
// 256 + 512 = 960 < 1,000), so a reply that never finishes and is searched before it in
// every round spends 64 + ... + 1,024 = 1,984 polls.
TEST(ReplyRounds, EachReplyHasItsOwnBudget) {
  ScriptedSolver solver({{{1, false}, {kNever, Result::Win}},
                         {{2, false}, {kNever, Result::Win}},
                         {{3, false}, {1000, Result::Loss}}});
  const auto r = settle(solver, {{1}, {2}, {3}}, {{0, 1, 2}});
  EXPECT_EQ(r[2], Result::Loss);
  EXPECT_EQ(r[0], Result::Unknown);
  EXPECT_EQ(solver.polls(1, false), 1984u);
  EXPECT_EQ(solver.polls(2, false), 1984u);
  EXPECT_EQ(solver.polls(3, false), 1000u);
}

// FAVOURING: once both replies have had a search, the one of least delta (the refutation
// here) is favoured. Rounds by hand, (reply: budget), next budgets weighed x4 for reply 0:
// (0: 64) (1: 64) (1: 128) (1: 256), then 512 against 4 x 128 tie and the list order picks
// (0: 128), (1: 512) leaves 1 at 960 polls, (0: 256) on a tie again, (1: 1024) refutes at
// 1,000. Equal budgets would have spent 1,984 on reply 0 (EachReplyHasItsOwnBudget).
TEST(ReplyRounds, TheReplyNearestARefutationIsFavoured) {
  ScriptedSolver solver(
      {{{1, false}, {kNever, Result::Win, 5000}}, {{2, false}, {1000, Result::Loss, 100}}});
  const auto r = settle(solver, {{1}, {2}}, {{0, 1}});
  EXPECT_EQ(r[1], Result::Loss);
  EXPECT_EQ(r[0], Result::Unknown);
  EXPECT_EQ(solver.polls(1, false), 64u + 128u + 256u);
  EXPECT_EQ(solver.polls(2, false), 1000u);
}

// Misleading numbers cost about the weighing factor, never a result: the favourite never
// finishes, and the refutation gets a quarter of its budgets: 64, 128, 256, 512 and the
// 1,024 that refutes, while the favourite spends 64 + 128 + ... + 2,048 = 4,032 polls (960
// with equal budgets).
TEST(ReplyRounds, AMisleadingFavouriteCostsAboutTheFactor) {
  ScriptedSolver solver(
      {{{1, false}, {1000, Result::Loss, 5000}}, {{2, false}, {kNever, Result::Win, 100}}});
  const auto r = settle(solver, {{1}, {2}}, {{0, 1}});
  EXPECT_EQ(r[0], Result::Loss);
  EXPECT_EQ(r[1], Result::Unknown);
  EXPECT_EQ(solver.polls(1, false), 1000u);
  EXPECT_EQ(solver.polls(2, false), 4032u);
}

// Equal numbers favour nobody: the rounds are those of equal budgets.
TEST(ReplyRounds, EqualDeltasFavourNobody) {
  ScriptedSolver solver({{{1, false}, {kNever, Result::Win, 700}},
                         {{2, false}, {kNever, Result::Win, 700}},
                         {{3, false}, {1000, Result::Loss, 700}}});
  const auto r = settle(solver, {{1}, {2}, {3}}, {{0, 1, 2}});
  EXPECT_EQ(r[2], Result::Loss);
  EXPECT_EQ(solver.polls(1, false), 1984u);
  EXPECT_EQ(solver.polls(2, false), 1984u);
}

// TWINS: two replies that are one game take one budget between them, in turns.
TEST(ReplyRounds, TwinsShareOneBudgetInTurns) {
  ScriptedSolver solver({{{1, false}, {kNever, Result::Win}}, {{3, false}, {1000, Result::Loss}}});
  // Positions 0 and 1 are the same game (class 1, same sign): mirror images, say.
  const auto r = settle(solver, {{1}, {1}, {3}}, {{0, 1, 2}});
  EXPECT_EQ(r[2], Result::Loss);
  // One reply's share, not two (3,968 with a budget each).
  EXPECT_EQ(solver.polls(1, false), 1984u);
  EXPECT_EQ(solver.polls(3, false), 1000u);
}

TEST(ReplyRounds, ATwinsResultIsBothMembersResult) {
  ScriptedSolver solver({{{1, false}, {300, Result::Loss}}, {{2, false}, {kNever, Result::Win}}});
  const auto r = settle(solver, {{2}, {1}, {1}}, {{0, 1, 2}});
  EXPECT_EQ(r[1], Result::Loss);
  EXPECT_EQ(r[2], Result::Loss);  // settled by its twin's search
  EXPECT_EQ(r[0], Result::Unknown);
}

// A position and its negative are not the same game for the player to move.
TEST(ReplyRounds, NegativesAreNotTwins) {
  ScriptedSolver solver({{{1, false}, {kNever, Result::Win}}, {{1, true}, {200, Result::Loss}}});
  const auto r = settle(solver, {{1, false}, {1, true}}, {{0, 1}});
  EXPECT_EQ(r[1], Result::Loss);
  EXPECT_EQ(r[0], Result::Unknown);
  // Each had rounds of its own: 64 + 128 polls each, then the refutation's third search.
  EXPECT_EQ(solver.polls(1, false), 64u + 128u + 256u);
}

// Twins in different groups are searched separately: a group settles only its own members.
TEST(ReplyRounds, TwinsAreFoundWithinAGroupOnly) {
  ScriptedSolver solver({{{1, false}, {100, Result::Win}}, {{2, false}, {100, Result::Win}}});
  const auto r = settle(solver, {{1}, {2}, {1}}, {{0, 1}, {2}});
  EXPECT_EQ(r[0], Result::Win);
  EXPECT_EQ(r[1], Result::Win);
  EXPECT_EQ(r[2], Result::Win);  // its own search, answered from the shared progress
}

// Two threads: whatever the timing, every member of every class gets its class's result,
// and a group where every reply wins for the mover is settled entirely.
TEST(ConcurrentReplyRounds, TwinsSettleTogetherOnTwoThreads) {
  for (int run = 0; run < 20; ++run) {
    ScriptedSolver solver({{{1, false}, {900, Result::Win}},
                           {{2, false}, {700, Result::Win}},
                           {{3, false}, {500, Result::Win}},
                           {{4, false}, {kNever, Result::Win}},
                           {{5, false}, {400, Result::Loss}}});
    const auto r =
        settle(solver, {{1}, {2}, {1}, {3}, {2}, {4}, {5}, {4}}, {{0, 1, 2, 3, 4}, {5, 6, 7}}, 2);
    for (size_t k : {0, 1, 2, 3, 4}) EXPECT_EQ(r[k], Result::Win) << k;
    EXPECT_EQ(r[6], Result::Loss);
    EXPECT_EQ(r[5], r[7]);  // both unknown, or both settled together
    EXPECT_NE(r[5], Result::Loss);
  }
}

}  // namespace
}  // namespace reply_rounds_test
