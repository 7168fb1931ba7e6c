#pragma once
// Proof-number search for games whose play can repeat (any LoopyRetroGame): does one side,
// the attacker, force a win from (p, side to move)? `solve --game ringboard` runs it where
// the positions reachable from a position are too many for retrograde analysis
// (loopy/analysis.hpp); loopy/proof_analysis.hpp turns two such searches into win, loss or
// draw.
//
// THE QUESTION. A forced win is a finite strategy tree: at the attacker's turns one move, at
// the defender's every move, and every leaf a position where the defender has no move (or
// one an endgame database settles as the attacker's win). Infinite play is no win. So
// "attacker wins" is a goal an AND/OR search can prove or disprove, and a position is a
// draw exactly when neither side's goal holds (spec: ringboard-rules.md, Draws).
//
// THE SEARCH: depth-first proof-number search (df-pn, Nagai) with the 1+epsilon trick
// (Pawlewicz and Lew; epsilon = 1/4) and the df-pn+ mobility initialisation: a new node
// with m moves gets (pn, dn) = (1, m) if the attacker moves there, (m, 1) if the defender
// does. At the attacker's nodes pn = min over children, dn = sum; at the defender's, the
// reverse.
//
// CYCLES AND THE GRAPH-HISTORY INTERACTION (GHI). A move back to a position on the current
// path is a repetition: play that goes round forever is no win, so such a child counts as
// disproved. That verdict belongs to the path, not to the position, and the table is shared
// by every path (GHI: Palay; Campbell; Kishimoto and Mueller). The rules kept here:
//  1. Proofs never depend on the path. A proof's leaves are the defender's terminal
//     positions and database wins; a repetition is never one. Every proved node is stored
//     as proved (pn = 0), with the depth of its proof tree as an upper bound on the plies
//     to the win.
//  2. Disproofs carry the path depth they rely on. A repetition child relies on the depth
//     of the ancestor it repeats. A disproved attacker node relies on the least depth any
//     of its children relies on (all of them are disproved); a disproved defender node on
//     the greatest among its disproved children (it needs one; the least dependent is
//     kept). Positions settled without repetitions rely on nothing.
//  3. A node at depth d whose disproof relies on depth >= d, or on nothing, is stored as
//     disproved (dn = 0). Proof: the nodes it relies on are itself and its descendants on
//     the current path, all of them inside the subtree just searched. Together with the
//     stored disproofs and terminal positions it reached, they form a graph in which the
//     defender always has a move to a node of the graph that is not an attacker's win, and
//     the attacker has only such moves: so the defender can keep the play inside it, ending
//     in the attacker's loss or a draw or going on forever, and the attacker never forces a
//     win. This holds whatever path led to the node, so the stored disproof is true of the
//     position.
//  4. A disproof relying on a shallower depth (a true ancestor) is path-dependent: it is
//     never stored as such. It is returned to the parent, which keeps it for the rest of
//     its own search (its path, and so the ancestor, stay put until it returns), and passes
//     on the dependency by rule 2. The node's table entry keeps its earlier numbers, which
//     only order the search.
//  5. Numbers (pn and dn short of 0) only order the search: a number computed on one path
//     and read on another may misdirect it but never decides a result.
// So every stored and every returned result is exact: proved = the attacker forces a win,
// disproved = he does not.
//
// Memory: one table (loopy/proof_table.hpp) that grows with the search up to a fixed number of
// entries (nothing evicted, so a proof can be read back for a principal variation); the
// search stops with Unknown when it is full, when the node budget is spent or when the stop
// token fires. One thread per searcher.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/outcome.hpp"
#include "core/stop.hpp"
#include "db/database.hpp"
#include "solver/loopy/proof_table.hpp"
#include "solver/loopy/retro_loopy.hpp"

namespace solver {

enum class Proof : uint8_t { Unknown, Proved, Disproved };

struct ProofLimits {
  uint64_t node_budget = 0;         // searched nodes for one prove() call (0: no budget)
  core::StopToken* stop = nullptr;  // polled every thousand nodes
  // Set by another thread when this search has become pointless (the other side's search
  // proved its win); polled with `stop`.
  const std::atomic<bool>* cancel = nullptr;
};

namespace loopy_proof_detail {

inline constexpr uint32_t kInf = 0x3fffffff;
inline constexpr uint16_t kNoLoop = 0xffff;  // a disproof that relies on no path
inline constexpr uint16_t kMaxDepth = 4000;  // recursion depth (stack) before giving up
inline uint32_t add(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>(std::min<uint64_t>(uint64_t{a} + b, kInf));
}

}  // namespace loopy_proof_detail

template <LoopyRetroGame G>
class LoopyProver {
 public:
  using Position = typename G::Position;
  // Facts settled before (an endgame database): the result for the side to move. Asked
  // once per new position with a move, on the prover's thread.
  using Known =
      std::function<db::Expected<std::optional<Settled>>(const Position&, core::Side side)>;

  LoopyProver(const G& game, core::Side attacker, size_t max_entries, Known known = {})
      : g_(game), attacker_(attacker), table_(max_entries), known_(std::move(known)) {
    kids_.reserve(4096);
  }

