// The work limit turns exponential requests into an error, leaves the engine's tables
// consistent, and costs nothing to callers that set none.
#include <gtest/gtest.h>

#include <cgt/game.hpp>
#include <cgt/work_limit.hpp>
#include <chrono>
#include <limits>
#include <string>

namespace {

// {1|-1} + {2|-2} + ... + {n|-n} as text: a canonical form of 2^n leaves.
std::string switch_sum(int n) {
  std::string s;
  for (int i = 1; i <= n; ++i) {
    if (i > 1) s += " + ";
    s += "{" + std::to_string(i) + "|-" + std::to_string(i) + "}";
  }
  return s;
}

// {a*|b*} + ... sums take the general path (the switch shortcut does not apply).
std::string hot_sum(int n) {
  std::string s;
  for (int i = 1; i <= n; ++i) {
    if (i > 1) s += " + ";
    s += "{" + std::to_string(i) + "*|-" + std::to_string(i) + ",*}";
  }
  return s;
}

TEST(WorkLimit, ExponentialTextStopsWithTheError) {
  cgt::ParseError err;
  const auto g = cgt::parse(switch_sum(40), &err);  // the DAG is small; its text is not
  ASSERT_TRUE(g.has_value()) << err.message;
  cgt::WorkLimit limit(100'000);
  EXPECT_THROW((void)cgt::to_string(*g), cgt::WorkLimitExceeded);
  EXPECT_EQ(limit.used(), limit.limit());
}

TEST(WorkLimit, GeneralSumsStopAndTheTablesStayConsistent) {
  cgt::clear_caches();
  {
    cgt::WorkLimit limit(50);
    cgt::ParseError err;
    EXPECT_THROW((void)cgt::parse(hot_sum(8), &err), cgt::WorkLimitExceeded);
  }
  // After the interrupted work: the same sum unlimited equals the sum built in another order
  // (each operand's options are the parts' options, so a half-stored result would show).
  cgt::ParseError err;
  const auto forward = cgt::parse(hot_sum(8), &err);
  ASSERT_TRUE(forward.has_value()) << err.message;
  cgt::GameId backward = cgt::zero();
  for (int i = 8; i >= 1; --i) {
    const auto part = cgt::parse("{" + std::to_string(i) + "*|-" + std::to_string(i) + ",*}", &err);
    ASSERT_TRUE(part.has_value());
    backward = cgt::add(part.value(), backward);
  }
  EXPECT_EQ(*forward, backward);
  EXPECT_EQ(cgt::sub(*forward, backward), cgt::zero());
}

TEST(WorkLimit, InnerLimitsCountAgainstOuterOnes) {
  cgt::clear_caches();
  cgt::WorkLimit outer(1'000'000);
  uint64_t inner_used = 0;
  {
    cgt::WorkLimit inner(1'000'000);
    cgt::ParseError err;
    ASSERT_TRUE(cgt::parse(hot_sum(4), &err).has_value());
    inner_used = inner.used();
  }
  EXPECT_GT(inner_used, 0u);
  EXPECT_EQ(outer.used(), inner_used);
}

TEST(WorkLimit, AnOuterLimitStopsWorkUnderAGenerousInnerOne) {
  cgt::clear_caches();
  cgt::WorkLimit tight(3);
  cgt::WorkLimit inner(1'000'000);
  cgt::ParseError err;
  EXPECT_THROW((void)cgt::parse(hot_sum(5), &err), cgt::WorkLimitExceeded);
  EXPECT_LE(tight.used(), tight.limit());  // the refused charge is not counted
}

TEST(WorkLimit, NoLimitNoError) {
  cgt::ParseError err;
  const auto g = cgt::parse(hot_sum(6), &err);
  ASSERT_TRUE(g.has_value()) << err.message;
  EXPECT_FALSE(cgt::to_string(*g).empty());
}

}  // namespace

// A deadline already past stops the first general sum, whatever the machine's speed; the
// message names the option a user sets it with.
TEST(WorkLimit, APassedDeadlineStopsTheNextSum) {
  cgt::clear_caches();
  cgt::WorkLimit limit(std::numeric_limits<uint64_t>::max(),
                       std::chrono::steady_clock::now() - std::chrono::seconds(1), 0);
  cgt::ParseError err;
  try {
    (void)cgt::parse(hot_sum(6), &err);
    ADD_FAILURE() << "the sum finished after its deadline";
  } catch (const cgt::WorkLimitExceeded& e) {
    EXPECT_NE(std::string(e.what()).find("--timeout"), std::string::npos) << e.what();
  }
}

// A memory bound below what the process already holds stops the next sum.
TEST(WorkLimit, AMemoryBoundBelowThePeakStopsTheNextSum) {
  cgt::clear_caches();
  cgt::WorkLimit limit(std::numeric_limits<uint64_t>::max(),
                       std::chrono::steady_clock::time_point::max(), 1);
  cgt::ParseError err;
  try {
    (void)cgt::parse(hot_sum(6), &err);
    ADD_FAILURE() << "the sum finished beyond its memory bound";
  } catch (const cgt::WorkLimitExceeded& e) {
    EXPECT_NE(std::string(e.what()).find("--memory"), std::string::npos) << e.what();
  }
}
