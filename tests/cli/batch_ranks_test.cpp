// `konane batch` under mpirun (solver/ranks/ranks.hpp, cli/batch_runner.cpp): on 2 and 3 ranks
// (on this machine, oversubscribed) the answers are those of one process, in input order,
// each naming a rank of the run; a rank killed mid-run leaves a results file and a
// database from which a rerun finishes with the same answers; a setup failure is reported
// once, by rank 0, with exit 2.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli_test_support.hpp"
#include "mpirun_support.hpp"
#include "ringboard_cli_support.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::EnvVar;
using Run = clitest::Run;
using clitest::mpirun;

// Konane positions of several sizes and both sides to move, one bad line among them.
std::string konane_input() {
  return "# mixed sizes\n"
         "xoxo/oxox/x..o/oxox\n"
         "xoxo/oxox/x..o/oxox w\n"
         "xo.x/o.ox b\n"
         "xoxoxo/oxoxox/xo.oxo/ox.xox/xoxoxo\n"
         "not a position\n"
         "xoxoxo/oxoxox/xo..xo/oxoxox/xoxoxo w\n"
         "xoxox/oxoxo/x..ox/oxoxo/xoxox\n"
         "xoxox/oxoxo/xo..x/oxoxo/xoxox w\n"
         "oxoxo/xoxox/o.x.o/xoxox w\n";
}

// The answers without what varies between runs (time, nodes, rank, the seal over them).
std::vector<std::string> answers(const std::string& out, int ranks, std::set<int>* seen = nullptr) {
  std::vector<std::string> got;
  for (const auto& line : clitest::lines(out)) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << line;
    if (j.is_discarded() || j.contains("batch_results")) continue;
    if (ranks > 1 && !j.contains("error")) {
      EXPECT_TRUE(j.contains("rank")) << line;
      const int r = j.value("rank", -1);
      EXPECT_TRUE(r >= 0 && r < ranks) << line;
      if (seen) seen->insert(r);
    } else {
      EXPECT_FALSE(j.contains("rank")) << line;
    }
    // The figures of a run (and how each region entered its search) depend on what the
    // database and the tables held; the answers do not.
    for (const char* f : {"seconds", "nodes", "rank", "sum", "from_db", "db_hits", "db_writes",
                          "db_region_reads", "db_region_hits", "regions_from_db"})
      j.erase(f);
    if (j.contains("regions"))
      for (auto& region : j["regions"]) region.erase("source");
    got.push_back(j.dump());
  }
  return got;
}

TEST(BatchRanks, SameAnswersAsOneProcess) {
  clitest::TempDir dir;
  const fs::path konane_in = dir.path / "konane.txt", ring_in = dir.path / "ring.txt";
  std::ofstream(konane_in) << konane_input();
  {
    std::ofstream ring(ring_in);
    for (const auto& p : rbtest::sample({"Xx-O", "X-oo", "xx-o"}, 3))
      ring << p << " b\n" << p << " w\n";
  }
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"batch", konane_in.string(), "--quiet", "--threads", "1"},
           {"batch", "--game", "ringboard", ring_in.string(), "--quiet", "--threads", "1"}}) {
    const clitest::Run alone = clitest::run_binary(args);
    ASSERT_LE(alone.rc, 1) << alone.err;
    const auto expected = answers(alone.out, 1);
    ASSERT_GE(expected.size(), 8u);
    for (const int ranks : {2, 3}) {
      std::set<int> seen;
      const clitest::Run shared = mpirun(ranks, args);
      EXPECT_EQ(shared.rc, alone.rc) << shared.err;
      EXPECT_EQ(answers(shared.out, ranks, &seen), expected) << ranks << " ranks: " << args[1];
      EXPECT_EQ(seen.size(), size_t(ranks)) << "every rank solved some lines";
      // Rank 0 alone prints: each bad line is reported once.
      EXPECT_EQ(clitest::occurrences(shared.err, "konane batch: line"),
                clitest::occurrences(alone.err, "konane batch: line"))
          << shared.err;
    }
  }
}

TEST(BatchRanks, AKilledRankLeavesWhatARerunFinishes) {
  clitest::TempDir dir;
  const fs::path in = dir.path / "in.txt", out = dir.path / "out.jsonl", db = dir.path / "db";
  std::ofstream(in) << konane_input();
  const std::vector<std::string> args = {"batch", in.string(), "--quiet",  "--threads", "1",
                                         "--db",  db.string(), "--output", out.string()};
  const clitest::Run alone =
      clitest::run_binary({"batch", in.string(), "--quiet", "--threads", "1"});
  {
    // Rank 1 dies (SIGKILL) after solving its first line, before reporting it.
    EnvVar rank("KONANE_RANK_ABORT", "1");
    EnvVar after("KONANE_RANK_ABORT_AFTER", "1");
    const clitest::Run killed = mpirun(2, args);
    EXPECT_NE(killed.rc, 0);
    EXPECT_NE(killed.err.find("abort requested"), std::string::npos) << killed.err;
  }
  ASSERT_TRUE(fs::exists(out));
  const size_t kept = answers(clitest::slurp(out.string()), 2).size();
  EXPECT_LT(kept, answers(alone.out, 1).size()) << "the killed run did not finish";

  const clitest::Run rerun = mpirun(3, args);
  EXPECT_EQ(rerun.rc, alone.rc) << rerun.err;
  EXPECT_EQ(answers(clitest::slurp(out.string()), 3), answers(alone.out, 1));
  // What every rank proved reached the one database: a third run reads every answer.
  const clitest::Run again = mpirun(2, {"batch", in.string(), "--quiet", "--db", db.string()});
  int from_db = 0;
  for (const auto& line : clitest::lines(again.out)) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_discarded() && j.value("from_db", false)) ++from_db;
  }
  EXPECT_EQ(from_db, int(answers(alone.out, 1).size()) - 1) << again.out;  // all but the bad line
}

TEST(BatchRanks, SetupFailureIsReportedOnceByRankZero) {
  clitest::TempDir dir;
  const fs::path in = dir.path / "in.txt", not_db = dir.path / "plain-file";
  std::ofstream(in) << konane_input();
  std::ofstream(not_db) << "not a database\n";
  const clitest::Run r = mpirun(2, {"batch", in.string(), "--quiet", "--db", not_db.string()});
  EXPECT_EQ(r.rc, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(clitest::occurrences(r.err, "konane batch: error: database"), 1u) << r.err;
  const clitest::Run missing = mpirun(3, {"batch", (dir.path / "missing.txt").string(), "--quiet"});
  EXPECT_EQ(missing.rc, 2);
  EXPECT_EQ(clitest::occurrences(missing.err, "missing.txt"), 1u) << missing.err;
}

}  // namespace
