#pragma once
// Exact values by proof: a large region's value is guessed among simple values and the guess
// is proved with outcome searches; only a region no guess fits (and no small budget values
// directly) is computed from its options (and each of those regions again by proof).
//
// WHY. A canonical form built from options needs the canonical form of every region
// reachable from the position: about 150,000 for one 5x5 opening position and tens of
// millions on 6x6. Yet opening positions mostly have simple values (0, 1, -1, ...), and
// df-pn decides an outcome while visiting a small part of the game.
//
// PROOF. For any game c, G = c iff G - c = 0 iff G - c is a second-player win: the player to
// move in G - c loses, whoever starts (the definition of equality). solve_plus() decides
// both outcomes of G + (-c) exactly (df-pn proofs are exact), so when both are losses, c is
// G's value, and since canonical forms are unique and c is canonical, it is G's canonical
// form. The same two searches give the outcome class of G - c in every case: L (Left wins
// both) means G > c, R means G < c, N means G || c.
//
// THE GUESSES are cgt::guess_by_comparison's (cgt/guess.hpp), each comparison the two
// searches above: numbers, numbers plus ups, downs and stars, and switches between numbers
// (with or without stars), found from the outcome bits of G - c at numbers c.
//
// THE ORDER. A region over direct_size is first built from its options within a node
// budget (direct_budget); the regions that budget finished stay in the value table. Only
// when it runs out is the region guessed, and only when no guess fits is it built from its
// options with each option's regions valued by this same procedure. Measured on 8x8
// endgames of 24-27 stones: a sparse region of 13-20 stones costs fewer nodes built from its
// options than the 2-50 searches of one guess, while a dense one (an opening) is out of
// reach that way and a guess settles it.
//
// DOMINATED OPTIONS. Removing a dominated option (a Left option x with x <= y for another
// Left option y; for Right, x >= y) leaves a game equal to the original, so the canonical
// form built from the undominated options alone is G's. So an option is first compared with
// the values of the options kept so far: x <= c is one search (Left moving first loses
// x - c), where valuing x takes a guess of 2-50 searches or a recursion. Only options no
// kept value shows dominated are valued, and the kept values they beat are dropped.
// Measured on the 44 positions of 28-35 stones of bench/data/endgames-8x8.tsv (`konane value
// --threads 1 --node-budget 4000000`): 19 valued instead of 16, every value the same; the
// three gained are the hot ones (e.g. {{-5/4|-3/2}|{-9/2|-5}} in 0.58 M nodes), and the
// others took the same nodes, never reaching the options.
//
// Values are exact either way, and the ones found are remembered in the value table, where
// the searches (which fold known regions into one game) and later positions find them.
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <cgt/game.hpp>
#include <cgt/guess.hpp>
#include <numeric>
#include <optional>
#include <vector>

#include "solver/game.hpp"
#include "solver/proof/dfpn.hpp"
#include "solver/values/values.hpp"

namespace solver {

struct ProverLimits {
  // Regions with at most this many (G::size) units are valued directly from their options
  // (ValueSolver): below it, two searches cost more than the whole subtree.
  int direct_size = 12;
  // Larger regions are first built from their options with at most this many nodes (0:
  // never), and guessed only when that runs out: a sparse region's options are often fewer
  // than the searches of one guess.
  uint64_t direct_budget = 20000;
  int threads = 1;                  // run the two searches of a guess at once
  core::StopToken* stop = nullptr;  // a stop from outside or a deadline: give up with nullopt
};

template <PartizanGame G>
class ValueProver {
 public:
  using Position = typename G::Position;

  ValueProver(ValueSolver<G>& values, DfpnSolver<G>& dfpn, ProverLimits limits)
      : values_(values), dfpn_(dfpn), limits_(limits) {}

