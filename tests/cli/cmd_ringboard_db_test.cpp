// Ringboard endgame databases through the CLI (cli/commands/retro.cpp and query.cpp):
// retro's per-class counts, query's results and best moves on positions worked out by
// hand, and refusals.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "cli_test_support.hpp"
#include "db/database.hpp"

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
  auto nine = run_cli({"retro", "--game", "ringboard", "--pieces", "9", "--db", db});
  EXPECT_EQ(nine.rc, 2);
  EXPECT_NE(nine.err.find("at most 8"), std::string::npos) << nine.err;
  // Six pieces need far more memory than any machine these tests run on (about 210 GB):
  // refused up front, with the figure, and no database made.
  auto six = run_cli({"retro", "--game", "ringboard", "--pieces", "6", "--db", db});
  EXPECT_EQ(six.rc, 2);
  EXPECT_NE(six.err.find("MiB of memory"), std::string::npos) << six.err;
  EXPECT_FALSE(std::filesystem::exists(db));
  auto one = run_cli({"retro", "--game", "ringboard", "--pieces", "1", "--db", db});
  EXPECT_EQ(one.rc, 2);
  auto missing =
      run_cli({"query", "--game", "ringboard", "start", "--db", (dir.path / "none").string()});
  EXPECT_EQ(missing.rc, 2);
}

// Ringboard keys changed layout (ringboard/endgame.hpp): a database whose records use
// another layout is refused by every command that reads or writes them, never misread.
TEST(RingboardDbCli, RefusesRecordsOfAnotherKeyLayout) {
  TempDir dir;
  const std::string db = (dir.path / "db").string();
  ASSERT_EQ(run_cli({"retro", "--game", "ringboard", "--pieces", "2", "--db", db, "--quiet"}).rc,
            0);
  auto set_layout = [&](const char* value) {
    db::OpenOptions o;
    o.mode = db::OpenMode::kReadWrite;
    auto opened = db::Database::open(db, o);
    ASSERT_TRUE(opened.has_value()) << opened.error().message;
    if (value)
      ASSERT_TRUE(opened->put_meta("game/ringboard/key_layout", value).has_value());
    else
      ASSERT_TRUE(opened->erase_meta("game/ringboard/key_layout").has_value());
    ASSERT_TRUE(opened->close().has_value());
  };
  const std::vector<std::vector<std::string>> commands = {
      {"query", "--game", "ringboard", kDuel + " b", "--db", db},
      {"solve", "--game", "ringboard", kDuel + " b", "--db", db},
      {"retro", "--game", "ringboard", "--pieces", "2", "--db", db, "--quiet"},
      {"db", "stats", "--game", "ringboard", "--db", db},
      {"db", "export", "--game", "ringboard", "--db", db}};
  for (const char* layout : {"1", static_cast<const char*>(nullptr)}) {
    set_layout(layout);
    for (const auto& c : commands) {
      auto r = run_cli(c);
      EXPECT_EQ(r.rc, 2) << c[0] << " " << r.out;
      EXPECT_NE(r.err.find("key layout"), std::string::npos) << r.err;
      EXPECT_TRUE(r.out.empty()) << r.out;
    }
  }
  set_layout("2");
  EXPECT_EQ(run_cli({"query", "--game", "ringboard", kDuel + " b", "--db", db}).rc, 0);
}

}  // namespace