  core::Side attacker() const { return attacker_; }

  // Proves or disproves "the attacker forces a win" from p with `side` to move. Unknown
  // when a limit stopped it (reason() says which); an error of `known` is returned.
  db::Expected<Proof> prove(const Position& p, core::Side side, const ProofLimits& limits) {
    using namespace loopy_proof_detail;
    limits_ = limits;
    budget_end_ = limits.node_budget ? nodes_ + limits.node_budget : 0;
    aborted_ = false;
    error_.reset();
    const auto [root, fresh] = table_.find_or_insert(g_.key(p), side);
    if (root == ProofTable::kFull) return stop_with("the proof table is full");
    if (fresh) create(root, p, side);
    if (!error_ && table_[root].pn != 0 && table_[root].dn != 0) mid(root, p, side, kInf, kInf, 0);
    if (error_) return *error_;
    return stored(p, side);
  }

  // What the table holds as exact for (p, side): Proved, Disproved or Unknown.
  Proof stored(const Position& p, core::Side side) const {
    const auto* e = table_.find(g_.key(p), side);
    if (!e) return Proof::Unknown;
    if (e->pn == 0) return Proof::Proved;
    if (e->dn == 0) return Proof::Disproved;
    return Proof::Unknown;
  }
  // For a proved (p, side): the depth of its proof tree, an upper bound on the plies to
  // the win; and whether a database settled it (its children are then not in the table).
  std::optional<uint16_t> proof_depth(const Position& p, core::Side side) const {
    const auto* e = table_.find(g_.key(p), side);
    if (!e || e->pn != 0) return std::nullopt;
    return e->bound;
  }
  bool settled_by_known(const Position& p, core::Side side) const {
    const auto* e = table_.find(g_.key(p), side);
    return e && (e->flags & loopy_proof_detail::kKnown);
  }

  uint64_t nodes() const { return nodes_; }
  size_t entries() const { return table_.size(); }
  uint64_t known_hits() const { return known_hits_; }
  const std::string& reason() const { return reason_; }

 private:
  using Entry = loopy_proof_detail::Entry;
  struct Child {
    Position p;
    uint32_t entry = 0;
    uint16_t loop = loopy_proof_detail::kNoLoop;  // see `local`
    bool local = false;  // disproved on this path only, relying on path depth `loop`
  };

  db::Expected<Proof> stop_with(const char* why) {
    reason_ = why;
    return Proof::Unknown;
  }
  bool attacker_moves(core::Side side) const { return side == attacker_; }

  // A new entry's numbers: terminal, settled by `known`, or the mobility guess.
  void create(uint32_t i, const Position& p, core::Side side) {
    using namespace loopy_proof_detail;
    Entry& e = table_[i];
    uint32_t moves = 0;
    g_.for_each_option(p, side, [&](const Position&) { ++moves; });
    const bool attacker = attacker_moves(side);
    if (moves == 0) {  // the side to move has lost
      set_final(e, !attacker, 0);
      return;
    }
    if (known_) {
      auto got = known_(p, side);
      if (!got) {
        error_ = got.error();
        aborted_ = true;
        return;
      }
      if (got->has_value()) {
        ++known_hits_;
        const auto r = (*got)->result;
        const bool won =
            (r == core::Result::Win && attacker) || (r == core::Result::Loss && !attacker);
        set_final(e, won, (*got)->distance);
        e.flags |= kKnown;
        return;
      }
    }
    e.pn = attacker ? 1 : moves;
    e.dn = attacker ? moves : 1;
  }
  static void set_final(Entry& e, bool proved, uint16_t bound) {
    using loopy_proof_detail::kInf;
    e.pn = proved ? 0 : kInf;
    e.dn = proved ? kInf : 0;
    e.bound = proved ? bound : 0;
  }

  bool out_of_limits() {
    if (aborted_) return true;
    if (budget_end_ && nodes_ >= budget_end_) {
      reason_ = "node budget spent";
      aborted_ = true;
    } else if ((nodes_ & 1023) == 0) {
      if (limits_.cancel && limits_.cancel->load(std::memory_order_relaxed)) {
        reason_ = "cancelled";
        aborted_ = true;
      } else if (limits_.stop && limits_.stop->poll()) {
        reason_ = "stopped (time limit)";
        aborted_ = true;
      }
    }
    return aborted_;
  }

