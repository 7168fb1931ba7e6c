#pragma once
// Job-level proof-number search (Wu, Lin et al.'s JL-PNS) for the ranks of an MPI run: rank 0
// keeps the top of the proof tree, grows it where the work is, and hands its leaves out as
// jobs (df-pn with a node budget) to its own threads and to the other ranks' threads.
//
// WHY A TREE. Reply rounds (proof/reply_rounds.hpp) hand out whole replies, one to a searcher at a
// time. When a group's refutation is one reply, it is searched alone on one rank however many
// ranks wait (Konane 6x7 standard: b6 refutes a6, most of the whole solve). The proof of b6
// splits lower down: Black has one answer, White wins by one of three moves, and after it
// Black's every move must be refuted, a set of jobs that the ranks can share. A tree kept on
// rank 0 finds such places with proof numbers instead of knowing them.
//
// THE TREE. Each group of proof/reply_rounds.hpp is a root: the position before the replies, whose
// mover (the replier) wins by one reply after which the group's mover loses; so a group's
// root is settled exactly when the rounds would settle it. Below it every node is a position
// with its mover and df-pn's numbers for that mover: phi (proof number of its win) and delta
// (of its loss). A leaf's numbers come from its last job (the searching rank's table at the
// job's position); an inner node's from its children, as df-pn combines them:
//   phi(n) = min over children of delta(c),   delta(n) = sum over children of phi(c).
// A searcher takes the most-proving leaf, going down from the earliest open root to the child
// of least delta each time; a leaf already being searched is passed over, and so is a child
// whose every open leaf is, for the child of next least delta (so two searchers never take one
// leaf). A leaf's jobs get doubling budgets; once a leaf has been searched `expand_after`
// nodes in all, it is expanded instead: a child for each of its mover's options, with the
// numbers rank 0's table has for it (exact if proved there, else the mobility guess).
//
// WHY THIS IS SOUND. Every number that settles a node is exact: a job's Win or Loss is a
// df-pn proof of its position, a mover without options has lost, and min/sum over all of a
// node's options is the definition of a win (some option the other player loses) and a loss
// (every option won by him). Numbers that settle nothing only order the search. So a group is
// settled as one process settles it, whichever ranks searched what; only which refutation is
// named may change, as with threads.
//
// A leaf whose mover has one option is expanded before any search: its search would be its
// child's, and the chain of forced moves (b6 above has one answer) would otherwise pass
// through the budgets one leaf at a time while the other ranks wait.
//
// COST. A job starts afresh on a rank whose table has not seen its position, so expanding
// early repeats work and expanding late leaves ranks idle; `expand_after` is the balance.
// Jobs name their position by the reply and the moves from it (proof/rank_rounds.hpp), so nothing
// game-specific crosses between ranks.
//
// Measurements (the tree against rounds and one process; expand_after; rules against
// repeated work tried and dropped): docs/decisions/root-scheduling.md.
#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <limits>
#include <mutex>
#include <numeric>
#include <optional>
#include <vector>

#include "core/stop.hpp"
#include "solver/proof/dfpn_choice.hpp"
#include "solver/proof/rank_rounds.hpp"
#include "solver/proof/settle_search.hpp"

