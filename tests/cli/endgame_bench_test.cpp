// konane bench --make-endgames and --endgames (cli/endgame_bench.hpp): the set is the same on
// every run and says how it was made; every answer of a run agrees with plain recursion over
// whole boards (tests/solver/reference.hpp); bad sets are refused with their place.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../solver/reference.hpp"
#include "cli_test_support.hpp"

namespace {

std::vector<std::vector<std::string>> rows_of(const std::string& tsv) {
  std::vector<std::vector<std::string>> out;
  std::istringstream in(tsv);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::istringstream fs(line);
    for (std::string x; std::getline(fs, x, '\t');) f.push_back(x);
    out.push_back(f);
  }
  return out;
}

TEST(EndgameBench, TheSetIsSeededAndSaysHowItWasMade) {
  const std::vector<std::string> args = {
      "bench", "--make-endgames", "--board", "6x6",  "--games", "3", "--seed",
      "9",     "--from",          "6",       "--to", "14"};
  const auto a = clitest::run_binary(args);
  ASSERT_EQ(a.rc, 0) << a.err;
  EXPECT_EQ(clitest::run_binary(args).out, a.out);
  EXPECT_NE(a.out.find("# made by: konane bench --make-endgames --board 6x6 --games 3 --seed 9"),
            std::string::npos)
      << a.out;
  const auto rows = rows_of(a.out);
  ASSERT_GT(rows.size(), 20u);
  std::set<std::string> seen;
  for (const auto& f : rows) {
    ASSERT_EQ(f.size(), 6u);
    const int stones = static_cast<int>(std::count(f[0].begin(), f[0].end(), 'x') +
                                        std::count(f[0].begin(), f[0].end(), 'o'));
    EXPECT_EQ(std::to_string(stones), f[2]) << f[0];
    EXPECT_EQ(f[1], "b") << "an even ply: Black to move";
    EXPECT_TRUE(f[3] == "random" || f[3] == "greedy");
    const int ply = std::stoi(f[5]);
    EXPECT_TRUE(ply >= 6 && ply <= 14 && ply % 2 == 0) << ply;
    EXPECT_TRUE(seen.insert(f[0] + f[1]).second) << "repeated: " << f[0];
  }
  const auto other = clitest::run_binary({"bench", "--make-endgames", "--board", "6x6", "--games",
                                          "3", "--seed", "10", "--from", "6", "--to", "14"});
  EXPECT_NE(rows_of(other.out), rows);
}

TEST(EndgameBench, AnswersAgreeWithPlainRecursion) {
  const auto set = clitest::run_binary({"bench", "--make-endgames", "--board", "4x5", "--games",
                                        "3", "--from", "4", "--to", "8", "--opening", "any"});
  ASSERT_EQ(set.rc, 0) << set.err;
  clitest::TempDir dir;
  const std::string file = (dir.path / "set.tsv").string();
  std::ofstream(file) << set.out;
  const auto run = clitest::run_binary({"bench", "--endgames", file, "--node-budget", "100000000",
                                        "--threads", "1", "--json", "--quiet"});
  ASSERT_EQ(run.rc, 0) << run.err;
  const auto j = nlohmann::json::parse(run.out);
  const auto rows = rows_of(set.out);
  ASSERT_EQ(j["positions"].size(), rows.size());
  testref::PlainOutcome outcome;
  testref::PlainValues values;
  size_t counted = 0;
  for (const auto& e : j["positions"]) {
    const std::string text = e["position"];
    const auto parsed = konane::parse_position(text, nullptr);
    ASSERT_TRUE(parsed) << text;
    ASSERT_TRUE(e["solved"].get<bool>()) << text;
    ASSERT_TRUE(e["valued"].get<bool>()) << text;
    const bool black_wins = outcome.wins(parsed->position, konane::Color::Black);
    EXPECT_EQ(e["winner"], black_wins ? "black" : "white") << text;
    EXPECT_EQ(e["value"], cgt::to_string(values.value(parsed->position))) << text;
    counted += 1;
  }
  size_t in_buckets = 0;
  for (const auto& b : j["by_stones"]) {
    in_buckets += b["positions"].get<size_t>();
    EXPECT_EQ(b["solve"]["done"], b["positions"]);
  }
  EXPECT_EQ(in_buckets, counted);
  EXPECT_EQ(j["disagreements"], 0);

  // The table, and --only and --max-stones.
  const auto table =
      clitest::run_binary({"bench", "--endgames", file, "--only", "solve", "--max-stones", "14",
                           "--node-budget", "100000000", "--threads", "1", "--quiet"});
  ASSERT_EQ(table.rc, 0) << table.err;
  EXPECT_NE(table.out.find("| stones | positions | largest region, median (closure alone) | "
                           "solve within 100000000 nodes |"),
            std::string::npos)
      << table.out;
  EXPECT_EQ(table.out.find("value within"), std::string::npos) << table.out;
}

// The smallest example: the closure keeps the pairs a8-b8 and g8-h8 together, the
// split used by the searches does not; a lone pair is one region of 2 stones either way.
TEST(EndgameBench, RegionsAloneCountTheLargestRegion) {
  clitest::TempDir dir;
  const std::string file = (dir.path / "split.tsv").string();
  std::ofstream(file) << "xo....ox/......../......../......../......../......../......../"
                         "........\tb\n"
                      << "xo....../......../......../......../......../......../......../"
                         "........\tw\n";
  const auto r =
      clitest::run_binary({"bench", "--endgames", file, "--only", "regions", "--json", "--quiet"});
  ASSERT_EQ(r.rc, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["positions"].size(), 2u);
  EXPECT_EQ(j["positions"][0]["largest_region"], 2);
  EXPECT_EQ(j["positions"][0]["largest_closure_region"], 4);
  EXPECT_EQ(j["positions"][1]["largest_region"], 2);
  EXPECT_EQ(j["positions"][1]["largest_closure_region"], 2);
  EXPECT_FALSE(j["positions"][0].contains("solved"));
  const auto bad = clitest::run_binary({"bench", "--endgames", file, "--only", "split"});
  EXPECT_EQ(bad.rc, 2);
  EXPECT_NE(bad.err.find("--only must be both, solve, value or regions"), std::string::npos)
      << bad.err;
}

TEST(EndgameBench, BadSetsAreRefusedWithTheirPlace) {
  clitest::TempDir dir;
  const std::string file = (dir.path / "bad.tsv").string();
  std::ofstream(file) << "# a comment\nxoxo/oxox/x..o/oxox\tb\n\nxoxo/oxqx/x..o/oxox\tb\n";
  const auto bad = clitest::run_binary({"bench", "--endgames", file, "--quiet"});
  EXPECT_EQ(bad.rc, 2);
  EXPECT_NE(bad.err.find("bad.tsv:4:"), std::string::npos) << bad.err;
  std::ofstream(file) << "xoxo/oxox/x..o/oxox\tblack\n";
  const auto side = clitest::run_binary({"bench", "--endgames", file, "--quiet"});
  EXPECT_EQ(side.rc, 2);
  EXPECT_NE(side.err.find("bad.tsv:1:"), std::string::npos) << side.err;
  const auto missing = clitest::run_binary({"bench", "--endgames", file + ".none"});
  EXPECT_EQ(missing.rc, 2);
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos) << missing.err;
  const auto both = clitest::run_binary({"bench", "--endgames", file, "--make-endgames"});
  EXPECT_EQ(both.rc, 2);
  const auto board = clitest::run_binary({"bench", "--make-endgames", "--board", "9x9"});
  EXPECT_EQ(board.rc, 2);
}

}  // namespace
