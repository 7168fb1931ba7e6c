// Class numbering and moves played backwards (ringboard/class_index.hpp): the numbering is
// a bijection between the indexes that are not holes and the class's placements, and the
// unmoves of every position are exactly the moves, generated forwards, that stay in the
// class and lead to it.
#include "ringboard/class_index.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "ringboard/notation.hpp"

namespace {

using namespace ringboard;

std::vector<Material> small_classes() {
  auto out = classes_up_to(3);
  for (const char* name : {"Xx-o", "xx-O", "X-oo", "x-Oo"}) out.push_back(*parse_material(name));
  return out;
}

TEST(ClassIndex, EveryIndexThatIsNotAHoleIsOnePlacementOfTheClass) {
  for (const Material& m : small_classes()) {
    const ClassIndex ix(m);
    uint64_t valid = 0;
    Position p;
    for (uint64_t i = 0; i < ix.size(); ++i) {
      if (!ix.unrank(i, p)) continue;
      ++valid;
      ASSERT_EQ(material_of(p), m) << material_name(m) << " " << i;
      ASSERT_EQ(p.men[0] & kBlackPromotion, 0u) << to_string(p);
      ASSERT_EQ(p.men[1] & kWhitePromotion, 0u) << to_string(p);
      ASSERT_EQ(ix.rank(p), i) << to_string(p);
    }
    EXPECT_EQ(valid, placement_count(m)) << material_name(m);
    // And every placement has an index in range (with the count, a bijection).
    for_each_placement(m, [&](const Position& q) {
      const uint64_t r = ix.rank(q);
      ASSERT_LT(r, ix.size()) << to_string(q);
      Position back;
      ASSERT_TRUE(ix.unrank(r, back));
      ASSERT_EQ(back, q);
    });
    // Holes are few: at most a fifth of the indexes.
    EXPECT_GE(valid * 5, ix.size() * 4) << material_name(m);
  }
}

TEST(ClassIndex, BigClassesRoundTripOnSampledIndexes) {
  uint64_t x = 12345;
  for (const char* name : {"XXx-Oo", "xx-ooo", "XXX-OO", "x-oooo", "XXx-OOo"}) {
    const Material m = *parse_material(name);
    const ClassIndex ix(m);
    Position p;
    int checked = 0;
    for (int k = 0; k < 20000; ++k) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      const uint64_t i = (x >> 11) % ix.size();
      if (!ix.unrank(i, p)) continue;
      ++checked;
      ASSERT_EQ(material_of(p), m);
      ASSERT_EQ(ix.rank(p), i) << name << " " << to_string(p);
    }
    EXPECT_GT(checked, 10000) << name;
  }
}

// (child, side that moved, parent) as storage keys, sorted.
using Edge = std::tuple<uint64_t, uint64_t, bool, uint64_t, uint64_t>;

TEST(ClassIndex, UnmovesAreExactlyTheMovesWithinTheClassReversed) {
  uint64_t edges = 0;
  for (const Material& m : small_classes()) {
    std::vector<Edge> forward, backward;
    for_each_placement(m, [&](const Position& q) {
      for (Color side : {Color::Black, Color::White}) {
        MoveList moves;
        ASSERT_TRUE(generate_moves(q, side, moves));
        for (const Move& mv : moves) {
          const Position child = play(q, side, mv);
          if (material_of(child) != m) continue;
          const auto c = storage_key(child), k = storage_key(q);
          forward.emplace_back(c.hi, c.lo, side == Color::Black, k.hi, k.lo);
        }
      }
    });
    for_each_placement(m, [&](const Position& p) {
      for (Color side : {Color::Black, Color::White})
        for_each_unmove(p, side, [&](const Position& q) {
          const auto c = storage_key(p), k = storage_key(q);
          backward.emplace_back(c.hi, c.lo, side == Color::Black, k.hi, k.lo);
        });
    });
    std::sort(forward.begin(), forward.end());
    std::sort(backward.begin(), backward.end());
    EXPECT_EQ(forward.size(), backward.size()) << material_name(m);
    EXPECT_TRUE(forward == backward) << material_name(m);
    edges += forward.size();
  }
  EXPECT_GT(edges, 100000u);
}

TEST(ClassIndex, AStepIsNoUnmoveWhenTheParentHadACapture) {
  // A black king on d4 and a white man on d6. The king came from one of its four diagonal
  // neighbours: from c3 or e3 the step was legal; on c5 or e5 it stood next to d6 with c7
  // or e7 empty behind, so it had to capture, and the step is no unmove.
  Position p;
  p.kings[0] = bit(square_at(3, 3));  // d4
  p.men[1] = bit(square_at(3, 5));    // d6
  auto with_king_on = [&](int file, int rank) {
    Position q = p;
    q.kings[0] = bit(square_at(file, rank));
    return to_string(q);
  };
  std::vector<std::string> parents;
  for_each_unmove(p, Color::Black, [&](const Position& q) { parents.push_back(to_string(q)); });
  std::sort(parents.begin(), parents.end());
  std::vector<std::string> want = {with_king_on(2, 2), with_king_on(4, 2)};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(parents, want);
  // White moved last? No white unmove here: the man on d6 came from c7 or e7 (both empty,
  // inner), and white had no capture there.
  std::vector<std::string> white_parents;
  for_each_unmove(p, Color::White,
                  [&](const Position& q) { white_parents.push_back(to_string(q)); });
  EXPECT_EQ(white_parents.size(), 2u);
}

}  // namespace
