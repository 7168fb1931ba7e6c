// `konane retro` under mpirun (solver/retro/mpi/ranked.hpp): on 2 and 3 ranks (on this machine,
// oversubscribed) the database holds exactly what one process stores, and a rank killed
// during enumeration or solving leaves a state from which a rerun, on the same or another
// number of ranks or on one process, ends with the same database.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_test_support.hpp"
#include "mpirun_support.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::EnvVar;
using clitest::mpirun;
using clitest::run_binary;

using clitest::export_board;

// The summary without what varies between runs.
nlohmann::json summary(const std::string& out) {
  auto j = nlohmann::json::parse(out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << out;
  if (j.is_discarded()) return j;
  for (const char* f : {"seconds", "enumerate_seconds", "solve_seconds", "peak_rss_kb", "ranks",
                        "message_bytes", "threads", "resumed"})
    j.erase(f);
  for (auto& l : j["layers"]) {
    l.erase("seconds");
    l.erase("resumed");
  }
  return j;
}

// Small rounds, so that every layer takes several and the ranks' round counts differ: 300
// positions on 4x5 (layers of up to about 4,000), 1,000 on 5x5 (up to 54,000; 300 made its
// test the slowest of the suite, 74 s in Release and 170 s under ASan).
std::vector<std::string> retro_args(const fs::path& db, const std::string& board,
                                    const std::string& opening, const char* chunk = "300") {
  return {"retro",  "--board", board,       "--opening", opening,   "--db", db.string(),
          "--json", "--quiet", "--threads", "1",         "--chunk", chunk};
}

TEST(RetroRanks, SameDatabaseAsOneProcess) {
  clitest::TempDir dir;
  for (const auto& [board, opening] :
       std::vector<std::pair<std::string, std::string>>{{"4x5", "standard"}, {"3x6", "any"}}) {
    const fs::path one = dir.path / (board + opening + "-1");
    const auto alone = run_binary(retro_args(one, board, opening));
    ASSERT_EQ(alone.rc, 0) << alone.err;
    const std::string expected = export_board(one, board);
    ASSERT_GT(expected.size(), 1000u);
    for (const int ranks : {2, 3}) {
      const fs::path db = dir.path / (board + opening + "-" + std::to_string(ranks));
      auto args = retro_args(db, board, opening);
      // 3 ranks look every child up at its owner; 2 keep whole windows
      // (solver/retro/mpi/ranked.hpp).
      if (ranks == 3) args.insert(args.end(), {"--replicate-window", "0"});
      const auto shared = mpirun(ranks, args);
      ASSERT_EQ(shared.rc, 0) << shared.err;
      EXPECT_EQ(export_board(db, board), expected) << board << " on " << ranks << " ranks";
      EXPECT_EQ(summary(shared.out), summary(alone.out));
      const auto j = nlohmann::json::parse(shared.out, nullptr, false);
      ASSERT_FALSE(j.is_discarded()) << shared.out;
      EXPECT_EQ(j.value("ranks", 0), ranks);
      EXPECT_GT(j.value("message_bytes", uint64_t{0}), 0u);
      EXPECT_FALSE(fs::exists(db / "retro-work"));
    }
  }
}

TEST(RetroRanks, AKilledRankResumesToTheSameDatabase) {
  clitest::TempDir dir;
  const fs::path one = dir.path / "one";
  ASSERT_EQ(run_binary(retro_args(one, "4x5", "any")).rc, 0);
  const std::string expected = export_board(one, "4x5");
  struct Case {
    const char* hook;   // the test hook that kills rank 1
    const char* after;  // after this many runs spilled / positions solved
    int killed_on, resumed_on;
    const char* replicate = "4096";  // --replicate-window of both runs
  };
  for (const Case c : {Case{"KONANE_RETRO_ABORT_AFTER_RUNS", "30", 2, 2},
                       Case{"KONANE_RETRO_ABORT_AFTER", "4000", 2, 2, "0"},
                       Case{"KONANE_RETRO_ABORT_AFTER", "7000", 3, 2},
                       Case{"KONANE_RETRO_ABORT_AFTER", "7000", 2, 1}}) {
    const std::string name = std::string(c.hook) + "=" + c.after + " on " +
                             std::to_string(c.killed_on) + ", resumed on " +
                             std::to_string(c.resumed_on);
    const fs::path db = dir.path / ("db" + std::to_string(c.killed_on) + c.after + c.hook);
    auto args = retro_args(db, "4x5", "any");
    args.insert(args.end(), {"--spill", "2000", "--replicate-window", c.replicate});
    {
      EnvVar hook(c.hook, c.after);
      EnvVar which("KONANE_RANK_ABORT", "1");
      const auto killed = mpirun(c.killed_on, args);
      ASSERT_NE(killed.rc, 0) << name << "\n" << killed.err;
    }
    const auto rest = c.resumed_on == 1 ? run_binary(args) : mpirun(c.resumed_on, args);
    ASSERT_EQ(rest.rc, 0) << name << "\n" << rest.err;
    EXPECT_EQ(export_board(db, "4x5"), expected) << name;
    EXPECT_FALSE(fs::exists(db / "retro-work")) << name;
    const auto j = nlohmann::json::parse(rest.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << rest.out;
    // The same layout carries on from the files; another is enumerated again.
    if (c.resumed_on == c.killed_on) {
      EXPECT_TRUE(j.value("resumed", false)) << name;
    }
  }
}

// On 5x5 a 1 MiB window holds the windows of the smallest and the largest layers whole but
// not those of the middle ones: layers solved by key ranges (whole windows) and by hash
// shares (owners' lookups) follow each other both ways, and a rerun after a kill picks up the
// other way's files (an owners' layer sends the parts that whole-window layers solved to
// their owners first, solver/retro/mpi/ranges.hpp).
TEST(RetroRanks, WholeWindowsAndOwnersLookupsAlternate) {
  clitest::TempDir dir;
  const fs::path one = dir.path / "one";
  const auto alone = run_binary(retro_args(one, "5x5", "standard", "1000"));
  ASSERT_EQ(alone.rc, 0) << alone.err;
  const std::string expected = export_board(one, "5x5");
  for (const int ranks : {2, 3}) {
    const fs::path db = dir.path / ("db" + std::to_string(ranks));
    auto args = retro_args(db, "5x5", "standard", "1000");
    args.insert(args.end(), {"--replicate-window", "1"});
    // 3 ranks of 2 threads: every thread's children are routed as runs of their own.
    if (ranks == 3) *(std::find(args.begin(), args.end(), "--threads") + 1) = "2";
    const auto shared = mpirun(ranks, args);
    ASSERT_EQ(shared.rc, 0) << shared.err;
    EXPECT_EQ(export_board(db, "5x5"), expected) << ranks << " ranks";
    EXPECT_EQ(summary(shared.out), summary(alone.out));
  }
  // Rank 1 solves about 45,000 positions of whole-window layers, then 105,000 asking the
  // owners, then whole windows again: killed in a whole-window layer, in the first owners'
  // layer (whose window a rerun reads from files written by whole-window layers) and in the
  // whole-window layers after them.
  for (const char* after : {"40000", "60000", "152000"}) {
    const fs::path db = dir.path / ("killed" + std::string(after));
    auto args = retro_args(db, "5x5", "standard", "1000");
    args.insert(args.end(), {"--replicate-window", "1"});
    {
      EnvVar hook("KONANE_RETRO_ABORT_AFTER", after);
      EnvVar which("KONANE_RANK_ABORT", "1");
      const auto killed = mpirun(2, args);
      ASSERT_NE(killed.rc, 0) << after << "\n" << killed.err;
    }
    const auto rest = mpirun(2, args);
    ASSERT_EQ(rest.rc, 0) << after << "\n" << rest.err;
    EXPECT_EQ(export_board(db, "5x5"), expected) << "killed after " << after;
    const auto j = nlohmann::json::parse(rest.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << rest.out;
    EXPECT_TRUE(j.value("resumed", false)) << after;
  }
}

TEST(RetroRanks, ValuesAreRefusedAcrossRanks) {
  clitest::TempDir dir;
  const auto r = mpirun(
      2, {"retro", "--board", "3x4", "--db", (dir.path / "db").string(), "--values", "--quiet"});
  EXPECT_EQ(r.rc, 2) << r.err;
  EXPECT_NE(r.err.find("--values"), std::string::npos) << r.err;
}

}  // namespace
