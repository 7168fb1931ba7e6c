// Damage to the database's bookkeeping files (rebuild.hpp): a missing or garbled CURRENT, a
// MANIFEST that fails its checksums, a write-ahead log damaged before its end. Every open
// refuses with kCorruption, naming the damage, and changes nothing; repair keeps the broken
// files in lost/ and takes back every record the table files hold (and, for a damaged log,
// the log's undamaged records).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <random>
#include <set>
#include <vector>

#include "test_support.hpp"

namespace {

using db::Code;
namespace fs = std::filesystem;

class Rebuild : public ::testing::Test {
 protected:
  void SetUp() override {
    auto created = db_test::create(path_);
    DB_ASSERT_OK(created);
    std::mt19937_64 rng(5);
    for (int layer = 0; layer < 4; ++layer) {
      std::vector<db::PositionRecord> records;
      for (int i = 0; i < 300; ++i) {
        auto k = db_test::random_key(rng);
        k.group = static_cast<std::uint8_t>(layer);
        records.push_back({k, db_test::value(db::Winner::Left, db::Winner::Unknown)});
        all_.insert(k);
      }
      const std::string name = "solve/konane/6x6/standard/layer/000" + std::to_string(layer) + "/";
      const std::vector<db::MetaEntry> meta = {{name + "positions", "300"}, {name + "done", "1"}};
      DB_ASSERT_OK(created->ingest(records, meta));
    }
    DB_ASSERT_OK(created->close());
  }

  fs::path manifest() const {
    for (const auto& e : fs::directory_iterator(path_))
      if (e.path().filename().string().starts_with("MANIFEST-")) return e.path();
    return {};
  }

  static void flip(const fs::path& file, std::uintmax_t at) {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    for (int i = 0; i < 8; ++i) {
      f.seekg(static_cast<std::streamoff>(at + i));
      const char c = static_cast<char>(f.get() ^ 0x5a);
      f.seekp(static_cast<std::streamoff>(at + i));
      f.put(c);
    }
  }

  // Every open refuses with kCorruption and leaves every file as it was.
  void expect_refused(const std::string& words) {
    const auto before = db_test::snapshot(path_);
    for (auto mode : {db::OpenMode::kReadOnly, db::OpenMode::kReadWrite}) {
      auto opened = db::Database::open(path_, db_test::options(mode));
      ASSERT_FALSE(opened.has_value());
      EXPECT_EQ(opened.error().code, Code::kCorruption) << opened.error().message;
      EXPECT_NE(opened.error().message.find(words), std::string::npos) << opened.error().message;
    }
    EXPECT_EQ(db_test::snapshot(path_), before);
  }

  void repair_and_expect_everything_back() {
    auto report = db::Database::repair(path_, db_test::options(db::OpenMode::kReadWrite));
    DB_ASSERT_OK(report);
    EXPECT_TRUE(report->after.problems.empty());
    EXPECT_FALSE(report->set_aside.empty());
    EXPECT_TRUE(fs::exists(path_ / "lost"));
    auto opened = db_test::open_ro(path_);
    DB_ASSERT_OK(opened);
    std::vector<db::PositionKey> keys(all_.begin(), all_.end());
    auto got = opened->multi_get(keys);
    DB_ASSERT_OK(got);
    for (const auto& v : *got) ASSERT_TRUE(v.has_value());
    auto meta = opened->get_meta("solve/konane/6x6/standard/layer/0003/positions");
    DB_ASSERT_OK(meta);
    ASSERT_TRUE(meta->has_value());
    EXPECT_EQ(**meta, "300");
    auto verified = opened->verify();
    DB_ASSERT_OK(verified);
    EXPECT_TRUE(verified->problems.empty());
  }

