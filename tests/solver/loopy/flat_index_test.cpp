// The flat key numbering (solver/loopy/flat_index.hpp) against std::map: the same ids in order of
// first insertion, through many growths, with a good hash and with one that sends every key
// to the same slot (so that probing alone finds them).
#include "solver/loopy/flat_index.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

namespace flat_index_test {
namespace {

struct Mixed {
  size_t operator()(uint64_t k) const { return size_t(k * 0x9e3779b97f4a7c15ULL >> 7); }
};
struct Constant {
  size_t operator()(uint64_t) const { return 42; }
};

template <class Hash>
void agrees_with_a_map(int inserts, uint64_t key_range) {
  std::mt19937_64 rng(inserts);
  solver::FlatIndex<uint64_t, Hash> index;
  std::vector<uint64_t> keys;
  std::map<uint64_t, uint32_t> ref;
  for (int i = 0; i < inserts; ++i) {
    const uint64_t k = rng() % key_range;
    const auto [id, fresh] = index.insert(k, keys);
    const auto [it, ref_fresh] = ref.try_emplace(k, uint32_t(ref.size()));
    ASSERT_EQ(fresh, ref_fresh) << k;
    ASSERT_EQ(id, it->second) << k;
    ASSERT_EQ(keys.size(), ref.size());
    ASSERT_EQ(keys[id], k);
  }
  for (uint64_t k = 0; k < std::min<uint64_t>(key_range, 5000); ++k) {
    const auto found = index.find(k, keys);
    const auto it = ref.find(k);
    ASSERT_EQ(found.has_value(), it != ref.end()) << k;
    if (found) {
      EXPECT_EQ(*found, it->second);
    }
  }
}

TEST(FlatIndex, NumbersKeysInOrderOfFirstInsertion) {
  agrees_with_a_map<Mixed>(200'000, 150'000);
  agrees_with_a_map<Mixed>(3'000, uint64_t(1) << 62);
}

TEST(FlatIndex, ProbingAloneFindsEveryKey) {
  agrees_with_a_map<Constant>(3'000, 2'000);
}

TEST(FlatIndex, EmptyFindsNothing) {
  solver::FlatIndex<uint64_t, Mixed> index;
  std::vector<uint64_t> keys;
  EXPECT_FALSE(index.find(7, keys));
  EXPECT_EQ(index.bytes(), 0u);
}

}  // namespace
}  // namespace flat_index_test
