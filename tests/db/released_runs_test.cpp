// Table runs written by another process (an MPI rank on a deferring secondary) and ingested
// by the one writer: SstBuilder::release and Database::ingest(builders, released, meta).
#include <gtest/gtest.h>

#include <random>

#include "test_support.hpp"

namespace {

using db::Code;
using db::OpenMode;
using db::Winner;
using db_test::deferring;
using db_test::key;
using db_test::lookup;
using db_test::value;

size_t files_under(const db_test::fs::path& dir) {
  size_t n = 0;
  std::error_code ec;
  for (auto it = db_test::fs::recursive_directory_iterator(dir, ec);
       !ec && it != db_test::fs::recursive_directory_iterator(); it.increment(ec))
    n += it->is_regular_file() ? 1 : 0;
  return n;
}

TEST(ReleasedRuns, AnotherProcesssRunsAreIngestedWithTheWritersOwnAndTheMeta) {
  db_test::TempDir dir;
  auto primary = db_test::create(dir / "db");
  DB_ASSERT_OK(primary);
  auto follower = db::Database::open(dir / "db", deferring(dir / "logs"));
  DB_ASSERT_OK(follower);

  std::mt19937_64 rng(11);
  std::map<db::PositionKey, db::PositionValue> theirs, mine;
  db::SstBuilderOptions small;
  small.max_buffered_records = 64;  // several runs each
  auto foreign = follower->sst_builder(small);
  DB_ASSERT_OK(foreign);
  auto own = primary->sst_builder(small);
  DB_ASSERT_OK(own);
  for (int i = 0; i < 300; ++i) {
    const auto k = db_test::random_key(rng);
    const auto v = value(i % 2 ? Winner::Left : Winner::Right, Winner::Unknown);
    auto& into = i % 3 ? theirs : mine;
    if (theirs.count(k) || mine.count(k)) continue;
    into[k] = v;
    DB_ASSERT_OK((i % 3 ? *foreign : *own).add(k, v));
  }
  auto released = foreign->release();
  DB_ASSERT_OK(released);
  EXPECT_GE(released->size(), 3u);
  auto again = foreign->release();  // handed over once
  ASSERT_FALSE(again);
  // Nothing is visible before the writer ingests.
  EXPECT_EQ(lookup(*primary, theirs.begin()->first), std::nullopt);

  std::vector<db::SstBuilder> builders;
  builders.push_back(std::move(*own));
  const std::vector<db::MetaEntry> meta = {{"layer/0007/done", "yes"}};
  DB_ASSERT_OK(primary->ingest(std::move(builders), *released, meta));
  for (const auto* part : {&theirs, &mine})
    for (const auto& [k, v] : *part) {
      EXPECT_EQ(lookup(*primary, k), v) << (part == &theirs ? "theirs" : "mine");
    }
  auto done = primary->get_meta("layer/0007/done");
  DB_ASSERT_OK(done);
  EXPECT_EQ(*done, std::optional<std::string>("yes"));
  // The released runs are gone from the ingest directory.
  EXPECT_EQ(files_under(dir / "db" / "ingest-tmp"), 0u);
}

TEST(ReleasedRuns, ANameOutsideTheIngestDirectoryIngestsNothing) {
  db_test::TempDir dir;
  auto primary = db_test::create(dir / "db");
  DB_ASSERT_OK(primary);
  auto follower = db::Database::open(dir / "db", deferring(dir / "logs"));
  DB_ASSERT_OK(follower);
  for (const std::string& bad :
       {std::string("../CURRENT"), (dir / "db" / "CURRENT").string(),
        std::string("x/../../CURRENT"), std::string("nothere/run.sst"), std::string("run.sst")}) {
    auto released = follower->sst_builder();
    DB_ASSERT_OK(released);
    DB_ASSERT_OK(released->add(key(6, 6, 3, 4), value(Winner::Right, Winner::Unknown)));
    auto good = released->release();
    DB_ASSERT_OK(good);
    ASSERT_EQ(good->size(), 1u);
    std::vector<std::string> names = *good;
    names.push_back(bad);
    const std::vector<db::MetaEntry> meta = {{"done", "1"}};
    auto s = primary->ingest({}, names, meta);
    ASSERT_FALSE(s) << bad;
    EXPECT_EQ(s.error().code, Code::kInvalidArgument);
    EXPECT_NE(s.error().message.find(bad), std::string::npos) << s.error().message;
    EXPECT_EQ(lookup(*primary, key(6, 6, 3, 4)), std::nullopt);
    auto done = primary->get_meta("done");
    DB_ASSERT_OK(done);
    EXPECT_FALSE(done->has_value());
    // A refused ingestion still removes the released runs: they are the sender's to redo.
    EXPECT_FALSE(db_test::fs::exists(dir / "db" / "ingest-tmp" / (*good)[0]));
  }
  // Only a writer or a deferring secondary makes runs.
  DB_ASSERT_OK(primary->close());
  auto o = db_test::options(OpenMode::kReadOnly);
  auto reader = db::Database::open(dir / "db", o);
  DB_ASSERT_OK(reader);
  auto refused = reader->sst_builder();
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, Code::kReadOnly);
}

}  // namespace
