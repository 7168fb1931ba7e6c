// konane retro through the real binary: crash (SIGKILL) mid-layer and resume, comparing
// the final database with an uninterrupted run via `konane db export`.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>

#include "cli_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::run_binary;

using clitest::TempDir;

struct EnvGuard {
  explicit EnvGuard(const std::string& value, std::string name = "KONANE_RETRO_ABORT_AFTER")
      : name_(std::move(name)) {
    setenv(name_.c_str(), value.c_str(), 1);
  }
  ~EnvGuard() { unsetenv(name_.c_str()); }
  std::string name_;
};

// Work files of the one retro in progress under `db`, with their modification times.
std::map<std::string, fs::file_time_type> work_files(const fs::path& db) {
  std::map<std::string, fs::file_time_type> out;
  if (!fs::exists(db / "retro-work")) return out;
  for (const auto& e : fs::recursive_directory_iterator(db / "retro-work"))
    if (e.is_regular_file()) out[e.path().filename().string()] = e.last_write_time();
  return out;
}

using clitest::export_board;

TEST(RetroCli, KilledMidLayerResumesToIdenticalContents) {
  TempDir dir;
  const fs::path a = dir.path / "a", b = dir.path / "b";
  auto full = run_binary(
      {"retro", "--board", "4x5", "--opening", "any", "--db", a.string(), "--quiet", "--json"});
  ASSERT_EQ(full.rc, 0) << full.err;
  auto fj = clitest::parse_json_object(full.out);
  ASSERT_TRUE(fj.has_value()) << full.out;
  const double positions = (*fj)["positions"].num();
  ASSERT_GT(positions, 10000);
  const std::string expected = export_board(a, "4x5");
  ASSERT_EQ(clitest::lines(expected).size(), static_cast<size_t>(positions) + 1);

  {  // first crash: a third of the way through, with small chunks so it is mid-layer
    EnvGuard env(std::to_string(static_cast<uint64_t>(positions / 3)));
    auto r = run_binary({"retro", "--board", "4x5", "--opening", "any", "--db", b.string(),
                         "--chunk", "500", "--threads", "2"});
    EXPECT_EQ(r.rc, 128 + SIGKILL) << r.err;
    EXPECT_NE(r.err.find("abort requested"), std::string::npos) << r.err;
  }
  {  // second crash, soon after resuming
    EnvGuard env("2000");
    auto r = run_binary({"retro", "--board", "4x5", "--opening", "any", "--db", b.string(),
                         "--chunk", "500", "--quiet"});
    EXPECT_EQ(r.rc, 128 + SIGKILL) << r.err;
  }
  // The interrupted database is not finished: stats say so.
  auto stats = run_binary({"db", "stats", "--db", b.string()});
  EXPECT_EQ(stats.rc, 0) << stats.err;
  EXPECT_NE(stats.out.find("4x5 any: in progress"), std::string::npos) << stats.out;

  auto rest = run_binary(
      {"retro", "--board", "4x5", "--opening", "any", "--db", b.string(), "--quiet", "--json"});
  ASSERT_EQ(rest.rc, 0) << rest.err;
  auto rj = clitest::parse_json_object(rest.out);
  ASSERT_TRUE(rj.has_value()) << rest.out;
  EXPECT_EQ((*rj)["positions"].num(), positions);
  EXPECT_EQ((*rj)["winner"].str(), (*fj)["winner"].str());
  int resumed = 0, solved = 0;
  for (const auto& l : (*rj)["layers"].array()) (l["resumed"].boolean() ? resumed : solved)++;
  EXPECT_GT(resumed, 0) << "finished layers are not redone";
  EXPECT_GT(solved, 0);
  EXPECT_EQ(export_board(b, "4x5"), expected);
  EXPECT_FALSE(fs::exists(b / "retro-work")) << "work files removed at the end";

  // A rerun of a finished solve does nothing and changes nothing.
  auto again = run_binary(
      {"retro", "--board", "4x5", "--opening", "any", "--db", b.string(), "--quiet", "--json"});
  ASSERT_EQ(again.rc, 0) << again.err;
  EXPECT_EQ(export_board(b, "4x5"), expected);
}

