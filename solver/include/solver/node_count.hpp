#pragma once
// Node counting for the searches. Each thread counts its own nodes and adds them to the
// owner's total every 1024 nodes and whenever a computation ends (flush): one shared
// counter bumped at every node by every thread would bounce its cache line between cores.
// The per-thread counts are per Owner type, so DfpnSolver's and the ValueSolver it calls
// mid-search stay apart; one thread must not interleave computations of two instances of
// the same Owner (their counts would mix until the next flush).
#include <atomic>
#include <cstdint>

namespace solver {

template <class Owner>
class NodeCount {
 public:
  // Counts a node; returns this thread's count before it (subtree sizes are differences).
  uint64_t bump() {
    const uint64_t before = local_++;
    if ((local_ & 1023) == 0) flush();
    return before;
  }
  uint64_t local() const { return local_; }
  // This thread's nodes not yet in total(): total() + pending() is exact on one thread, at
  // every node, whatever this thread counted before.
  uint64_t pending() const { return local_ - flushed_; }
  void flush() {
    if (local_ == flushed_) return;
    total_.fetch_add(local_ - flushed_, std::memory_order_relaxed);
    flushed_ = local_;
  }
  // Exact once the computations that counted the nodes have flushed.
  uint64_t total() const { return total_.load(std::memory_order_relaxed); }

 private:
  std::atomic<uint64_t> total_{0};
  static inline thread_local uint64_t local_ = 0, flushed_ = 0;
};

}  // namespace solver
