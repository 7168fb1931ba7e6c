#pragma once
// Outcome search over sums of regions: depth-first proof-number search (df-pn).
//
// Search the sum, not the board. A search state is (known, hard regions, side to move):
// `known` is the canonical value of every region small enough to evaluate exactly (or whose
// value is already in the value table), folded into one game; the hard regions are played
// out. A move is either a move inside one hard region (whose children are split again and
// re-classified) or a move to an option of `known` (an equal game has the same outcome in
// every sum, so moving in the canonical form is as good as moving on the board). When no hard
// region is left the outcome is read off `known` at once.
//
// df-pn in the phi/delta form: for the player to move, phi = proof number of "I win",
// delta = its disproof number; phi(n) = min over children of delta(c), delta(n) = sum of
// phi(c).
//  * Initialisation: an unexpanded child whose mover has m options gets phi = 1, delta = m
//    (to refute a win every option must be refuted), the df-pn+ mobility heuristic.
//  * Threshold starvation: child thresholds use the 1+epsilon trick (Pawlewicz & Lew), with
//    epsilon = 1/4, so a search does not bounce between two siblings of near-equal delta.
//  * Cycles / GHI: none; every move removes a stone, so the state graph is acyclic.
//  * Transpositions make the state graph a DAG, where summing phi over children counts
//    shared descendants twice. That only overestimates numbers (search order), never a
//    result: proofs and disproofs are exact.
//  * Table: states are keyed by a 128-bit hash (two independent multiset hashes of the
//    region keys plus the known value's id and the side to move) in the ConcurrentTable;
//    replacement prefers keeping the entries that cost the most nodes. Only exact results
//    (phi = 0 or delta = 0) and intermediate numbers are stored, never anything else.
#include <tbb/task_group.h>

#include <algorithm>
#include <atomic>
#include <cgt/game.hpp>
#include <cstdint>
#include <vector>

#include "solver/game.hpp"
#include "solver/table.hpp"
#include "solver/values.hpp"

namespace solver {

enum class Result : uint8_t { Win, Loss, Unknown };  // for the player to move

struct SearchLimits {
  int value_limit = 6;                      // regions with at most this size get values
  const std::atomic<bool>* stop = nullptr;  // set from outside to stop (timeout)
};

template <PartizanGame G>
class DfpnSolver {
 public:
  using Position = typename G::Position;
  static constexpr uint32_t kInf = 1u << 30;
  static constexpr int kMaxHard = 16;

  DfpnSolver(ValueSolver<G>& values, ConcurrentTable& proofs, SearchLimits limits)
      : values_(values), proofs_(proofs), limits_(limits) {}

  // Does the player to move win position p?
  Result solve(const Position& p, bool left_to_move) {
    State s = make_state(cgt::zero(), nullptr, 0);
    G::for_each_region(p, [&](const Position& r) { add_region(s, r); });
    s.left = left_to_move;
    if (s.overflow) return Result::Unknown;
    if (s.hard_count == 0) return settle(s);
    hash(s);
    mid(s, kInf - 1, kInf - 1);
    const TablePayload e = last_;
    if (e.v0 == 0) return Result::Win;
    if (e.v1 == 0) return Result::Loss;
    return Result::Unknown;
  }

  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }

 private:
  struct Hard {
    Position pos;
    uint64_t h1, h2;  // multiset hash terms of this region
  };
  struct State {
    cgt::GameId known;
    bool left = true;
    bool overflow = false;
    int hard_count = 0;
    Hard hard[kMaxHard];
    uint64_t h1 = 0, h2 = 0;
  };

  State make_state(cgt::GameId known, const State* from, int skip) {
    State s;
    s.known = known;
    if (from) {
      s.left = !from->left;
      for (int i = 0; i < from->hard_count; ++i)
        if (i != skip) s.hard[s.hard_count++] = from->hard[i];
    }
    return s;
  }

  void add_region(State& s, const Position& r) {
    if (G::size(r) <= limits_.value_limit) {
      s.known = cgt::add(s.known, values_.region_value(r));
      return;
    }
    const Keyed<Position> k = G::key(r);
    if (auto hit = peek_value(k)) {
      s.known = cgt::add(s.known, k.negated ? cgt::neg(*hit) : *hit);
      return;
    }
    if (s.hard_count == kMaxHard) {
      s.overflow = true;
      return;
    }
    const uint64_t base = hash_key(k.key) ^ (k.negated ? 0x5bd1e9955bd1e995ull : 0);
    s.hard[s.hard_count++] = Hard{r, mix64(base), mix64(base ^ 0x2545f4914f6cdd1dull)};
  }

  std::optional<cgt::GameId> peek_value(const Keyed<Position>& k) { return values_.peek(k.key); }

