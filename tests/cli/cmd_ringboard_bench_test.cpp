// konane bench --game ringboard --quick: the node counts it reports are the rules engine's
// perft counts (ringboard::perft, itself checked against a separate reference generator in
// tests/games/ringboard), the signature is stable between runs, and Konane's bench is not
// what runs.
#include <gtest/gtest.h>

#include "cli_test_support.hpp"
#include "ringboard/notation.hpp"
#include "ringboard/perft.hpp"

namespace {

TEST(RingboardBench, QuickRunReportsTrueCountsAndAStableSignature) {
  const auto first = clitest::run_cli({"bench", "--game", "ringboard", "--quick", "--json"});
  ASSERT_EQ(first.rc, 0) << first.err;
  const auto j = clitest::parse_json_object(first.out);
  ASSERT_TRUE(j) << first.out;
  const auto& cases = (*j)["cases"].array();
  ASSERT_GE(cases.size(), 4u);
  double total = 0;
  bool from_start = false;
  for (const auto& c : cases) {
    const int depth = static_cast<int>(c["depth"].num());
    const std::string text = c["position"].str();
    ringboard::Position p = ringboard::start_position();
    ringboard::Color side = ringboard::Color::Black;
    if (text == "start") {
      from_start = true;
    } else {
      const auto parsed = ringboard::parse_position(text, nullptr);
      ASSERT_TRUE(parsed) << text;
      p = parsed->position;
      side = parsed->to_move;
    }
    const auto want = ringboard::perft(p, side, depth);
    ASSERT_TRUE(want);
    EXPECT_GT(*want, 0u) << c["name"].str();
    EXPECT_EQ(c["nodes"].num(), static_cast<double>(*want)) << c["name"].str();
    total += c["nodes"].num();
  }
  EXPECT_TRUE(from_start);
  EXPECT_EQ((*j)["nodes"].num(), total);
  const std::string signature = (*j)["signature"].str();
  EXPECT_EQ(signature.size(), 16u);
  const auto second = clitest::parse_json_object(
      clitest::run_cli({"bench", "--game", "ringboard", "--quick", "--json"}).out);
  ASSERT_TRUE(second);
  EXPECT_EQ((*second)["signature"].str(), signature);
  const auto konane =
      clitest::parse_json_object(clitest::run_cli({"bench", "--quick", "--json"}).out);
  ASSERT_TRUE(konane);
  EXPECT_NE((*konane)["signature"].str(), signature);
}

}  // namespace
