// Database errors through the CLI: a clear message naming the path, exit code 2.
#include <gtest/gtest.h>
#include <rocksdb/db.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli_test_support.hpp"
#include "db/database.hpp"

namespace {

namespace fs = std::filesystem;
using clitest::run_binary;

using clitest::TempDir;

db::Database make_db(const fs::path& p) {
  db::OpenOptions o;
  o.create_if_missing = true;
  auto d = db::Database::open(p, o);
  EXPECT_TRUE(d.has_value());
  return std::move(*d);
}

// Every command taking --db, in a form that opens it.
std::vector<std::vector<std::string>> commands(const std::string& path, const std::string& batch) {
  return {
      {"retro", "--board", "3x3", "--db", path, "--quiet"},
      {"query", "xoxo/oxox/x..o/oxox", "--db", path},
      {"db", "stats", "--db", path},
      {"db", "export", "--board", "4x4", "--db", path},
      {"solve", "xoxo/oxox/x..o/oxox", "--db", path},
      {"value", "xo.x", "--db", path},
      {"batch", batch, "--db", path},
  };
}

void expect_clear_error(const std::string& path, const std::string& what, bool writers_only) {
  TempDir scratch;
  const std::string batch = (scratch.path / "in.txt").string();
  std::ofstream(batch) << "xoxo/oxox/x..o/oxox\n";
  for (const auto& args : commands(path, batch)) {
    const bool writer =
        args[0] == "retro" || args[0] == "solve" || args[0] == "value" || args[0] == "batch";
    if (writers_only && !writer) continue;
    auto r = run_binary(args);
    EXPECT_EQ(r.rc, 2) << args[0] << ": " << r.out << r.err;
    EXPECT_NE(r.err.find(path), std::string::npos) << args[0] << ": " << r.err;
    EXPECT_NE(r.err.find(what), std::string::npos) << args[0] << ": " << r.err;
    EXPECT_EQ(r.err.find("Aborted"), std::string::npos);
  }
}

TEST(DbErrors, LockedByAnotherWriter) {
  TempDir dir;
  const fs::path p = dir.path / "db";
  db::Database held = make_db(p);  // this process holds the writer lock
  // Readers (query, db stats/export) open read-only and are not blocked; writers are.
  expect_clear_error(p.string(), "locked", /*writers_only=*/true);
  auto q = run_binary({"db", "stats", "--db", p.string()});
  EXPECT_EQ(q.rc, 0) << q.err;
}

TEST(DbErrors, WrongSchemaVersion) {
  TempDir dir;
  const fs::path p = dir.path / "db";
  ASSERT_TRUE(make_db(p).close().has_value());
  {  // fake a database written by a newer schema, straight through RocksDB
    std::vector<std::string> names;
    ASSERT_TRUE(rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), p.string(), &names).ok());
    std::vector<rocksdb::ColumnFamilyDescriptor> cfs;
    for (const auto& n : names) cfs.emplace_back(n, rocksdb::ColumnFamilyOptions());
    std::vector<rocksdb::ColumnFamilyHandle*> handles;
    rocksdb::DB* raw = nullptr;
    ASSERT_TRUE(rocksdb::DB::Open(rocksdb::DBOptions(), p.string(), cfs, &handles, &raw).ok());
    for (auto* h : handles) {
      if (h->GetName() == "meta") {
        ASSERT_TRUE(raw->Put(rocksdb::WriteOptions(), h, "db/schema_version",
                             std::to_string(db::kSchemaVersion + 1))
                        .ok());
      }
    }
    for (auto* h : handles) ASSERT_TRUE(raw->DestroyColumnFamilyHandle(h).ok());
    ASSERT_TRUE(raw->Close().ok());
    delete raw;
  }
  expect_clear_error(p.string(), "schema version", false);
}

TEST(DbErrors, NotADatabase) {
  TempDir dir;
  const fs::path p = dir.path / "notes";
  fs::create_directories(p);
  std::ofstream(p / "readme.txt") << "just some files\n";
  expect_clear_error(p.string(), "not a solved-position database", false);
  // A regular file is not a database either.
  const fs::path f = dir.path / "file.txt";
  std::ofstream(f) << "hello\n";
  auto r = run_binary({"query", "xo", "--db", f.string()});
  EXPECT_EQ(r.rc, 2);
  EXPECT_NE(r.err.find(f.string()), std::string::npos) << r.err;
}

TEST(DbErrors, MissingDatabaseForReaders) {
  TempDir dir;
  const fs::path p = dir.path / "absent";
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"query", "xo", "--db", p.string()}, {"db", "stats", "--db", p.string()}}) {
    auto r = run_binary(args);
    EXPECT_EQ(r.rc, 2) << r.err;
    EXPECT_NE(r.err.find(p.string()), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(p)) << "readers never create a database";
}

}  // namespace

namespace {

// A store created on the way, and the folders made for it, are named: a mistyped --db path
// never silently becomes a new empty database. Opening it again says nothing.
TEST(DbErrors, ANewStoreAndItsFoldersAreNamed) {
  TempDir dir;
  const std::string path = (fs::path(dir.path) / "a" / "b" / "D").string();
  auto r = run_binary({"solve", "xoxo/oxox/x..o/oxox", "--db", path});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.err.find("note: created a new database at '" + path + "' and the folder '" +
                       (fs::path(dir.path) / "a").string() + "'"),
            std::string::npos)
      << r.err;
  r = run_binary({"solve", "xoxo/oxox/x..o/oxox", "--db", path});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.err.find("created"), std::string::npos) << r.err;
  // Readers create nothing.
  r = run_binary(
      {"query", "xoxo/oxox/x..o/oxox", "--db", (fs::path(dir.path) / "c" / "D").string()});
  EXPECT_EQ(r.rc, 2);
  EXPECT_FALSE(fs::exists(fs::path(dir.path) / "c"));
}

}  // namespace
