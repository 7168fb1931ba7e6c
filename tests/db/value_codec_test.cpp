#include <gtest/gtest.h>

#include <random>

#include "db/schema.hpp"
#include "test_support.hpp"

namespace {

using db::CgtRef;
using db::Code;
using db::Outcome;
using db::PositionValue;
using db_test::value;

constexpr Outcome kOutcomes[] = {Outcome::kUnknown, Outcome::kBlackWins, Outcome::kWhiteWins};

std::string bytes(std::initializer_list<int> b) {
  std::string s;
  for (int c : b) s.push_back(static_cast<char>(c));
  return s;
}

TEST(ValueCodec, ExactBytes) {
  const auto with_cgt = db::encode_value(
      value(Outcome::kBlackWins, Outcome::kWhiteWins, 0x5a, CgtRef{0x1122334455667788ULL}));
  EXPECT_EQ(std::string(with_cgt.view()),
            bytes({0x89, 0x5a, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88}));
  const auto bare = db::encode_value(value(Outcome::kWhiteWins, Outcome::kUnknown, 0x01));
  EXPECT_EQ(std::string(bare.view()), bytes({0x02, 0x01}));
}

TEST(ValueCodec, RoundTripsEveryOutcomePair) {
  for (auto b : kOutcomes) {
    for (auto w : kOutcomes) {
      for (int flags : {0, 1, 0x80, 0xff}) {
        for (bool cgt : {false, true}) {
          const auto v =
              value(b, w, static_cast<std::uint8_t>(flags),
                    cgt ? std::optional<CgtRef>(CgtRef{0xfedcba9876543210ULL}) : std::nullopt);
          const auto enc = db::encode_value(v);
          EXPECT_EQ(enc.size, cgt ? db::kValueWithCgtSize : db::kValueHeadSize);
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
      "",                                           // empty
      bytes({0x01}),                                // too short
      bytes({0x01, 0x00, 0x00}),                    // between layouts
      bytes({0x03, 0x00}),                          // black-to-move outcome 3
      bytes({0x0c, 0x00}),                          // white-to-move outcome 3
      bytes({0x10, 0x00}),                          // reserved bit
      bytes({0x80, 0x00}),                          // cgt bit without a hash
      bytes({0x00, 0x00, 1, 2, 3, 4, 5, 6, 7, 8}),  // hash without the cgt bit
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
  auto m = db::merge_values(value(Outcome::kBlackWins, Outcome::kUnknown, 0x01),
                            value(Outcome::kUnknown, Outcome::kWhiteWins, 0x04, CgtRef{9}));
  DB_ASSERT_OK(m);
  EXPECT_EQ(*m, value(Outcome::kBlackWins, Outcome::kWhiteWins, 0x05, CgtRef{9}));
}

TEST(ValueMerge, ContradictionsAreConflicts) {
  auto outcome = db::merge_values(value(Outcome::kBlackWins, Outcome::kUnknown),
                                  value(Outcome::kWhiteWins, Outcome::kUnknown));
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().code, Code::kConflict);
  auto cgt = db::merge_values(value(Outcome::kUnknown, Outcome::kUnknown, 0, CgtRef{1}),
                              value(Outcome::kUnknown, Outcome::kUnknown, 0, CgtRef{2}));
  ASSERT_FALSE(cgt);
  EXPECT_EQ(cgt.error().code, Code::kConflict);
}

// Associative, commutative and idempotent: what makes replays and ingestion order harmless.
TEST(ValueMerge, IsASemilattice) {
  std::mt19937_64 rng(4);
  auto draw = [&] {
    std::optional<CgtRef> cgt;
    if (rng() % 3 == 0) cgt = CgtRef{rng() % 2};
    return value(kOutcomes[rng() % 3], kOutcomes[rng() % 3], static_cast<std::uint8_t>(rng()), cgt);
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
