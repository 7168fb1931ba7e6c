// A secondary that defers its writes (OpenOptions::defer_writes): what another rank of an
// MPI run proves reaches the one writer, byte for byte, and bad bytes write nothing.
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

TEST(DeferredWrites, ReachTheWriterAndMergeWithWhatItHas) {
  db_test::TempDir dir;
  auto primary = db_test::create(dir / "db");
  DB_ASSERT_OK(primary);
  DB_ASSERT_OK(primary->put(key(6, 6, 1, 2), value(Winner::Left, Winner::Unknown)));
  auto follower = db::Database::open(dir / "db", deferring(dir / "logs"));
  DB_ASSERT_OK(follower);

  // Random facts, one of them completing a fact the writer holds.
  std::mt19937_64 rng(7);
  std::vector<db::PositionRecord> facts = {
      {key(6, 6, 1, 2), value(Winner::Unknown, Winner::Right)}};
  for (int i = 0; i < 200; ++i)
    facts.push_back({db_test::random_key(rng), value(rng() % 2 ? Winner::Left : Winner::Right,
                                                     Winner::Unknown, uint8_t(rng() % 2))});
  DB_ASSERT_OK(follower->put(facts[0].key, facts[0].value));
  DB_ASSERT_OK(follower->put(std::span<const db::PositionRecord>(facts).subspan(1)));
  // Deferred: the follower does not see them, and the writer has not got them yet.
  EXPECT_EQ(lookup(*follower, facts[5].key), std::nullopt);
  EXPECT_EQ(lookup(*primary, facts[5].key), std::nullopt);

  auto bytes = follower->take_deferred_writes();
  DB_ASSERT_OK(bytes);
  auto none = follower->take_deferred_writes();  // taken once
  DB_ASSERT_OK(none);
  EXPECT_TRUE(none->empty());
  DB_ASSERT_OK(primary->apply_deferred_writes(*bytes));
  // Twice is the same as once: merges are idempotent (a resumed run may resend).
  DB_ASSERT_OK(primary->apply_deferred_writes(*bytes));
  EXPECT_EQ(lookup(*primary, key(6, 6, 1, 2)), value(Winner::Left, Winner::Right));
  std::map<db::PositionKey, db::PositionValue> expected;
  for (size_t i = 1; i < facts.size(); ++i) {
    auto [it, fresh] = expected.emplace(facts[i].key, facts[i].value);
    if (!fresh) {
      auto merged = db::merge_values(it->second, facts[i].value);
      if (merged) it->second = *merged;
    }
  }
  for (const auto& [k, v] : expected)
    if (k != key(6, 6, 1, 2)) {
      EXPECT_EQ(lookup(*primary, k), v);
    }

  DB_ASSERT_OK(follower->try_catch_up_with_primary());
  EXPECT_EQ(lookup(*follower, facts[5].key), expected[facts[5].key]);
}

TEST(DeferredWrites, MalformedBytesWriteNothing) {
  db_test::TempDir dir;
  auto primary = db_test::create(dir / "db");
  DB_ASSERT_OK(primary);
  auto follower = db::Database::open(dir / "db", deferring(dir / "logs"));
  DB_ASSERT_OK(follower);
  DB_ASSERT_OK(follower->put(key(6, 6, 1, 2), value(Winner::Left, Winner::Unknown)));
  DB_ASSERT_OK(follower->put(key(6, 6, 4, 8), value(Winner::Right, Winner::Unknown)));
  auto bytes = follower->take_deferred_writes();
  DB_ASSERT_OK(bytes);

  const auto refused = [&](const std::string& b, const std::string& says) {
    auto s = primary->apply_deferred_writes(b);
    ASSERT_FALSE(s) << "accepted " << b.size() << " bytes";
    EXPECT_EQ(s.error().code, Code::kCorruption);
    EXPECT_NE(s.error().message.find(says), std::string::npos) << s.error().message;
  };
  std::string other_version = *bytes;
  other_version[0] = 9;
  refused(other_version, "version 9");
  refused(bytes->substr(0, bytes->size() - 1), "cut short");  // last value cut
  refused(bytes->substr(0, 10), "cut short");                 // first key cut
  // The second record's value length beyond any value's (schema.hpp, kValueMaxSize).
  std::string bad_second = *bytes;
  const size_t first_value = static_cast<unsigned char>(bad_second[1 + db::kKeySize]);
  bad_second[1 + db::kKeySize + 1 + first_value + db::kKeySize] = char(0xFF);
  refused(bad_second, "cut short");
  // All or nothing: the good first record of a batch with a bad second one is not written.
  EXPECT_EQ(lookup(*primary, key(6, 6, 1, 2)), std::nullopt);
  DB_ASSERT_OK(primary->apply_deferred_writes(*bytes));
  EXPECT_EQ(lookup(*primary, key(6, 6, 4, 8)), value(Winner::Right, Winner::Unknown));
}

TEST(DeferredWrites, OnlyASecondaryDefers) {
  db_test::TempDir dir;
  auto primary = db_test::create(dir / "db");
  DB_ASSERT_OK(primary);
  DB_ASSERT_OK(primary->close());
  auto o = db_test::options(OpenMode::kReadOnly);
  o.defer_writes = true;
  auto refused = db::Database::open(dir / "db", o);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, Code::kInvalidArgument);
  auto plain = db_test::open_rw(dir / "db");
  DB_ASSERT_OK(plain);
  auto take = plain->take_deferred_writes();
  ASSERT_FALSE(take);
  EXPECT_EQ(take.error().code, Code::kInvalidArgument);
}

}  // namespace
