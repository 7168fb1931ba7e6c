// Ringboard through the every-game commands (cli/commands/, the facade's board verbs and
// ringboard/plugin.hpp; --game in cli/command.cpp): answers, JSON, and bad input with exit 2
// naming its place.
#include <gtest/gtest.h>

#include "cli_test_support.hpp"

namespace {

using clitest::run_cli;

TEST(RingboardCli, PerftFromTheStart) {
  auto r = run_cli({"perft", "--game", "ringboard", "start", "--depth", "4", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  auto j = clitest::parse_json_object(r.out);
  ASSERT_TRUE(j.has_value()) << r.out;
  EXPECT_EQ((*j)["nodes"].num(), 1297);
  EXPECT_EQ((*j)["game"].str(), "ringboard");
  auto d = run_cli({"perft", "start", "--game=ringboard", "--depth", "2", "--divide"});
  ASSERT_EQ(d.rc, 0) << d.err;
  EXPECT_NE(d.out.find("b4-c5: 7\n"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("total: 49\n"), std::string::npos) << d.out;
}

TEST(RingboardCli, MovesAndShow) {
  auto r = run_cli({"moves", "--game", "ringboard", "start"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, "b4-c5\nd4-c5\nd4-e5\nf4-e5\nf4-g5\nh4-g5\nh4-i5\n");
  auto after =
      run_cli({"moves", "--game", "ringboard", "start", "--moves", "d4-e5,c7-d6", "--json"});
  ASSERT_EQ(after.rc, 0) << after.err;
  auto j = clitest::parse_json_object(after.out);
  ASSERT_TRUE(j.has_value());
  EXPECT_EQ((*j)["to_move"].str(), "black");
  // e5 must take d6, and b8 after it: capturing is compulsory and goes on.
  ASSERT_EQ((*j)["moves"].array().size(), 1u);
  EXPECT_EQ((*j)["moves"][0].str(), "e5xc7xa9");  // on over b8 to the ring, crowned
  auto show = run_cli({"show", "--game", "ringboard", "start", "--json"});
  ASSERT_EQ(show.rc, 0) << show.err;
  auto s = clitest::parse_json_object(show.out);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ((*s)["black_men"].num(), 12);
  EXPECT_EQ((*s)["white_men"].num(), 12);
  EXPECT_EQ((*s)["legal_moves"].num(), 7);
  EXPECT_EQ((*s)["black_stones"].num(), 12);
  EXPECT_EQ((*s)["black_kings"].num(), 0);
  EXPECT_EQ((*s)["rows"].num(), 10);
  EXPECT_EQ((*s)["turn"].str(), "black to move");
  auto drawn = run_cli({"show", "--game", "ringboard", "start"});
  EXPECT_NE(drawn.out.find(" 4  . x . x . x . x . .\n"), std::string::npos) << drawn.out;
  EXPECT_NE(drawn.out.find("    a b c d e f g h i j\n"), std::string::npos);
}

TEST(RingboardCli, BadInputNamesItsPlace) {
  auto light = run_cli({"show", "--game", "ringboard",
                        "x........./........../........../........../........../........../"
                        "........../........../........../.........."});
  EXPECT_EQ(light.rc, 2);
  EXPECT_NE(light.err.find("a10 is a light square"), std::string::npos) << light.err;
  auto illegal = run_cli({"moves", "--game", "ringboard", "start", "--moves", "b4-c5,b4-a5"});
  EXPECT_EQ(illegal.rc, 2);
  EXPECT_NE(illegal.err.find("move 2 'b4-a5' of --moves: "), std::string::npos) << illegal.err;
  EXPECT_NE(illegal.err.find("is not legal: there is no white piece on b4"), std::string::npos)
      << illegal.err;
  auto side = run_cli({"moves", "--game", "ringboard", "start", "--to-move", "green"});
  EXPECT_EQ(side.rc, 2);
  auto game = run_cli({"moves", "--game", "chess", "start"});
  EXPECT_EQ(game.rc, 2);
  EXPECT_NE(game.err.find("unknown game 'chess'"), std::string::npos) << game.err;
  auto missing = run_cli({"moves", "--game"});
  EXPECT_EQ(missing.rc, 2);
  auto depth = run_cli({"perft", "--game", "ringboard", "start"});
  EXPECT_EQ(depth.rc, 2);
  EXPECT_NE(depth.err.find("--depth"), std::string::npos);
}

TEST(RingboardCli, KonaneRemainsTheDefault) {
  auto r = run_cli({"perft", "--board", "4x4", "--depth", "2"});
  ASSERT_EQ(r.rc, 0) << r.err;
  auto k = run_cli({"perft", "--game", "konane", "--board", "4x4", "--depth", "2"});
  EXPECT_EQ(k.out, r.out);
}

}  // namespace
