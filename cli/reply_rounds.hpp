#pragma once
// Settling groups of positions where one loss for the mover settles the whole group: the
// replies to one opening removal (Black to move after each; one reply Black loses refutes
// the removal, and a removal stands only when Black wins after every reply).
//
// WHY ROUNDS. Searching the replies one after another spends whatever the first costs
// before the second is even tried. On 6x6 the first reply to d3 (d2) is one after which
// Black wins, and proving it costs far more than the refutation (c3). So the replies of a
// group are searched in rounds: each unsettled reply gets a node budget in turn, and the
// budget doubles every round. df-pn keeps its proof and disproof numbers in the table, so a
// search stopped at its budget resumes where it was in the next round. A refutation is
// found after about (number of replies) x 2 x its own cost, whatever the order; a removal
// that stands costs at most about twice its replies' costs.
//
// A group of one position is simply searched to the end, so groups of one each settle
// every position of a list (the root moves of `konane solve POSITION`).
//
// THREADS. Workers take the groups nobody has started; once none is left they join the
// groups still open, latest first, taking the replies from the last, so two threads in one
// group search different replies (both share the tables); a reply already being searched is
// joined from its last option (DfpnSolver::solve_from_last).
#include <tbb/parallel_for.h>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include "solver/dfpn.hpp"

namespace konane::cli {

// `on_result(k, r)` hears each result as it is found; `first_try(g)` names a reply of group
// g to settle before any other (the image of a symmetric group's refutation, which the
// table answers at once), if there is one; it is asked again between replies. Returns every
// position's result (Unknown where not needed, or where a search cannot finish).
template <class Solver, class Position, class OnResult, class FirstTry>
std::vector<solver::Result> settle_in_rounds(Solver& dfpn, const std::vector<Position>& positions,
                                             bool left,
                                             const std::vector<std::vector<size_t>>& groups,
                                             int threads, const std::atomic<bool>& stop,
                                             OnResult&& on_result, FirstTry&& first_try) {
  using solver::Result;
  constexpr uint64_t kFirstBudget = uint64_t{1} << 16;  // nodes
  // Past this budget one last round without a budget: a search that still returns Unknown
  // (a state too wide to search) would otherwise be retried forever.
  constexpr uint64_t kLastBudget = uint64_t{1} << 40;
  constexpr uint64_t kPoll = 1024;  // DfpnSolver asks abandon() this often
  std::unique_ptr<std::atomic<Result>[]> results(new std::atomic<Result>[positions.size()]);
  for (size_t i = 0; i < positions.size(); ++i) results[i].store(Result::Unknown);
  auto known = [&](size_t k) { return results[k].load() != Result::Unknown; };
  auto group_done = [&](size_t g) {
    bool open = false;
    for (size_t k : groups[g]) {
      const Result r = results[k].load();
      if (r == Result::Loss) return true;
      open |= r == Result::Unknown;
    }
    return !open;
  };
  std::unique_ptr<std::atomic<int>[]> busy(new std::atomic<int>[positions.size()]());
  // One search of reply k, given up after `budget` nodes (none: no limit) or when it is no
  // longer needed. A reply another thread is searching is joined instead (solve_from_last,
  // until it is settled): the same search in the same order would repeat the other's work.
  auto search = [&](size_t g, size_t k, std::optional<uint64_t> budget) {
    uint64_t polls = 0;
    auto needless = [&] {
      if (known(k) || group_done(g)) return true;
      const auto f = first_try(g);
      return f && *f != k && !known(*f);
    };
    const bool joining = busy[k].fetch_add(1) > 0;
    const Result r = joining ? dfpn.solve_from_last(positions[k], left, needless)
                             : dfpn.solve(positions[k], left, [&] {
                                 return (budget && ++polls * kPoll > *budget) || needless();
                               });
    busy[k].fetch_sub(1);
    if (r != Result::Unknown) {
      results[k].store(r);
      on_result(k, r);
    }
  };
  auto run_group = [&](size_t g, bool from_last) {
    const auto& jobs = groups[g];
    if (jobs.size() == 1) {  // nothing to take turns with: one search to the end
      if (!known(jobs[0]) && !stop.load()) search(g, jobs[0], std::nullopt);
      return;
    }
    for (uint64_t budget = kFirstBudget; !group_done(g) && !stop.load(); budget *= 2) {
      const bool last = budget > kLastBudget;
      for (size_t n = 0; n < jobs.size() && !group_done(g) && !stop.load(); ++n) {
        if (auto f = first_try(g); f && !known(*f)) search(g, *f, std::nullopt);
        const size_t k = jobs[from_last ? jobs.size() - 1 - n : n];
        if (!known(k)) search(g, k, last ? std::nullopt : std::optional(budget));
      }
      if (last) return;
    }
  };
  const size_t n = groups.size();
  std::atomic<size_t> next{0};
  tbb::parallel_for(
      0, std::max(1, threads),
      [&](int) {
        for (size_t g; (g = next.fetch_add(1)) < n;) run_group(g, false);
        for (size_t g = n; g-- > 0;)
          if (!group_done(g)) run_group(g, true);
      },
      tbb::simple_partitioner());
  std::vector<Result> out(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) out[i] = results[i].load();
  return out;
}

}  // namespace konane::cli