// Killed during enumeration (after spilling some runs), twice: the layers and expansions
// finished before a crash are kept as they are, and the end result is the uninterrupted one.
TEST(RetroCli, KilledDuringEnumerationKeepsFinishedLayers) {
  TempDir dir;
  const fs::path a = dir.path / "a", b = dir.path / "b";
  auto full =
      run_binary({"retro", "--board", "4x5", "--opening", "any", "--db", a.string(), "--quiet"});
  ASSERT_EQ(full.rc, 0) << full.err;
  const std::string expected = export_board(a, "4x5");
  const std::vector<std::string> args = {"retro", "--board", "4x5",      "--opening",
                                         "any",   "--db",    b.string(), "--spill",
                                         "3000",  "--chunk", "200",      "--quiet"};
  std::map<std::string, fs::file_time_type> before;
  for (const char* runs : {"40", "60"}) {
    EnvGuard env(runs, "KONANE_RETRO_ABORT_AFTER_RUNS");
    auto r = run_binary(args);
    ASSERT_EQ(r.rc, 128 + SIGKILL) << r.err;
    EXPECT_NE(r.err.find("abort requested after " + std::string(runs) + " runs"), std::string::npos)
        << r.err;
    const auto now = work_files(b);
    int layers = 0, kept = 0;
    for (const auto& [name, time] : now) {
      EXPECT_FALSE(name.ends_with(".tmp")) << name;  // died between writes, not mid-file
      if (name.starts_with("layer-")) ++layers;
    }
    for (const auto& [name, time] : before) {
      if (!name.starts_with("layer-") && !name.starts_with("expanded-")) continue;
      ASSERT_TRUE(now.count(name)) << name << " was finished and must stay";
      EXPECT_EQ(now.at(name), time) << name << " was finished and must not be redone";
      ++kept;
    }
    EXPECT_GT(layers, 2);
    if (!before.empty()) {
      EXPECT_GT(kept, 2);
    }
    before = now;
  }
  auto rest = run_binary(args);
  ASSERT_EQ(rest.rc, 0) << rest.err;
  EXPECT_EQ(export_board(b, "4x5"), expected);
  EXPECT_FALSE(fs::exists(b / "retro-work"));
}

TEST(RetroCli, ProgressAndSummary) {
  TempDir dir;
  auto r = run_binary({"retro", "--board", "4x4", "--db", (dir.path / "d").string()});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.err.find("retro solve: layer 14"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("pos/s"), std::string::npos);
  EXPECT_NE(r.err.find("ETA"), std::string::npos);
  EXPECT_NE(r.out.find("winner: white"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("reachable positions (symmetry-reduced): 897"), std::string::npos) << r.out;
  // Recorded in the metadata: db stats reports the finished solve.
  auto s = run_binary({"db", "stats", "--db", (dir.path / "d").string(), "--json"});
  ASSERT_EQ(s.rc, 0) << s.err;
  auto j = clitest::parse_json_object(s.out);
  ASSERT_TRUE(j.has_value()) << s.out;
  const auto& solves = (*j)["solves"].array();
  ASSERT_EQ(solves.size(), 1u);
  EXPECT_EQ(solves[0]["board"].str(), "4x4");
  EXPECT_EQ(solves[0]["opening"].str(), "standard");
  EXPECT_TRUE(solves[0]["done"].boolean());
  EXPECT_EQ(solves[0]["positions"].str(), "897");
  EXPECT_EQ(solves[0]["winner"].str(), "white");
  EXPECT_EQ((*j)["boards"][0]["positions"].num(), 897);
}

TEST(RetroCli, UsageErrors) {
  auto r = run_binary({"retro", "--board", "4x4"});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find("--db"), std::string::npos);
  r = run_binary({"retro", "--board", "9x4", "--db", "/tmp/x"});
  EXPECT_EQ(r.rc, 2);
  r = run_binary({"retro", "--board", "4x4", "--opening", "weird", "--db", "/tmp/x"});
  EXPECT_EQ(r.rc, 2);
}

}  // namespace
