#include <gtest/gtest.h>

#include "db/schema.hpp"
#include "test_support.hpp"

namespace {

using db::Code;
using db::MetaEntry;

TEST(Meta, PutGetListErase) {
  db_test::TempDir dir;
  auto d = db_test::create(dir / "db");
  DB_ASSERT_OK(d);
  DB_ASSERT_OK(d->put_meta("solve/5x5/standard/layer/0002/seconds", "1.5"));
  DB_ASSERT_OK(d->put_meta("solve/5x5/standard/layer/0001/seconds", "0.25"));
  DB_ASSERT_OK(d->put_meta("solve/5x6/standard/started_at", "2024-05-01T10:00:00Z"));

  auto one = d->get_meta("solve/5x5/standard/layer/0001/seconds");
  DB_ASSERT_OK(one);
  EXPECT_EQ(*one, std::optional<std::string>("0.25"));
  auto none = d->get_meta("solve/9x9");
  DB_ASSERT_OK(none);
  EXPECT_FALSE(none->has_value());

  auto listed = d->list_meta("solve/5x5/");
  DB_ASSERT_OK(listed);
  const std::vector<MetaEntry> want = {{"solve/5x5/standard/layer/0001/seconds", "0.25"},
                                       {"solve/5x5/standard/layer/0002/seconds", "1.5"}};
  EXPECT_EQ(*listed, want);

  DB_ASSERT_OK(d->put_meta("solve/5x5/standard/layer/0001/seconds", "0.5"));  // overwrite
  DB_ASSERT_OK(d->erase_meta("solve/5x5/standard/layer/0002/seconds"));
  listed = d->list_meta("solve/5x5/");
  DB_ASSERT_OK(listed);
  EXPECT_EQ(*listed, (std::vector<MetaEntry>{{"solve/5x5/standard/layer/0001/seconds", "0.5"}}));

  auto reserved = d->list_meta("db/");
  DB_ASSERT_OK(reserved);
  EXPECT_EQ(reserved->size(), 4u);  // schema version, build id, created build and time
}

TEST(Meta, BatchIsAllOrNothing) {
  db_test::TempDir dir;
  auto d = db_test::create(dir / "db");
  DB_ASSERT_OK(d);
  const std::vector<MetaEntry> batch = {{"a", "1"}, {"db/build_id", "forged"}, {"b", "2"}};
  auto s = d->put_meta(batch);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, Code::kInvalidArgument);
  auto a = d->get_meta("a");
  DB_ASSERT_OK(a);
  EXPECT_FALSE(a->has_value());
  auto erase = d->erase_meta("db/schema_version");
  ASSERT_FALSE(erase);
  EXPECT_EQ(erase.error().code, Code::kInvalidArgument);
}

TEST(Meta, BuildIdTracksTheLastWriter) {
  db_test::TempDir dir;
  const auto path = dir / "db";
  {
    auto o = db_test::options(db::OpenMode::kReadWrite, true);
    o.build_id = "abc123";
    auto d = db::Database::open(path, o);
    DB_ASSERT_OK(d);
  }
  {
    auto o = db_test::options(db::OpenMode::kReadWrite);
    o.build_id = "def456-dirty";
    auto d = db::Database::open(path, o);
    DB_ASSERT_OK(d);
    DB_ASSERT_OK(d->put_meta("x", "y"));
  }
  {
    auto o = db_test::options(db::OpenMode::kReadOnly);
    o.build_id = "reader-does-not-stamp";
    auto d = db::Database::open(path, o);
    DB_ASSERT_OK(d);
    auto build = d->build_id();
    DB_ASSERT_OK(build);
    EXPECT_EQ(*build, "def456-dirty");
    auto created = d->get_meta(db::kMetaCreatedBuild);
    DB_ASSERT_OK(created);
    EXPECT_EQ(*created, std::optional<std::string>("abc123"));
    auto version = d->schema_version();
    DB_ASSERT_OK(version);
    EXPECT_EQ(*version, db::kSchemaVersion);
  }
}

}  // namespace
