// The facade's CGT calculator (api/cgt.hpp). Expected values worked by hand from the
// definitions ("Lessons in Play" ch. 4-6): {1|-1} is the switch +-1 (N, mean 0, temperature 1,
// born on day 2); ^ + * = ^* (N); * + * = 0; ^ > 0 and * || 0; {2|-1} has mean 1/2 and
// temperature 3/2, its walls meeting there.
#include "api/cgt.hpp"

#include <gtest/gtest.h>

namespace {

TEST(ApiCgt, ValuesAndFiguresOfSmallGames) {
  const auto a = api::cgt_values({"{1|-1}", "^+*", "*+*"});
  ASSERT_TRUE(a) << a.error().message;
  ASSERT_EQ(a->size(), 3u);
  EXPECT_EQ((*a)[0].value, "+-1");
  EXPECT_EQ((*a)[0].outcome_class, 'N');
  EXPECT_EQ((*a)[0].mean, "0");
  EXPECT_EQ((*a)[0].temperature, "1");
  EXPECT_EQ((*a)[0].left_stop, "1");
  EXPECT_EQ((*a)[0].right_stop, "-1");
  EXPECT_EQ((*a)[0].birthday, 2);
  EXPECT_EQ((*a)[1].value, "^*");
  EXPECT_EQ((*a)[1].outcome_class, 'N');
  EXPECT_EQ((*a)[2].value, "0");
  EXPECT_EQ((*a)[2].outcome_class, 'P');
}

TEST(ApiCgt, ComparisonsAndThermographs) {
  auto c = api::cgt_compare("^", "0");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->relation, ">");
  c = api::cgt_compare("*", "0");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->relation, "||");
  c = api::cgt_compare("{1|-1}", "+-1");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->relation, "=");
  const auto t = api::cgt_thermograph("{2|-1}");
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(t->graph.mast.to_string(), "1/2");
  EXPECT_EQ(t->graph.temperature.to_string(), "3/2");
}

// A malformed expression fails the whole request, naming which and where.
TEST(ApiCgt, BadExpressionsNameTheirPlace) {
  const auto a = api::cgt_values({"1", "{1|"});
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().code, core::Code::kInvalidArgument);
  EXPECT_EQ(a.error().message.rfind("expression 2: ", 0), 0u) << a.error().message;
  EXPECT_NE(a.error().message.find("at position 3\n  {1|\n     ^"), std::string::npos)
      << a.error().message;
  const auto c = api::cgt_compare("^", "");
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().code, core::Code::kInvalidArgument);
}

}  // namespace
