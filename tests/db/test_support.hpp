#pragma once
// Shared fixtures for the db tests: scratch directories, open helpers, and raw RocksDB
// access for tampering with a database behind the API's back.

#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace db {
inline void PrintTo(Code code, std::ostream* os) {
  *os << to_string(code);
}
}  // namespace db

namespace db_test {

namespace fs = std::filesystem;

#define DB_ASSERT_OK(expr)                                             \
  do {                                                                 \
    const auto& db_result_ = (expr);                                   \
    ASSERT_TRUE(db_result_.has_value()) << db_result_.error().message; \
  } while (0)

#define DB_EXPECT_OK(expr)                                             \
  do {                                                                 \
    const auto& db_result_ = (expr);                                   \
    EXPECT_TRUE(db_result_.has_value()) << db_result_.error().message; \
  } while (0)

class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "konane-db-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) std::abort();
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

inline db::OpenOptions options(db::OpenMode mode, bool create = false) {
  db::OpenOptions o;
  o.mode = mode;
  o.create_if_missing = create;
  o.build_id = "test-build";
  o.block_cache_bytes = 8 << 20;
  return o;
}

inline db::Expected<db::Database> create(const fs::path& path) {
  return db::Database::open(path, options(db::OpenMode::kReadWrite, true));
}
inline db::Expected<db::Database> open_rw(const fs::path& path) {
  return db::Database::open(path, options(db::OpenMode::kReadWrite));
}
inline db::Expected<db::Database> open_ro(const fs::path& path) {
  return db::Database::open(path, options(db::OpenMode::kReadOnly));
}

// A test with a fresh read-write database of its own, removed at the end.
class FreshDatabase : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = create(dir_.path() / "db");
    DB_ASSERT_OK(opened);
    database.emplace(std::move(*opened));
  }
  TempDir dir_;
  std::optional<db::Database> database;
};

// The game the db tests file their records under (the database interprets no game).
inline constexpr db::GameId kGame = 1;

inline db::Board board(std::uint8_t rows, std::uint8_t cols, db::GameId game = kGame) {
  return {game, {rows, cols}};
}

inline db::PositionKey key(std::uint8_t rows, std::uint8_t cols, std::uint64_t hi, std::uint64_t lo,
                           std::uint8_t group = 0) {
  return {kGame, rows, cols, group, hi, lo};
}

inline db::PositionValue value(db::Winner left_to_move, db::Winner right_to_move,
                               std::uint8_t flags = 0,
                               std::optional<db::CgtRef> cgt = std::nullopt) {
  db::PositionValue v;
  v.left_to_move = left_to_move;
  v.right_to_move = right_to_move;
  v.flags = flags;
  v.cgt = cgt;
  return v;
}

// A secondary whose position writes are deferred for the writer (an MPI rank's handle).
inline db::OpenOptions deferring(const fs::path& logs) {
  auto o = options(db::OpenMode::kSecondary);
  o.secondary_path = logs;
  o.defer_writes = true;
  return o;
}

// The stored value of k (nullopt if none), failing the test on a read error.
inline std::optional<db::PositionValue> lookup(const db::Database& d, const db::PositionKey& k) {
  auto r = d.get(k);
  EXPECT_TRUE(r.has_value()) << r.error().message;
  return r ? *r : std::nullopt;
}

inline db::PositionKey random_key(std::mt19937_64& rng, std::uint8_t rows = 6,
                                  std::uint8_t cols = 6) {
  const std::uint64_t hi = rng();
  return {kGame, rows, cols, static_cast<std::uint8_t>(rng() % 4), hi, rng() & ~hi};
}

// Writes straight into the meta column family, bypassing the reserved-key check: the only
// way to fake databases written by other schema versions.
inline void raw_put_meta(const fs::path& path, const std::string& key, const std::string& value) {
  std::vector<std::string> names;
  ASSERT_TRUE(rocksdb::DB::ListColumnFamilies(rocksdb::DBOptions(), path.string(), &names).ok());
  std::vector<rocksdb::ColumnFamilyDescriptor> cfs;
  for (const auto& n : names) cfs.emplace_back(n, rocksdb::ColumnFamilyOptions());
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  rocksdb::DB* raw = nullptr;
  ASSERT_TRUE(rocksdb::DB::Open(rocksdb::DBOptions(), path.string(), cfs, &handles, &raw).ok());
  rocksdb::ColumnFamilyHandle* meta = nullptr;
  for (auto* h : handles) {
    if (h->GetName() == "meta") meta = h;
  }
  ASSERT_NE(meta, nullptr);
  rocksdb::WriteOptions sync;
  sync.sync = true;
  EXPECT_TRUE(raw->Put(sync, meta, key, value).ok());
  for (auto* h : handles) EXPECT_TRUE(raw->DestroyColumnFamilyHandle(h).ok());
  EXPECT_TRUE(raw->Close().ok());
  delete raw;
}

// Every file's bytes, by relative path: equal snapshots mean nothing was modified.
inline std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    out[fs::relative(entry.path(), dir).string()] =
        std::string(std::istreambuf_iterator<char>(in), {});
  }
  return out;
}

// The largest table file in a database directory (empty if none): where the positions are.
inline fs::path largest_table_file(const fs::path& dir) {
  fs::path best;
  std::uintmax_t best_size = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".sst" && e.file_size() > best_size) {
      best = e.path();
      best_size = e.file_size();
    }
  }
  return best;
}

}  // namespace db_test
