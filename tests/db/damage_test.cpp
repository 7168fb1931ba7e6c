// Damage that RocksDB alone would not notice: a MANIFEST that lost edits (its table files
// become strays that a read-write open deletes), a live table file with a bad block (an
// iterator may end early without an error), and recorded layer counts that the stored
// positions no longer reach. Every open refuses, nothing is deleted, repair takes back
// what is readable, and verify says what is wrong.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <set>
#include <vector>

#include "test_support.hpp"

namespace {

using db::Code;
namespace fs = std::filesystem;

constexpr int kLayers = 6;
constexpr int kPerLayer = 400;

class Damage : public ::testing::Test {
 protected:
  // One ingestion per layer, each followed by its count record, as retro writes them.
  void SetUp() override {
    auto created = db_test::create(path_);
    DB_ASSERT_OK(created);
    std::mt19937_64 rng(17);
    for (int layer = 0; layer < kLayers; ++layer) {
      std::vector<db::PositionRecord> records;
      for (int i = 0; i < kPerLayer; ++i) {
        auto k = db_test::random_key(rng);
        k.group = static_cast<std::uint8_t>(layer);
        records.push_back({k, db_test::value(db::Winner::Left, db::Winner::Unknown)});
        all_.insert(k);
      }
      const std::string name = "solve/konane/6x6/standard/layer/000" + std::to_string(layer) + "/";
      const std::vector<db::MetaEntry> meta = {{name + "positions", std::to_string(kPerLayer)},
                                               {name + "done", "1"}};
      DB_ASSERT_OK(created->ingest(records, meta));
    }
    DB_ASSERT_OK(created->close());
  }

  std::set<std::string> table_files() const {
    std::set<std::string> out;
    for (const auto& e : fs::directory_iterator(path_))
      if (e.path().extension() == ".sst") out.insert(e.path().filename().string());
    return out;
  }

  // A positions table file of another database: records this one never held.
  fs::path foreign_table() {
    const fs::path other = dir_ / "other";
    auto created = db_test::create(other);
    EXPECT_TRUE(created.has_value());
    std::mt19937_64 rng(99);
    std::vector<db::PositionRecord> records;
    for (int i = 0; i < 50; ++i) {
      records.push_back(
          {db_test::random_key(rng), db_test::value(db::Winner::Right, db::Winner::Unknown)});
    }
    EXPECT_TRUE(created->ingest(records).has_value());
    EXPECT_TRUE(created->close().has_value());
    return db_test::largest_table_file(other);
  }

  void truncate_manifest() {
    for (const auto& e : fs::directory_iterator(path_)) {
      if (e.path().filename().string().starts_with("MANIFEST-"))
        fs::resize_file(e.path(), fs::file_size(e.path()) / 2);
    }
  }

  // Every position written in SetUp reads back.
  void expect_complete(const db::Database& database) {
    std::vector<db::PositionKey> keys(all_.begin(), all_.end());
    auto got = database.multi_get(keys);
    DB_ASSERT_OK(got);
    for (const auto& v : *got) ASSERT_TRUE(v.has_value());
    auto scan = database.scan(db_test::board(6, 6));
    DB_ASSERT_OK(scan);
    std::size_t n = 0;
    for (; scan->valid(); scan->next()) ++n;
    DB_EXPECT_OK(scan->status());
    EXPECT_EQ(n, all_.size());
  }

