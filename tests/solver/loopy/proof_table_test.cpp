// The proof search's growing table (solver/loopy/proof_table.hpp) against a std::map: the same
// entries found, indices in insertion order, entries that never move while the index
// doubles, the limit on entries, and memory that follows the entries, not the limit.
#include "solver/loopy/proof_table.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <tuple>
#include <vector>

namespace proof_table_test {
namespace {

using solver::RetroKey;
using solver::loopy_proof_detail::Entry;
using solver::loopy_proof_detail::ProofTable;

using Ref = std::map<std::tuple<uint8_t, uint64_t, uint64_t, bool>, uint32_t>;

RetroKey random_key(std::mt19937_64& rng) {
  // Few distinct values per field, so that keys repeat and differ in one field only.
  return RetroKey{static_cast<uint8_t>(rng() % 3), rng() % 5000, rng() % 7};
}

TEST(ProofTable, AgreesWithAMapAcrossGrowthAndEntriesNeverMove) {
  ProofTable t(1'000'000);
  Ref ref;
  std::vector<const Entry*> address;  // by index, as first returned
  std::mt19937_64 rng(7);
  for (int step = 0; step < 200'000; ++step) {
    const RetroKey k = random_key(rng);
    const bool left = rng() % 2;
    const auto [i, fresh] = t.find_or_insert(k, core::side_of(left));
    ASSERT_NE(i, ProofTable::kFull);
    const auto [it, inserted] = ref.try_emplace({k.group, k.hi, k.lo, left}, i);
    ASSERT_EQ(fresh, inserted);
    ASSERT_EQ(i, it->second);
    if (fresh) {
      ASSERT_EQ(i, address.size());  // numbered in insertion order
      address.push_back(&t[i]);
      t[i].pn = static_cast<uint32_t>(step);  // a mark to find again
    }
  }
  ASSERT_EQ(t.size(), ref.size());
  ASSERT_GT(t.size(), 50'000u);  // the index doubled many times
  for (const auto& [key, i] : ref) {
    const auto& [group, hi, lo, left] = key;
    const Entry* e = t.find(RetroKey{group, hi, lo}, core::side_of(left));
    ASSERT_EQ(e, address[i]);  // the same address it had when made
    EXPECT_EQ(e->hi, hi);
    EXPECT_EQ(e->lo, lo);
    EXPECT_EQ(e->group, group);
    EXPECT_EQ((e->flags & solver::loopy_proof_detail::kLeft) != 0, left);
  }
  // Keys never inserted: the same key with a field changed past every inserted value.
  EXPECT_EQ(t.find(RetroKey{0, 6000, 0}, core::Side::Left), nullptr);
  EXPECT_EQ(t.find(RetroKey{3, 1, 1}, core::Side::Right), nullptr);
}

TEST(ProofTable, FullAtItsLimitAndFindsWhatItHolds) {
  ProofTable t(100);
  for (uint64_t k = 0; k < 100; ++k) {
    const auto [i, fresh] = t.find_or_insert(RetroKey{0, k, 0}, core::side_of(k % 2 == 0));
    ASSERT_EQ(i, k);
    ASSERT_TRUE(fresh);
  }
  EXPECT_EQ(t.find_or_insert(RetroKey{0, 100, 0}, core::Side::Left).first, ProofTable::kFull);
  EXPECT_EQ(t.find_or_insert(RetroKey{0, 4, 0}, core::Side::Right).first,
            ProofTable::kFull);  // other side
  // What it holds is still found and still answered.
  const auto [i, fresh] = t.find_or_insert(RetroKey{0, 42, 0}, core::Side::Left);
  EXPECT_EQ(i, 42u);
  EXPECT_FALSE(fresh);
  EXPECT_EQ(t.size(), 100u);
}

TEST(ProofTable, MemoryFollowsTheEntriesNotTheLimit) {
  ProofTable t(20'000'000);  // the searchers' default limit: 640 MB of entries
  EXPECT_EQ(t.bytes(), 0u);
  for (uint64_t k = 0; k < 500; ++k) t.find_or_insert(RetroKey{1, k, k}, core::Side::Left);
  EXPECT_LE(t.bytes(), size_t{1} << 20);
  for (uint64_t k = 0; k < 100'000; ++k) t.find_or_insert(RetroKey{2, k, k}, core::Side::Right);
  // 32 bytes an entry, a chunk of slack, and an index at most 8 / (3/8) bytes an entry.
  EXPECT_LE(t.bytes(), t.size() * (32 + 22) + (size_t{1} << 19));
}

}  // namespace
}  // namespace proof_table_test
