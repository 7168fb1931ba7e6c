#include <gtest/gtest.h>
#include <rocksdb/db.h>
#include <unistd.h>

#include <fstream>

#include "db/schema.hpp"
#include "test_support.hpp"

namespace {

using db::Code;
using db::OpenMode;
namespace fs = std::filesystem;

void expect_error(const db::Expected<db::Database>& r, Code code, const fs::path& path) {
  ASSERT_FALSE(r) << "opened " << path;
  EXPECT_EQ(r.error().code, code) << r.error().message;
  EXPECT_NE(r.error().message.find(path.string()), std::string::npos) << r.error().message;
}

void make_foreign_rocksdb(const fs::path& path, const std::vector<std::string>& families) {
  rocksdb::DBOptions options;
  options.create_if_missing = true;
  options.create_missing_column_families = true;
  std::vector<rocksdb::ColumnFamilyDescriptor> cfs{{rocksdb::kDefaultColumnFamilyName, {}}};
  for (const auto& f : families) cfs.emplace_back(f, rocksdb::ColumnFamilyOptions());
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  ASSERT_TRUE(rocksdb::DB::Open(options, path.string(), cfs, &handles, &raw).ok());
  EXPECT_TRUE(raw->Put({}, handles[0], "their", "data").ok());
  for (auto* h : handles) EXPECT_TRUE(raw->DestroyColumnFamilyHandle(h).ok());
  EXPECT_TRUE(raw->Close().ok());
  delete raw;
}

TEST(OpenErrors, MissingPath) {
  db_test::TempDir dir;
  const auto path = dir / "nothing-here";
  expect_error(db_test::open_ro(path), Code::kNotFound, path);
  expect_error(db_test::open_rw(path), Code::kNotFound, path);
  expect_error(db::Database::open(path, db_test::options(OpenMode::kSecondary)), Code::kNotFound,
               path);
  EXPECT_FALSE(fs::exists(path));  // not created behind our back
}

TEST(OpenErrors, PlainFile) {
  db_test::TempDir dir;
  const auto path = dir / "file.txt";
  std::ofstream(path) << "hello\n";
  expect_error(db_test::open_ro(path), Code::kNotADatabase, path);
  expect_error(db_test::create(path), Code::kNotADatabase, path);
}

TEST(OpenErrors, EmptyDirectory) {
  db_test::TempDir dir;
  const auto path = dir / "empty";
  fs::create_directory(path);
  expect_error(db_test::open_ro(path), Code::kNotADatabase, path);
  expect_error(db_test::open_rw(path), Code::kNotADatabase, path);
  EXPECT_TRUE(fs::is_empty(path));
  auto created = db_test::create(path);  // an empty directory is a fine place to create one
  DB_ASSERT_OK(created);
}

// A creator killed after RocksDB made its files but before the schema version was written
// must not leave something at the path that later opens call foreign.
TEST(OpenErrors, InterruptedCreationLeavesNothingAtThePath) {
  db_test::TempDir dir;
  const auto path = dir / "db";
  auto o = db_test::options(OpenMode::kReadWrite, true);
  o.fail_creation_for_testing = true;
  ASSERT_FALSE(db::Database::open(path, o));
  EXPECT_FALSE(fs::exists(path));
  int staging = 0;
  for (const auto& e : fs::directory_iterator(dir.path())) staging += e.path() != path;
  EXPECT_EQ(staging, 1);  // what the "crash" left: the staging directory only
  expect_error(db_test::open_rw(path), Code::kNotFound, path);
  auto created = db_test::create(path);
  DB_ASSERT_OK(created);
  EXPECT_TRUE(fs::exists(path / "CURRENT"));
}

// A staging directory left by a creator on this machine that died (its pid is gone) is
// cleaned up; another machine's (a shared file system) is not judged by a pid of this one.
TEST(OpenErrors, DeadCreatorsStagingIsRemoved) {
  db_test::TempDir dir;
  const auto path = dir / "db";
  char host[256] = {};
  ASSERT_EQ(::gethostname(host, sizeof host - 1), 0);
  const auto stale = dir / (".db.creating-" + std::string(host) + "-999999999");
  const auto elsewhere = dir / (".db.creating-" + std::string(host) + "x-999999999");
  fs::create_directories(stale / "sub");
  fs::create_directories(elsewhere / "sub");
  auto created = db_test::create(path);
  DB_ASSERT_OK(created);
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(elsewhere));
}

TEST(OpenErrors, NonEmptyDirectoryIsNeverTakenOver) {
  db_test::TempDir dir;
  const auto path = dir / "stuff";
  fs::create_directory(path);
  std::ofstream(path / "notes.txt") << "mine\n";
  expect_error(db_test::create(path), Code::kNotADatabase, path);
  EXPECT_FALSE(fs::exists(path / "CURRENT"));
}

TEST(OpenErrors, SomeoneElsesRocksDb) {
  db_test::TempDir dir;
  const auto path = dir / "foreign";
  make_foreign_rocksdb(path, {});
  const auto before = db_test::snapshot(path);
  for (auto mode : {OpenMode::kReadOnly, OpenMode::kReadWrite, OpenMode::kSecondary}) {
    auto r = db::Database::open(path, db_test::options(mode, mode == OpenMode::kReadWrite));
    expect_error(r, Code::kNotADatabase, path);
    EXPECT_NE(r.error().message.find("not a solved-position database"), std::string::npos);
  }
  EXPECT_EQ(db_test::snapshot(path), before);
}

// Our column family names but never stamped with a version: still not ours.
TEST(OpenErrors, RocksDbWithOurFamiliesButNoVersion) {
  db_test::TempDir dir;
  const auto path = dir / "lookalike";
  make_foreign_rocksdb(path, {"positions", "cgt_forms", "meta"});
  const auto before = db_test::snapshot(path);
  expect_error(db_test::open_ro(path), Code::kNotADatabase, path);
  expect_error(db_test::open_rw(path), Code::kNotADatabase, path);
  EXPECT_EQ(db_test::snapshot(path), before);
}

TEST(OpenErrors, CreateNeedsReadWrite) {
  db_test::TempDir dir;
  auto r = db::Database::open(dir / "db", db_test::options(OpenMode::kReadOnly, true));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Code::kInvalidArgument);
}

TEST(OpenErrors, CreatedDatabaseIsStamped) {
  db_test::TempDir dir;
  auto opened = db_test::create(dir / "db");
  DB_ASSERT_OK(opened);
  auto version = opened->schema_version();
  DB_ASSERT_OK(version);
  EXPECT_EQ(*version, db::kSchemaVersion);
  auto build = opened->build_id();
  DB_ASSERT_OK(build);
  EXPECT_EQ(*build, "test-build");
  auto created_at = opened->get_meta(db::kMetaCreatedAt);
  DB_ASSERT_OK(created_at);
  ASSERT_TRUE(created_at->has_value());
  EXPECT_EQ((*created_at)->size(), std::string("2024-01-01T00:00:00Z").size());
  // Creating again over an existing database just opens it.
  DB_ASSERT_OK(opened->close());
  DB_EXPECT_OK(db_test::create(dir / "db"));
}

}  // namespace