  db_test::TempDir dir_;
  fs::path path_ = dir_ / "db";
  std::set<db::PositionKey> all_;
};

TEST_F(Damage, TruncatedManifestIsRefusedByEveryOpenAndNothingIsDeleted) {
  truncate_manifest();
  const auto before = db_test::snapshot(path_);
  for (auto mode : {db::OpenMode::kReadOnly, db::OpenMode::kReadWrite}) {
    auto r = db::Database::open(path_, db_test::options(mode));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, Code::kCorruption);
    EXPECT_NE(r.error().message.find("is damaged"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(".sst"), std::string::npos) << r.error().message;
  }
  // The refused writer touched nothing: no table file was deleted, no byte changed.
  EXPECT_EQ(db_test::snapshot(path_), before);
}

TEST_F(Damage, VerifyReportsLostFilesAndShortLayers) {
  truncate_manifest();
  auto options = db_test::options(db::OpenMode::kReadOnly);
  options.allow_damaged = true;
  auto opened = db::Database::open(path_, options);
  DB_ASSERT_OK(opened);
  auto report = opened->verify();
  DB_ASSERT_OK(report);
  EXPECT_GT(report->stray_files, 0u);
  ASSERT_GE(report->problems.size(), 1u);
  EXPECT_NE(report->problems[0].find("MANIFEST does not list"), std::string::npos);
  // The layer counts the cut MANIFEST still reaches are held against the positions it
  // reaches (the meta records are in table files too since close() flushes, so the cut
  // loses some counts with their layers).
  for (size_t i = 1; i < report->problems.size(); ++i)
    EXPECT_NE(report->problems[i].find("records 400 positions in layer"), std::string::npos)
        << report->problems[i];
}

TEST_F(Damage, RepairTakesBackEveryLostFile) {
  truncate_manifest();
  auto report = db::Database::repair(path_, db_test::options(db::OpenMode::kReadWrite));
  DB_ASSERT_OK(report);
  EXPECT_TRUE(report->after.problems.empty()) << report->after.problems[0];
  EXPECT_EQ(report->after.positions, all_.size());
  auto opened = db_test::open_rw(path_);
  DB_ASSERT_OK(opened);
  expect_complete(*opened);
}

TEST_F(Damage, RepairCutShortIsRefusedThenFinishedByTheNextRepair) {
  truncate_manifest();
  // A repair that died after setting the lost files aside: they wait in repair-hold/.
  fs::create_directories(path_ / "repair-hold");
  const auto files = table_files();
  // Move every table file the truncated MANIFEST lost (those a plain open complains of).
  auto refused = db_test::open_ro(path_);
  ASSERT_FALSE(refused);
  for (const auto& f : files) {
    if (refused.error().message.find(f) != std::string::npos)
      fs::rename(path_ / f, path_ / "repair-hold" / f);
  }
  auto again = db_test::open_ro(path_);
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().message.find("repair was cut short"), std::string::npos)
      << again.error().message;
  auto report = db::Database::repair(path_, db_test::options(db::OpenMode::kReadWrite));
  DB_ASSERT_OK(report);
  EXPECT_TRUE(report->after.problems.empty()) << report->after.problems[0];
  auto opened = db_test::open_ro(path_);
  DB_ASSERT_OK(opened);
  expect_complete(*opened);
}

TEST_F(Damage, StrayLinkedFromAnInterruptedIngestIsHarmless) {
  // Ingestion hard-links its runs into the directory and then commits the MANIFEST edit; a
  // crash in between leaves the link, and the run still in ingest-tmp/. Its records are
  // nowhere else (the ingestion never happened), so only the shared inode excuses it.
  fs::create_directories(path_ / "ingest-tmp" / "1-0");
  fs::copy_file(foreign_table(), path_ / "ingest-tmp" / "1-0" / "run-000000.sst");
  fs::create_hard_link(path_ / "ingest-tmp" / "1-0" / "run-000000.sst", path_ / "009999.sst");
  auto ro = db_test::open_ro(path_);
  DB_ASSERT_OK(ro);
  DB_ASSERT_OK(ro->close());
  auto rw = db_test::open_rw(path_);
  DB_ASSERT_OK(rw);
  expect_complete(*rw);
}

TEST_F(Damage, StrayWhoseRecordsAreAllLiveIsHarmless) {
  // What an interrupted compaction leaves: a copy of data the live files hold.
  const auto live = *table_files().begin();
  fs::copy_file(path_ / live, path_ / "009999.sst");
  auto rw = db_test::open_rw(path_);
  DB_ASSERT_OK(rw);
  expect_complete(*rw);
}

TEST_F(Damage, UnfinishedWriteIsHarmless) {
  // What a crash during a flush or compaction leaves: an output file cut short before its
  // footer (here empty, and the first half of a real table file). Nothing is lost: a
  // flush's records are still in the WAL, a compaction's inputs are still listed.
  { std::ofstream(path_ / "009998.sst"); }
  fs::copy_file(foreign_table(), path_ / "000002.sst");
  fs::resize_file(path_ / "000002.sst", fs::file_size(path_ / "000002.sst") / 2);
  auto ro = db_test::open_ro(path_);
  DB_ASSERT_OK(ro);
  auto report = ro->verify();
  DB_ASSERT_OK(report);
  EXPECT_TRUE(report->problems.empty()) << report->problems[0];
  EXPECT_EQ(report->stray_files, 2u);
  DB_ASSERT_OK(ro->close());
  auto rw = db_test::open_rw(path_);
  DB_ASSERT_OK(rw);
  expect_complete(*rw);
}

