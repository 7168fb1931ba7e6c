#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <span>
#include <vector>

#include "test_support.hpp"

namespace {

using db::Code;
using db::Winner;
using db_test::key;
using db_test::value;
namespace fs = std::filesystem;

class SstIngest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = db_test::create(path_);
    DB_ASSERT_OK(opened);
    db_.emplace(std::move(*opened));
  }

  // Random records in random order; every 10th key comes twice, once per side to move, so
  // duplicates must be merged rather than one overwriting the other.
  std::vector<db::PositionRecord> records(int n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<db::PositionRecord> out;
    for (int i = 0; i < n; ++i) {
      const auto k = db_test::random_key(rng);
      const Winner o = rng() % 2 ? Winner::Left : Winner::Right;
      if (i % 10 == 0) {
        out.push_back({k, value(o, Winner::Unknown)});
        out.push_back({k, value(Winner::Unknown, o, 0x2)});
      } else {
        out.push_back({k, value(o, Winner::Unknown, 0x1)});
      }
    }
    std::shuffle(out.begin(), out.end(), rng);
    return out;
  }

  // What a reader should see: the join of every record per key.
  static std::map<db::PositionKey, db::PositionValue> expected(
      const std::vector<db::PositionRecord>& rs) {
    std::map<db::PositionKey, db::PositionValue> out;
    for (const auto& r : rs) {
      auto [it, inserted] = out.emplace(r.key, r.value);
      if (!inserted) it->second = *db::merge_values(it->second, r.value);
    }
    return out;
  }

  void expect_contents(const std::map<db::PositionKey, db::PositionValue>& want) {
    std::vector<db::PositionKey> keys;
    for (const auto& [k, v] : want) keys.push_back(k);
    auto got = db_->multi_get(keys);
    DB_ASSERT_OK(got);
    std::size_t i = 0;
    for (const auto& [k, v] : want) {
      ASSERT_TRUE((*got)[i].has_value()) << "missing record " << i;
      EXPECT_EQ(*(*got)[i], v) << "record " << i;
      ++i;
    }
    auto n = db_->count(db_test::board(6, 6));
    DB_ASSERT_OK(n);
    EXPECT_EQ(*n, want.size());
  }

  bool ingest_dir_is_empty() const {
    const auto root = path_ / "ingest-tmp";
    if (!fs::exists(root)) return true;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (e.is_regular_file()) return false;
    }
    return true;
  }

  db_test::TempDir dir_;
  fs::path path_ = dir_ / "db";
  std::optional<db::Database> db_;
};

TEST_F(SstIngest, UnsortedRecordsWithDuplicatesRoundTrip) {
  const auto rs = records(20000, 7);
  auto builder = db_->sst_builder();
  DB_ASSERT_OK(builder);
  DB_ASSERT_OK(builder->add(rs));
  EXPECT_EQ(builder->records_added(), rs.size());
  DB_ASSERT_OK(db_->ingest(std::move(*builder)));
  EXPECT_TRUE(ingest_dir_is_empty());
  expect_contents(expected(rs));
}

TEST_F(SstIngest, SmallBufferSpillsOverlappingRuns) {
  const auto rs = records(5000, 8);
  auto builder = db_->sst_builder({.max_buffered_records = 700});
  DB_ASSERT_OK(builder);
  DB_ASSERT_OK(builder->add(rs));
  EXPECT_GE(builder->runs_written(), 7u);
  DB_ASSERT_OK(db_->ingest(std::move(*builder)));
  expect_contents(expected(rs));
}