  // The multiple-iterative-deepening step of df-pn at entry ne (position p, `left` to
  // move, path depth `depth`): searches until the numbers reach a threshold or the node is
  // settled. Returns the path depth a path-dependent disproof relies on (rule 4 above), or
  // kNoLoop.
  // Long by design (about 110 lines): df-pn's MID step is one loop over the same locals
  // (thresholds, best child, the loop depth); split, the invariants would span functions.
  uint16_t mid(uint32_t ne, Position p, core::Side side, uint32_t thpn, uint32_t thdn,
               uint16_t depth) {
    using namespace loopy_proof_detail;
    ++nodes_;
    if (out_of_limits()) return kNoLoop;
    if (depth >= kMaxDepth) {
      reason_ = "the search went deeper than its limit";
      aborted_ = true;
      return kNoLoop;
    }
    const bool attacker = attacker_moves(side);
    const size_t base = kids_.size();
    g_.for_each_option(p, side, [&](const Position& c) { kids_.push_back(Child{c}); });
    const size_t n = kids_.size() - base;
    for (size_t i = base; i < base + n && !aborted_; ++i) {
      const auto [ci, fresh] = table_.find_or_insert(g_.key(kids_[i].p), core::opponent(side));
      if (ci == ProofTable::kFull) {
        reason_ = "the proof table is full";
        aborted_ = true;
        break;
      }
      kids_[i].entry = ci;
      if (fresh) {
        create(ci, kids_[i].p, core::opponent(side));
      } else if (table_[ci].flags & kOnPath) {  // a repetition (rule 2)
        kids_[i].local = true;
        kids_[i].loop = table_[ci].depth;
      }
    }
    table_[ne].flags |= kOnPath;
    table_[ne].depth = depth;
    uint16_t loop = kNoLoop;
    while (!aborted_) {
      // The node's numbers, its best child and the runner-up's number.
      uint32_t pn = attacker ? kInf : 0, dn = attacker ? 0 : kInf;
      uint32_t open = 0;  // children not disproved (attacker) or not proved (defender)
      uint32_t second = kInf;
      size_t best = base;
      uint16_t dep_loop = attacker ? kNoLoop : 0;
      bool any_disproved = false;
      for (size_t i = base; i < base + n; ++i) {
        const Child& c = kids_[i];
        const uint32_t cpn = c.local ? kInf : table_[c.entry].pn;
        const uint32_t cdn = c.local ? 0 : table_[c.entry].dn;
        const uint16_t cl = c.local ? c.loop : kNoLoop;
        const uint32_t key = attacker ? cpn : cdn;  // what the node minimises
        const uint32_t best_key = attacker ? pn : dn;
        if (key < best_key) {
          second = best_key;
          best = i;
        } else if (key < second) {
          second = key;
        }
        if (attacker) {
          pn = std::min(pn, cpn);
          dn = std::max(dn, cdn);
          open += cdn != 0;
          dep_loop = std::min(dep_loop, cl);  // all children must be disproved
        } else {
          pn = std::max(pn, cpn);
          open += cpn != 0;
          dn = std::min(dn, cdn);
          if (cdn == 0) {
            dep_loop = any_disproved ? std::max(dep_loop, cl) : cl;
            any_disproved = true;
          }
        }
      }
      // The summed side as weak proof numbers (WPNS, Ueda et al.): the greatest child's
      // number plus one per other open child. A plain sum counts a node once per path to
      // it, and on a cycle each node's number feeds the other's: they double each round.
      if (open > 1) (attacker ? dn : pn) = add(attacker ? dn : pn, open - 1);
      Entry& e = table_[ne];
      if (pn == 0) {  // rule 1
        uint32_t b = attacker ? UINT32_MAX : 0;
        for (size_t i = base; i < base + n; ++i) {
          const Entry& c = table_[kids_[i].entry];
          if (kids_[i].local || c.pn != 0) continue;
          b = attacker ? std::min<uint32_t>(b, c.bound) : std::max<uint32_t>(b, c.bound);
        }
        set_final(e, true, static_cast<uint16_t>(std::min<uint32_t>(b + 1, 0xfffe)));
        break;
      }
      if (dn == 0) {
        if (dep_loop == kNoLoop || dep_loop >= depth)
          set_final(e, false, 0);  // rule 3
        else
          loop = dep_loop;  // rule 4: the entry keeps its numbers
        break;
      }
      e.pn = pn;
      e.dn = dn;
      if (pn >= thpn || dn >= thdn) break;
      // Thresholds of the chosen child (1+epsilon on the runner-up's number).
      const uint32_t eps = add(second, second / 4 + 1);
      const Entry& c = table_[kids_[best].entry];
      uint32_t cth_pn, cth_dn;
      if (attacker) {
        cth_pn = std::min(thpn, eps);
        cth_dn = thdn >= kInf ? kInf : add(thdn - dn, c.dn);
      } else {
        cth_dn = std::min(thdn, eps);
        cth_pn = thpn >= kInf ? kInf : add(thpn - pn, c.pn);
      }
      const Position cp = kids_[best].p;  // kids_ may grow (and move) below
      const uint16_t cl =
          mid(kids_[best].entry, cp, core::opponent(side), cth_pn, cth_dn, depth + 1);
      if (cl != kNoLoop) {
        kids_[best].local = true;
        kids_[best].loop = cl;
      }
    }
    table_[ne].flags &= static_cast<uint8_t>(~kOnPath);
    kids_.resize(base);
    return loop;
  }

  const G& g_;
  core::Side attacker_;
  loopy_proof_detail::ProofTable table_;
  Known known_;
  std::vector<Child> kids_;  // the children of every node on the path, as a stack
  ProofLimits limits_;
  uint64_t nodes_ = 0, budget_end_ = 0, known_hits_ = 0;
  bool aborted_ = false;
  std::optional<db::Error> error_;
  std::string reason_;
};

}  // namespace solver
