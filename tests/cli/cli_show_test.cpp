// konane show, in-process.
#include <gtest/gtest.h>

#include "cli_test_support.hpp"
#include "konane/notation.hpp"
#include "konane/opening.hpp"

namespace {

using clitest::run_cli;

TEST(CliShow, DrawsTheBoardAndTheSideToMove) {
  const auto r = run_cli({"show", "xoxo/oxox/x..o/oxox"});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "4  x o x o\n"
            "3  o x o x\n"
            "2  x . . o\n"
            "1  o x o x\n"
            "   a b c d\n"
            "black to move\n"
            "position: xoxo/oxox/x..o/oxox b\n"
            "moves: black 1, white 1\n"
            "regions: 1\n"
            "  a1 b1 c1 d1 a2 d2 a3 b3 c3 d3 a4 b4 c4 d4\n");
}

TEST(CliShow, SideToMoveFromTextOrOption) {
  EXPECT_NE(run_cli({"show", "xo.o. w"}).out.find("white to move"), std::string::npos);
  EXPECT_NE(run_cli({"show", "xo.o.", "--to-move", "white"}).out.find("white to move"),
            std::string::npos);
  EXPECT_NE(run_cli({"show", "xo.o.", "w"}).out.find("white to move"), std::string::npos);
  const auto agree = run_cli({"show", "xo.o. w", "--to-move", "white"});
  EXPECT_EQ(agree.rc, 0) << agree.err;
  // A finished game says who won.
  const auto over = run_cli({"show", "xo.o. w"});
  EXPECT_NE(over.out.find("white has no legal moves: black wins"), std::string::npos) << over.out;
}

TEST(CliShow, PlaysMovesFromTheSideToMove) {
  const auto r = run_cli({"show", "xo.o./...../.xo.. w", "--moves", "c1-a1"});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("after c1-a1:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("position: xo.o./...../o.... b"), std::string::npos) << r.out;

  const auto opening = run_cli({"show", "--board", "8x8", "--moves", "d5,e5,b5-d5,g5-c5"});
  EXPECT_EQ(opening.rc, 0) << opening.err;
  EXPECT_NE(opening.out.find("5  o . o . . . . x\n"), std::string::npos) << opening.out;
  EXPECT_NE(opening.out.find("black to move"), std::string::npos) << opening.out;
}

TEST(CliShow, TheOpeningSaysWhatToDo) {
  auto r = run_cli({"show", "--board", "6x6"});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("black to move: remove a black stone (standard opening)"), std::string::npos)
      << r.out;
  r = run_cli({"show", "--board", "6x6", "--opening", "any", "--moves", "a2"});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("white to move: remove a white stone next to the hole at a2"),
            std::string::npos)
      << r.out;
}

TEST(CliShow, IllegalMoveIsAnErrorNamingItAndItsIndex) {
  const auto r = run_cli({"show", "--board", "8x8", "--moves", "d5,e5,b5-d5,a1-a3"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("konane show: error: --moves: move 4 'a1-a3' is not legal for white"),
            std::string::npos)
      << r.err;
  const auto bad = run_cli({"show", "xo.", "--moves", "a1-c1,zz"});
  EXPECT_EQ(bad.rc, 2);
  EXPECT_NE(bad.err.find("move 2 'zz' is malformed"), std::string::npos) << bad.err;
}

TEST(CliShow, Json) {
  const auto r = run_cli({"show", "--board", "4x4", "--moves", "b3,b2", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = clitest::parse_json_object(r.out);
  ASSERT_TRUE(j) << r.out;
  EXPECT_EQ((*j)["position"].str(), "xoxo/o.ox/x.xo/oxox b");
  EXPECT_EQ((*j)["rows"].num(), 4);
  EXPECT_EQ((*j)["cols"].num(), 4);
  EXPECT_EQ((*j)["to_move"].str(), "black");
  EXPECT_EQ((*j)["phase"].str(), "jumps");
  EXPECT_EQ((*j)["opening"].str(), "standard");
  EXPECT_EQ((*j)["start"].str(), "xoxo/oxox/xoxo/oxox b");
  ASSERT_EQ((*j)["moves_played"].array().size(), 2u);
  EXPECT_EQ((*j)["moves_played"][1].str(), "b2");
  EXPECT_EQ((*j)["board"].array().size(), 4u);
  EXPECT_EQ((*j)["board"][2].str(), "x.xo");
  EXPECT_EQ((*j)["black_stones"].num(), 7);
  EXPECT_EQ((*j)["white_stones"].num(), 7);
  EXPECT_FALSE((*j)["game_over"].boolean());
  EXPECT_TRUE((*j)["winner"].is_null());

  const auto plain = run_cli({"show", "x.", "--json"});
  const auto p = clitest::parse_json_object(plain.out);
  ASSERT_TRUE(p) << plain.out;
  EXPECT_TRUE((*p)["opening"].is_null());
  EXPECT_TRUE((*p)["game_over"].boolean());
  EXPECT_EQ((*p)["winner"].str(), "white");
}

TEST(CliShow, Help) {
  const auto r = run_cli({"show", "--help"});
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.out.find("usage: konane show"), std::string::npos);
  EXPECT_NE(r.out.find("--to-move"), std::string::npos);
  EXPECT_NE(r.out.find("must agree"), std::string::npos);
  EXPECT_NE(r.out.find("--moves"), std::string::npos);
}

}  // namespace