TEST_F(Damage, CompleteStrayWithABadBlockIsDamage) {
  // A complete table file (its footer intact) that no MANIFEST lists and whose blocks fail
  // their checksums: records it held may be lost, so it is damage, whatever its number.
  const fs::path stray = path_ / "000001.sst";
  fs::copy_file(foreign_table(), stray);
  {
    std::fstream f(stray, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);
    f.write("\xff\xff\xff\xff\xff\xff\xff\xff", 8);
  }
  auto r = db_test::open_rw(path_);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Code::kCorruption);
  EXPECT_NE(r.error().message.find("000001.sst"), std::string::npos) << r.error().message;
  EXPECT_TRUE(fs::exists(stray));
}

TEST_F(Damage, BulkLoadedRunMergedAwayIsHarmless) {
  // What a crash between a compaction and the deletion of its inputs leaves: an ingested
  // run, which names no column family, whose records the live files hold.
  fs::copy_file(db_test::largest_table_file(path_), path_ / "009999.sst");
  auto ro = db_test::open_ro(path_);
  DB_ASSERT_OK(ro);
  auto report = ro->verify();
  DB_ASSERT_OK(report);
  EXPECT_TRUE(report->problems.empty()) << report->problems[0];
  EXPECT_EQ(report->stray_files, 1u);
}

TEST_F(Damage, ForeignStrayWithNewRecordsIsDamage) {
  // A table file from another database: its records are nowhere in this one.
  fs::copy_file(foreign_table(), path_ / "009999.sst");
  auto r = db_test::open_rw(path_);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Code::kCorruption);
  EXPECT_NE(r.error().message.find("009999.sst"), std::string::npos) << r.error().message;
  EXPECT_TRUE(fs::exists(path_ / "009999.sst"));
}

TEST_F(Damage, DamagedLiveFileIsSetAsideAndItsLayerReportedShort) {
  // The layer-3 table file: flip bytes in its first data block.
  fs::path victim;
  for (const auto& f : table_files()) {
    std::ifstream in(path_ / f, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), {});
    if (bytes.size() > 4000 && victim.empty()) victim = path_ / f;
  }
  ASSERT_FALSE(victim.empty());
  {
    std::fstream f(victim, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(40);
    f.write("\x5a\xa5\x5a\xa5", 4);
  }
  auto scan_db = db_test::open_ro(path_);
  DB_ASSERT_OK(scan_db);
  auto scan = scan_db->scan(db_test::board(6, 6));
  ASSERT_FALSE(scan);
  EXPECT_NE(scan.error().message.find(victim.filename().string()), std::string::npos);
  DB_ASSERT_OK(scan_db->close());

  auto report = db::Database::repair(path_, db_test::options(db::OpenMode::kReadWrite));
  DB_ASSERT_OK(report);
  EXPECT_TRUE(fs::exists(path_ / "lost" / victim.filename()));
  ASSERT_FALSE(report->after.problems.empty());
  EXPECT_NE(report->after.problems[0].find("positions in layer"), std::string::npos)
      << report->after.problems[0];
  // What remains is readable, and the short layer is counted.
  auto opened = db_test::open_ro(path_);
  DB_ASSERT_OK(opened);
  std::uint64_t total = 0;
  int short_layers = 0;
  for (int layer = 0; layer < kLayers; ++layer) {
    auto n = opened->count(db_test::board(6, 6), static_cast<std::uint8_t>(layer));
    DB_ASSERT_OK(n);
    total += *n;
    short_layers += *n < kPerLayer;
  }
  EXPECT_EQ(short_layers, 1);
  EXPECT_LT(total, all_.size());
}

TEST_F(Damage, ShortLayerFailsTheScanAtItsEnd) {
  auto rw = db_test::open_rw(path_);
  DB_ASSERT_OK(rw);
  DB_ASSERT_OK(rw->put_meta("solve/konane/6x6/any/layer/0002/positions", "401"));
  auto scan = rw->scan(db_test::board(6, 6));
  DB_ASSERT_OK(scan);
  while (scan->valid()) scan->next();
  ASSERT_FALSE(scan->status());
  EXPECT_NE(
      scan->status().error().message.find("solve/konane/6x6/any records 401 positions in layer 2"),
      std::string::npos)
      << scan->status().error().message;
  auto stats = rw->board_stats();
  ASSERT_FALSE(stats);
  EXPECT_EQ(stats.error().code, Code::kCorruption);
}

}  // namespace
