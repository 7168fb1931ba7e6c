// Schema version 2 read read-only and upgraded in place (schema.hpp, "Versioning"). The
// version-2 databases here are written byte by byte through the legacy codec, beside the
// real one the CLI tests upgrade (tests/data/db-v2-3x4.tgz).
#include <gtest/gtest.h>
#include <rocksdb/db.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <map>
#include <random>
#include <set>

#include "db/schema.hpp"
#include "merge_operator.hpp"
#include "schema_v2.hpp"
#include "test_support.hpp"

namespace {

using db::Code;
using db::PositionKey;
using db::PositionValue;
using db::Winner;
using db_test::kGame;
namespace fs = std::filesystem;

struct V2Contents {
  std::map<PositionKey, PositionValue> values;  // as version 3 reads them (game kGame)
  PositionKey conflicting;
  std::vector<std::pair<std::string, std::string>> meta;
};

// A version-2 database: four boards, values with and without CGT references, one record
// holding a conflict, and solve records with layer counts.
V2Contents write_v2(const fs::path& path, int n, std::uint64_t seed) {
  V2Contents out;
  rocksdb::DBOptions options;
  options.create_if_missing = true;
  options.create_missing_column_families = true;
  rocksdb::ColumnFamilyOptions positions;
  positions.merge_operator = db::detail::make_legacy_merge_operator();
  const std::vector<rocksdb::ColumnFamilyDescriptor> cfs = {{rocksdb::kDefaultColumnFamilyName, {}},
                                                            {"positions", positions},
                                                            {"cgt_forms", {}},
                                                            {"meta", {}}};
  std::vector<rocksdb::ColumnFamilyHandle*> h;
  rocksdb::DB* raw = nullptr;
  EXPECT_TRUE(rocksdb::DB::Open(options, path.string(), cfs, &h, &raw).ok());
  std::mt19937_64 rng(seed);
  const Winner w[] = {Winner::Unknown, Winner::Left, Winner::Right};
  const std::pair<std::uint8_t, std::uint8_t> shapes[] = {{3, 4}, {4, 4}, {5, 5}, {6, 6}};
  for (int i = 0; i < n; ++i) {
    const auto [rows, cols] = shapes[rng() % 4];
    PositionKey k = db_test::key(rows, cols, rng(), rng(), static_cast<std::uint8_t>(rng() % 5));
    db::detail::StoredValue v;
    v.value.left_to_move = w[rng() % 3];
    v.value.right_to_move = w[1 + rng() % 2];
    v.value.flags = static_cast<std::uint8_t>(rng() % 4);
    if (rng() % 4 == 0) v.value.cgt = db::CgtRef{rng()};
    auto bytes = db::detail::encode_stored_v2(v);
    EXPECT_TRUE(bytes.has_value());
    EXPECT_TRUE(raw->Merge({}, h[1], db::detail::encode_key_v2(k), *bytes).ok());
    out.values[k] = v.value;
    if (i == n / 2) {
      // The same key learnt both ways: a conflict, which the upgrade must carry along.
      auto other = v;
      other.value.right_to_move =
          v.value.right_to_move == Winner::Left ? Winner::Right : Winner::Left;
      EXPECT_TRUE(
          raw->Merge({}, h[1], db::detail::encode_key_v2(k), *db::detail::encode_stored_v2(other))
              .ok());
      out.conflicting = k;
      out.values.erase(k);
    }
    if (i % 97 == 0) {
      EXPECT_TRUE(raw->Flush({}, h[1]).ok());  // several table files
    }
  }
  std::map<std::pair<int, int>, std::uint64_t> per_layer;
  for (const auto& [k, v] : out.values) {
    if (k.rows == 4 && k.cols == 4) ++per_layer[{k.group, 0}];
  }
  out.meta = {{"solve/4x4/standard/started_at", "2026-11-01T00:00:00Z"},
              {"solve/4x4/standard/done", "1"}};
  for (const auto& [layer, count] : per_layer) {
    char name[64];
    std::snprintf(name, sizeof name, "solve/4x4/standard/layer/%04d/positions", layer.first);
    out.meta.emplace_back(name, std::to_string(count));
  }
  for (const auto& [key, value] : out.meta) EXPECT_TRUE(raw->Put({}, h[3], key, value).ok());
  EXPECT_TRUE(raw->Put({}, h[3], "db/schema_version", "2").ok());
  EXPECT_TRUE(raw->Put({}, h[3], "db/created_build", "v2-test").ok());
  for (auto* handle : h) EXPECT_TRUE(raw->DestroyColumnFamilyHandle(handle).ok());
  EXPECT_TRUE(raw->Close().ok());
  delete raw;
  return out;
}

db::OpenOptions legacy(db::OpenMode mode) {
  auto o = db_test::options(mode);
  o.legacy_game = kGame;
  return o;
}

// Every record of `want` (and nothing else) is stored, and the conflict still reads as one.
void expect_contents(const db::Database& d, const V2Contents& want) {
  std::uint64_t scanned = 0;
  std::set<db::Board> boards;
  for (const auto& [k, v] : want.values) boards.insert(k.board());
  for (const db::Board b : boards) {
    auto scan = d.scan(b);
    DB_ASSERT_OK(scan);
    for (; scan->valid(); scan->next()) {
      if (scan->key() == want.conflicting) {
        EXPECT_EQ(scan->value().error().code, Code::kConflict);
        continue;
      }
      auto v = scan->value();
      DB_ASSERT_OK(v);
      ASSERT_TRUE(want.values.count(scan->key())) << db::describe_key(scan->key());
      EXPECT_EQ(*v, want.values.at(scan->key()));
      ++scanned;
    }
    DB_EXPECT_OK(scan->status());
  }
  EXPECT_EQ(scanned, want.values.size());
  std::vector<PositionKey> keys;
  for (const auto& [k, v] : want.values) keys.push_back(k);
  auto got = d.multi_get(keys);
  DB_ASSERT_OK(got);
  for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_EQ((*got)[i], want.values.at(keys[i]));
  auto conflict = d.get(want.conflicting);
  ASSERT_FALSE(conflict);
  EXPECT_EQ(conflict.error().code, Code::kConflict);
  // Another game's key with the same bytes is not there.
  PositionKey other = keys.front();
  other.game = kGame + 1;
  auto none = d.get(other);
  DB_ASSERT_OK(none);
  EXPECT_FALSE(none->has_value());
}

TEST(Upgrade, Version2IsReadReadOnlyAndRefusedForWriting) {
  db_test::TempDir dir;
  const auto want = write_v2(dir / "db", 400, 1);
  const auto before = db_test::snapshot(dir / "db");
  auto rw = db::Database::open(dir / "db", legacy(db::OpenMode::kReadWrite));
  ASSERT_FALSE(rw);
  EXPECT_EQ(rw.error().code, Code::kSchemaTooOld);
  EXPECT_NE(rw.error().message.find("upgraded in place"), std::string::npos);
  auto unnamed = db::Database::open(dir / "db", db_test::options(db::OpenMode::kReadOnly));
  ASSERT_FALSE(unnamed);
  EXPECT_EQ(unnamed.error().code, Code::kSchemaTooOld);
  {
    auto ro = db::Database::open(dir / "db", legacy(db::OpenMode::kReadOnly));
    DB_ASSERT_OK(ro);
    EXPECT_EQ(*ro->schema_version(), db::kLegacySchemaVersion);
    expect_contents(*ro, want);
    auto stats = ro->board_stats();
    DB_ASSERT_OK(stats);
    EXPECT_EQ(stats->size(), 4u);
    auto report = ro->verify();
    DB_ASSERT_OK(report);
    EXPECT_EQ(report->positions, want.values.size() + 1);
    DB_EXPECT_OK(ro->close());
  }
  EXPECT_EQ(db_test::snapshot(dir / "db"), before) << "reading changed the database";
}

void expect_upgraded(const fs::path& path, const V2Contents& want) {
  std::vector<std::string> families;
  ASSERT_TRUE(rocksdb::DB::ListColumnFamilies({}, path.string(), &families).ok());
  EXPECT_EQ(std::count(families.begin(), families.end(), "positions"), 0);
  auto d = db::Database::open(path, db_test::options(db::OpenMode::kReadWrite));
  DB_ASSERT_OK(d);
  EXPECT_EQ(*d->schema_version(), db::kSchemaVersion);
  expect_contents(*d, want);
  for (const auto& [key, value] : want.meta) {
    auto moved = d->get_meta("solve/konane/" + key.substr(6));
    DB_ASSERT_OK(moved);
    EXPECT_EQ(moved->value_or("missing"), value) << key;
    auto old = d->get_meta(key);
    DB_ASSERT_OK(old);
    EXPECT_FALSE(old->has_value()) << key;
  }
  auto progress = d->list_meta("db/upgrade/");
  DB_ASSERT_OK(progress);
  EXPECT_TRUE(progress->empty());
  auto report = d->verify();
  DB_ASSERT_OK(report);
  EXPECT_EQ(report->problems.size(), 1u) << "only the conflict carried over";
  DB_EXPECT_OK(d->close());
}

TEST(Upgrade, CopiesEveryRecordAndRenamesTheSolveRecords) {
  db_test::TempDir dir;
  const auto want = write_v2(dir / "db", 700, 2);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> reports;
  auto r = db::Database::upgrade(
      dir / "db", legacy(db::OpenMode::kReadWrite),
      [&](std::uint64_t done, std::uint64_t total) { reports.emplace_back(done, total); }, 50);
  DB_ASSERT_OK(r);
  EXPECT_EQ(r->from_version, db::kLegacySchemaVersion);
  EXPECT_EQ(r->positions, want.values.size() + 1);
  EXPECT_EQ(r->meta_renamed, want.meta.size());
  ASSERT_GE(reports.size(), 2u);
  for (std::size_t i = 1; i < reports.size(); ++i)
    EXPECT_GT(reports[i].first, reports[i - 1].first);
  EXPECT_EQ(reports.back().first, want.values.size() + 1);
  expect_upgraded(dir / "db", want);

  auto again = db::Database::upgrade(dir / "db", legacy(db::OpenMode::kReadWrite));
  DB_ASSERT_OK(again);
  EXPECT_EQ(again->from_version, db::kSchemaVersion);
  EXPECT_EQ(again->positions, 0u);
}

// Killed (SIGKILL, in a child process) after a random number of batches, again and again,
// then finished: the result is the same as one uninterrupted upgrade.
TEST(Upgrade, KilledAtAnyBatchResumesToTheSameResult) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 4; ++trial) {
    db_test::TempDir dir;
    const auto want = write_v2(dir / "db", 300, 10 + trial);
    for (int kill = 0; kill < 3; ++kill) {
      const std::uint64_t after = 1 + rng() % 4;
      const pid_t pid = ::fork();
      ASSERT_GE(pid, 0);
      if (pid == 0) {
        std::uint64_t reports = 0;
        (void)db::Database::upgrade(
            dir / "db", legacy(db::OpenMode::kReadWrite),
            [&](std::uint64_t, std::uint64_t) {
              if (++reports > after) ::raise(SIGKILL);
            },
            23);
        ::_exit(0);
      }
      int status = 0;
      ::waitpid(pid, &status, 0);
      ASSERT_TRUE(WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) == 0));
    }
    auto r = db::Database::upgrade(dir / "db", legacy(db::OpenMode::kReadWrite), {}, 23);
    DB_ASSERT_OK(r);
    expect_upgraded(dir / "db", want);
  }
}

