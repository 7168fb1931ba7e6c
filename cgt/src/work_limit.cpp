#include "cgt/work_limit.hpp"

#include <string>

namespace cgt {

thread_local WorkLimit* WorkLimit::current_ = nullptr;

WorkLimit::WorkLimit(uint64_t steps) : limit_(steps), outer_(current_) {
  current_ = this;
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
  }
}

}  // namespace cgt
