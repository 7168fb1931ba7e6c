#pragma once
// A stop request shared by every thread of one computation: set by a caller (request_stop),
// by a node budget, or by a deadline. Searches check the deadline themselves, reading the
// clock every few hundred nodes (poll), so no watchdog thread is needed, nothing keeps
// running after a computation returns, and a stop reaches every oneTBB task of the
// computation the next time it polls.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>

namespace core {

class StopToken {
 public:
  using Clock = std::chrono::steady_clock;

  bool stop_requested() const { return stopped_.load(std::memory_order_relaxed); }
  void request_stop() { stopped_.store(true, std::memory_order_relaxed); }

  // Stop once `seconds` have passed from now; seconds <= 0 means no deadline.
  void set_deadline_in(double seconds) {
    if (seconds <= 0) {
      clear_deadline();
      return;
    }
    const auto at = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(seconds));
    deadline_.store(at.time_since_epoch().count(), std::memory_order_relaxed);
  }
  void clear_deadline() { deadline_.store(kNone, std::memory_order_relaxed); }

  // Also stop once `parent` is asked to (a caller's cancel reaching a search's own token);
  // seen where the deadline is read. The parent must outlive this token's polls.
  void follow(const StopToken* parent) { parent_ = parent; }
  bool parent_stopped() const { return parent_ && parent_->stop_requested(); }

  // Reads the clock (tens of nanoseconds): requests the stop once the deadline has passed or
  // the parent stopped. Returns stop_requested().
  bool poll() {
    if (stop_requested()) return true;
    if (parent_stopped()) request_stop();
    const int64_t d = deadline_.load(std::memory_order_relaxed);
    if (d != kNone && Clock::now().time_since_epoch().count() >= d) request_stop();
    return stop_requested();
  }

 private:
  static constexpr int64_t kNone = std::numeric_limits<int64_t>::max();
  std::atomic<bool> stopped_{false};
  std::atomic<int64_t> deadline_{kNone};
  const StopToken* parent_ = nullptr;
};

}  // namespace core
