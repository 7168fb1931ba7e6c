// konane bench --quick: the node counts it reports are real perft counts, and the signature
// is stable between runs.
#include <gtest/gtest.h>

#include "cli_test_support.hpp"
#include "konane/notation.hpp"
#include "konane/opening.hpp"
#include "konane/perft.hpp"

namespace {

TEST(CliBench, QuickRunReportsTrueCountsAndAStableSignature) {
  const auto first = clitest::run_cli({"bench", "--quick", "--json"});
  ASSERT_EQ(first.rc, 0) << first.err;
  const auto j = clitest::parse_json_object(first.out);
  ASSERT_TRUE(j) << first.out;
  EXPECT_TRUE((*j)["quick"].boolean());
  const auto& cases = (*j)["cases"].array();
  ASSERT_GE(cases.size(), 4u);
  bool six_opening = false, eight_opening = false, six_mid = false, eight_mid = false;
  double total = 0;
  for (const auto& c : cases) {
    const int depth = static_cast<int>(c["depth"].num());
    uint64_t want = 0;
    if (c["position"].is_null()) {
      const std::string board = c["board"].str();
      const int rows = board[0] - '0', cols = board[2] - '0';
      const auto rule = konane::parse_opening_rule(c["opening"].str());
      ASSERT_TRUE(rule);
      want = konane::perft_opening(rows, cols, *rule, depth);
      six_opening |= board == "6x6";
      eight_opening |= board == "8x8";
    } else {
      const auto p = konane::parse_position(c["position"].str(), nullptr);
      ASSERT_TRUE(p) << c["position"].str();
      want = konane::perft(p->position, p->to_move, depth);
      six_mid |= p->position.rows == 6 && p->position.cols == 6;
      eight_mid |= p->position.rows == 8 && p->position.cols == 8;
    }
    EXPECT_EQ(c["nodes"].num(), static_cast<double>(want)) << c["name"].str();
    EXPECT_GT(want, 0u) << c["name"].str();
    total += c["nodes"].num();
  }
  EXPECT_TRUE(six_opening && eight_opening && six_mid && eight_mid);
  EXPECT_EQ((*j)["nodes"].num(), total);
  const std::string signature = (*j)["signature"].str();
  EXPECT_EQ(signature.size(), 16u);

  const auto second =
      clitest::parse_json_object(clitest::run_cli({"bench", "--quick", "--json"}).out);
  ASSERT_TRUE(second);
  EXPECT_EQ((*second)["signature"].str(), signature);

  // The text form prints the same signature.
  const auto text = clitest::run_cli({"bench", "--quick"});
  EXPECT_EQ(text.rc, 0);
  EXPECT_NE(text.out.find("signature: " + signature + "\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("nodes/s: "), std::string::npos);
}

TEST(CliBench, RejectsPositionalArguments) {
  const auto r = clitest::run_cli({"bench", "8x8"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("konane bench: error:"), std::string::npos) << r.err;
}

}  // namespace
