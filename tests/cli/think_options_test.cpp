#include "think_options.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace {

namespace cli = konane::cli;

// The limits `analyse` would get from these arguments (nullopt: refused).
std::optional<cli::Think> limits(std::vector<std::string> args) {
  cli::po::options_description desc;
  cli::add_think_options(desc, "timeout", 5);
  std::vector<const char*> argv = {"konane"};
  for (const auto& a : args) argv.push_back(a.c_str());
  cli::po::variables_map vm;
  cli::po::store(cli::po::parse_command_line(int(argv.size()), argv.data(), desc), vm);
  cli::po::notify(vm);
  std::ostringstream out, err;
  return cli::think_from(vm, "timeout", "analyse", cli::Io{out, err});
}

// A node budget given alone is the whole limit, so that answers cannot depend on the
// machine's speed; given with a time, both hold.
TEST(ThinkOptions, ANodeBudgetAloneLeavesNoClock) {
  const auto plain = limits({});
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->seconds, 5);
  EXPECT_EQ(plain->nodes, 0u);

  const auto budget = limits({"--node-budget", "1000"});
  ASSERT_TRUE(budget);
  EXPECT_EQ(budget->seconds, 0);
  EXPECT_EQ(budget->nodes, 1000u);

  const auto both = limits({"--node-budget", "1000", "--timeout", "2"});
  ASSERT_TRUE(both);
  EXPECT_EQ(both->seconds, 2);
  EXPECT_EQ(both->nodes, 1000u);

  EXPECT_FALSE(limits({"--node-budget", "-1"}));
  EXPECT_FALSE(limits({"--timeout", "-1"}));
}

}  // namespace
