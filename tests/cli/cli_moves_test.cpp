// konane moves, in-process, against the reference generator.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "../games/reference.hpp"
#include "cli_test_support.hpp"

namespace {

using clitest::lines;
using clitest::run_cli;
using V = std::vector<std::string>;

TEST(CliMoves, ListsTheLegalMovesSorted) {
  std::mt19937_64 rng(77);
  for (int n = 0; n < 200; ++n) {
    const int rows = 1 + static_cast<int>(rng() % 8), cols = 1 + static_cast<int>(rng() % 8);
    const ref::Grid g = ref::random_grid(rows, cols, rng);
    for (char mover : {'x', 'o'}) {
      const std::string side = mover == 'x' ? "black" : "white";
      const auto r = run_cli({"moves", g.text(), "--to-move", side});
      ASSERT_EQ(r.rc, 0) << r.err;
      const V got = lines(r.out);
      V sorted = got;
      std::sort(sorted.begin(), sorted.end());
      EXPECT_EQ(sorted, ref::move_texts(g, mover)) << g.text() << " " << side;
      // Deterministic order: by from-square then to-square, squares by file then rank (with
      // at most 8 ranks that is plain string order of "c3-c5").
      EXPECT_EQ(got, sorted) << g.text();
      // The same via the side written in the position.
      const auto again = run_cli({"moves", g.text() + (mover == 'x' ? " b" : " w")});
      EXPECT_EQ(again.out, r.out);
    }
  }
}

TEST(CliMoves, OpeningRemovals) {
  EXPECT_EQ(lines(run_cli({"moves", "--board", "8x8"}).out), (V{"a8", "d5", "e4", "h1"}));
  EXPECT_EQ(lines(run_cli({"moves", "--board", "8x8", "--opening", "standard"}).out),
            (V{"a8", "d5", "e4", "h1"}));
  EXPECT_EQ(lines(run_cli({"moves", "--board", "5x5"}).out), (V{"b3", "c2", "c4", "d3"}));
  EXPECT_EQ(lines(run_cli({"moves", "--board", "3x3"}).out), (V{"a2", "b1", "b3", "c2"}));
  EXPECT_EQ(lines(run_cli({"moves", "--board", "2x3", "--opening", "any"}).out),
            (V{"a2", "b1", "c2"}));
  // Every size, both rules: exactly the reference's squares.
  for (int rows = 1; rows <= 8; ++rows)
    for (int cols = 1; cols <= 8; ++cols)
      for (bool any : {false, true}) {
        const std::string board = std::to_string(rows) + "x" + std::to_string(cols);
        const auto r = run_cli({"moves", "--board", board, "--opening", any ? "any" : "standard"});
        ASSERT_EQ(r.rc, 0) << r.err;
        V want;
        const ref::Grid g = ref::full(rows, cols);
        for (auto [row, col] : ref::black_removals(rows, cols, any))
          want.push_back(ref::square(g, row, col));
        std::sort(want.begin(), want.end());
        EXPECT_EQ(lines(r.out), want) << board;
      }
  // White's replies after a removal.
  EXPECT_EQ(lines(run_cli({"moves", "--board", "8x8", "--moves", "a8"}).out), (V{"a7", "b8"}));
}

TEST(CliMoves, NoMovesPrintsNothing) {
  const auto r = run_cli({"moves", "x.o./.... w"});
  EXPECT_EQ(r.rc, 0);
  EXPECT_EQ(r.out, "");
}

TEST(CliMoves, Json) {
  const auto r = run_cli({"moves", "xo.o./..... b", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = clitest::parse_json_object(r.out);
  ASSERT_TRUE(j) << r.out;
  EXPECT_EQ((*j)["count"].num(), 2);
  ASSERT_EQ((*j)["moves"].array().size(), 2u);
  EXPECT_EQ((*j)["moves"][0].str(), "a2-c2");
  EXPECT_EQ((*j)["moves"][1].str(), "a2-e2");
  EXPECT_EQ((*j)["to_move"].str(), "black");
  EXPECT_EQ((*j)["phase"].str(), "jumps");

  const auto o = clitest::parse_json_object(run_cli({"moves", "--board", "8x8", "--json"}).out);
  ASSERT_TRUE(o);
  EXPECT_EQ((*o)["phase"].str(), "black_removal");
  EXPECT_EQ((*o)["count"].num(), 4);
}

}  // namespace
