#include <gtest/gtest.h>

#include <random>

#include "db/schema.hpp"
#include "test_support.hpp"

namespace {

using db::CgtRef;
using db::Code;
using db::PositionValue;
using db::Winner;
using db_test::value;

constexpr Winner kOutcomes[] = {Winner::Unknown, Winner::Left, Winner::Right, Winner::Draw};

bool decisive(Winner w) {
  return w == Winner::Left || w == Winner::Right;
}

std::string bytes(std::initializer_list<int> b) {
  std::string s;
  for (int c : b) s.push_back(static_cast<char>(c));
  return s;
}

TEST(ValueCodec, ExactBytes) {
  const auto with_cgt =
      db::encode_value(value(Winner::Left, Winner::Right, 0x5a, CgtRef{0x1122334455667788ULL}));
  EXPECT_EQ(std::string(with_cgt.view()),
            bytes({0x89, 0x5a, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88}));
  const auto bare = db::encode_value(value(Winner::Right, Winner::Unknown, 0x01));
  EXPECT_EQ(std::string(bare.view()), bytes({0x02, 0x01}));
  const auto draws = db::encode_value(value(Winner::Draw, Winner::Draw));
  EXPECT_EQ(std::string(draws.view()), bytes({0x0f, 0x00}));
  auto v = value(Winner::Right, Winner::Left, 0x03, CgtRef{0x0102030405060708ULL});
  v.left_distance = 0x0a0b;
  v.right_distance = 7;
  EXPECT_EQ(std::string(db::encode_value(v).view()),
            bytes({0xb6, 0x03, 0x0a, 0x0b, 0x00, 0x07, 1, 2, 3, 4, 5, 6, 7, 8}));
  v.left_distance.reset();
  v.cgt.reset();
  EXPECT_EQ(std::string(db::encode_value(v).view()), bytes({0x26, 0x03, 0x00, 0x07}));
}

TEST(ValueCodec, RoundTripsEveryOutcomePair) {
  for (auto b : kOutcomes) {
    for (auto w : kOutcomes) {
      for (int flags : {0, 1, 0x80, 0xff}) {
        for (int parts = 0; parts < 8; ++parts) {
          const bool cgt = parts & 1, dl = (parts & 2) && decisive(b),
                     dr = (parts & 4) && decisive(w);
          auto v = value(b, w, static_cast<std::uint8_t>(flags),
                         cgt ? std::optional<CgtRef>(CgtRef{0xfedcba9876543210ULL}) : std::nullopt);
          if (dl) v.left_distance = 0xfffe;
          if (dr) v.right_distance = 1;
          const auto enc = db::encode_value(v);
          EXPECT_EQ(enc.size, db::kValueHeadSize + (cgt ? db::kValueCgtSize : 0) +
                                  db::kValueDistanceSize * (dl + dr));
          auto back = db::decode_value(enc.view());
          DB_ASSERT_OK(back);
          EXPECT_EQ(*back, v);
        }
      }
    }
  }
}

TEST(ValueCodec, RejectsMalformedBytes) {
  const std::string cases[] = {
      "",                                              // empty
      bytes({0x01}),                                   // too short
      bytes({0x01, 0x00, 0x00}),                       // a byte the bits do not announce
      bytes({0x11, 0x00}),                             // distance bit without the distance
      bytes({0x10, 0x00, 0, 1}),                       // a distance beside an unknown outcome
      bytes({0x23, 0x00, 0, 1}),                       // a distance beside a draw (Right to move)
      bytes({0x13, 0x00, 0, 1}),                       // a distance beside a draw (Left to move)
      bytes({0x80, 0x00}),                             // cgt bit without a hash
      bytes({0x00, 0x00, 1, 2, 3, 4, 5, 6, 7, 8}),     // hash without the cgt bit
      bytes({0x91, 0x00, 0, 1, 1, 2, 3, 4, 5, 6, 7}),  // one byte short
  };
  for (const auto& c : cases) {
    auto r = db::decode_value(c);
    ASSERT_FALSE(r) << "accepted " << c.size() << " bytes";
    EXPECT_EQ(r.error().code, Code::kCorruption);
  }
}

TEST(ValueCodec, ConflictMarkerReadsAsConflict) {
  auto r = db::decode_value(bytes({0x41, 0x00}));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Code::kConflict);
}

