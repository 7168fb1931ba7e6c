#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <vector>

#include "test_support.hpp"

namespace {

using db::Code;
namespace fs = std::filesystem;

class Corruption : public ::testing::Test {
 protected:
  void SetUp() override {
    auto created = db_test::create(path_);
    DB_ASSERT_OK(created);
    std::mt19937_64 rng(6);
    for (int i = 0; i < 5000; ++i) keys_.push_back(db_test::random_key(rng));
    std::vector<db::PositionRecord> records;
    for (const auto& k : keys_) {
      records.push_back({k, db_test::value(db::Winner::Left, db::Winner::Right)});
    }
    DB_ASSERT_OK(created->put(records));
    DB_ASSERT_OK(created->flush());
    DB_ASSERT_OK(created->close());
  }

  // The positions table is by far the largest SST file.
  fs::path largest_sst() const { return db_test::largest_table_file(path_); }

  void flip_bytes(const fs::path& file, std::streamoff offset, int count) {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    ASSERT_TRUE(f);
    for (int i = 0; i < count; ++i) {
      f.seekg(offset + i);
      char c = 0;
      f.get(c);
      f.seekp(offset + i);
      f.put(static_cast<char>(c ^ 0x5a));
    }
  }

  db_test::TempDir dir_;
  fs::path path_ = dir_ / "db";
  std::vector<db::PositionKey> keys_;
};

// Data blocks come first in an SST file, so damage near the start hits data, which is
// only verified when read: opening works and the affected reads fail cleanly.
TEST_F(Corruption, DamagedDataBlockIsReportedOnRead) {
  const auto sst = largest_sst();
  ASSERT_FALSE(sst.empty());
  flip_bytes(sst, 100, 16);

  auto opened = db_test::open_ro(path_);
  DB_ASSERT_OK(opened);
  int corrupt = 0, fine = 0;
  for (const auto& k : keys_) {
    auto r = opened->get(k);
    if (r) {
      ASSERT_TRUE(r->has_value());  // damage must never surface as a wrong answer
      ++fine;
      continue;
    }
    EXPECT_EQ(r.error().code, Code::kCorruption) << r.error().message;
    EXPECT_NE(r.error().message.find(path_.string()), std::string::npos);
    ++corrupt;
  }
  EXPECT_GT(corrupt, 0);
  EXPECT_GT(fine, 0);

  // RocksDB's iterators can end early on a damaged block without an error, so a scan
  // verifies its tables first and refuses to start, naming the file.
  {
    auto scan = opened->scan(db_test::board(6, 6));
    ASSERT_FALSE(scan);
    EXPECT_EQ(scan.error().code, Code::kCorruption);
    EXPECT_NE(scan.error().message.find(sst.filename().string()), std::string::npos);
  }

  auto stats = opened->board_stats();
  ASSERT_FALSE(stats);
  EXPECT_EQ(stats.error().code, Code::kCorruption);
}

// The footer and index are read when the table is opened, so damage there fails the open.
TEST_F(Corruption, DamagedFooterFailsOpen) {
  const auto sst = largest_sst();
  ASSERT_FALSE(sst.empty());
  flip_bytes(sst, static_cast<std::streamoff>(fs::file_size(sst)) - 20, 16);
  for (auto mode : {db::OpenMode::kReadOnly, db::OpenMode::kReadWrite}) {
    auto r = db::Database::open(path_, db_test::options(mode));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, Code::kCorruption) << r.error().message;
    EXPECT_NE(r.error().message.find(path_.string()), std::string::npos);
  }
}

}  // namespace