  // The value of any position (the sum of its regions'), or nullopt once stopped.
  std::optional<cgt::GameId> value(const Position& p) {
    std::vector<Position> regions;
    for_each_root_region<G>(p, [&](const Position& r) { regions.push_back(r); });
    cgt::GameId sum = cgt::zero();
    for (const Position& r : regions) {
      const auto v = region_value(r);
      if (!v) return std::nullopt;
      sum = cgt::add(sum, *v);
    }
    return sum;
  }

  // The value of one region (a position that does not split), or nullopt once stopped.
  std::optional<cgt::GameId> region_value(const Position& region) {
    if (G::size(region) <= limits_.direct_size) return values_.region_value(region);
    const Keyed<Position> k = G::key(region);
    const auto v = rep_value(k);
    if (!v) return std::nullopt;
    return k.negated ? cgt::neg(*v) : *v;
  }

  // Regions whose value a guess proved, and regions built from their options.
  uint64_t proved() const { return proved_.load(std::memory_order_relaxed); }
  uint64_t expanded() const { return expanded_.load(std::memory_order_relaxed); }
  // Regions over direct_size built from their options within direct_budget.
  uint64_t direct() const { return direct_.load(std::memory_order_relaxed); }
  // Options of regions built from their options that one search showed dominated, so that
  // they were never valued.
  uint64_t dominated() const { return dominated_.load(std::memory_order_relaxed); }

 private:
  bool stopped() const { return limits_.stop && limits_.stop->poll(); }

  std::optional<cgt::GameId> rep_value(const Keyed<Position>& k) {
    if (auto hit = values_.peek(k.key, G::size(k.rep))) return *hit;
    if (limits_.direct_budget > 0) {
      if (auto v = values_.rep_value_within(k, limits_.direct_budget, limits_.stop)) {
        direct_.fetch_add(1, std::memory_order_relaxed);
        return *v;
      }
      if (stopped()) return std::nullopt;
    }
    const Guess g = guess(k.rep);
    if (g.stopped) return std::nullopt;
    if (g.value != cgt::kNoGame) {
      proved_.fetch_add(1, std::memory_order_relaxed);
      values_.remember(k, g.value);
      return g.value;
    }
    const auto v = from_options(k.rep);
    if (v) {
      expanded_.fetch_add(1, std::memory_order_relaxed);
      values_.remember(k, *v);
    }
    return v;
  }

  // Built from the options: each side's undominated ones (DOMINATED OPTIONS above), the two
  // sides at once when allowed.
  std::optional<cgt::GameId> from_options(const Position& rep) {
    std::vector<Position> lefts, rights;
    G::for_each_option(rep, core::Side::Left, [&](const Position& c) { lefts.push_back(c); });
    G::for_each_option(rep, core::Side::Right, [&](const Position& c) { rights.push_back(c); });
    std::optional<std::vector<cgt::GameId>> l, r;
    if (limits_.threads > 1) {
      tbb::task_group tg;
      tg.run([&] { l = undominated(lefts, core::Side::Left); });
      r = undominated(rights, core::Side::Right);
      tg.wait();
    } else {
      l = undominated(lefts, core::Side::Left);
      if (l) r = undominated(rights, core::Side::Right);
    }
    if (!l || !r) return std::nullopt;
    return cgt::make_game(*l, *r);
  }