TEST(ValueMerge, CombinesSeparatelyLearnedOutcomes) {
  auto m = db::merge_values(value(Winner::Left, Winner::Unknown, 0x01),
                            value(Winner::Unknown, Winner::Right, 0x04, CgtRef{9}));
  DB_ASSERT_OK(m);
  EXPECT_EQ(*m, value(Winner::Left, Winner::Right, 0x05, CgtRef{9}));
}

TEST(ValueMerge, DistancesJoinLikeOutcomes) {
  auto a = value(Winner::Left, Winner::Unknown);
  a.left_distance = 9;
  auto b = value(Winner::Left, Winner::Left);
  b.right_distance = 4;
  auto m = db::merge_values(a, b);
  DB_ASSERT_OK(m);
  EXPECT_EQ(m->left_distance, 9);
  EXPECT_EQ(m->right_distance, 4);
  auto c = a;
  c.left_distance = 11;
  auto clash = db::merge_values(a, c);
  ASSERT_FALSE(clash);
  EXPECT_EQ(clash.error().code, Code::kConflict);
}

TEST(ValueMerge, ContradictionsAreConflicts) {
  auto outcome =
      db::merge_values(value(Winner::Left, Winner::Unknown), value(Winner::Right, Winner::Unknown));
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().code, Code::kConflict);
  for (Winner w : {Winner::Left, Winner::Right}) {
    auto draw = db::merge_values(value(Winner::Unknown, Winner::Draw), value(Winner::Unknown, w));
    ASSERT_FALSE(draw);
    EXPECT_EQ(draw.error().code, Code::kConflict);
  }
  auto cgt = db::merge_values(value(Winner::Unknown, Winner::Unknown, 0, CgtRef{1}),
                              value(Winner::Unknown, Winner::Unknown, 0, CgtRef{2}));
  ASSERT_FALSE(cgt);
  EXPECT_EQ(cgt.error().code, Code::kConflict);
}

// Associative, commutative and idempotent: what makes replays and ingestion order harmless.
TEST(ValueMerge, IsASemilattice) {
  std::mt19937_64 rng(4);
  auto draw = [&] {
    std::optional<CgtRef> cgt;
    if (rng() % 3 == 0) cgt = CgtRef{rng() % 2};
    auto v =
        value(kOutcomes[rng() % 4], kOutcomes[rng() % 4], static_cast<std::uint8_t>(rng()), cgt);
    if (decisive(v.left_to_move) && rng() % 2) v.left_distance = rng() % 3;
    if (decisive(v.right_to_move) && rng() % 2) v.right_distance = rng() % 3;
    return v;
  };
  auto same = [](const db::Expected<PositionValue>& x, const db::Expected<PositionValue>& y) {
    if (x.has_value() != y.has_value()) return false;
    return !x.has_value() || *x == *y;
  };
  int conflicts = 0;
  for (int i = 0; i < 5000; ++i) {
    const auto a = draw(), b = draw(), c = draw();
    EXPECT_TRUE(same(db::merge_values(a, b), db::merge_values(b, a)));
    auto self = db::merge_values(a, a);
    DB_ASSERT_OK(self);
    EXPECT_EQ(*self, a);
    auto ab = db::merge_values(a, b);
    auto bc = db::merge_values(b, c);
    if (ab && bc) {
      EXPECT_TRUE(same(db::merge_values(*ab, c), db::merge_values(a, *bc)));
    } else {
      ++conflicts;
    }
  }
  EXPECT_GT(conflicts, 0);  // the draw does exercise contradictions
}

}  // namespace
