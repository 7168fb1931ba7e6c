// The progress of `konane solve` (cli/solve_progress.cpp, fed by solver::SettleProgress in
// solver/proof/settle_search.hpp): its last line says how many of the root's moves were decided
// (all of them, counted by the naive reference rules, once a solve is complete; fewer when a node
// budget stopped it) and, with --board, how many removals were settled. Every check uses
// --progress 0 (the last line only) or --quiet, so none depends on how long a solve takes.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "../games/reference.hpp"
#include "cli_test_support.hpp"

namespace {

using clitest::run_cli;

// The counts of the last progress line: "solve: moves D/T decided; nodes N ...".
struct Counts {
  long done = -1, total = -1;
};
Counts counts(const std::string& err, const std::string& what) {
  const std::regex line("solve: " + what + " ([0-9]+)/([0-9]+) [a-z]+[;,]");
  Counts c;
  for (auto it = std::sregex_iterator(err.begin(), err.end(), line); it != std::sregex_iterator();
       ++it) {
    c.done = std::stol((*it)[1]);
    c.total = std::stol((*it)[2]);
  }
  return c;
}

TEST(SolveProgress, CompleteSolveDecidesEveryMove) {
  const std::string pos = "xoxox/o.x.o/x..ox/oxoxo/xoxox";
  const long moves = static_cast<long>(ref::moves(ref::from_text(pos), 'x').size());
  ASSERT_GT(moves, 1);
  for (const char* threads : {"1", "2"}) {
    const auto r = run_cli({"solve", pos, "--threads", threads, "--progress", "0"});
    ASSERT_EQ(r.rc, 0) << r.err;
    const Counts c = counts(r.err, "moves");
    EXPECT_EQ(c.total, moves) << r.err;
    EXPECT_EQ(c.done, moves) << r.err;
    EXPECT_NE(r.err.find("; nodes "), std::string::npos) << r.err;
  }
}

TEST(SolveProgress, StoppedSolveDecidesFewer) {
  // 36 stones of 8x8 play: far beyond 20,000 nodes on one thread.
  const std::string pos = "xox.xoxo/..o...ox/...oxoxo/o..x..ox/x....o.o/..o..x.x/.o..xoxo/.xoxoxox";
  const long moves = static_cast<long>(ref::moves(ref::from_text(pos), 'x').size());
  const auto r = run_cli(
      {"solve", pos, "--threads", "1", "--node-budget", "20000", "--progress", "0", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  ASSERT_NE(r.out.find("\"complete\":false"), std::string::npos) << r.out;
  const Counts c = counts(r.err, "moves");
  EXPECT_EQ(c.total, moves) << r.err;
  EXPECT_GE(c.done, 0) << r.err;
  EXPECT_LT(c.done, moves) << r.err;
}

TEST(SolveProgress, BoardSettlesEveryRemovalClass) {
  const auto r = run_cli({"solve", "--board", "4x5", "--opening", "any", "--progress", "0"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const Counts removals = counts(r.err, "removals");
  EXPECT_GT(removals.total, 0) << r.err;
  EXPECT_EQ(removals.done, removals.total) << r.err;
  // Black's removals under `any` on 4x5: its 10 stones, in classes under the board's
  // symmetries (at most 10, at least 10 / 4).
  EXPECT_LE(removals.total, 10);
  EXPECT_GE(removals.total, 3);
  const std::regex replies("replies ([0-9]+)/([0-9]+) decided");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.err, m, replies)) << r.err;
  EXPECT_GE(std::stol(m[1]), removals.total);  // each class needs a decided reply
  EXPECT_LE(std::stol(m[1]), std::stol(m[2]));
}

TEST(SolveProgress, QuietPrintsNothing) {
  const auto r = run_cli({"solve", "xoxo/oxox/x..o/oxox", "--progress", "0", "--quiet"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.err, "");
}

TEST(SolveProgress, BadIntervalIsAUsageError) {
  for (const char* bad : {"-1", "nan", "inf", "2e6", "soon"}) {
    const auto r = run_cli({"solve", "xoxo/oxox/x..o/oxox", "--progress", bad});
    EXPECT_EQ(r.rc, 2) << bad;
    EXPECT_NE(r.err.find("--progress"), std::string::npos) << bad << ": " << r.err;
    EXPECT_EQ(r.out, "") << bad;
  }
}

}  // namespace
