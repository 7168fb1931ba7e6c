#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "db/schema.hpp"
#include "test_support.hpp"

namespace {

using db::CgtRef;
using db::Code;
using db::Winner;

TEST(CgtForms, ContentReferenceRoundTrip) {
  db_test::TempDir dir;
  CgtRef ref;
  {
    auto opened = db_test::create(dir / "db");
    DB_ASSERT_OK(opened);
    auto r = opened->put_cgt_form("{1|-1}");
    DB_ASSERT_OK(r);
    ref = *r;
    EXPECT_EQ(ref.hash, db::cgt_form_hash("{1|-1}"));
    auto again = opened->put_cgt_form("{1|-1}");  // same text, same reference, no error
    DB_ASSERT_OK(again);
    EXPECT_EQ(*again, ref);
    // A position refers to the form by content.
    DB_ASSERT_OK(
        opened->put(db_test::key(3, 3, 1, 2), db_test::value(Winner::Left, Winner::Right, 0, ref)));
    DB_ASSERT_OK(opened->close());
  }
  // The reference means the same thing in another process/handle.
  auto opened = db_test::open_ro(dir / "db");
  DB_ASSERT_OK(opened);
  auto pos = opened->get(db_test::key(3, 3, 1, 2));
  DB_ASSERT_OK(pos);
  ASSERT_TRUE(pos->has_value());
  ASSERT_TRUE((*pos)->cgt.has_value());
  auto text = opened->get_cgt_form(*(*pos)->cgt);
  DB_ASSERT_OK(text);
  ASSERT_TRUE(text->has_value());
  EXPECT_EQ(**text, "{1|-1}");
}

TEST(CgtForms, UnknownReferenceIsNullopt) {
  db_test::TempDir dir;
  auto opened = db_test::create(dir / "db");
  DB_ASSERT_OK(opened);
  auto text = opened->get_cgt_form(CgtRef{db::cgt_form_hash("*")});
  DB_ASSERT_OK(text);
  EXPECT_FALSE(text->has_value());
}

TEST(CgtForms, CollisionIsAnErrorNotAnAlias) {
  db_test::TempDir dir;
  auto o = db_test::options(db::OpenMode::kReadWrite, true);
  o.cgt_hash_for_testing = [](std::string_view) { return std::uint64_t{42}; };
  auto opened = db::Database::open(dir / "db", o);
  DB_ASSERT_OK(opened);
  auto first = opened->put_cgt_form("{0|*}");
  DB_ASSERT_OK(first);
  EXPECT_EQ(first->hash, 42u);

  auto second = opened->put_cgt_form("{1|*}");
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, Code::kHashCollision);
  EXPECT_NE(second.error().message.find("{0|*}"), std::string::npos) << second.error().message;
  EXPECT_NE(second.error().message.find("{1|*}"), std::string::npos) << second.error().message;
  EXPECT_NE(second.error().message.find(dir.path().string()), std::string::npos);

  auto stored = opened->get_cgt_form(CgtRef{42});
  DB_ASSERT_OK(stored);
  ASSERT_TRUE(stored->has_value());
  EXPECT_EQ(**stored, "{0|*}");
}

// A text stored under a key it does not hash to is detected on read.
TEST(CgtForms, MismatchedStoredTextIsCorruption) {
  db_test::TempDir dir;
  {
    auto o = db_test::options(db::OpenMode::kReadWrite, true);
    o.cgt_hash_for_testing = [](std::string_view) { return std::uint64_t{7}; };
    auto opened = db::Database::open(dir / "db", o);
    DB_ASSERT_OK(opened);
    DB_ASSERT_OK(opened->put_cgt_form("up"));
    DB_ASSERT_OK(opened->close());
  }
  auto opened = db_test::open_ro(dir / "db");  // the real hash function
  DB_ASSERT_OK(opened);
  auto text = opened->get_cgt_form(CgtRef{7});
  ASSERT_FALSE(text);
  EXPECT_EQ(text.error().code, Code::kCorruption);
}

// Check-then-insert must not race: concurrent writers of the same forms all succeed and
// agree, and writers of colliding forms get exactly one winner.
TEST(CgtForms, ConcurrentInsertsAgree) {
  db_test::TempDir dir;
  auto o = db_test::options(db::OpenMode::kReadWrite, true);
  o.cgt_hash_for_testing = [](std::string_view text) { return std::uint64_t(text.size() % 8); };
  auto opened = db::Database::open(dir / "db", o);
  DB_ASSERT_OK(opened);
  db::Database& d = *opened;
  constexpr int kThreads = 4;
  std::vector<int> collisions(kThreads, 0), other_errors(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        // Texts of one length share a hash: only the first of each length may win.
        const std::string text = std::string(1 + i % 8, 'a' + static_cast<char>((i / 8 + t) % 2));
        auto r = d.put_cgt_form(text);
        if (r) continue;
        (r.error().code == Code::kHashCollision ? collisions : other_errors)[t]++;
      }
    });
  }
  for (auto& th : threads) th.join();
  int total_collisions = 0;
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(other_errors[t], 0);
    total_collisions += collisions[t];
  }
  EXPECT_GT(total_collisions, 0);
  for (std::uint64_t h = 0; h < 8; ++h) {
    auto stored = d.get_cgt_form(CgtRef{h});
    DB_ASSERT_OK(stored);
    ASSERT_TRUE(stored->has_value());
    EXPECT_EQ((*stored)->size() % 8, h);
  }
}

}  // namespace