  // The values of `left`'s options that none found before is at least as good as, or
  // nullopt once stopped. Options come most promising first (the mover's options less the
  // other side's, a guess that only orders the work), so that the best are valued first and
  // the rest are settled by one search each against them.
  std::optional<std::vector<cgt::GameId>> undominated(std::vector<Position>& options,
                                                      core::Side side) {
    std::vector<int> promise(options.size());
    for (size_t i = 0; i < options.size(); ++i)
      promise[i] =
          G::count_options(options[i], side) - G::count_options(options[i], core::opponent(side));
    std::vector<size_t> order(options.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return promise[a] > promise[b]; });
    std::vector<cgt::GameId> kept;
    for (size_t i : order) {
      bool dominated = false;
      for (size_t j = 0; j < kept.size() && !dominated; ++j) {
        const auto d = no_better(options[i], kept[j], side);
        if (!d) return std::nullopt;
        dominated = *d;
      }
      if (dominated) {
        dominated_.fetch_add(1, std::memory_order_relaxed);
        continue;
      }
      const auto v = value(options[i]);
      if (!v) return std::nullopt;
      // Whatever v is at least as good as goes (x == v cannot be kept: the search above
      // would have shown options[i] no better than it).
      std::erase_if(kept, [&](cgt::GameId c) {
        const cgt::Cmp o = cgt::compare(c, *v);
        return o == cgt::Cmp::Equal ||
               o == (core::is_left(side) ? cgt::Cmp::Less : cgt::Cmp::Greater);
      });
      kept.push_back(*v);
    }
    return kept;
  }

  // Is option x no better for `left` than the game c (x <= c for Left, x >= c for Right)?
  // One search: x - c <= 0 iff Left moving first loses it, x - c >= 0 iff Right moving first
  // does. Unknown without a stop (a state too wide to search) only means "not shown": x is
  // then valued. nullopt once stopped.
  std::optional<bool> no_better(const Position& x, cgt::GameId c, core::Side side) {
    const Result r = dfpn_.solve_plus(x, cgt::neg(c), side);
    if (r == Result::Unknown && stopped()) return std::nullopt;
    return r == Result::Loss;
  }

  struct Guess {
    cgt::GameId value = cgt::kNoGame;  // kNoGame: no guess proved
    bool stopped = false;
  };

  // How p compares with c (see the proof above); nullopt when a search did not finish.
  std::optional<cgt::Cmp> versus(const Position& p, cgt::GameId c) {
    const cgt::GameId offset = cgt::neg(c);
    Result left_first = Result::Unknown, right_first = Result::Unknown;
    if (limits_.threads > 1) {
      // One searcher starts on each; the first to finish joins the other in the next child
      // order (DfpnSolver::solve's `order`), so that a cheap side does not leave its thread
      // idle while the other side's search decides the time.
      std::atomic<Result> side[2] = {Result::Unknown, Result::Unknown};  // Left first, Right
      auto work = [&](int first) {
        for (int order = 0; order < 2; ++order) {
          std::atomic<Result>& mine = side[first ^ order];
          if (mine.load() != Result::Unknown) continue;
          const Result r = dfpn_.solve_plus(
              p, offset, core::side_of((first ^ order) == 0),
              [&] { return mine.load() != Result::Unknown; }, order);
          if (r != Result::Unknown) mine.store(r);
        }
      };
      tbb::task_group tg;
      tg.run([&] { work(0); });
      work(1);
      tg.wait();
      left_first = side[0].load();
      right_first = side[1].load();
    } else {
      left_first = dfpn_.solve_plus(p, offset, core::Side::Left);
      if (left_first != Result::Unknown)
        right_first = dfpn_.solve_plus(p, offset, core::Side::Right);
    }
    if (left_first == Result::Unknown || right_first == Result::Unknown) return std::nullopt;
    const bool lw = left_first == Result::Win, rw = right_first == Result::Win;
    if (lw && rw) return cgt::Cmp::Fuzzy;
    if (lw) return cgt::Cmp::Greater;
    if (rw) return cgt::Cmp::Less;
    return cgt::Cmp::Equal;
  }

  Guess guess(const Position& p) {
    const cgt::GuessResult g =
        cgt::guess_by_comparison([&](cgt::GameId c) { return versus(p, c); });
    // A search that does not finish without a stop (a state too wide to search) only
    // means no guess: the options still give the value.
    return Guess{g.value, g.unfinished && stopped()};
  }

  ValueSolver<G>& values_;
  DfpnSolver<G>& dfpn_;
  ProverLimits limits_;
  std::atomic<uint64_t> proved_{0}, expanded_{0}, direct_{0}, dominated_{0};
};

}  // namespace solver