// The retrograde solver's path: records in key order, cut into contiguous slices, one
// presorted builder each (several runs per builder), all ingested in one call.
TEST_F(SstIngest, PresortedSlicesIngestTogether) {
  auto rs = records(6000, 12);
  std::sort(rs.begin(), rs.end(), [](const auto& a, const auto& b) { return a.key < b.key; });
  std::vector<db::SstBuilder> builders;
  const std::size_t slices = 3;
  for (std::size_t b = 0; b < slices; ++b) {
    auto builder = db_->sst_builder({.max_buffered_records = 500, .presorted = true});
    DB_ASSERT_OK(builder);
    const std::size_t from = rs.size() * b / slices, to = rs.size() * (b + 1) / slices;
    DB_ASSERT_OK(builder->add(std::span(rs).subspan(from, to - from)));
    DB_ASSERT_OK(builder->flush());
    EXPECT_GE(builder->runs_written(), 4u);
    builders.push_back(std::move(*builder));
  }
  const std::vector<db::MetaEntry> done = {{"solve/6x6/standard/layer/0001/done", "1"}};
  DB_ASSERT_OK(db_->ingest(std::move(builders), done));
  EXPECT_TRUE(ingest_dir_is_empty());
  expect_contents(expected(rs));
  auto meta = db_->get_meta("solve/6x6/standard/layer/0001/done");
  DB_ASSERT_OK(meta);
  EXPECT_TRUE(meta->has_value());
}

// A presorted builder checks the order, within a run and across runs, instead of writing
// files that would silently overlap.
TEST_F(SstIngest, PresortedBuilderRefusesRecordsOutOfOrder) {
  for (const std::size_t buffer : {std::size_t{100}, std::size_t{1}}) {  // within / across runs
    auto builder = db_->sst_builder({.max_buffered_records = buffer, .presorted = true});
    DB_ASSERT_OK(builder);
    db::Status st = builder->add(key(6, 6, 5, 0), value(Winner::Left, Winner::Unknown));
    if (st) st = builder->add(key(6, 6, 4, 9), value(Winner::Left, Winner::Unknown));
    if (st) st = builder->flush();
    ASSERT_FALSE(st) << buffer;
    EXPECT_EQ(st.error().code, Code::kInvalidArgument);
    EXPECT_NE(st.error().message.find("out of order"), std::string::npos) << st.error().message;
  }
}

// A presorted builder streams: equal keys join before they are written, so a run never
// ends between them even at one key per run, and a contradiction fails at once.
TEST_F(SstIngest, PresortedBuilderJoinsEqualKeysAcrossItsRunLimit) {
  auto builder = db_->sst_builder({.max_buffered_records = 1, .presorted = true});
  DB_ASSERT_OK(builder);
  DB_ASSERT_OK(builder->add(key(6, 6, 4, 1), value(Winner::Left, Winner::Unknown)));
  DB_ASSERT_OK(builder->add(key(6, 6, 4, 1), value(Winner::Unknown, Winner::Right, 0x4)));
  DB_ASSERT_OK(builder->add(key(6, 6, 4, 2), value(Winner::Right, Winner::Unknown)));
  DB_ASSERT_OK(builder->flush());
  EXPECT_EQ(builder->runs_written(), 2u);
  DB_ASSERT_OK(db_->ingest(std::move(*builder)));
  expect_contents({{key(6, 6, 4, 1), value(Winner::Left, Winner::Right, 0x4)},
                   {key(6, 6, 4, 2), value(Winner::Right, Winner::Unknown)}});

  auto clash = db_->sst_builder({.max_buffered_records = 100, .presorted = true});
  DB_ASSERT_OK(clash);
  DB_ASSERT_OK(clash->add(key(6, 6, 4, 3), value(Winner::Left, Winner::Unknown)));
  DB_ASSERT_OK(clash->add(key(6, 6, 4, 3), value(Winner::Right, Winner::Unknown)));
  db::Status st = clash->add(key(6, 6, 4, 4), value(Winner::Left, Winner::Unknown));
  if (st) st = clash->flush();
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, Code::kConflict);
}

TEST_F(SstIngest, MergesWithWhatIsAlreadyStored) {
  auto rs = records(3000, 9);
  // Half of the keys learn the other side to move through point writes first.
  std::vector<db::PositionRecord> earlier;
  for (std::size_t i = 0; i < rs.size(); i += 2) {
    earlier.push_back({rs[i].key, value(Winner::Unknown, Winner::Unknown, 0x10)});
  }
  DB_ASSERT_OK(db_->put(earlier));
  DB_ASSERT_OK(db_->ingest(rs));
  auto all = rs;
  all.insert(all.end(), earlier.begin(), earlier.end());
  expect_contents(expected(all));
}

