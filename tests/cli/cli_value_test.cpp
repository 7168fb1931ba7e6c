// konane value: golden values from the issue and the spec, values proved by search on opening
// positions, the same answer on two threads, and --node-budget ending the run with "unknown".
#include <gtest/gtest.h>

#include "cli_test_support.hpp"

namespace {

using clitest::parse_json_object;
using clitest::run_cli;

clitest::Json value_json(std::vector<std::string> args) {
  args.insert(args.begin(), "value");
  args.push_back("--json");
  const auto r = run_cli(args);
  EXPECT_EQ(r.rc, 0) << r.err;
  const auto j = parse_json_object(r.out);
  EXPECT_TRUE(j) << r.out;
  return j ? *j : clitest::Json{};
}

TEST(CliValue, GoldenValues) {
  const std::pair<const char*, const char*> golden[] = {
      {"..ox", "1"},
      {".ox.", "*"},
      {".ox./o..x/....", "+-1"},
      {".xo.o.o./.o....../.x......", "{1,1*,{1,1*|0}|0}"},
      {".xoxox.", "-2"},
  };
  for (const auto& [position, value] : golden) {
    const auto j = value_json({position, "--threads", "1"});
    EXPECT_EQ(j["value"].str(), value) << position;
    EXPECT_TRUE(j["complete"].boolean());
  }
}

// Opening positions are large single regions: their values come from proved guesses, and
// Norvig's 5x5 and 6x6 results fix their outcome classes (the player to move loses a 0).
TEST(CliValue, OpeningPositionsAreProved) {
  for (const char* threads : {"1", "2"}) {
    auto j = value_json(
        {"--board", "5x5", "--opening", "standard", "--moves", "b3,a3", "--threads", threads});
    EXPECT_EQ(j["value"].str(), "0");
    EXPECT_EQ(j["class"].str(), "P");
    EXPECT_GE(j["regions_proved"].num(), 1);
    j = value_json(
        {"--board", "4x4", "--opening", "any", "--moves", "b1,a1", "--threads", threads});
    EXPECT_TRUE(j["complete"].boolean());
    EXPECT_EQ(j["regions"].array().size(), 1u);
  }
}

// The smallest example, by hand: on each pair only Black's stone can jump (White's
// would land off the board), once, so each pair is 1 and the whole is 2.
TEST(CliValue, EachRegionIsListedWithItsStonesAndTheSum) {
  const auto j =
      value_json({"xo....ox/......../......../......../......../......../......../........"});
  EXPECT_EQ(j["value"].str(), "2");
  ASSERT_EQ(j["regions"].array().size(), 2u);
  for (const auto& r : j["regions"].array()) {
    EXPECT_EQ(r["stones"].num(), 2);
    EXPECT_EQ(r["value"].str(), "1");
  }
  EXPECT_EQ(j["regions"].array()[0]["squares"].array()[0].str(), "a8");
  EXPECT_EQ(j["regions"].array()[1]["squares"].array()[0].str(), "g8");
  EXPECT_EQ(j["sum"].str(), "1 + 1");
}

TEST(CliValue, NodeBudgetSaysUnknown) {
  // Millions of nodes without a budget (its value is 0): 20,000 cannot finish it, on any
  // machine.
  const auto j = value_json({"--board", "6x6", "--opening", "standard", "--moves", "c4,c3",
                             "--threads", "1", "--node-budget", "20000"});
  EXPECT_EQ(j["value"].str(), "unknown");
  EXPECT_FALSE(j["complete"].boolean());
  const auto r = run_cli({"value", "--board", "6x6", "--opening", "standard", "--moves", "c4,c3",
                          "--threads", "1", "--node-budget", "20000"});
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("value: unknown (node budget spent)"), std::string::npos) << r.out;
}

TEST(CliValue, BadTimeoutOrBudgetIsRefused) {
  for (const char* t : {"-1", "nan", "inf", "soon"}) {
    const auto r = run_cli({"value", "xo.x", "--timeout", t});
    EXPECT_EQ(r.rc, 2) << t << ": " << r.err;
  }
  EXPECT_EQ(run_cli({"value", "xo.x", "--node-budget", "-5"}).rc, 2);
}

}  // namespace
