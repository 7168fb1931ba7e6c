#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <optional>

#include "test_support.hpp"

namespace {

using db::Code;
using db::OpenMode;
using db::Winner;
using db_test::key;
using db_test::lookup;
using db_test::value;

TEST(ReadOnly, SeesWritesOfAClosedPrimaryIncludingItsWal) {
  db_test::TempDir dir;
  const auto path = dir / "db";
  {
    auto primary = db_test::create(path);
    DB_ASSERT_OK(primary);
    DB_ASSERT_OK(primary->put(key(5, 5, 1, 2), value(Winner::Left, Winner::Unknown)));
    DB_ASSERT_OK(primary->put_meta("note", "hello"));
    DB_ASSERT_OK(primary->close());  // no flush: the data is only in the WAL
  }
  auto ro = db_test::open_ro(path);
  DB_ASSERT_OK(ro);
  EXPECT_EQ(ro->mode(), OpenMode::kReadOnly);
  EXPECT_EQ(lookup(*ro, key(5, 5, 1, 2)), value(Winner::Left, Winner::Unknown));
  auto note = ro->get_meta("note");
  DB_ASSERT_OK(note);
  EXPECT_EQ(*note, std::optional<std::string>("hello"));
}

TEST(ReadOnly, RefusesEveryWrite) {
  db_test::TempDir dir;
  const auto path = dir / "db";
  DB_ASSERT_OK(db_test::create(path));
  auto ro = db_test::open_ro(path);
  DB_ASSERT_OK(ro);
  auto expect_read_only = [](const db::Status& s) {
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().code, Code::kReadOnly) << s.error().message;
  };
  expect_read_only(ro->put(key(4, 4, 1, 2), value(Winner::Left, Winner::Unknown)));
  expect_read_only(ro->put_meta("k", "v"));
  expect_read_only(ro->erase_meta("k"));
  expect_read_only(ro->flush());
  expect_read_only(ro->compact());
  auto form = ro->put_cgt_form("0");
  ASSERT_FALSE(form);
  EXPECT_EQ(form.error().code, Code::kReadOnly);
  auto builder = ro->sst_builder();
  ASSERT_FALSE(builder);
  EXPECT_EQ(builder.error().code, Code::kReadOnly);
  auto catch_up = ro->try_catch_up_with_primary();
  ASSERT_FALSE(catch_up);
  EXPECT_EQ(catch_up.error().code, Code::kInvalidArgument);
}

TEST(ReadOnly, OpensWhileAWriterIsActive) {
  db_test::TempDir dir;
  const auto path = dir / "db";
  auto primary = db_test::create(path);
  DB_ASSERT_OK(primary);
  DB_ASSERT_OK(primary->put(key(6, 6, 3, 4), value(Winner::Right, Winner::Right)));
  DB_ASSERT_OK(primary->flush());
  auto ro = db_test::open_ro(path);
  DB_ASSERT_OK(ro);
  EXPECT_EQ(lookup(*ro, key(6, 6, 3, 4)), value(Winner::Right, Winner::Right));
}

TEST(Secondary, FollowsThePrimaryAfterCatchingUp) {
  db_test::TempDir dir;
  const auto path = dir / "db";
  auto primary = db_test::create(path);
  DB_ASSERT_OK(primary);
  DB_ASSERT_OK(primary->put(key(6, 6, 1, 2), value(Winner::Left, Winner::Unknown)));
  DB_ASSERT_OK(primary->flush());

  auto o = db_test::options(OpenMode::kSecondary);
  o.secondary_path = dir / "secondary-logs";
  auto secondary = db::Database::open(path, o);
  DB_ASSERT_OK(secondary);
  EXPECT_EQ(lookup(*secondary, key(6, 6, 1, 2)), value(Winner::Left, Winner::Unknown));

  // New facts: one flushed to an SST, one only in the WAL, one a merge into an old key.
  DB_ASSERT_OK(primary->put(key(6, 6, 1, 2), value(Winner::Unknown, Winner::Right)));
  DB_ASSERT_OK(primary->put(key(6, 6, 8, 16), value(Winner::Right, Winner::Unknown)));
  DB_ASSERT_OK(primary->flush());
  DB_ASSERT_OK(primary->put(key(6, 6, 32, 64), value(Winner::Left, Winner::Left)));
  DB_ASSERT_OK(primary->put_meta("solve/6x6/layer/0001/done", "1"));

  EXPECT_EQ(lookup(*secondary, key(6, 6, 8, 16)), std::nullopt);
  DB_ASSERT_OK(secondary->try_catch_up_with_primary());
  EXPECT_EQ(lookup(*secondary, key(6, 6, 1, 2)), value(Winner::Left, Winner::Right));
  EXPECT_EQ(lookup(*secondary, key(6, 6, 8, 16)), value(Winner::Right, Winner::Unknown));
  EXPECT_EQ(lookup(*secondary, key(6, 6, 32, 64)), value(Winner::Left, Winner::Left));
  auto done = secondary->get_meta("solve/6x6/layer/0001/done");
  DB_ASSERT_OK(done);
  EXPECT_EQ(*done, std::optional<std::string>("1"));

  auto w = secondary->put(key(6, 6, 1, 2), value(Winner::Left, Winner::Unknown));
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error().code, Code::kReadOnly);
}