namespace solver {

// Node budgets of the tree's jobs.
struct JobTreeLimits {
  uint64_t first_budget = uint64_t{1} << 16;  // a leaf's first job
  uint64_t last_budget = uint64_t{1} << 40;   // past it, one job without a budget
  uint64_t expand_after = uint64_t{1} << 19;  // a leaf searched this much in all is expanded
};

// Games whose positions the tree can expand; for others it is a tree of the groups and their
// replies only, whose leaves get doubling budgets.
template <class G>
concept TreeGame = requires(const typename G::Position& p, core::Side side) {
  G::for_each_option(p, side, [](const typename G::Position&) {});
  { G::count_options(p, side) } -> std::convertible_to<int>;
};

// What settle_by_job_tree reports besides the results: nodes of the tree, leaves expanded,
// jobs run.
struct JobTreeStats {
  uint64_t nodes = 0, expanded = 0, jobs = 0;
};

// Returns every position's result as settle_in_rounds does (Unknown where not needed or
// given up). `run(reply, path, position, mover, budget, unneeded)` searches one job for a
// searcher and returns its Searched; `searchers(work)` runs work(run) on every searcher,
// each with its own run, and returns when all have.
// Long by design (about 200 lines): one scheduler whose state (the tree, its lock and
// condition) its named lambdas share; as a class it would be the same lines.
template <class Solver, class Position, class Searchers>
std::vector<core::Result> settle_by_job_tree(Solver& dfpn, const std::vector<Position>& positions,
                                             core::Side side,
                                             const std::vector<std::vector<size_t>>& groups,
                                             core::StopToken& stop, Searchers&& searchers,
                                             SettleProgress* progress = nullptr,
                                             const JobTreeLimits& limits = {},
                                             JobTreeStats* tree_stats = nullptr) {
  using G = typename Solver::Game;
  using core::Result;
  constexpr uint32_t kInf = dfpn_choice::kInf;
  constexpr uint32_t kNone = ~uint32_t{0};
  struct Node {
    Position pos;
    core::Side side;             // the player to move
    uint32_t parent;             // kNone at a group's root
    size_t reply;                // the reply this node lies under (or is)
    std::vector<uint16_t> path;  // moves from the reply to here
    std::vector<uint32_t> kids;
    bool expanded = false, busy = false;
    bool wide = false;    // more options than a job's path can name: searched as a leaf only
    bool forced = false;  // its mover has one option: expanded before any search
    uint32_t phi = 1, delta = 1;
    uint64_t searched = 0, next_budget = 0;
  };
  std::deque<Node> nodes;  // references stay valid as it grows
  std::mutex mu;
  std::condition_variable changed;
  JobTreeStats local_stats;
  JobTreeStats& st = tree_stats ? *tree_stats : local_stats;
  const auto settled = [](const Node& n) { return n.phi == 0 || n.delta == 0; };
  const auto combine = [&](Node& n) {
    if (n.kids.empty()) {  // no option: the mover has lost
      n.phi = kInf, n.delta = 0;
      return;
    }
    uint32_t phi = kInf, delta = 0;
    for (const uint32_t k : n.kids) {
      phi = std::min(phi, nodes[k].delta);
      delta = dfpn_choice::sat_add(delta, nodes[k].phi);
    }
    n.phi = phi, n.delta = delta;
  };
  const auto propagate = [&](uint32_t from) {
    for (uint32_t p = nodes[from].parent; p != kNone; p = nodes[p].parent) combine(nodes[p]);
  };
  const auto add_node = [&](const Position& pos, core::Side mover, uint32_t parent, size_t reply,
                            std::vector<uint16_t> path) {
    Node n{pos, mover, parent, reply, std::move(path), {}};
    if constexpr (TreeGame<G>) n.forced = G::count_options(pos, mover) == 1;
    const auto numbers = dfpn.peek(pos, mover);
    n.phi = numbers.v0, n.delta = numbers.v1;
    n.next_budget = limits.first_budget;
    nodes.push_back(std::move(n));
    ++st.nodes;
    return static_cast<uint32_t>(nodes.size() - 1);
  };

  // TWINS (proof/reply_rounds.hpp): replies of one group that are the same game have one node.
  std::vector<size_t> twin(positions.size());
  std::iota(twin.begin(), twin.end(), size_t{0});
  std::vector<uint32_t> roots, node_of(positions.size(), kNone);
  for (const auto& g : groups) {
    std::vector<Keyed<Position>> keys;
    for (size_t k : g) keys.push_back(G::key(positions[k]));
    const uint32_t root = static_cast<uint32_t>(nodes.size());
    // (A root is never searched: its position is left unset. With no replies it is settled:
    // the replier has lost.)
    nodes.push_back(
        Node{Position{}, core::opponent(side), kNone, g.empty() ? 0 : g.front(), {}, {}});
    nodes[root].expanded = true;
    for (size_t i = 0; i < g.size(); ++i) {
      for (size_t j = 0; j < i; ++j)
        if (keys[i].key == keys[j].key && keys[i].negated == keys[j].negated) {
          twin[g[i]] = twin[g[j]];
          break;
        }
      if (twin[g[i]] != g[i]) continue;
      node_of[g[i]] = add_node(positions[g[i]], side, root, g[i], {});
      nodes[root].kids.push_back(node_of[g[i]]);
    }
    combine(nodes[root]);
    roots.push_back(root);
  }
  const auto report = [&] {
    if (!progress) return;
    uint64_t decided = 0, done = 0;
    for (size_t k = 0; k < positions.size(); ++k)
      if (node_of[twin[k]] != kNone && settled(nodes[node_of[twin[k]]])) ++decided;
    for (const uint32_t r : roots) done += settled(nodes[r]);
    progress->positions_decided = decided;
    progress->groups_settled = done;
  };
  if (progress) {
    uint64_t members = 0;
    for (const auto& g : groups) members += g.size();
    progress->groups = groups.size();
    progress->positions = members;
    report();
  }

  // A leaf's children, one for each option of its mover, in for_each_option's order.
  const auto expand = [&](uint32_t n) {
    std::vector<Position> options;
    if constexpr (TreeGame<G>)
      G::for_each_option(nodes[n].pos, nodes[n].side,
                         [&](const Position& c) { options.push_back(c); });
    if (options.size() > std::numeric_limits<uint16_t>::max()) {
      nodes[n].wide = true;
      return;
    }
    for (size_t i = 0; i < options.size(); ++i) {
      std::vector<uint16_t> path = nodes[n].path;
      path.push_back(static_cast<uint16_t>(i));
      const uint32_t c =
          add_node(options[i], core::opponent(nodes[n].side), n, nodes[n].reply, std::move(path));
      nodes[n].kids.push_back(c);
    }
    nodes[n].expanded = true;
    ++st.expanded;
    combine(nodes[n]);
    propagate(n);
  };
  const auto can_expand = [&](const Node& n) {
    return TreeGame<G> && (n.forced || n.searched >= limits.expand_after) &&
           n.path.size() < rank_rounds::kMaxDepth && n.next_budget != 0 && !n.wide;
  };
  // The most-proving leaf under n that nobody is searching (THE TREE above).
  const auto select = [&](auto& self, uint32_t n) -> std::optional<uint32_t> {
    const Node& x = nodes[n];
    if (settled(x)) return std::nullopt;
    if (!x.expanded)  // (a leaf given up after its last job has no next budget)
      return x.busy || x.next_budget == 0 ? std::nullopt : std::optional(n);
    std::vector<uint32_t> order = x.kids;
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return nodes[a].delta < nodes[b].delta; });
    for (const uint32_t k : order)
      if (auto leaf = self(self, k)) return leaf;
    return std::nullopt;
  };
  // The next job of a searcher: a leaf in the earliest open group, expanding those searched
  // enough on the way.
  const auto take = [&]() -> std::optional<uint32_t> {
    for (const uint32_t r : roots) {
      while (!settled(nodes[r])) {
        const auto leaf = select(select, r);
        if (!leaf) break;
        if (!can_expand(nodes[*leaf])) return leaf;
        expand(*leaf);
      }
    }
    return std::nullopt;
  };
  const auto all_settled = [&] {
    return std::all_of(roots.begin(), roots.end(), [&](uint32_t r) { return settled(nodes[r]); });
  };
  // Whether node n's job still matters: neither it nor any node above it is settled.
  const auto needed = [&](uint32_t n) {
    for (uint32_t p = n; p != kNone; p = nodes[p].parent)
      if (settled(nodes[p])) return false;
    return true;
  };

  int running = 0;  // jobs out
  searchers([&](auto& run) {
    std::unique_lock lock(mu);
    while (!stop.poll() && !all_settled()) {
      const auto leaf = take();
      if (!leaf) {  // every open leaf is being searched (or given up)
        if (running == 0) break;
        changed.wait_for(lock, std::chrono::milliseconds(20));
        continue;
      }
      ++running;
      Node& x = nodes[*leaf];
      x.busy = true;
      const uint64_t budget = x.next_budget;
      x.next_budget = budget > limits.last_budget ? 0 : budget * 2;
      ++st.jobs;
      const Position pos = x.pos;
      const core::Side mover = x.side;
      const size_t reply = x.reply;
      const std::vector<uint16_t> path = x.path;
      lock.unlock();
      const auto unneeded = [&, n = *leaf] {
        std::lock_guard hold(mu);
        return !needed(n);
      };
      const Searched s =
          run(reply, std::span<const uint16_t>(path), pos, mover,
              budget > limits.last_budget ? std::nullopt : std::optional(budget), unneeded);
      lock.lock();
      --running;
      x.busy = false;
      x.searched += budget;
      if (s.result == Result::Win)
        x.phi = 0, x.delta = kInf;
      else if (s.result == Result::Loss)
        x.phi = kInf, x.delta = 0;
      else if (!settled(x))  // (an exact result from its children stands)
        x.phi = std::clamp<uint32_t>(s.phi, 1, kInf - 1),
        x.delta = std::clamp<uint32_t>(s.delta, 1, kInf - 1);
      propagate(*leaf);
      report();
      changed.notify_all();
    }
    changed.notify_all();
  });

  std::vector<Result> out(positions.size(), Result::Unknown);
  for (size_t k = 0; k < positions.size(); ++k) {
    const uint32_t n = node_of[twin[k]];
    if (n == kNone) continue;
    out[k] = nodes[n].phi == 0 ? Result::Win : nodes[n].delta == 0 ? Result::Loss : Result::Unknown;
  }
  return out;
}

