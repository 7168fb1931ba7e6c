// Board shapes as users type them: every valid size, and a message for each kind of mistake.
#include "core/shape.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

TEST(Shape, EveryValidSizeParsesAndPrintsBack) {
  for (int r = 1; r <= 12; ++r)
    for (int c = 1; c <= 12; ++c) {
      const std::string text = std::to_string(r) + "x" + std::to_string(c);
      std::string why;
      const auto s = core::parse_shape(text, 12, &why);
      ASSERT_TRUE(s.has_value()) << text << ": " << why;
      EXPECT_EQ(s->rows, r);
      EXPECT_EQ(s->cols, c);
      EXPECT_EQ(core::shape_name(*s), text);
    }
  EXPECT_EQ(core::parse_shape("8X6", 8, nullptr), (core::Shape{8, 6}));
}

TEST(Shape, MistakesAreNamed) {
  const std::pair<const char*, const char*> cases[] = {
      {"9x3", "9 rows is out of range (1 to 8)"},
      {"3x0", "0 columns is out of range (1 to 8)"},
      {"abc", "expected ROWSxCOLUMNS"},
      {"x4", "expected ROWSxCOLUMNS"},
      {"4x", "expected ROWSxCOLUMNS"},
      {"4x-4", "expected ROWSxCOLUMNS"},
      {"1000x1", "expected ROWSxCOLUMNS"},
      {"", "expected ROWSxCOLUMNS"},
  };
  for (const auto& [text, part] : cases) {
    std::string why;
    EXPECT_FALSE(core::parse_shape(text, 8, &why).has_value()) << text;
    EXPECT_NE(why.find(part), std::string::npos) << text << ": " << why;
  }
}

TEST(Shape, OrderIsRowsThenColumns) {
  EXPECT_LT((core::Shape{4, 8}), (core::Shape{5, 1}));
  EXPECT_LT((core::Shape{5, 1}), (core::Shape{5, 2}));
}

}  // namespace