// Points TMPDIR at a private directory for one test, so that secondaries opened by tests
// running in parallel do not disturb the count.
class ScopedTmpDir {
 public:
  explicit ScopedTmpDir(const std::filesystem::path& dir) {
    if (const char* old = std::getenv("TMPDIR")) saved_ = old;
    std::filesystem::create_directories(dir);
    ::setenv("TMPDIR", dir.c_str(), 1);
  }
  ~ScopedTmpDir() {
    if (saved_) {
      ::setenv("TMPDIR", saved_->c_str(), 1);
    } else {
      ::unsetenv("TMPDIR");
    }
  }

 private:
  std::optional<std::string> saved_;
};

// A primary database, and a temporary directory of its own for the secondaries' log
// directories.
class SecondaryLogs : public ::testing::Test {
 protected:
  void SetUp() override {
    auto created = db_test::create(path);
    DB_ASSERT_OK(created);
    primary.emplace(std::move(*created));
  }
  db_test::TempDir dir;
  const std::filesystem::path path = dir / "db";
  const std::filesystem::path tmp = dir / "tmp";
  ScopedTmpDir scoped{tmp};
  std::optional<db::Database> primary;
};

TEST_F(SecondaryLogs, PrivateLogDirectoryIsRemovedOnClose) {
  auto private_dirs = [&] {
    int n = 0;
    for (const auto& e : std::filesystem::directory_iterator(tmp)) {
      n += e.path().filename().string().starts_with("konane-secondary-");
    }
    return n;
  };
  auto secondary = db::Database::open(path, db_test::options(OpenMode::kSecondary));
  DB_ASSERT_OK(secondary);
  EXPECT_EQ(private_dirs(), 1);
  DB_ASSERT_OK(secondary->close());
  EXPECT_EQ(private_dirs(), 0);

  // A refused open cleans up too.
  DB_ASSERT_OK(primary->close());
  db_test::raw_put_meta(path, std::string(db::kMetaSchemaVersion), "999");
  auto refused = db::Database::open(path, db_test::options(OpenMode::kSecondary));
  ASSERT_FALSE(refused);
  EXPECT_EQ(private_dirs(), 0);
}

// A secondary killed before it closed leaves its log directory; the next secondary opened on
// this machine removes it, and only it: not a live process's, nor another machine's.
TEST_F(SecondaryLogs, DirectoriesOfKilledSecondariesAreRemovedByTheNext) {
  char host[256] = {};
  ASSERT_EQ(::gethostname(host, sizeof host - 1), 0);
  const pid_t dead = ::fork();
  ASSERT_GE(dead, 0);
  if (dead == 0) ::_exit(0);
  ASSERT_EQ(::waitpid(dead, nullptr, 0), dead);
  const std::string ours = std::string("konane-secondary-") + host + "-";
  const auto make = [&](const std::string& name) {
    std::filesystem::create_directories(tmp / name);
    std::ofstream(tmp / name / "LOG") << "left behind\n";
    return tmp / name;
  };
  const auto killed = make(ours + std::to_string(dead) + "-Ab3dEf");
  const auto live = make(ours + std::to_string(::getpid()) + "-Zz9yXw");
  const auto elsewhere =
      make("konane-secondary-" + std::string(host) + "x-" + std::to_string(dead) + "-Qq1wEr");
  const auto not_a_pid = make(ours + "12x-Qq1wEr");

  auto secondary = db::Database::open(path, db_test::options(OpenMode::kSecondary));
  DB_ASSERT_OK(secondary);
  EXPECT_FALSE(std::filesystem::exists(killed));
  EXPECT_TRUE(std::filesystem::exists(live));
  EXPECT_TRUE(std::filesystem::exists(elsewhere));
  EXPECT_TRUE(std::filesystem::exists(not_a_pid));
  DB_ASSERT_OK(secondary->close());
}

}  // namespace
