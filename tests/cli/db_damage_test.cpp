// A damaged database through the binary: every reader and writer refuses with exit 2
// naming the damage, nothing is deleted, `db repair` takes back what is readable, and
// `retro` solves again the layers still short, ending byte for byte where an undamaged
// database is.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "../db/test_support.hpp"
#include "cli_test_support.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::run_binary;
using clitest::TempDir;

int table_files(const fs::path& db) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(db)) n += e.path().extension() == ".sst";
  return n;
}

class DbDamageCli : public ::testing::Test {
 protected:
  void SetUp() override {
    auto r = run_binary(
        {"retro", "--board", "4x5", "--opening", "standard", "--db", db_.string(), "--quiet"});
    ASSERT_EQ(r.rc, 0) << r.err;
    auto e = run_binary({"db", "export", "--board", "4x5", "--db", db_.string()});
    ASSERT_EQ(e.rc, 0) << e.err;
    expected_ = e.out;
  }
  void expect_refused(const std::vector<std::string>& args, const std::string& needle) {
    auto r = run_binary(args);
    EXPECT_EQ(r.rc, 2) << args[0] << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args[0] << " printed " << r.out.substr(0, 200);
    EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  }
  void expect_export_identical() {
    auto e = run_binary({"db", "export", "--board", "4x5", "--db", db_.string()});
    ASSERT_EQ(e.rc, 0) << e.err;
    EXPECT_TRUE(e.out == expected_);
  }
  TempDir dir_;
  fs::path db_ = dir_.path / "d";
  std::string expected_;
};

TEST_F(DbDamageCli, TruncatedManifestIsRefusedThenRepairedWhole) {
  for (const auto& e : fs::directory_iterator(db_))
    if (e.path().filename().string().starts_with("MANIFEST-"))
      fs::resize_file(e.path(), fs::file_size(e.path()) / 2);
  const int files = table_files(db_);
  const std::string d = db_.string();
  expect_refused({"db", "export", "--board", "4x5", "--db", d}, "is damaged");
  expect_refused({"db", "stats", "--db", d}, "is damaged");
  expect_refused({"query", "xoxox/oxoxo/x..ox/oxoxo", "--db", d}, "is damaged");
  // A writer: before the fix it deleted the table files the MANIFEST had lost.
  expect_refused({"solve", "xoxox/oxoxo/x..ox/oxoxo", "--db", d}, "is damaged");
  expect_refused({"retro", "--board", "4x5", "--opening", "standard", "--db", d, "--quiet"},
                 "is damaged");
  EXPECT_EQ(table_files(db_), files);

  auto v = run_binary({"db", "verify", "--db", d});
  EXPECT_EQ(v.rc, 2);
  EXPECT_NE(v.out.find("MANIFEST does not list"), std::string::npos) << v.out;
  auto r = run_binary({"db", "repair", "--db", d});
  EXPECT_EQ(r.rc, 0) << r.out << r.err;
  expect_export_identical();
  EXPECT_EQ(run_binary({"db", "verify", "--db", d}).rc, 0);
}

TEST_F(DbDamageCli, DamagedTableIsNamedThenItsLayersSolvedAgain) {
  const fs::path biggest = db_test::largest_table_file(db_);
  {
    std::fstream f(biggest, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(300);
    f.write("\xa5\x5a\xa5", 3);
  }
  const std::string d = db_.string();
  expect_refused({"db", "export", "--board", "4x5", "--db", d}, biggest.filename().string());
  expect_refused({"db", "stats", "--db", d}, biggest.filename().string());
  auto r = run_binary({"db", "repair", "--db", d});
  EXPECT_EQ(r.rc, 2) << r.out;  // the unreadable block's positions are gone until retro
  EXPECT_NE(r.out.find("positions in layer"), std::string::npos) << r.out;
  auto again = run_binary({"retro", "--board", "4x5", "--opening", "standard", "--db", d});
  ASSERT_EQ(again.rc, 0) << again.err;
  EXPECT_NE(again.err.find("solving it again"), std::string::npos) << again.err;
  expect_export_identical();
  EXPECT_EQ(run_binary({"db", "verify", "--db", d}).rc, 0);
}

TEST_F(DbDamageCli, EmptyManifestIsDamageNotAForeignDatabase) {
  for (const auto& e : fs::directory_iterator(db_))
    if (e.path().filename().string().starts_with("MANIFEST-")) fs::resize_file(e.path(), 0);
  expect_refused({"db", "stats", "--db", db_.string()}, "is empty");
}

}  // namespace
