#include "cgt/work_limit.hpp"

#include <sys/resource.h>

#include <string>

namespace cgt {

thread_local WorkLimit* WorkLimit::current_ = nullptr;

WorkLimit::WorkLimit(uint64_t steps) : limit_(steps), outer_(current_) {
  current_ = this;
}

WorkLimit::WorkLimit(uint64_t steps, std::chrono::steady_clock::time_point deadline,
                     uint64_t memory_bytes)
    : WorkLimit(steps) {
  deadline_ = deadline;
  memory_bytes_ = memory_bytes;
}

WorkLimit::~WorkLimit() {
  current_ = outer_;
}

void WorkLimit::charge_slow(uint64_t steps) {
  for (WorkLimit* w = this; w != nullptr; w = w->outer_) {
    if (steps > w->limit_ - w->used_)
      throw WorkLimitExceeded("the game arithmetic needs more than " + std::to_string(w->limit_) +
                              " sums and comparisons");
    w->used_ += steps;
    if (w->used_ >= w->next_check_) w->check_clock_and_memory();
  }
}

void WorkLimit::check_clock_and_memory() {
  constexpr uint64_t kEvery = 4096;  // steps between reads of the clock and memory
  next_check_ = used_ + kEvery;
  if (deadline_ != std::chrono::steady_clock::time_point::max() &&
      std::chrono::steady_clock::now() >= deadline_)
    throw WorkLimitExceeded("the game arithmetic did not finish within --timeout");
  if (memory_bytes_ > 0) {
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) == 0 &&
        static_cast<uint64_t>(usage.ru_maxrss) * 1024 > memory_bytes_)
      throw WorkLimitExceeded("the game arithmetic needs more than --memory " +
                              std::to_string(memory_bytes_ >> 20) + " MiB");
  }
}

}  // namespace cgt
