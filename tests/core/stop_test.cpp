// The stop token: a request sticks; a deadline stops only once polled after it has passed.
// No verdict depends on the machine's speed: deadlines are either already over (a nanosecond)
// or beyond any run (a million seconds).
#include "core/stop.hpp"

#include <gtest/gtest.h>

namespace {

TEST(StopToken, RequestSticks) {
  core::StopToken t;
  EXPECT_FALSE(t.stop_requested());
  EXPECT_FALSE(t.poll());
  t.request_stop();
  EXPECT_TRUE(t.stop_requested());
  EXPECT_TRUE(t.poll());
}

TEST(StopToken, AFarDeadlineNeverStops) {
  core::StopToken t;
  t.set_deadline_in(1e6);
  for (int i = 0; i < 1000; ++i) EXPECT_FALSE(t.poll());
  t.set_deadline_in(0);  // none
  EXPECT_FALSE(t.poll());
}

TEST(StopToken, APassedDeadlineStopsOnlyWhenPolled) {
  core::StopToken t;
  t.set_deadline_in(1e-9);
  while (!t.poll()) {
  }
  EXPECT_TRUE(t.stop_requested());
  // Clearing the deadline does not take a stop back.
  t.clear_deadline();
  EXPECT_TRUE(t.stop_requested());
}

TEST(StopToken, AClearedDeadlineDoesNotStop) {
  core::StopToken t;
  t.set_deadline_in(1e-9);
  t.clear_deadline();
  EXPECT_FALSE(t.poll());
}

}  // namespace
