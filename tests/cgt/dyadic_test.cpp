#include "cgt/dyadic.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

#include "shorthand.hpp"

namespace {

using cgt::Dyadic;

using cgt_test::D;

TEST(Dyadic, NormalisesToLowestTerms) {
  EXPECT_EQ(D(2, 2), D(1, 1));
  EXPECT_EQ(D(2, 2).numerator(), 1);
  EXPECT_EQ(D(2, 2).exponent(), 1);
  EXPECT_EQ(D(8, 3), Dyadic::from_int(1));
  EXPECT_EQ(D(8, 3).exponent(), 0);
  EXPECT_EQ(D(0, 7), Dyadic());
  EXPECT_EQ(D(0, 7).exponent(), 0);
  EXPECT_EQ(D(-6, 2).numerator(), -3);
  EXPECT_EQ(D(-6, 2).exponent(), 1);
}

TEST(Dyadic, Arithmetic) {
  EXPECT_EQ(D(1, 1) + D(1, 1), Dyadic::from_int(1));
  EXPECT_EQ(D(3, 2) - D(1, 2), D(1, 1));
  EXPECT_EQ(D(1, 2) + D(1, 3), D(3, 3));
  EXPECT_EQ(-D(3, 2), D(-3, 2));
  EXPECT_EQ(D(3, 2) * 4, Dyadic::from_int(3));
  EXPECT_EQ(D(3, 2) * -2, D(-3, 1));
  EXPECT_EQ(D(3, 0).div_pow2(2), D(3, 2));
  EXPECT_EQ(D(1, 60).div_pow2(2), D(1, 62));
}

TEST(Dyadic, OrderAndFloorCeil) {
  EXPECT_LT(D(1, 2), D(1, 1));
  EXPECT_LT(D(-1, 1), D(-1, 2));
  EXPECT_LE(D(2, 2), D(1, 1));
  EXPECT_NE(D(1, 2), D(1, 1));
  EXPECT_EQ(D(3, 1).floor(), 1);
  EXPECT_EQ(D(3, 1).ceil(), 2);
  EXPECT_EQ(D(-3, 1).floor(), -2);
  EXPECT_EQ(D(-3, 1).ceil(), -1);
  EXPECT_EQ(Dyadic::from_int(-4).floor(), -4);
  EXPECT_EQ(Dyadic::from_int(-4).ceil(), -4);
}

TEST(Dyadic, ToString) {
  EXPECT_EQ(D(3, 2).to_string(), "3/4");
  EXPECT_EQ(Dyadic::from_int(-2).to_string(), "-2");
  EXPECT_EQ(D(-5, 3).to_string(), "-5/8");
  EXPECT_EQ(Dyadic().to_string(), "0");
}

TEST(Dyadic, OverflowIsReported) {
  Dyadic big = Dyadic::from_int(std::numeric_limits<int64_t>::max());
  EXPECT_THROW(big + Dyadic::from_int(1), std::overflow_error);
  EXPECT_THROW(big * 2, std::overflow_error);
  EXPECT_THROW(-Dyadic::from_int(std::numeric_limits<int64_t>::min()), std::overflow_error);
  EXPECT_THROW(D(1, 63), std::overflow_error);
  EXPECT_THROW(D(1, 62).div_pow2(1), std::overflow_error);
  // An even numerator reduces first, so a large exponent can still be in range.
  EXPECT_EQ(D(int64_t{1} << 10, 70), D(1, 60));
}

TEST(Dyadic, SimplestBetween) {
  using cgt::simplest_between;
  using std::nullopt;
  EXPECT_EQ(simplest_between(nullopt, nullopt), Dyadic());
  EXPECT_EQ(simplest_between(Dyadic::from_int(0), nullopt), Dyadic::from_int(1));
  EXPECT_EQ(simplest_between(Dyadic::from_int(3), nullopt), Dyadic::from_int(4));
  EXPECT_EQ(simplest_between(nullopt, Dyadic::from_int(-2)), Dyadic::from_int(-3));
  EXPECT_EQ(simplest_between(Dyadic::from_int(-5), Dyadic::from_int(7)), Dyadic());
  EXPECT_EQ(simplest_between(Dyadic::from_int(0), Dyadic::from_int(1)), D(1, 1));
  EXPECT_EQ(simplest_between(D(1, 1), Dyadic::from_int(1)), D(3, 2));
  EXPECT_EQ(simplest_between(Dyadic::from_int(1), Dyadic::from_int(4)), Dyadic::from_int(2));
  EXPECT_EQ(simplest_between(D(5, 3), D(7, 3)), D(3, 2));
  EXPECT_EQ(simplest_between(D(-7, 3), D(-5, 3)), D(-3, 2));
  EXPECT_EQ(simplest_between(D(13, 3), D(15, 3)), D(7, 2) + Dyadic::from_int(0));
  EXPECT_EQ(simplest_between(D(1, 3), D(1, 2)), D(3, 4));
  EXPECT_THROW(simplest_between(Dyadic::from_int(1), Dyadic::from_int(1)), std::invalid_argument);
}

}  // namespace
