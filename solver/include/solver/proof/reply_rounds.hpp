#pragma once
// Settling groups of positions where one loss for the mover settles the whole group, such as
// the replies to one opening move: the mover after each reply is the player who opened, one
// reply he loses after refutes the opening move, and it stands only when he wins after every
// reply. (Konane's removal phase: Black removes, White replies, Black moves next.)
//
// WHY ROUNDS. Searching the replies one after another spends whatever the first costs
// before the second is even tried, and a reply after which Black wins may cost far more than
// a refutation later in the list (a losing removal needs only the refutation). So the replies of a
// group are searched in rounds: each unsettled reply gets a node budget in turn, and the
// budget doubles every round. df-pn keeps its proof and disproof numbers in the table, so a
// search stopped at its budget resumes where it was in the next round. A refutation is
// found after about (number of replies) x 2 x its own cost, whatever the order; a removal
// that stands costs at most about twice its replies' costs.
//
// A group of one position is simply searched to the end, so groups of one each settle
// every position of a list (the root moves of `konane solve POSITION`).
//
// WHICH REFUTATION. A group is settled by the first refutation found. On one thread that
// is always the same one; on more it depends on timing (2 threads, 2x8 standard: a2 was
// refuted by a1 in one run and by b2 in the next), though whether the group is refuted never
// does. Naming the first refutation in list order instead would be the same on every run,
// but it pays for that reply's proof even when a later one refutes more cheaply.
//
// THREADS. Workers take the groups nobody has started; once none is left they join the
// groups still open, latest first. Each reply has its own next budget, doubling with every
// search of it, and a worker takes the reply of least next budget that nobody is searching:
// on one thread these are exactly the rounds above, and two threads in one group search
// different replies (sharing the tables, so each profits from what the other proved). Only
// when every open reply is being searched does a worker join one, searching it with its
// children in another order (DfpnSolver::solve's `order`): the same search in the same
// order would repeat the other's work, while two orders over one table split it and each
// meets the other's proofs.
//
// TWINS. Two replies of a group may be the same game (equal keys and signs under G::key:
// in Konane, mirror images such as c3 and e3 after d3 on 7x7). They have one result, and
// df-pn keys its table by region class, so they share every entry as well. They are one
// job: one budget, doubling each round, spent on one member and then the other in turn.
// The members differ only in the order the search meets their moves, and taking turns
// between two orders finds a proof sooner than either alone (proof/opening.hpp, SYMMETRY),
// while a budget each made a pair that settles nothing cost twice its share.
//
// FAVOURING. Equal budgets spend as much on a reply the mover wins after (which must be
// searched to the end to settle nothing) as on the refutation. df-pn leaves a measure of
// how near each reply is to refuting: the mover's disproof number at its root (delta, the
// proof number of its loss) after its last search. Once every open reply of a group has
// had a search, the one whose delta is strictly the least is favoured: the others are
// picked as if their next budgets were kDisfavoured times as large, so they get about a
// quarter of its nodes; and a thread that would take a disfavoured reply while the
// favourite is being searched joins the favourite instead (another order), if its weighed
// budget is the smaller. Misleading numbers cost at most that factor on a group, never a
// result, and a favourite that stalls loses the favour as its delta grows.
//
// RANKS. Across the ranks of an MPI run, rank 0 settles the groups with a tree of jobs
// instead (proof/job_tree.hpp), which can split one reply's proof between ranks, where
// rounds of whole replies left the refutation to one rank.
// The figures behind each choice: docs/decisions/root-scheduling.md.
#include <tbb/parallel_for.h>

#include <atomic>
#include <bit>
#include <memory>
#include <numeric>
#include <optional>
#include <vector>

#include "core/stop.hpp"
#include "solver/proof/dfpn.hpp"
#include "solver/proof/job_tree.hpp"
#include "solver/proof/rank_rounds.hpp"
#include "solver/proof/settle_search.hpp"

