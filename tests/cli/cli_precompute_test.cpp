// konane precompute: the region-value store through the command line, and solve and value
// reading it (the counts are held against the library's own listing in
// tests/solver/values/region_store_test.cpp; here the commands' contract).
#include <gtest/gtest.h>

#include <filesystem>

#include "cli_test_support.hpp"

namespace {

using clitest::parse_json_object;
using clitest::run_cli;
using clitest::TempDir;

clitest::Json json_of(const std::vector<std::string>& args, int rc = 0) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.rc, rc) << r.err;
  const auto j = parse_json_object(r.out);
  EXPECT_TRUE(j) << r.out;
  return j ? *j : clitest::Json{};
}

TEST(CliPrecompute, StoresEveryRegionOnceAndSolveReadsThem) {
  TempDir dir;
  const std::string db = (dir.path / "db").string();
  auto j = json_of({"precompute", "--box", "3x3", "--max-stones", "9", "--db", db, "--json"});
  EXPECT_TRUE(j["complete"].boolean());
  const double regions = j["regions"].num();
  EXPECT_GT(regions, 100);
  EXPECT_EQ(j["computed"].num(), regions);
  EXPECT_EQ(j["chunks_done"].num(), j["chunks_total"].num());
  // Done already: nothing left to do.
  j = json_of({"precompute", "--box", "3x3", "--max-stones", "9", "--db", db, "--json"});
  EXPECT_EQ(j["computed"].num(), 0);
  EXPECT_EQ(j["resumed_at"].num(), j["chunks_total"].num());
  // db stats counts them: every stored position has a value.
  j = json_of({"db", "stats", "--db", db, "--json"});
  double with_value = 0;
  for (const auto& b : j["boards"].array()) with_value += b["with_value"].num();
  EXPECT_EQ(with_value, regions);
  ASSERT_EQ(j["region_precomputes"].array().size(), 1u);
  const auto& run = j["region_precomputes"][0];
  EXPECT_EQ(run["box"].str(), "3x3");
  EXPECT_EQ(run["max_stones"].num(), 9);
  EXPECT_TRUE(run["done"].boolean());
  EXPECT_EQ(run["chunks_done"].num(), run["chunks_total"].num());
  // A stored 6-stone region, too large to value on the spot at --value-limit 2: settled by
  // its stored value, with the same winner as without the database.
  const std::string pos = ".o./oxo/x.x";
  const auto plain = json_of({"solve", pos, "--value-limit", "2", "--json"});
  j = json_of({"solve", pos, "--value-limit", "2", "--db", db, "--json"});
  EXPECT_EQ(j["winner"].str(), plain["winner"].str());
  ASSERT_EQ(j["regions"].array().size(), 1u);
  EXPECT_EQ(j["regions"][0]["source"].str(), "stored");
  EXPECT_EQ(j["regions"][0]["stones"].num(), 6);
  EXPECT_EQ(j["regions_from_db"].num(), 1);
  EXPECT_EQ(plain["regions"][0]["source"].str(), "searched");
  // value reads it too.
  j = json_of({"value", pos, "--db", db, "--json"});
  EXPECT_TRUE(j["regions"][0]["from_db"].boolean());
  EXPECT_EQ(j["regions_from_db"].num(), 1);
}

// Clobber through the same command: every 3x3 region class stored, db stats lists the run,
// and value and solve read a stored region (the values themselves are held against the
// rules' plain values in tests/games/grid/region_enum_test.cpp).
TEST(CliPrecompute, ClobberRegionsAreStoredAndRead) {
  TempDir dir;
  const std::string db = (dir.path / "db").string();
  auto j = json_of({"precompute", "--game", "clobber", "--box", "3x3", "--max-stones", "9", "--db",
                    db, "--json"});
  EXPECT_EQ(j["game"].str(), "clobber");
  EXPECT_TRUE(j["complete"].boolean());
  EXPECT_GT(j["regions"].num(), 100);
  j = json_of({"db", "stats", "--game", "clobber", "--db", db, "--json"});
  ASSERT_EQ(j["region_precomputes"].array().size(), 1u);
  EXPECT_EQ(j["region_precomputes"][0]["box"].str(), "3x3");
  EXPECT_TRUE(j["region_precomputes"][0]["done"].boolean());
  const std::string pos = "xox|oxo|xo.";
  const auto plain = json_of({"value", pos, "--game", "clobber", "--json"});
  j = json_of({"value", pos, "--game", "clobber", "--db", db, "--json"});
  EXPECT_EQ(j["value"].str(), plain["value"].str());
  EXPECT_TRUE(j["regions"][0]["from_db"].boolean());
  j = json_of({"solve", pos, "--game", "clobber", "--value-limit", "2", "--db", db, "--json"});
  EXPECT_EQ(j["regions"][0]["source"].str(), "stored");
  // A game without listable regions is refused before the database is touched.
  const auto r = run_cli({"precompute", "--game", "ringboard", "--box", "3x3", "--max-stones", "4",
                          "--db", (dir.path / "none").string()});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("not available for --game ringboard"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path / "none"));
}

TEST(CliPrecompute, BadOptionsAreRefused) {
  TempDir dir;
  const std::string db = (dir.path / "db").string();
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"precompute", "--max-stones", "4", "--db", db},
           {"precompute", "--box", "3x3", "--db", db},
           {"precompute", "--box", "3x3", "--max-stones", "1", "--db", db},
           {"precompute", "--box", "3x3", "--max-stones", "65", "--db", db},
           {"precompute", "--box", "9x3", "--max-stones", "4", "--db", db},
           {"precompute", "--box", "3x3", "--max-stones", "4"}}) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.rc, 2) << args[1] << " " << args[2];
    EXPECT_NE(r.err.find("konane precompute: error:"), std::string::npos) << r.err;
  }
}

}  // namespace
