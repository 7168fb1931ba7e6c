// A few runs of the real konane executable: exit codes, stdout/stderr separation, no crash.
#include <gtest/gtest.h>

#include "cli_test_support.hpp"

namespace {

using clitest::run_binary;

TEST(CliBinary, Version) {
  const auto r = run_binary({"--version"});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out.rfind("konane ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("build "), std::string::npos) << r.out;
}

TEST(CliBinary, SuccessfulCommands) {
  auto r = run_binary({"moves", "--board", "8x8"});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, "a8\nd5\ne4\nh1\n");
  EXPECT_EQ(r.err, "");

  r = run_binary({"perft", "--board", "6x6", "--depth", "4"});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, "156\n");

  r = run_binary({"show", "xoxo/oxox/x..o/oxox w", "--json"});
  EXPECT_EQ(r.rc, 0) << r.err;
  const auto j = clitest::parse_json_object(r.out);
  ASSERT_TRUE(j) << r.out;
  EXPECT_EQ((*j)["to_move"].str(), "white");
}

TEST(CliBinary, BadInputExitsWithTwo) {
  const std::vector<std::vector<std::string>> cases = {
      {"show", "xoz/oxo"},
      {"show", "xox/ox"},
      {"moves", "--board", "9x3"},
      {"moves", "--board", "abc"},
      {"perft", "--board", "4x4", "--depth", "-1"},
      {"perft", "--board", "4x4"},
      {"show", "--board", "8x8", "--moves", "d5,d5"},
      {"moves", "xo..", "--board", "4x4"},
      {"show", "--no-such-option"},
      {"no-such-command"},
      {},
  };
  for (const auto& args : cases) {
    const auto r = run_binary(args);
    std::string shown;
    for (const auto& a : args) shown += " " + a;
    EXPECT_EQ(r.rc, 2) << "konane" << shown << "\n" << r.err;
    EXPECT_EQ(r.out, "") << "konane" << shown;
    EXPECT_FALSE(r.err.empty()) << "konane" << shown;
    EXPECT_EQ(r.err.find("terminate called"), std::string::npos) << r.err;
  }
}

}  // namespace