// The tree across the ranks of an MPI run, on rank 0 (the others serve_rank_rounds): rank 0's
// `threads` search here, and a proxy thread for each thread of every other rank sends jobs
// there (proof/rank_rounds.hpp).
template <class Solver, class Position>
std::vector<core::Result> settle_tree_across_ranks(
    Solver& dfpn, const std::vector<Position>& positions, core::Side side,
    const std::vector<std::vector<size_t>>& groups, int threads, core::StopToken& stop,
    RoundStats* across_ranks, SettleProgress* progress = nullptr,
    const JobTreeLimits& limits = {}) {
  auto here = [&](size_t, std::span<const uint16_t>, const Position& pos, core::Side mover,
                  std::optional<uint64_t> budget,
                  const auto& unneeded) { return search_here(dfpn, pos, mover, budget, unneeded); };
  auto searchers = [&](auto&& work) {
    RankProxies proxies(threads, stop);
    proxies.start([&](RemoteSearch& remote) {
      auto there = [&](size_t reply, std::span<const uint16_t> path, const Position&, core::Side,
                       std::optional<uint64_t> budget, const auto& unneeded) {
        return remote.search(reply, path, budget, unneeded);
      };
      work(there);
    });
    tbb::parallel_for(
        0, std::max(1, threads), [&](int) { work(here); }, tbb::simple_partitioner());
    proxies.join(across_ranks);
  };
  return settle_by_job_tree(dfpn, positions, side, groups, stop, searchers, progress, limits);
}

}  // namespace solver
