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

// Positions stand for their values (worked by hand): Konane "xo." gives Black one jump and
// White none, so it is {0|} = 1; Clobber "xo" is {0|0} = *; 2x2 Domineering is {1|-1} = +-1
// ("Lessons in Play" ch. 2). A game without short values is refused by name.
TEST(ApiCgt, PositionsOfGamesStandForTheirValues) {
  const auto a = api::cgt_values(
      {"konane:xo. + -1", "clobber:xo", "domineering:..|..", "domineering:\"..|..\".Temperature"});
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_EQ((*a)[0].value, "0");
  EXPECT_EQ((*a)[1].value, "*");
  EXPECT_EQ((*a)[2].value, "+-1");
  EXPECT_EQ((*a)[3].value, "1");
  const auto bad = api::cgt_values({"ringboard:x"});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("not available for ringboard"), std::string::npos)
      << bad.error().message;
  const auto wrong = api::cgt_values({"^ + konane:xo/x"});
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().message.find("at position 11"), std::string::npos)
      << wrong.error().message;
}

// What a researcher asks for with --json: the reduced canonical form, the atomic weight (or
// why there is none) and the options, each printed in the style asked for.
TEST(ApiCgt, DerivedFormsAndStyles) {
  const auto a = api::cgt_values({"^*", "{2|{1|0}}", "0 <| ^*", "^.Incentives"});
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_EQ((*a)[0].kind, "game");
  EXPECT_EQ((*a)[0].reduced, "0");
  EXPECT_EQ((*a)[0].atomic_weight, "1");
  EXPECT_EQ((*a)[0].left_options, (std::vector<std::string>{"0", "*"}));
  EXPECT_EQ((*a)[0].right_options, (std::vector<std::string>{"0"}));
  EXPECT_EQ((*a)[1].value, "{2||1|0}");
  EXPECT_FALSE((*a)[1].atomic_weight);
  EXPECT_EQ((*a)[1].atomic_weight_error, "That game is not atomic: {2||1|0}");
  EXPECT_EQ((*a)[2].kind, "boolean");
  EXPECT_EQ((*a)[2].value, "true");
  EXPECT_EQ((*a)[3].kind, "list");
  EXPECT_EQ((*a)[3].value, "{^*}");
  api::CgtOptions ascii;
  ascii.style = cgt::Style::Ascii;
  const auto b = api::cgt_values({"{2||1|0}", "Tiny(2)"}, ascii);
  ASSERT_TRUE(b);
  EXPECT_EQ((*b)[0].value, "{2|{1|0}}");
  EXPECT_EQ((*b)[1].value, "{0|{0|-2}}");
  api::CgtOptions unicode;
  unicode.style = cgt::Style::Unicode;
  const auto u = api::cgt_values({"+-1 + ^^"}, unicode);
  ASSERT_TRUE(u);
  EXPECT_EQ((*u)[0].value, "{1⇑|-1⇑}");
}

}  // namespace
