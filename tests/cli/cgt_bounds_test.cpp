// `konane cgt` bounds its work like the solvers: --memory and --timeout stop a sum whose
// canonical form explodes with a clear message and nothing on stdout.
#include <gtest/gtest.h>

#include <string>

#include "cli_test_support.hpp"

namespace {

// {1*|-1} + {2*|-2} + ... + {k*|-k}: 65 s and 1.3 GB for k = 70 before it had a bound.
std::string starred_switches(int k) {
  std::string s;
  for (int i = 1; i <= k; ++i)
    s += (i > 1 ? "+" : "") + ("{" + std::to_string(i) + "*|-" + std::to_string(i) + "}");
  return s;
}

TEST(CgtBounds, TheSeventySwitchSumStopsAtTheMemoryBound) {
  // A process of its own: the bound is on the process's peak memory.
  const auto r = clitest::run_binary({"cgt", starred_switches(70), "--memory", "150"});
  EXPECT_EQ(r.rc, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("needs more than --memory 150 MiB"), std::string::npos) << r.err;
}

TEST(CgtBounds, BadBoundsAreRefused) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"cgt", "*", "--timeout=-1"},
                                                                {"cgt", "*", "--timeout", "nan"},
                                                                {"cgt", "*", "--memory", "0"}}) {
    const auto r = clitest::run_cli(args);
    EXPECT_EQ(r.rc, 2) << args[2];
    const std::string option = args[2].substr(0, args[2].find('='));
    EXPECT_NE(r.err.find(option + " must be"), std::string::npos) << r.err;
  }
}

// Text and JSON answer the same expressions: a birthday that would need the options of
// ^1000000 is null with the reason, the rest as in the text.
TEST(CgtBounds, TextAndJsonAnswerTheSameHugeUps) {
  const auto text = clitest::run_cli({"cgt", "^1000000"});
  const auto json = clitest::run_cli({"cgt", "--json", "^1000000"});
  ASSERT_EQ(text.rc, 0) << text.err;
  ASSERT_EQ(json.rc, 0) << json.err;
  EXPECT_NE(json.out.find("\"value\":\"^1000000\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"birthday\":null"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"birthday_error\""), std::string::npos) << json.out;
}

}  // namespace