  void hash(State& s) {
    uint64_t h1 = mix64(uint64_t(s.known) * 0x9e3779b97f4a7c15ull + 1);
    uint64_t h2 = mix64(uint64_t(s.known) * 0xc2b2ae3d27d4eb4full + 7);
    for (int i = 0; i < s.hard_count; ++i) h1 += s.hard[i].h1, h2 += s.hard[i].h2;
    s.h1 = h1;
    s.h2 = h2;
  }

  RegionKey table_key(const State& s) const { return RegionKey{s.h1, s.h2, uint16_t(s.left)}; }

  Result settle(const State& s) const {
    const cgt::Outcome o = cgt::outcome(s.known);
    if (o == cgt::Outcome::N) return Result::Win;
    if (o == cgt::Outcome::P) return Result::Loss;
    return ((o == cgt::Outcome::L) == s.left) ? Result::Win : Result::Loss;
  }

  int count_options(const State& s) const {
    int n = 0;
    for (int i = 0; i < s.hard_count; ++i) n += G::count_options(s.hard[i].pos, s.left);
    n += static_cast<int>(s.left ? cgt::left_options(s.known).size()
                                 : cgt::right_options(s.known).size());
    return n;
  }

  // (phi, delta) of a state as far as known: exact when settled, else table, else heuristic.
  TablePayload lookup(const State& s) {
    if (s.hard_count == 0) {
      return settle(s) == Result::Win ? TablePayload{0, kInf} : TablePayload{kInf, 0};
    }
    if (auto e = proofs_.find(table_key(s))) return *e;
    const int m = count_options(s);
    if (m == 0) return TablePayload{kInf, 0};
    return TablePayload{1, static_cast<uint32_t>(m)};
  }

  void children(const State& s, std::vector<State>& out) {
    out.clear();
    for (int i = 0; i < s.hard_count; ++i) {
      G::for_each_option(s.hard[i].pos, s.left, [&](const Position& c) {
        State t = make_state(s.known, &s, i);
        G::for_each_region(c, [&](const Position& r) { add_region(t, r); });
        hash(t);
        out.push_back(t);
      });
    }
    const auto opts = s.left ? cgt::left_options(s.known) : cgt::right_options(s.known);
    for (cgt::GameId o : opts) {
      State t = make_state(o, &s, -1);
      hash(t);
      out.push_back(t);
    }
  }

  bool stopped() const { return limits_.stop && limits_.stop->load(std::memory_order_relaxed); }

  static uint32_t sat_add(uint32_t a, uint32_t b) {
    return std::min<uint64_t>(kInf, uint64_t(a) + b);
  }

  void mid(const State& s, uint32_t th_phi, uint32_t th_delta) {
    nodes_.fetch_add(1, std::memory_order_relaxed);
    const uint64_t start = nodes();
    std::vector<State> kids;
    children(s, kids);
    // Children are probed once; afterwards only the child just searched is probed again.
    // A sibling proved meanwhile through a transposition keeps its old (stale) numbers here,
    // which only affects the search order: a stale number is never 0 unless it was proved.
    std::vector<TablePayload> pd(kids.size());
    for (size_t i = 0; i < kids.size(); ++i) pd[i] = lookup(kids[i]);
    while (true) {
      uint32_t delta = 0;
      size_t best = 0;
      uint32_t best_delta = kInf, second_delta = kInf;
      for (size_t i = 0; i < kids.size(); ++i) {
        const uint32_t cphi = pd[i].v0, cdelta = pd[i].v1;
        delta = sat_add(delta, cphi);
        if (cdelta < best_delta) {
          second_delta = best_delta;
          best_delta = cdelta;
          best = i;
        } else if (cdelta < second_delta) {
          second_delta = cdelta;
        }
      }
      const uint32_t phi = kids.empty() ? kInf : best_delta;
      if (kids.empty()) delta = 0;
      const bool done = phi == 0 || delta == 0;
      if (done || phi >= th_phi || delta >= th_delta || stopped()) {
        proofs_.store(table_key(s), TablePayload{phi, delta}, work_of(nodes() - start, done));
        last_ = TablePayload{phi, delta};
        return;
      }
      const uint32_t child_phi = sat_add(th_delta - delta, pd[best].v0);  // < kInf by loop test
      const uint32_t eps =
          second_delta >= kInf ? kInf : sat_add(second_delta, second_delta / 4 + 1);
      const uint32_t child_delta = std::min(th_phi, eps);
      mid(kids[best], child_phi, child_delta);
      // The child's own result, even if the table lost it to a concurrent replacement.
      pd[best] = last_;
    }
  }

  static unsigned work_of(uint64_t nodes, bool exact) {
    unsigned w = 0;
    while (nodes > 1) nodes >>= 1, ++w;
    return exact ? std::min(255u, w + 8) : w;  // exact results are worth more than estimates
  }

  ValueSolver<G>& values_;
  ConcurrentTable& proofs_;
  SearchLimits limits_;
  std::atomic<uint64_t> nodes_{0};
  // (phi, delta) of the node mid() last finished; per thread, since one solver serves many.
  static inline thread_local TablePayload last_{};
};

}  // namespace solver