TEST(Upgrade, NeedsTheGameAndAVersion2Database) {
  db_test::TempDir dir;
  write_v2(dir / "db", 10, 4);
  auto unnamed = db::Database::upgrade(dir / "db", db_test::options(db::OpenMode::kReadWrite));
  ASSERT_FALSE(unnamed);
  EXPECT_EQ(unnamed.error().code, Code::kInvalidArgument);
  auto missing = db::Database::upgrade(dir / "none", legacy(db::OpenMode::kReadWrite));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, Code::kNotFound);
  db_test::raw_put_meta(dir / "db", "db/schema_version", "1");
  auto ancient = db::Database::upgrade(dir / "db", legacy(db::OpenMode::kReadWrite));
  ASSERT_FALSE(ancient);
  EXPECT_EQ(ancient.error().code, Code::kSchemaTooOld);
}

// A crash after the commit but before the version-2 family was dropped leaves it behind;
// the next read-write open drops it, and readers never look at it.
TEST(Upgrade, AFamilyLeftBehindIsDroppedByTheNextWriter) {
  db_test::TempDir dir;
  {
    auto d = db_test::create(dir / "db");
    DB_ASSERT_OK(d);
    DB_ASSERT_OK(d->put(db_test::key(4, 4, 1, 2), db_test::value(Winner::Left, Winner::Unknown)));
    DB_ASSERT_OK(d->close());
  }
  {
    rocksdb::DB* raw = nullptr;
    std::vector<std::string> names;
    ASSERT_TRUE(rocksdb::DB::ListColumnFamilies({}, (dir / "db").string(), &names).ok());
    std::vector<rocksdb::ColumnFamilyDescriptor> cfs;
    for (const auto& n : names) {
      rocksdb::ColumnFamilyOptions o;
      if (n == db::kPositionsFamily) o.merge_operator = db::detail::make_positions_merge_operator();
      cfs.emplace_back(n, o);
    }
    std::vector<rocksdb::ColumnFamilyHandle*> h;
    ASSERT_TRUE(rocksdb::DB::Open({}, (dir / "db").string(), cfs, &h, &raw).ok());
    rocksdb::ColumnFamilyHandle* left = nullptr;
    ASSERT_TRUE(raw->CreateColumnFamily({}, "positions", &left).ok());
    h.push_back(left);
    for (auto* handle : h) EXPECT_TRUE(raw->DestroyColumnFamilyHandle(handle).ok());
    EXPECT_TRUE(raw->Close().ok());
    delete raw;
  }
  {
    auto ro = db_test::open_ro(dir / "db");
    DB_ASSERT_OK(ro);
    auto v = ro->get(db_test::key(4, 4, 1, 2));
    DB_ASSERT_OK(v);
    EXPECT_EQ(*v, db_test::value(Winner::Left, Winner::Unknown));
  }
  {
    auto rw = db_test::open_rw(dir / "db");
    DB_ASSERT_OK(rw);
    DB_ASSERT_OK(rw->close());
  }
  std::vector<std::string> names;
  ASSERT_TRUE(rocksdb::DB::ListColumnFamilies({}, (dir / "db").string(), &names).ok());
  EXPECT_EQ(std::count(names.begin(), names.end(), "positions"), 0);
}

}  // namespace
