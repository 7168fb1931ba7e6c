// `konane solve` under mpirun (solver/proof/job_tree.hpp, proof/rank_rounds.hpp): on 2 and 3 ranks
// every removal's result (--board), or the winner, the winning moves and the principal variation
// (POSITION) are those of one process; the JSON names the ranks and the nodes each searched; an
// answer read from the database ends the other ranks' wait; rank 0 alone prints.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_test_support.hpp"
#include "mpirun_support.hpp"

namespace {

using clitest::mpirun;

// Winner and each removal's result; the refutation named may differ (solver/proof/job_tree.hpp).
std::string results_of(const nlohmann::json& j) {
  std::string out = j.value("winner", "?");
  for (const auto& r : j["removals"])
    out += " " + r.value("square", "?") + ":" + r.value("winner", "?");
  return out;
}

nlohmann::json parsed(const clitest::Run& r) {
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out << r.err;
  return j.is_discarded() ? nlohmann::json::object() : j;
}

TEST(SolveRanks, SameRemovalResultsAsOneProcess) {
  for (const std::string board : {"4x4", "5x5", "4x6", "3x8"}) {
    for (const std::string rule : {"standard", "any"}) {
      const std::vector<std::string> args = {"solve", "--board", board,       "--opening",
                                             rule,    "--json",  "--threads", "1"};
      const auto alone = clitest::run_binary(args);
      ASSERT_EQ(alone.rc, 0) << alone.err;
      const auto expected = results_of(parsed(alone));
      for (const int ranks : {2, 3}) {
        const auto shared = mpirun(ranks, args);
        ASSERT_EQ(shared.rc, 0) << shared.err;
        const auto j = parsed(shared);
        EXPECT_EQ(results_of(j), expected) << board << " " << rule << " on " << ranks;
        EXPECT_TRUE(j.value("complete", false));
        EXPECT_EQ(j.value("ranks", 0), ranks);
        ASSERT_EQ(j["nodes_per_rank"].size(), size_t(ranks));
        uint64_t sum = 0;
        for (const auto& n : j["nodes_per_rank"]) sum += n.get<uint64_t>();
        EXPECT_EQ(sum, j.value("nodes", uint64_t{0}));
      }
    }
  }
}

// Ranks of two threads each: four searchers, more than a group of 4x4 has replies, so
// searchers leave a group whose open leaves are all taken for the next group's, or wait
// for a leaf to come back (solver/proof/job_tree.hpp).
TEST(SolveRanks, RanksOfSeveralThreadsGiveTheResultsOfOneProcess) {
  for (const std::string board : {"4x4", "5x5", "4x6"}) {
    const std::vector<std::string> args = {"solve", "--board", board,       "--opening",
                                           "any",   "--json",  "--threads", "2"};
    const auto alone = clitest::run_binary(args);
    ASSERT_EQ(alone.rc, 0) << alone.err;
    const auto shared = mpirun(2, args);
    ASSERT_EQ(shared.rc, 0) << shared.err;
    const auto j = parsed(shared);
    EXPECT_EQ(results_of(j), results_of(parsed(alone))) << board;
    EXPECT_TRUE(j.value("complete", false)) << board;
  }
}

TEST(SolveRanks, StoredAnswersEndTheOtherRanksWait) {
  clitest::TempDir dir;
  const std::string db = (dir.path / "db").string();
  const std::vector<std::string> args = {"solve", "--board", "5x5", "--json", "--db", db};
  const auto first = mpirun(2, args);
  ASSERT_EQ(first.rc, 0) << first.err;
  EXPECT_FALSE(parsed(first).value("from_db", true));
  const auto second = mpirun(3, args);  // read back: the other ranks are told to stop
  ASSERT_EQ(second.rc, 0) << second.err;
  EXPECT_TRUE(parsed(second).value("from_db", false));
  EXPECT_EQ(results_of(parsed(second)), results_of(parsed(first)));

  const std::string pos = "xoxo/oxox/x..o/oxox";
  const auto position = mpirun(2, {"solve", pos, "--json", "--db", db});
  ASSERT_EQ(position.rc, 0) << position.err;
  EXPECT_EQ(parsed(position).value("winner", "?"), "white");
  EXPECT_EQ(clitest::occurrences(position.out, "\"winner\""), 1u) << "printed once";
  const auto stored = mpirun(3, {"solve", pos, "--json", "--db", db});
  ASSERT_EQ(stored.rc, 0) << stored.err;
  EXPECT_TRUE(parsed(stored).value("from_db", false));
  EXPECT_EQ(parsed(stored)["pv"], parsed(position)["pv"]);
}

// The children of the root are the jobs; the line is searched on rank 0 from their results
// (solver/proof/root_analysis.hpp), and is the one a single process finds.
TEST(SolveRanks, PositionsGiveOneProcessAnswerAndLine) {
  for (const std::vector<std::string>& at :
       {std::vector<std::string>{"--board", "5x6", "--moves", "d3,d4"},
        {"--board", "5x6", "--moves", "f5,f4"},
        {"--board", "6x5", "--moves", "c4,c5"},
        {"--board", "4x6", "--moves", "c2,c3,a2-c2"},
        {"xoxo/oxox/xoxo/oxox"}}) {  // no move: lost at once
    std::vector<std::string> args = {"solve", "--json", "--threads", "1"};
    args.insert(args.end(), at.begin(), at.end());
    const auto alone = clitest::run_binary(args);
    ASSERT_EQ(alone.rc, 0) << alone.err;
    const auto expected = parsed(alone);
    for (const int ranks : {2, 3}) {
      const auto shared = mpirun(ranks, args);
      ASSERT_EQ(shared.rc, 0) << shared.err;
      const auto j = parsed(shared);
      const std::string where = at[0] + " on " + std::to_string(ranks) + " ranks";
      EXPECT_EQ(j["winner"], expected["winner"]) << where;
      EXPECT_EQ(j["winning_moves"], expected["winning_moves"]) << where;
      EXPECT_EQ(j["pv"], expected["pv"]) << where;
      EXPECT_TRUE(j.value("complete", false)) << where;
      EXPECT_EQ(j.value("ranks", 0), ranks) << where;
      ASSERT_EQ(j["nodes_per_rank"].size(), size_t(ranks)) << where;
      uint64_t sum = 0;
      for (const auto& n : j["nodes_per_rank"]) sum += n.get<uint64_t>();
      EXPECT_EQ(sum, j.value("nodes", uint64_t{0})) << where;
      EXPECT_EQ(clitest::occurrences(shared.out, "\"winner\""), 1u) << "printed once";
    }
  }
}

}  // namespace
