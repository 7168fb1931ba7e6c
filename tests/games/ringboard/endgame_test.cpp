// Ringboard endgame classes, placements and database keys (games/ringboard/src/endgame.cpp).
#include "ringboard/endgame.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <set>
#include <tuple>

#include "ringboard/notation.hpp"

namespace {

using namespace ringboard;

TEST(RingboardEndgame, MaterialNamesRoundTrip) {
  const Material m{1, 2, 1, 0};
  EXPECT_EQ(material_name(m), "XXx-o");
  EXPECT_EQ(parse_material("XXx-o"), m);
  EXPECT_EQ(material_name(*parse_material("X-")), "X-");
  EXPECT_FALSE(parse_material("XQ-o").has_value());
  EXPECT_FALSE(parse_material("Xo").has_value());
  EXPECT_EQ(material_of(start_position()), (Material{12, 0, 12, 0}));
}

TEST(RingboardEndgame, ClassesUpToThreePieces) {
  const auto classes = classes_up_to(3);
  // 2 pieces: 2 x 2 kinds; 3 pieces: (2 v 1) 3 x 2 kinds, and (1 v 2) as many.
  EXPECT_EQ(classes.size(), 4u + 12u);
  for (const Material& m : classes) {
    EXPECT_GE(m.black_men + m.black_kings, 1);
    EXPECT_GE(m.white_men + m.white_kings, 1);
  }
}

// Every placement comes once, legal (men off their promotion ranks), as many as the count
// by formula.
TEST(RingboardEndgame, PlacementsAreDistinctLegalAndCounted) {
  for (const Material& m : classes_up_to(3)) {
    std::set<std::tuple<uint64_t, uint64_t, uint64_t, uint64_t>> seen;
    for_each_placement(m, [&](const Position& p) {
      EXPECT_EQ(material_of(p), m);
      EXPECT_EQ(p.men[0] & kBlackPromotion, 0u);
      EXPECT_EQ(p.men[1] & kWhitePromotion, 0u);
      EXPECT_TRUE(seen.emplace(p.men[0], p.kings[0], p.men[1], p.kings[1]).second);
    });
    EXPECT_EQ(seen.size(), placement_count(m)) << material_name(m);
  }
  // Hand count: a black king against a white king: 50 * 49 placements.
  EXPECT_EQ(placement_count(Material{0, 1, 0, 1}), 50u * 49u);
  // A black man (40 squares) against a white man (40, less the black man's square when it
  // is among the 30 both may use): 10 * 40 + 30 * 39.
  EXPECT_EQ(placement_count(Material{1, 0, 1, 0}), 10u * 40u + 30u * 39u);
}

TEST(RingboardEndgame, KeysAreInjectiveAndDecode) {
  std::mt19937_64 rng(9);
  for (int i = 0; i < 5000; ++i) {
    Position p;
    for (int k = 0; k < 24; ++k) {
      const int sq = int(rng() % kSquares);
      if (p.occupied() & bit(sq)) continue;
      const int c = int(rng() % 2);
      if (std::popcount(p.pieces(Color(c))) == kMaxPieces) continue;
      (rng() % 2 ? p.kings : p.men)[c] |= bit(sq);
    }
    const StorageKey k = storage_key(p);
    EXPECT_EQ(k.group, std::popcount(p.occupied()));
    EXPECT_EQ(position_of(k), p) << to_string(p);
  }
}

}  // namespace
