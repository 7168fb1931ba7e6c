#pragma once
// Bounds the work of the CGT engine on one thread. Sums and comparisons of general games can
// cost time exponential in the size of the games (a sum of n hot switches has a canonical
// form of about 2^n options), so a caller evaluating text it does not control (the
// expression parser under a fuzzer, a server answering queries) sets a limit and gets an
// error instead of a hang.
//
// While a WorkLimit is alive, the engine charges its work on this thread in steps: a sum or
// comparison it works out (rather than reads from a cache or an arithmetic fast path) costs
// one step plus one per pair of options its loops may compare, printing costs a step per
// node; the charge that would pass the limit throws WorkLimitExceeded. The engine's tables stay
// consistent: they only ever record finished results, so everything computed before the throw stays
// valid and cached. Limits nest; an inner limit is checked first and its steps count against the
// outer ones as well.
#include <chrono>
#include <cstdint>
#include <stdexcept>

namespace cgt {

struct WorkLimitExceeded : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class WorkLimit {
 public:
  explicit WorkLimit(uint64_t steps);
  // Also stops at a point in time, or once the process's peak memory passes memory_bytes
  // (0: no bound), checked every few thousand steps; the error then names --timeout or
  // --memory, the options a user sets them with.
  WorkLimit(uint64_t steps, std::chrono::steady_clock::time_point deadline, uint64_t memory_bytes);
  ~WorkLimit();
  WorkLimit(const WorkLimit&) = delete;
  WorkLimit& operator=(const WorkLimit&) = delete;

  uint64_t used() const { return used_; }
  uint64_t limit() const { return limit_; }

  // Steps of work on this thread; throws when a live limit would be exceeded. Called by the
  // engine; one thread-local test when no limit is alive.
  static void charge(uint64_t steps = 1) {
    if (current_ != nullptr) [[unlikely]]
      current_->charge_slow(steps);
  }

 private:
  void charge_slow(uint64_t steps);

  void check_clock_and_memory();

  uint64_t limit_;
  uint64_t used_ = 0;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  uint64_t memory_bytes_ = 0;
  uint64_t next_check_ = 0;  // used_ at which the clock and memory are next read
  WorkLimit* outer_;
  static thread_local WorkLimit* current_;
};

}  // namespace cgt
