// `konane cgt` speaks CGSuite's language: what a researcher types, printed as CGSuite prints it
// by default, and in Unicode or in the project's nested-brace ASCII on request. Expected values
// are CGSuite's printed forms (its EvalTest.scala: {2||1|0}, Tiny(1), +-{1,1*}) and hand
// analysis (2x2 Domineering is +-1, "Lessons in Play" ch. 2).
#include <gtest/gtest.h>

#include <string>

#include "cli_test_support.hpp"

namespace {

TEST(CgtLanguage, PrintsInTheStyleAskedFor) {
  auto r = clitest::run_cli({"cgt", "{2||1|0}", "{0||0|-1}", "+-{1,1+*}"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("value        {2||1|0}\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("value        Tiny(1)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("value        +-{1,1*}\n"), std::string::npos) << r.out;
  r = clitest::run_cli({"cgt", "--format", "ascii", "{2||1|0}", "{0||0|-1}"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("value        {2|{1|0}}\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("value        {0|{0|-1}}\n"), std::string::npos) << r.out;
  r = clitest::run_cli({"cgt", "--format", "unicode", "{1|-1} + ^^", "{0||0|-1}"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("value        {1⇑|-1⇑}\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("value        ⧾1\n"), std::string::npos) << r.out;
}

TEST(CgtLanguage, JsonCarriesTheDerivedForms) {
  const auto r = clitest::run_cli(
      {"cgt", "--json", "domineering:..|..", "^.AtomicWeight", "0 <| ^*", "^.Thermograph"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("\"value\":\"+-1\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"atomic_weight\":null,\"atomic_weight_error\":\"That game is not "
                       "atomic: +-1\",\"left_options\":[\"1\"],\"right_options\":[\"-1\"]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("{\"expression\":\"0 <| ^*\",\"kind\":\"boolean\",\"value\":\"true\"}"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"kind\":\"thermograph\",\"value\":\"Thermograph(0,[0],[0,-1],0,[],[0])\""),
            std::string::npos)
      << r.out;
}

TEST(CgtLanguage, BadInputIsNamedWithItsPlace) {
  auto r = clitest::run_cli({"cgt", "--format", "latex", "*"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("unknown --format 'latex' (use cgsuite, unicode or ascii)"),
            std::string::npos)
      << r.err;
  r = clitest::run_cli({"cgt", "{3|2|1}"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("ambiguous slashes"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("at position 4\n  {3|2|1}\n      ^"), std::string::npos) << r.err;
  r = clitest::run_cli({"cgt", "--compare", "^", "^.Incentives"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("expected a game, not a list"), std::string::npos) << r.err;
  r = clitest::run_cli({"cgt", "DayN(4).Size"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("only days 0 to 3"), std::string::npos) << r.err;
}

}  // namespace
