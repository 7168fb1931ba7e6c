// konane perft, in-process: known values, --divide, positions against the reference.
#include <gtest/gtest.h>

#include <random>

#include "../games/reference.hpp"
#include "cli_test_support.hpp"

namespace {

using clitest::lines;
using clitest::run_cli;

uint64_t perft_value(const std::vector<std::string>& args) {
  auto r = run_cli(args);
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.err, "");
  return std::stoull(r.out);
}

TEST(CliPerft, KnownOpeningValues) {
  const uint64_t four[] = {1, 4, 12, 16, 52};
  const uint64_t six[] = {1, 4, 12, 28, 156};
  for (int d = 0; d <= 4; ++d) {
    EXPECT_EQ(perft_value({"perft", "--board", "4x4", "--depth", std::to_string(d)}), four[d]);
    EXPECT_EQ(perft_value({"perft", "--board", "6x6", "--opening", "standard", "--depth",
                           std::to_string(d)}),
              six[d]);
  }
  // Deeper and other rules/sizes against the reference perft.
  EXPECT_EQ(perft_value({"perft", "--board", "6x6", "--depth", "8"}),
            ref::perft_opening(6, 6, false, 8));
  EXPECT_EQ(perft_value({"perft", "--board", "5x7", "--opening", "any", "--depth", "6"}),
            ref::perft_opening(5, 7, true, 6));
}

TEST(CliPerft, PositionsMatchTheReference) {
  std::mt19937_64 rng(123);
  for (int n = 0; n < 40; ++n) {
    const int rows = 3 + static_cast<int>(rng() % 6), cols = 3 + static_cast<int>(rng() % 6);
    const auto [g, mover] = ref::random_game_position(rows, cols, static_cast<int>(rng() % 8), rng);
    const int depth = 1 + static_cast<int>(rng() % 4);
    const std::string side = mover == 'x' ? "black" : "white";
    EXPECT_EQ(perft_value({"perft", g.text(), "--to-move", side, "--depth", std::to_string(depth)}),
              ref::perft(g, mover, depth))
        << g.text() << " " << side << " " << depth;
  }
}

TEST(CliPerft, AfterMovesCountsFromThere) {
  // After Black's removal the count continues with White's removal as ply 1.
  EXPECT_EQ(perft_value({"perft", "--board", "4x4", "--moves", "b3", "--depth", "3"}),
            perft_value({"perft", "--board", "4x4", "--moves", "b3,a3", "--depth", "2"}) +
                perft_value({"perft", "--board", "4x4", "--moves", "b3,b4", "--depth", "2"}) +
                perft_value({"perft", "--board", "4x4", "--moves", "b3,b2", "--depth", "2"}) +
                perft_value({"perft", "--board", "4x4", "--moves", "b3,c3", "--depth", "2"}));
}

TEST(CliPerft, DivideSumsToTheTotal) {
  const auto r = run_cli({"perft", "--board", "6x6", "--depth", "6", "--divide"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto ls = lines(r.out);
  ASSERT_EQ(ls.size(), 5u) << r.out;  // four removals and the total
  uint64_t sum = 0;
  for (size_t i = 0; i + 1 < ls.size(); ++i) {
    const auto colon = ls[i].find(": ");
    ASSERT_NE(colon, std::string::npos) << ls[i];
    const std::string move = ls[i].substr(0, colon);
    const uint64_t n = std::stoull(ls[i].substr(colon + 2));
    EXPECT_EQ(n, perft_value({"perft", "--board", "6x6", "--moves", move, "--depth", "5"}));
    sum += n;
  }
  EXPECT_EQ(ls.back(), "total: " + std::to_string(sum));
  EXPECT_EQ(sum, ref::perft_opening(6, 6, false, 6));
}

TEST(CliPerft, Json) {
  const auto r = run_cli({"perft", "xo.o./..... b", "--depth", "1", "--divide", "--json"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = clitest::parse_json_object(r.out);
  ASSERT_TRUE(j) << r.out;
  EXPECT_EQ((*j)["nodes"].num(), 2);
  EXPECT_EQ((*j)["depth"].num(), 1);
  ASSERT_EQ((*j)["divide"].array().size(), 2u);
  EXPECT_EQ((*j)["divide"][0]["move"].str(), "a2-c2");
  EXPECT_EQ((*j)["divide"][0]["nodes"].num(), 1);
  EXPECT_TRUE((*j)["seconds"].is_number());

  const auto plain = clitest::parse_json_object(
      run_cli({"perft", "--board", "4x4", "--depth", "4", "--json"}).out);
  ASSERT_TRUE(plain);
  EXPECT_EQ((*plain)["nodes"].num(), 52);
  EXPECT_FALSE(plain->has("divide"));
}

TEST(CliPerft, DepthZeroAndEndedLines) {
  EXPECT_EQ(perft_value({"perft", "x.", "--depth", "0"}), 1u);
  EXPECT_EQ(perft_value({"perft", "x.", "--depth", "3"}), 0u);
  EXPECT_EQ(perft_value({"perft", "xo.o.", "--depth", "1"}), 2u);
  // After a1-c1 White answers d1-b1; after a1-e1 that line has ended and counts 0.
  EXPECT_EQ(perft_value({"perft", "xo.o.", "--depth", "2"}), 1u);
  EXPECT_EQ(perft_value({"perft", "xo.o.", "--depth", "3"}), 0u);
}

}  // namespace