// Crash recovery re-ingests a layer whose data may already be in: nothing may change.
TEST_F(SstIngest, ReingestingIsIdempotent) {
  const auto rs = records(4000, 10);
  DB_ASSERT_OK(db_->ingest(rs));
  DB_ASSERT_OK(db_->ingest(rs));
  expect_contents(expected(rs));
  DB_ASSERT_OK(db_->compact());
  expect_contents(expected(rs));
}

TEST_F(SstIngest, MetaRecordIsWrittenAfterTheData) {
  const auto rs = records(1000, 11);
  const std::vector<db::MetaEntry> done = {{"solve/6x6/standard/layer/0003/done", "1"},
                                           {"solve/6x6/standard/layer/0003/seconds", "1.5"}};
  DB_ASSERT_OK(db_->ingest(rs, done));
  auto listed = db_->list_meta("solve/6x6/standard/layer/0003/");
  DB_ASSERT_OK(listed);
  EXPECT_EQ(*listed, done);

  // Survives a reopen, data and record alike.
  DB_ASSERT_OK(db_->close());
  db_.reset();
  auto opened = db_test::open_rw(path_);
  DB_ASSERT_OK(opened);
  db_.emplace(std::move(*opened));
  expect_contents(expected(rs));
  auto again = db_->get_meta("solve/6x6/standard/layer/0003/done");
  DB_ASSERT_OK(again);
  EXPECT_EQ(*again, std::optional<std::string>("1"));
}

TEST_F(SstIngest, ReservedMetaKeyRejectsTheWholeIngest) {
  const auto rs = records(100, 12);
  const std::vector<db::MetaEntry> bad = {{"db/schema_version", "7"}};
  auto s = db_->ingest(rs, bad);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, Code::kInvalidArgument);
  auto n = db_->count(db_test::board(6, 6));
  DB_ASSERT_OK(n);
  EXPECT_EQ(*n, 0u);
  EXPECT_TRUE(ingest_dir_is_empty());
}

TEST_F(SstIngest, ContradictoryDuplicatesAreRefused) {
  auto builder = db_->sst_builder();
  DB_ASSERT_OK(builder);
  DB_ASSERT_OK(builder->add(key(6, 6, 1, 2), value(Winner::Left, Winner::Unknown)));
  DB_ASSERT_OK(builder->add(key(6, 6, 1, 2), value(Winner::Right, Winner::Unknown)));
  auto s = db_->ingest(std::move(*builder));
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, Code::kConflict);
  auto got = db_->get(key(6, 6, 1, 2));
  DB_ASSERT_OK(got);
  EXPECT_FALSE(got->has_value());
}

TEST_F(SstIngest, AbandonedBuilderLeavesNoFiles) {
  {
    auto builder = db_->sst_builder({.max_buffered_records = 10});
    DB_ASSERT_OK(builder);
    DB_ASSERT_OK(builder->add(records(100, 13)));
    EXPECT_GT(builder->runs_written(), 0u);
    EXPECT_FALSE(ingest_dir_is_empty());
  }
  EXPECT_TRUE(ingest_dir_is_empty());
}

TEST_F(SstIngest, LeftoversOfACrashedWriterAreRemovedOnOpen) {
  const auto stale = path_ / "ingest-tmp" / "12345-0";
  fs::create_directories(stale);
  std::ofstream(stale / "run-000000.sst") << "half-written";
  DB_ASSERT_OK(db_->close());
  db_.reset();
  DB_ASSERT_OK(db_test::open_rw(path_));
  EXPECT_FALSE(fs::exists(stale));
}

TEST_F(SstIngest, BuilderBelongsToItsDatabase) {
  auto other = db_test::create(dir_ / "other");
  DB_ASSERT_OK(other);
  auto builder = other->sst_builder();
  DB_ASSERT_OK(builder);
  DB_ASSERT_OK(builder->add(key(6, 6, 1, 2), value(Winner::Left, Winner::Unknown)));
  auto s = db_->ingest(std::move(*builder));
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, Code::kInvalidArgument);
}

}  // namespace
