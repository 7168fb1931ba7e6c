#include <gtest/gtest.h>

#include <random>
#include <thread>
#include <vector>

#include "test_support.hpp"

namespace {

using db::CgtRef;
using db::Code;
using db::Winner;
using db_test::key;
using db_test::value;

class Positions : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = db_test::create(dir_ / "db");
    DB_ASSERT_OK(opened);
    db_.emplace(std::move(*opened));
  }
  void reopen() {
    DB_ASSERT_OK(db_->close());
    db_.reset();
    auto opened = db_test::open_rw(dir_ / "db");
    DB_ASSERT_OK(opened);
    db_.emplace(std::move(*opened));
  }
  db::PositionValue get(const db::PositionKey& k) {
    auto r = db_->get(k);
    EXPECT_TRUE(r.has_value()) << r.error().message;
    if (!r || !r->has_value()) {
      ADD_FAILURE() << "position missing";
      return {};
    }
    return **r;
  }

  db_test::TempDir dir_;
  std::optional<db::Database> db_;
};

TEST_F(Positions, PutThenGet) {
  const auto k = key(6, 6, 0x0f, 0xf0);
  const auto v = value(Winner::Left, Winner::Right, 3, CgtRef{77});
  DB_ASSERT_OK(db_->put(k, v));
  EXPECT_EQ(get(k), v);
}

TEST_F(Positions, MissingIsNulloptNotError) {
  DB_ASSERT_OK(db_->put(key(6, 6, 1, 2), value(Winner::Left, Winner::Unknown)));
  auto r = db_->get(key(6, 6, 1, 4));
  DB_ASSERT_OK(r);
  EXPECT_FALSE(r->has_value());
  // Same occupancy on another board is another position.
  auto other = db_->get(key(6, 7, 1, 2));
  DB_ASSERT_OK(other);
  EXPECT_FALSE(other->has_value());
}

TEST_F(Positions, SeparatelyLearnedOutcomesCombine) {
  const auto k = key(5, 5, 0x100, 0x3);
  DB_ASSERT_OK(db_->put(k, value(Winner::Left, Winner::Unknown, 0x01)));
  DB_ASSERT_OK(db_->put(k, value(Winner::Unknown, Winner::Right, 0x02)));
  const auto both = value(Winner::Left, Winner::Right, 0x03);
  EXPECT_EQ(get(k), both);

  // Still combined after the merge operands went through a flush, a reopen and a full
  // compaction (where RocksDB resolves them for good).
  DB_ASSERT_OK(db_->flush());
  reopen();
  EXPECT_EQ(get(k), both);
  DB_ASSERT_OK(db_->put(k, value(Winner::Unknown, Winner::Unknown, 0, CgtRef{5})));
  DB_ASSERT_OK(db_->compact());
  EXPECT_EQ(get(k), value(Winner::Left, Winner::Right, 0x03, CgtRef{5}));
}

TEST_F(Positions, RepeatedWritesAreIdempotent) {
  const auto k = key(4, 4, 9, 6);
  const auto v = value(Winner::Right, Winner::Right, 1);
  for (int i = 0; i < 5; ++i) DB_ASSERT_OK(db_->put(k, v));
  EXPECT_EQ(get(k), v);
}

TEST_F(Positions, ContradictionIsReportedForThatKeyOnly) {
  const auto bad = key(6, 6, 1, 2);
  const auto good = key(6, 6, 1, 8);
  DB_ASSERT_OK(db_->put(bad, value(Winner::Left, Winner::Unknown)));
  DB_ASSERT_OK(db_->put(good, value(Winner::Left, Winner::Unknown)));
  DB_ASSERT_OK(db_->put(bad, value(Winner::Right, Winner::Unknown)));
  auto r = db_->get(bad);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Code::kConflict);
  EXPECT_NE(r.error().message.find("6x6"), std::string::npos) << r.error().message;
  EXPECT_EQ(get(good), value(Winner::Left, Winner::Unknown));

  // The conflict is sticky: a later agreeing write does not launder it, even through
  // compaction.
  DB_ASSERT_OK(db_->put(bad, value(Winner::Left, Winner::Unknown)));
  DB_ASSERT_OK(db_->compact());
  auto again = db_->get(bad);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, Code::kConflict);
}

TEST_F(Positions, BatchPutAndMultiGet) {
  std::mt19937_64 rng(5);
  std::vector<db::PositionRecord> records;
  for (int i = 0; i < 500; ++i) {
    records.push_back(
        {db_test::random_key(rng), value(i % 2 ? Winner::Left : Winner::Right, Winner::Unknown,
                                         static_cast<std::uint8_t>(i))});
  }
  DB_ASSERT_OK(db_->put(records));

  std::vector<db::PositionKey> keys;
  for (std::size_t i = 0; i < records.size(); ++i) {
    keys.push_back(records[i].key);
    if (i % 50 == 0) keys.push_back(db_test::random_key(rng));  // absent
  }
  auto got = db_->multi_get(keys);
  DB_ASSERT_OK(got);
  ASSERT_EQ(got->size(), keys.size());
  std::size_t next_record = 0;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (next_record < records.size() && keys[i] == records[next_record].key) {
      ASSERT_TRUE((*got)[i].has_value()) << i;
      EXPECT_EQ(*(*got)[i], records[next_record].value);
      ++next_record;
    } else {
      EXPECT_FALSE((*got)[i].has_value()) << i;
    }
  }
  EXPECT_EQ(next_record, records.size());
}

// Writers on different threads learning different sides of the same positions combine.
TEST_F(Positions, ConcurrentWritersCombine) {
  std::mt19937_64 rng(15);
  std::vector<db::PositionKey> keys;
  for (int i = 0; i < 2000; ++i) keys.push_back(db_test::random_key(rng));
  auto writer = [&](bool black_side, std::uint8_t flag) {
    for (const auto& k : keys) {
      const auto v = black_side ? value(Winner::Left, Winner::Unknown, flag)
                                : value(Winner::Unknown, Winner::Right, flag);
      ASSERT_TRUE(db_->put(k, v));
    }
  };
  std::thread a(writer, true, 0x1), b(writer, false, 0x2), c(writer, true, 0x4);
  a.join();
  b.join();
  c.join();
  auto got = db_->multi_get(keys);
  DB_ASSERT_OK(got);
  for (const auto& v : *got) {
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(*v, value(Winner::Left, Winner::Right, 0x7));
  }
}

TEST_F(Positions, ClosedHandleRefusesWork) {
  DB_ASSERT_OK(db_->close());
  auto r = db_->get(key(6, 6, 1, 2));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Code::kInvalidArgument);
  auto w = db_->put(key(6, 6, 1, 2), value(Winner::Left, Winner::Unknown));
  ASSERT_FALSE(w);
  DB_EXPECT_OK(db_->close());  // closing twice is harmless
}

}  // namespace
