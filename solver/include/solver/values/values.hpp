#pragma once
// Exact CGT values of positions: the sum of the values of their independent regions, each
// region computed once per symmetry class from its options and kept in a bounded table.
#include <atomic>
#include <cgt/game.hpp>
#include <optional>
#include <span>
#include <vector>

#include "core/stop.hpp"
#include "solver/game.hpp"
#include "solver/node_count.hpp"
#include "solver/proof/table.hpp"

namespace solver {

template <PartizanGame G>
class ValueSolver {
 public:
  using Position = typename G::Position;

  explicit ValueSolver(ConcurrentTable& table) : table_(table) {}

  // Value of any position (not necessarily one region).
  cgt::GameId value(const Position& p) {
    const cgt::GameId v = sum_value(p);
    nodes_.flush();
    return v;
  }

  // Value of one region (a position that does not split further).
  cgt::GameId region_value(const Position& region) {
    const cgt::GameId v = keyed_value(region);
    nodes_.flush();
    return v;
  }

  // The value of one region if building it from its options takes at most `budget` nodes
  // and `stop` (polled every 64 nodes, may be null) is not requested, else nullopt. The
  // regions finished before that stay in the table, so the work is not lost to whatever
  // values the region next.
  std::optional<cgt::GameId> region_value_within(const Position& region, uint64_t budget,
                                                 core::StopToken* stop) {
    const Keyed<Position> k = G::key(region);
    const auto v = rep_value_within(k, budget, stop);
    return v && k.negated ? cgt::neg(*v) : v;
  }

  // The same for a region already keyed: the value of its representative.
  std::optional<cgt::GameId> rep_value_within(const Keyed<Position>& k, uint64_t budget,
                                              core::StopToken* stop) {
    const size_t k0 = keyed_.size(), e0 = option_ends_.size(), s0 = option_stack_.size();
    const uint64_t now = nodes_.local();
    budget_end_ = budget > kNoBudget - now ? kNoBudget : now + budget;
    budget_stop_ = stop;
    std::optional<cgt::GameId> v;
    try {
      v = rep_value(k);
    } catch (const OverBudget&) {
      keyed_.resize(k0);
      option_ends_.resize(e0);
      option_stack_.resize(s0);
    }
    budget_end_ = kNoBudget;
    budget_stop_ = nullptr;
    nodes_.flush();
    return v;
  }

  // The value of a representative if the table holds it (never computes). A region larger
  // than any ever evaluated cannot be there, and saying so without a probe matters: the search
  // asks about every large region it meets, and a probe is a cache miss.
  std::optional<cgt::GameId> peek(const RegionKey& key, int size) const {
    if (size > max_size_.load(std::memory_order_relaxed)) return std::nullopt;
    if (auto hit = table_.find(key)) return hit->v0;
    return std::nullopt;
  }

  // Records v as the value of the region k names (a value proved elsewhere, see
  // values/value_prover.hpp), for this solver and every search that peeks at its table. Such a
  // value cost whole searches, so the table keeps it over anything else.
  void remember(const Keyed<Position>& k, cgt::GameId v) { store(k, v, 255); }

  // Exact once the computations that counted them have returned.
  uint64_t nodes() const { return nodes_.total(); }

 private:
  cgt::GameId sum_value(const Position& p) {
    cgt::GameId sum = cgt::zero();
    for_each_root_region<G>(p, [&](const Position& r) { sum = cgt::add(sum, keyed_value(r)); });
    return sum;
  }

  cgt::GameId keyed_value(const Position& region) {
    const Keyed<Position> k = G::key(region);
    const cgt::GameId v = rep_value(k);
    return k.negated ? cgt::neg(v) : v;
  }

  cgt::GameId rep_value(const Keyed<Position>& k) {
    if (auto hit = table_.find(k.key)) return hit->v0;
    const uint64_t before = nodes_.bump();  // per thread (node_count.hpp)
    if (before >= budget_end_ || (budget_stop_ && (before & 63) == 0 && budget_stop_->poll()))
      throw OverBudget{};
    // Phase one keys every option's regions and prefetches their table lines; phase two
    // looks them up (recursing where missing). Probing as each region is keyed would wait
    // for one cache miss at a time, and the probes are most of a node's cost.
    // Both phases use this thread's stacks (no allocation per node once warm), above
    // whatever the callers pushed; indices, not references, since deeper calls grow them.
    const size_t k0 = keyed_.size(), e0 = option_ends_.size();
    auto key_option = [&](const Position& c) {
      G::for_each_region(c, [&](const Position& r) {
        keyed_.push_back(G::key(r));
        table_.prefetch(keyed_.back().key);
      });
      option_ends_.push_back(static_cast<uint32_t>(keyed_.size()));
    };
    G::for_each_option(k.rep, core::Side::Left, key_option);
    const size_t left_count = option_ends_.size() - e0;
    G::for_each_option(k.rep, core::Side::Right, key_option);
    const size_t e1 = option_ends_.size();
    const size_t base = option_stack_.size();
    for (size_t o = e0, j = k0; o < e1; ++o) {
      cgt::GameId sum = cgt::zero();
      for (; j < option_ends_[o]; ++j) {
        const Keyed<Position> r = keyed_[j];
        const cgt::GameId v = rep_value(r);
        sum = cgt::add(sum, r.negated ? cgt::neg(v) : v);
      }
      option_stack_.push_back(sum);
    }
    keyed_.resize(k0);
    option_ends_.resize(e0);
    const size_t mid = base + left_count;
    const std::span<const cgt::GameId> all(option_stack_);
    const cgt::GameId v = cgt::make_game(all.subspan(base, mid - base), all.subspan(mid));
    option_stack_.resize(base);
    store(k, v, work_of(nodes_.local() - before));
    return v;
  }

  void store(const Keyed<Position>& k, cgt::GameId v, unsigned work) {
    // Raised before the store, so a reader that sees the entry also passes the size test.
    const int size = G::size(k.rep);
    int seen = max_size_.load(std::memory_order_relaxed);
    while (size > seen && !max_size_.compare_exchange_weak(seen, size, std::memory_order_relaxed)) {
    }
    table_.store(k.key, TablePayload{v, 0}, work);
  }

  static unsigned work_of(uint64_t nodes) {
    unsigned w = 0;
    while (nodes > 1) nodes >>= 1, ++w;
    return w;
  }

  struct OverBudget {};
  static constexpr uint64_t kNoBudget = ~uint64_t{0};

  ConcurrentTable& table_;
  NodeCount<ValueSolver> nodes_;
  // This thread's node count at which region_value_within gives up. One thread's call is
  // serial from start to end, so a per-thread bound cannot reach another call.
  static inline thread_local uint64_t budget_end_ = kNoBudget;
  static inline thread_local core::StopToken* budget_stop_ = nullptr;
  std::atomic<int> max_size_{-1};  // largest region size ever stored
  static inline thread_local std::vector<cgt::GameId> option_stack_;
  static inline thread_local std::vector<Keyed<Position>> keyed_;
  static inline thread_local std::vector<uint32_t> option_ends_;
};

}  // namespace solver
