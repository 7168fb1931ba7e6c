#pragma once
// Which child a df-pn node descends into next (proof/dfpn.hpp), kept apart so the rule can be
// tested on its own.
//
// The node's numbers for the player to move: phi = least delta of its children, delta = sum
// of their phi. The child is the one of least delta, with the 1+epsilon threshold over the
// runner-up (Pawlewicz & Lew, epsilon = 1/4), so a search does not bounce between two
// siblings of near-equal delta. `order` breaks ties among children of equal delta (df-pn+
// initialises many alike): 0 takes the first, 1 the last, larger orders the same from a
// start shifted by order / 2.
//
// SPLITTING (several searchers on one tree). A node whose phi >= delta looks lost for the
// player to move: proving that needs every child refuted, so two searchers there waste
// nothing by taking different children. There, when the best child is busy (another
// searcher is inside it), this searcher takes the best child nobody is in. Where phi < delta
// the node looks won, one child will do, and a second child would be a guess: both
// searchers go to the best one and split further down. Measured on 6x6 standard after d3, c3
// (Black to move loses), 2 threads, 11 runs each: splitting everywhere was slower than not
// splitting at all, and splitting only where phi >= delta took the median from 2.57 M nodes
// (1.73 s) to 2.22 M (1.53 s); one thread needs 2.22 M nodes (2.90 s).
//
// The free child is taken only if it can make progress: its delta must be below its own
// threshold (over the runner-up among the free children). Otherwise the searcher joins the
// best child, so it never spins in place, whatever the other searchers do.
#include <cstddef>
#include <cstdint>

#include "solver/proof/table.hpp"

namespace solver::dfpn_choice {

constexpr uint32_t kInf = 1u << 30;

inline uint32_t sat_add(uint32_t a, uint32_t b) {
  const uint64_t s = uint64_t(a) + b;
  return s < kInf ? uint32_t(s) : kInf;
}
// The 1+epsilon threshold over the second-best sibling's delta.
inline uint32_t epsilon(uint32_t second_delta) {
  return second_delta >= kInf ? kInf : sat_add(second_delta, second_delta / 4 + 1);
}

// The child of least delta and the runner-up's delta.
struct Pick {
  size_t best = 0;
  uint32_t best_delta = kInf, second_delta = kInf;
  void offer(size_t i, uint32_t d) {
    if (d < best_delta) {
      second_delta = best_delta;
      best_delta = d;
      best = i;
    } else if (d < second_delta) {
      second_delta = d;
    }
  }
};

struct Choice {
  uint32_t phi, delta;   // the node's numbers
  size_t child;          // index of the child to search (when the node is not finished)
  uint32_t child_delta;  // that child's delta threshold
};

// pd(i): child i's (phi, delta) for its own player to move, i < count. busy(i): whether
// another searcher is inside child i (asked only when splitting).
template <class Numbers, class Busy>
Choice choose(size_t count, Numbers&& pd, int order, uint32_t th_phi, bool split, Busy&& busy) {
  uint32_t delta = 0;
  Pick truth;
  size_t at = order < 2 || count == 0 ? 0 : size_t(order / 2) % count;
  for (size_t n = 0; n < count; ++n) {
    const size_t i = order & 1 ? count - 1 - at : at;
    const TablePayload p = pd(i);
    delta = sat_add(delta, p.v0);
    truth.offer(i, p.v1);
    if (++at == count) at = 0;
  }
  if (count == 0) return Choice{kInf, 0, 0, 0};
  Choice c{truth.best_delta, delta, truth.best, std::min(th_phi, epsilon(truth.second_delta))};
  if (!split || c.phi < c.delta || !busy(truth.best)) return c;
  Pick free;
  for (size_t i = 0; i < count; ++i)
    if (i != truth.best && !busy(i)) free.offer(i, pd(i).v1);
  if (free.best_delta >= kInf) return c;
  const uint32_t threshold = std::min(th_phi, epsilon(free.second_delta));
  if (free.best_delta < threshold) {
    c.child = free.best;
    c.child_delta = threshold;
  }
  return c;
}

}  // namespace solver::dfpn_choice
