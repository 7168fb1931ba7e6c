// Error values: a result holds a value or an error, never both, and says which.
#include "core/error.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

core::Expected<int> half(int x) {
  if (x % 2) return core::Error{core::Code::kInvalidArgument, std::to_string(x) + " is odd"};
  return x / 2;
}

TEST(Error, ValueOrError) {
  const auto a = half(8);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(*a, 4);
  const auto b = half(7);
  ASSERT_FALSE(b);
  EXPECT_EQ(b.error().code, core::Code::kInvalidArgument);
  EXPECT_EQ(b.error().message, "7 is odd");
  const core::Status ok = core::ok();
  EXPECT_TRUE(ok.has_value());
  const core::Status bad = core::Error{core::Code::kLocked, "held"};
  EXPECT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, core::Code::kLocked);
}

TEST(Error, EveryCodeHasAName) {
  for (int c = 0; c <= static_cast<int>(core::Code::kInternal); ++c) {
    const auto name = core::to_string(static_cast<core::Code>(c));
    EXPECT_FALSE(name.empty());
    EXPECT_NE(name, "unknown error") << c;
  }
}

TEST(ErrorDeathTest, ReadingTheValueOfAnErrorAborts) {
  EXPECT_DEATH((void)half(3).value(), "3 is odd");
}

}  // namespace
