// Konane's endgame benchmark in the facade (api/endgame_bench.hpp): a set is the same for the
// same seeds and its lines read back; a run answers each position as api::solve does, and
// refuses an unreadable file, a bad line (naming file and line) and a run without a limit.
#include "api/endgame_bench.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "api/verbs.hpp"
#include "konane/notation.hpp"

namespace {

std::string temp_file(const std::string& name, const std::string& text) {
  const auto path =
      std::filesystem::temp_directory_path() /
      (name + "-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  std::ofstream(path) << text;
  return path.string();
}

TEST(EndgameBenchApi, ASetIsSeededAndEachRunAnswerIsSolves) {
  api::EndgameSetRequest s;
  s.rows = 4;
  s.cols = 5;
  s.rule = konane::OpeningRule::Any;
  s.games = 2;
  s.from = 4;
  s.to = 8;
  const auto set = api::endgame_set(s);
  EXPECT_EQ(api::endgame_set(s).lines, set.lines);
  ASSERT_FALSE(set.lines.empty());
  const std::string file = temp_file(
      "endgames", set.header + [&] {
        std::string all;
        for (const auto& l : set.lines) all += l + "\n";
        return all;
      }());
  api::Limits limits;
  limits.node_budget = 1'000'000;
  const auto run = api::endgame_run({file, true, true, 0}, limits);
  ASSERT_TRUE(run) << run.error().message;
  ASSERT_EQ(run->positions.size(), set.lines.size());
  EXPECT_EQ(run->disagreements, 0);
  for (const auto& e : run->positions) {
    ASSERT_TRUE(e.solved && e.valued) << konane::to_string(e.position, e.to_move);
    api::PositionRequest r;
    r.position = konane::to_string(e.position, e.to_move);
    const auto solved = api::solve(r, limits);
    ASSERT_TRUE(solved);
    EXPECT_EQ(solved->winner, e.winner) << r.position;
  }
  std::filesystem::remove(file);
}

TEST(EndgameBenchApi, BadSetsAndMissingLimitsAreRefused) {
  api::Limits limits;
  limits.node_budget = 1000;
  const auto missing = api::endgame_run({"/nonexistent/set.tsv", true, true, 0}, limits);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("cannot read /nonexistent/set.tsv"), std::string::npos);
  const std::string file = temp_file("bad-endgames", "# a comment\nxo.\tq\n");
  const auto bad = api::endgame_run({file, true, true, 0}, limits);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find(file + ":2: expected a position, a tab and b or w"),
            std::string::npos)
      << bad.error().message;
  EXPECT_FALSE(api::endgame_run({file, true, true, 0}, api::Limits{}));
  std::filesystem::remove(file);
}

}  // namespace
