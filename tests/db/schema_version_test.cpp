#include <gtest/gtest.h>

#include "db/schema.hpp"
#include "test_support.hpp"

namespace {

using db::Code;
using db::OpenMode;

class SchemaVersion : public ::testing::Test {
 protected:
  void SetUp() override {
    auto created = db_test::create(path_);
    DB_ASSERT_OK(created);
    DB_ASSERT_OK(created->put(db_test::key(4, 4, 1, 2),
                              db_test::value(db::Winner::Left, db::Winner::Unknown)));
    DB_ASSERT_OK(created->close());
  }

  // Every mode must refuse, and none may change a byte on disk.
  void expect_refused(Code code) {
    const auto before = db_test::snapshot(path_);
    for (auto mode : {OpenMode::kReadWrite, OpenMode::kReadOnly, OpenMode::kSecondary}) {
      auto r = db::Database::open(path_, db_test::options(mode, mode == OpenMode::kReadWrite));
      ASSERT_FALSE(r) << "mode " << int(mode);
      EXPECT_EQ(r.error().code, code) << r.error().message;
      EXPECT_NE(r.error().message.find(path_.string()), std::string::npos) << r.error().message;
    }
    EXPECT_EQ(db_test::snapshot(path_), before);
  }

  db_test::TempDir dir_;
  std::filesystem::path path_ = dir_ / "db";
};

TEST_F(SchemaVersion, CurrentVersionOpens) {
  auto r = db_test::open_rw(path_);
  DB_ASSERT_OK(r);
}

TEST_F(SchemaVersion, OlderIsRefused) {
  db_test::raw_put_meta(path_, std::string(db::kMetaSchemaVersion),
                        std::to_string(db::kSchemaVersion - 1));
  expect_refused(Code::kSchemaTooOld);
}

TEST_F(SchemaVersion, NewerIsRefused) {
  db_test::raw_put_meta(path_, std::string(db::kMetaSchemaVersion),
                        std::to_string(db::kSchemaVersion + 1));
  expect_refused(Code::kSchemaTooNew);
}

TEST_F(SchemaVersion, GarbageVersionIsCorruption) {
  db_test::raw_put_meta(path_, std::string(db::kMetaSchemaVersion), "1x");
  expect_refused(Code::kCorruption);
}

TEST_F(SchemaVersion, ReservedKeysCannotBeWrittenThroughTheApi) {
  auto r = db_test::open_rw(path_);
  DB_ASSERT_OK(r);
  auto s = r->put_meta(db::kMetaSchemaVersion, "2");
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, Code::kInvalidArgument);
  auto v = r->schema_version();
  DB_ASSERT_OK(v);
  EXPECT_EQ(*v, db::kSchemaVersion);
}

}  // namespace