namespace solver {

// Returns every position's result (Unknown where not needed, or where a search cannot
// finish). `progress` (if any) is reset and kept up to date as results come in.
// Long by design (about 150 lines): the rounds' loop and the named lambdas it shares the
// results and budgets with; each phase is one of them.
template <class Solver, class Position>
std::vector<solver::Result> settle_in_rounds(Solver& dfpn, const std::vector<Position>& positions,
                                             core::Side side,
                                             const std::vector<std::vector<size_t>>& groups,
                                             int threads, core::StopToken& stop,
                                             RoundStats* across_ranks = nullptr,
                                             SettleProgress* progress = nullptr) {
  // Shared with the other ranks of an MPI run only when the caller asks (across_ranks): every
  // rank must then be making this same call (proof/rank_rounds.hpp).
  const bool shared = across_ranks && ranks::world().size > 1;
  if (shared && ranks::world().rank != 0) {  // search what rank 0 sends, until it ends the run
    serve_rank_rounds(dfpn, positions, side, threads, stop);
    return std::vector<Result>(positions.size(), Result::Unknown);
  }
  if (shared)  // rank 0 keeps a tree of jobs (RANKS above)
    return settle_tree_across_ranks(dfpn, positions, side, groups, threads, stop, across_ranks,
                                    progress);
  using solver::Result;
  constexpr uint64_t kFirstBudget = uint64_t{1} << 16;  // nodes
  constexpr uint64_t kLastBudget = uint64_t{1} << 40;
  constexpr uint64_t kDisfavoured = 4;  // FAVOURING above
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
  // Each group is counted settled once, by whichever search settled it.
  std::unique_ptr<std::atomic<bool>[]> counted(new std::atomic<bool>[groups.size()]());
  if (progress) {
    uint64_t members = 0;
    for (const auto& g : groups) members += g.size();
    progress->groups_settled = 0;
    progress->positions_decided = 0;
    progress->groups = groups.size();
    progress->positions = members;
  }
  // TWINS above: twin[k] is the first position of k's group that is the same game as k, and
  // stands for its class in `next_budget`, `owner` and `turn`; members[c] lists class c.
  std::vector<size_t> twin(positions.size());
  std::iota(twin.begin(), twin.end(), size_t{0});
  for (const auto& g : groups) {
    if (g.size() < 2) continue;
    std::vector<Keyed<Position>> keys;
    for (size_t k : g) keys.push_back(Solver::Game::key(positions[k]));
    for (size_t i = 1; i < g.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (keys[i].key == keys[j].key && keys[i].negated == keys[j].negated) {
          twin[g[i]] = twin[g[j]];
          break;
        }
  }
  std::vector<std::vector<size_t>> members(positions.size());
  for (size_t k = 0; k < positions.size(); ++k) members[twin[k]].push_back(k);
  auto decided = [&](size_t g, size_t k, Result r) {
    for (size_t m : members[twin[k]])
      if (results[m].exchange(r) == Result::Unknown && progress) ++progress->positions_decided;
    if (progress && group_done(g) && !counted[g].exchange(true)) ++progress->groups_settled;
  };
  // The search orders in use on each reply: bit v for DfpnSolver's child order v.
  std::unique_ptr<std::atomic<uint32_t>[]> busy(new std::atomic<uint32_t>[positions.size()]());
  // FAVOURING above: each class's delta after its last search left it open (0: none yet).
  std::unique_ptr<std::atomic<uint32_t>[]> near(new std::atomic<uint32_t>[positions.size()]());
  // One search of reply k, given up after `budget` nodes (none: no limit) or when it is no
  // longer needed, in the first child order nobody else is using on k.
  auto search = [&](size_t g, size_t k, std::optional<uint64_t> budget) {
    uint32_t used = busy[k].load();
    int order;
    do order = std::countr_one(used) % 32;
    while (!busy[k].compare_exchange_weak(used, used | (uint32_t{1} << order)));
    const Searched s = search_here(
        dfpn, positions[k], side, budget, [&] { return known(k) || group_done(g); }, order);
    if (s.result == Result::Unknown) near[twin[k]].store(std::max<uint32_t>(1, s.delta));
    busy[k].fetch_and(~(uint32_t{1} << order));
    if (s.result != Result::Unknown) decided(g, k, s.result);
  };
  // The budget of each class's next search (0: it had its last one). Two workers may pick
  // the same class at once; the later one then joins it, which costs speed, never a result.
  std::unique_ptr<std::atomic<uint64_t>[]> next_budget(new std::atomic<uint64_t>[positions.size()]);
  for (size_t i = 0; i < positions.size(); ++i) next_budget[i].store(kFirstBudget);
  // How many searches each class has had, which picks the member searched next.
  std::unique_ptr<std::atomic<uint32_t>[]> turn(new std::atomic<uint32_t>[positions.size()]());
  auto class_busy = [&](size_t c) {
    for (size_t m : members[c])
      if (busy[m].load() > 0) return true;
    return false;
  };
  // The member of class c to search: the next in turn, or the next nobody is searching when
  // joining a search of the class (another member is another order over the same tables).
  auto member = [&](size_t c) {
    const auto& m = members[c];
    const uint32_t t = turn[c].fetch_add(1);
    for (size_t i = 0; i < m.size(); ++i)
      if (busy[m[(t + i) % m.size()]].load() == 0) return m[(t + i) % m.size()];
    return m[t % m.size()];
  };
  auto pick = [&](size_t g, bool from_last) -> std::optional<size_t> {
    const auto& jobs = groups[g];
    std::optional<size_t> best, best_busy;
    // The favourite: the open class of strictly least delta, once every open class has one.
    std::optional<size_t> favoured;
    bool tie = false;
    for (size_t k : jobs) {
      if (twin[k] != k || known(k) || next_budget[k].load() == 0) continue;
      const uint32_t d = near[k].load();
      if (d == 0) {  // not every open class searched yet: no favourite
        tie = true;
        break;
      }
      if (favoured && d == near[*favoured].load()) tie = true;
      if (!favoured || d < near[*favoured].load()) favoured = k, tie = false;
    }
    if (tie) favoured.reset();
    const auto weighed = [&](size_t k) {
      return next_budget[k].load() * (favoured && k != *favoured ? kDisfavoured : 1);
    };
    for (size_t n = 0; n < jobs.size(); ++n) {
      const size_t k = jobs[from_last ? jobs.size() - 1 - n : n];  // a class, at its first
      if (twin[k] != k || known(k) || next_budget[k].load() == 0) continue;
      auto& slot = class_busy(k) ? best_busy : best;
      if (!slot || weighed(k) < weighed(*slot)) slot = k;
    }
    if (favoured && class_busy(*favoured) && (!best || weighed(*favoured) < weighed(*best)))
      return favoured;
    return best ? best : best_busy;
  };
  auto run_group = [&](size_t g, bool from_last) {
    const auto& jobs = groups[g];
    if (jobs.size() == 1) {  // nothing to take turns with: one search to the end
      if (!known(jobs[0]) && !stop.poll()) search(g, jobs[0], std::nullopt);
      return;
    }
    while (!group_done(g) && !stop.poll()) {
      const auto c = pick(g, from_last);
      if (!c) return;
      const uint64_t budget = next_budget[*c].load();
      // Past kLastBudget one last search without a budget (0 marks it done): a search that
      // still returns Unknown (a state too wide to search) would otherwise be retried forever.
      next_budget[*c].store(budget > kLastBudget ? 0 : budget * 2);
      search(g, member(*c), budget > kLastBudget ? std::nullopt : std::optional(budget));
    }
  };
  const size_t n = groups.size();
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t g; (g = next.fetch_add(1)) < n;) run_group(g, false);
    for (size_t g = n; g-- > 0;)
      if (!group_done(g)) run_group(g, true);
  };
  tbb::parallel_for(
      0, std::max(1, threads), [&](int) { worker(); }, tbb::simple_partitioner());
  std::vector<Result> out(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) out[i] = results[i].load();
  return out;
}

}  // namespace solver
