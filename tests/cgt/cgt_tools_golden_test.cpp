// Golden values from cgt-tools' published unit tests, read from its repository
// (github.com/t4ccer/cgt-tools, cgt/short/partizan/canonical_form.rs: parsing, stops, cooling,
// heating, atomic weight and reduced canonical form). Compared as values: cgt-tools prints
// spaces after commas and ^2 where we print ^^.
#include <gtest/gtest.h>

#include <string>

#include "cgt/expression.hpp"
#include "cgt/operations.hpp"

namespace {

using namespace cgt;

GameId tools_game(const std::string& text) {
  ParseError err;
  const auto v = parse(text, &err);
  EXPECT_TRUE(v) << text << ": " << err.message;
  return v.value_or(zero());
}

Dyadic tools_dy(int64_t m, int k = 0) {
  return Dyadic::from_parts(m, k);
}

TEST(CgtToolsGolden, GameSpecifiersSimplify) {
  const std::pair<const char*, const char*> cases[] = {{"{1,2|}", "3"},
                                                       {"{42|*}", "{42|*}"},
                                                       {"123", "123"},
                                                       {"{1/2|2}", "1"},
                                                       {"{3/4|7/8}", "13/16"},
                                                       {"{6/8|7/8}", "13/16"},
                                                       {"{12/16|14/16}", "13/16"},
                                                       {"{0|2}", "1"},
                                                       {"{0,*,*2|0,*,*2}", "*3"}};
  for (const auto& [in, out] : cases) EXPECT_EQ(tools_game(in), tools_game(out)) << in;
}

TEST(CgtToolsGolden, StopsAndCooling) {
  EXPECT_EQ(left_stop(tools_game("{{3|2}|0}")), tools_dy(2));
  EXPECT_EQ(right_stop(tools_game("{{3|2}|0}")), tools_dy(0));
  const GameId h = tools_game("{2|-1}");
  EXPECT_EQ(cool(h, tools_dy(0)), h);
  EXPECT_EQ(cool(h, tools_dy(1, 1)), tools_game("{3/2|-1/2}"));
  EXPECT_EQ(cool(h, tools_dy(1)), tools_game("{1|0}"));
  EXPECT_EQ(cool(h, tools_dy(3, 1)), tools_game("1/2*"));
  EXPECT_EQ(cool(h, tools_dy(2)), tools_game("1/2"));
  EXPECT_EQ(cool(h, tools_dy(42)), tools_game("1/2"));
}

TEST(CgtToolsGolden, HeatingUndoesCoolingOfTheParticle) {
  EXPECT_EQ(heat(integer(42), integer(1)), integer(42));
  const GameId h = tools_game("{2|-1}");
  const GameId cooled = cool(h, tools_dy(3, 1)), frozen = cool(h, tools_dy(5, 1));
  const GameId heated = heat(sub(cooled, frozen), number(tools_dy(3, 1)));
  EXPECT_EQ(heated, tools_game("{3/2|-3/2}"));
  EXPECT_EQ(add(frozen, heated), h);
}

TEST(CgtToolsGolden, AtomicWeights) {
  const std::pair<const char*, const char*> cases[] = {
      {"*3", "0"},           {"^", "1"},       {"v", "-1"},           {"v2", "-2"},
      {"{^2|v}", "1/2"},     {"{^2|v2}", "*"}, {"{^3|v3}", "{1|-1}"}, {"{^2|*}", "1"},
      {"{^2,{^|*}|*}", "1"}, {"{*|v2}", "-1"}};
  for (const auto& [in, out] : cases) {
    const auto w = atomic_weight(tools_game(in));
    ASSERT_TRUE(w) << in;
    EXPECT_EQ(*w, tools_game(out)) << in;
  }
}

TEST(CgtToolsGolden, ReducedCanonicalForms) {
  EXPECT_EQ(reduced_canonical_form(tools_game("{{2|0}, 1*|*}")), tools_game("{1|0}"));
  EXPECT_EQ(reduced_canonical_form(tools_game("{{3/2*|1/2}|{0|-3},{-1*,{-1/2|-1*}|-5/2}}")),
            tools_game("{{3/2|1/2}|{0|-3}, {{-1/2|-1}|-5/2}}"));
}

}  // namespace
