#pragma once
// What the schedulers of root searches share: the one-process reply rounds
// (proof/reply_rounds.hpp), rank 0's job tree (proof/job_tree.hpp) and the ranks that serve its
// jobs (proof/rank_rounds.hpp). Each hands out df-pn searches of given positions with node budgets;
// this is the search they all run, its answer, and the progress they report.
#include <atomic>
#include <cstdint>
#include <optional>

#include "core/outcome.hpp"

namespace solver {

// One search of a position, here or on another rank: its result and, when it stays open,
// the mover's disproof and proof numbers (delta, phi) at the position after it.
struct Searched {
  core::Result result = core::Result::Unknown;
  uint32_t delta = 0, phi = 0;
};

// How far a settle_in_rounds call (or a job tree's) has got, for a progress report that another
// thread reads while it runs: groups settled (refuted, or every position won) and positions
// decided.
struct SettleProgress {
  std::atomic<uint64_t> groups{0}, groups_settled{0};
  std::atomic<uint64_t> positions{0}, positions_decided{0};
};

// One job searched in this process: df-pn on `pos` (`mover` to move) in child order `order`
// (DfpnSolver::solve) until it is settled, `budget` nodes are spent or unneeded() says so.
// Every scheduler's searches go through here: the job tree's, the serving ranks' and the
// one-process reply rounds'.
template <class Solver, class Position, class Unneeded>
Searched search_here(Solver& dfpn, const Position& pos, core::Side mover,
                     std::optional<uint64_t> budget, const Unneeded& unneeded, int order = 0) {
  constexpr uint64_t kPoll = 1024;  // DfpnSolver asks abandon() this often
  uint64_t polls = 0;
  Searched s;
  s.result = dfpn.solve(
      pos, mover, [&] { return (budget && ++polls * kPoll > *budget) || unneeded(); }, order);
  if (s.result == core::Result::Unknown) {
    const auto numbers = dfpn.peek(pos, mover);
    s.delta = numbers.v1, s.phi = numbers.v0;
  }
  return s;
}

}  // namespace solver
