// `konane db upgrade`, and reading a version-2 database before it. The fixture
// tests/data/db-v2-3x4.tgz is a real version-2 database, written by the build of commit
// 40c5b69 (the last with schema version 2):
//   konane retro --board 3x4 --db db; konane retro --board 3x4 --opening any --db db
//   konane value --db db 'xo.x/ox.o/xoxo b'; konane db export --board 3x4 --db db
// with that export beside it (export-3x4.tsv): what the old build showed its users, which
// every reading of the database must still show, before and after the upgrade.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <string>

#include "cli_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::run_binary;

using clitest::EnvVar;

class DbUpgrade : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string cmd = "tar xzf '" + std::string(KONANE_TEST_DATA) + "/db-v2-3x4.tgz' -C '" +
                            dir_.path.string() + "'";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    db_ = (dir_.path / "db").string();
    old_export_ = clitest::slurp((dir_.path / "export-3x4.tsv").string());
    ASSERT_FALSE(old_export_.empty());
  }
  std::string export_3x4() {
    auto r = run_binary({"db", "export", "--board", "3x4", "--db", db_});
    EXPECT_EQ(r.rc, 0) << r.err;
    return r.out;
  }
  clitest::TempDir dir_;
  std::string db_, old_export_;
};

TEST_F(DbUpgrade, AVersion2DatabaseIsReadReadOnlyAndSaysHowToUpgrade) {
  auto q = run_binary({"query", "--db", db_, "xo.x/ox.o/xoxo b"});
  ASSERT_EQ(q.rc, 0) << q.err;
  EXPECT_NE(q.out.find("winner: white"), std::string::npos) << q.out;
  EXPECT_NE(q.out.find("value: 0"), std::string::npos) << q.out;
  EXPECT_NE(q.err.find("schema version 2"), std::string::npos) << q.err;
  EXPECT_NE(q.err.find("konane db upgrade --db " + db_), std::string::npos) << q.err;
  EXPECT_EQ(export_3x4(), old_export_);

  auto stats = run_binary({"db", "stats", "--db", db_, "--json"});
  ASSERT_EQ(stats.rc, 0) << stats.err;
  EXPECT_NE(stats.out.find("\"schema_version\":2"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("\"positions\":146"), std::string::npos) << stats.out;

  // A writer is refused, with the way out, and nothing changes.
  auto solve = run_binary({"solve", "--db", db_, "xo.x/ox.o/xoxo b"});
  EXPECT_EQ(solve.rc, 2);
  EXPECT_NE(solve.err.find("schema version 2"), std::string::npos) << solve.err;
  EXPECT_NE(solve.err.find("konane db upgrade --db " + db_), std::string::npos) << solve.err;
  EXPECT_EQ(export_3x4(), old_export_);
}

TEST_F(DbUpgrade, KilledUpgradesResumeAndTheAnswersStayTheSame) {
  // Ten records a batch: fifteen resume points; killed after the 1st, then the 6th report.
  for (const char* kill_after : {"1", "6"}) {
    EnvVar hook("KONANE_UPGRADE_ABORT_AFTER", kill_after);
    auto r = run_binary({"db", "upgrade", "--db", db_, "--batch", "10"});
    ASSERT_EQ(r.rc, 128 + SIGKILL) << r.out << r.err;
    // Still a version-2 database in the meantime, readable as before.
    EXPECT_EQ(export_3x4(), old_export_);
  }
  auto up = run_binary({"db", "upgrade", "--db", db_, "--batch", "10", "--json"});
  ASSERT_EQ(up.rc, 0) << up.err;
  auto j = clitest::parse_json_object(up.out);
  ASSERT_TRUE(j.has_value()) << up.out;
  EXPECT_NE(up.out.find("\"from_version\":2"), std::string::npos) << up.out;
  EXPECT_NE(up.out.find("\"upgraded\":true"), std::string::npos) << up.out;
  EXPECT_NE(up.out.find("\"positions\":146"), std::string::npos) << up.out;

  EXPECT_EQ(export_3x4(), old_export_);
  auto q = run_binary({"query", "--db", db_, "xo.x/ox.o/xoxo b"});
  ASSERT_EQ(q.rc, 0) << q.err;
  EXPECT_NE(q.out.find("value: 0"), std::string::npos) << q.out;
  EXPECT_EQ(q.err.find("schema version 2"), std::string::npos) << q.err;

  auto stats = run_binary({"db", "stats", "--db", db_});
  ASSERT_EQ(stats.rc, 0) << stats.err;
  EXPECT_NE(stats.out.find("schema version: 3"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("3x4 any: done, 145 reachable positions"), std::string::npos)
      << stats.out;
  EXPECT_NE(stats.out.find("3x4 standard: done, 86 reachable positions"), std::string::npos)
      << stats.out;
  auto verify = run_binary({"db", "verify", "--db", db_});
  EXPECT_EQ(verify.rc, 0) << verify.out << verify.err;

  // The solves moved with their records: retro finds them done, and writers are welcome.
  auto retro = run_binary({"retro", "--board", "3x4", "--db", db_, "--json"});
  ASSERT_EQ(retro.rc, 0) << retro.err;
  EXPECT_EQ(export_3x4(), old_export_);
  auto solve = run_binary({"solve", "--db", db_, "xo.x/ox.o/xoxo b"});
  EXPECT_EQ(solve.rc, 0) << solve.err;
  EXPECT_NE(solve.out.find("winner: white"), std::string::npos) << solve.out;

  auto again = run_binary({"db", "upgrade", "--db", db_});
  ASSERT_EQ(again.rc, 0) << again.err;
  EXPECT_NE(again.out.find("nothing to do"), std::string::npos) << again.out;
}

TEST_F(DbUpgrade, BadInputIsRefused) {
  auto zero = run_binary({"db", "upgrade", "--db", db_, "--batch", "0"});
  EXPECT_EQ(zero.rc, 2);
  auto missing = run_binary({"db", "upgrade", "--db", (dir_.path / "none").string()});
  EXPECT_EQ(missing.rc, 2);
  EXPECT_NE(missing.err.find("no database"), std::string::npos) << missing.err;
}

}  // namespace
