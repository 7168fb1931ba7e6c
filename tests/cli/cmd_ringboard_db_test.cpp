// Ringboard endgame databases through the CLI (cli/cmd_ringboard_db.cpp): retro's per-class
// counts, query's results and best moves on positions worked out by hand, and refusals.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "cli_test_support.hpp"

namespace {

using clitest::run_cli;
using clitest::TempDir;

// Black king d4, white man e5 (e5 to d4 is White's forward capture, d4 to f6 Black's).
const std::string kDuel =
    "........../........../........../........../........../....o...../...X....../........../"
    "........../..........";

TEST(RingboardDbCli, RetroCountsEveryPlacementOfEveryClass) {
  TempDir dir;
  const std::string db = (dir.path / "db").string();
  auto r =
      run_cli({"retro", "--game", "ringboard", "--pieces", "2", "--db", db, "--quiet", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  auto j = clitest::parse_json_object(r.out);
  ASSERT_TRUE(j.has_value()) << r.out;
  const auto& classes = (*j)["classes"].array();
  ASSERT_EQ(classes.size(), 4u);
  // Placements by hand: kings anywhere (50 squares), men on 40 (not their promotion ranks).
  const std::map<std::string, double> placements = {
      {"X-O", 50 * 49}, {"X-o", 40 * 49}, {"x-O", 40 * 49}, {"x-o", 10 * 40 + 30 * 39}};
  std::map<std::string, clitest::Json> by_name;
  for (const auto& c : classes) {
    const std::string name = c["class"].str();
    by_name[name] = c;
    EXPECT_EQ(c["positions"].num(), placements.at(name)) << name;
    for (const char* side : {"black_to_move", "white_to_move"}) {
      const auto& t = c[side];
      EXPECT_EQ(t["black"].num() + t["white"].num() + t["draw"].num(), c["positions"].num());
    }
  }
  // Colour-flipped classes mirror each other: X-o with Black to move is x-O with White to
  // move, colours exchanged.
  EXPECT_EQ(by_name["X-o"]["black_to_move"]["black"].num(),
            by_name["x-O"]["white_to_move"]["white"].num());
  EXPECT_EQ(by_name["X-o"]["black_to_move"]["draw"].num(),
            by_name["x-O"]["white_to_move"]["draw"].num());
  // A rerun finds the work done.
  auto again =
      run_cli({"retro", "--game", "ringboard", "--pieces", "2", "--db", db, "--quiet", "--json"});
  ASSERT_EQ(again.rc, 0) << again.err;
  EXPECT_TRUE((*clitest::parse_json_object(again.out))["from_earlier_run"].boolean());
  EXPECT_EQ((*clitest::parse_json_object(again.out))["classes"][1]["white_to_move"]["draw"].num(),
            classes[1]["white_to_move"]["draw"].num());

  // Whoever moves first captures the other's only piece and wins in one ply.
  for (const char* side : {"b", "w"}) {
    auto q = run_cli({"query", "--game", "ringboard", kDuel + " " + side, "--db", db, "--json"});
    ASSERT_EQ(q.rc, 0) << q.err;
    auto qj = clitest::parse_json_object(q.out);
    ASSERT_TRUE(qj.has_value()) << q.out;
    EXPECT_EQ((*qj)["result"].str(), "win");
    EXPECT_EQ((*qj)["distance"].num(), 1);
    ASSERT_EQ((*qj)["best_moves"].array().size(), 1u);
    EXPECT_EQ((*qj)["best_moves"][0].str(), std::string(side) == "b" ? "d4xf6" : "e5xc3");
  }
  // A position with more pieces than the database holds is not found (exit 1).
  auto big = run_cli({"query", "--game", "ringboard", "start", "--db", db});
  EXPECT_EQ(big.rc, 1) << big.err;
  EXPECT_NE(big.out.find("result: unknown"), std::string::npos) << big.out;
}

TEST(RingboardDbCli, RefusesWhatItCannotDo) {
  TempDir dir;
  const std::string db = (dir.path / "db").string();
  auto five = run_cli({"retro", "--game", "ringboard", "--pieces", "5", "--db", db});
  EXPECT_EQ(five.rc, 2);
  EXPECT_NE(five.err.find("at most 4"), std::string::npos) << five.err;
  auto one = run_cli({"retro", "--game", "ringboard", "--pieces", "1", "--db", db});
  EXPECT_EQ(one.rc, 2);
  auto missing =
      run_cli({"query", "--game", "ringboard", "start", "--db", (dir.path / "none").string()});
  EXPECT_EQ(missing.rc, 2);
}

}  // namespace