  db_test::TempDir dir_;
  fs::path path_ = dir_ / "db";
  std::set<db::PositionKey> all_;
};

TEST_F(Rebuild, MissingCurrentIsDamageNotAForeignDirectory) {
  fs::remove(path_ / "CURRENT");
  expect_refused("CURRENT file is missing");
  repair_and_expect_everything_back();
}

TEST_F(Rebuild, CurrentNamingNoManifest) {
  std::ofstream(path_ / "CURRENT", std::ios::trunc) << "MANIFEST-000999\n";
  expect_refused("MANIFEST-000999");
  repair_and_expect_everything_back();
}

TEST_F(Rebuild, ManifestFailingItsChecksums) {
  flip(manifest(), fs::file_size(manifest()) / 3);
  expect_refused("MANIFEST");
  repair_and_expect_everything_back();
}

TEST_F(Rebuild, RepairCutShortIsFinishedByTheNext) {
  fs::remove(path_ / "CURRENT");
  // As if a repair stopped after setting the table files aside: nothing but them is left.
  fs::create_directories(path_ / "repair-hold");
  for (const auto& e : fs::directory_iterator(path_))
    if (e.path().extension() == ".sst")
      fs::rename(e.path(), path_ / "repair-hold" / e.path().filename());
  expect_refused("CURRENT file is missing");
  repair_and_expect_everything_back();
}

// A table file cut short: RocksDB refuses the open (its size disagrees with the MANIFEST).
// Repair sets it aside and keeps every other file's records; verify then names the layer it
// held as short, for retro to solve again.
TEST_F(Rebuild, TruncatedTableFile) {
  const fs::path biggest = db_test::largest_table_file(path_);
  ASSERT_FALSE(biggest.empty());
  fs::resize_file(biggest, fs::file_size(biggest) / 2);
  expect_refused(biggest.filename().string());
  auto report = db::Database::repair(path_, db_test::options(db::OpenMode::kReadWrite));
  DB_ASSERT_OK(report);
  ASSERT_EQ(report->after.problems.size(), 1u);
  EXPECT_NE(report->after.problems[0].find("records 300 positions in layer"), std::string::npos)
      << report->after.problems[0];
  EXPECT_TRUE(fs::exists(path_ / "lost" / biggest.filename()))
      << ::testing::PrintToString(report->set_aside);
  auto opened = db_test::open_ro(path_);
  DB_ASSERT_OK(opened);
  std::vector<db::PositionKey> keys(all_.begin(), all_.end());
  auto got = opened->multi_get(keys);
  DB_ASSERT_OK(got);
  size_t back = 0;
  for (const auto& v : *got) back += v.has_value();
  EXPECT_EQ(back, all_.size() - 300) << "every record of the other layers";
}

// A writer killed with positions only in its log, then the log damaged in the middle.
TEST_F(Rebuild, LogDamagedBeforeItsEnd) {
  std::vector<db::PositionKey> logged;
  std::mt19937_64 rng(77);
  for (int i = 0; i < 2000; ++i) logged.push_back(db_test::random_key(rng, 5, 5));
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    auto opened = db::Database::open(path_, db_test::options(db::OpenMode::kReadWrite));
    if (!opened) _exit(3);
    for (const auto& k : logged)
      if (!opened->put(k, db_test::value(db::Winner::Right, db::Winner::Unknown))) _exit(4);
    _exit(0);  // no close: the records stay in the log only
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  fs::path log;
  for (const auto& e : fs::directory_iterator(path_))
    if (e.path().extension() == ".log" && e.file_size() > 10000) log = e.path();
  ASSERT_FALSE(log.empty()) << "the records are in a log";
  flip(log, fs::file_size(log) / 2);
  expect_refused(log.filename().string());
  repair_and_expect_everything_back();
  // The log's undamaged records are back too (those in the damaged block are not).
  auto opened = db_test::open_ro(path_);
  DB_ASSERT_OK(opened);
  auto got = opened->multi_get(logged);
  DB_ASSERT_OK(got);
  int back = 0;
  for (const auto& v : *got) back += v.has_value();
  EXPECT_GT(back, 1000);
  EXPECT_TRUE(fs::exists(path_ / "lost" / "files-1" / log.filename()));
}

}  // namespace
