// The lossy pair cache behind sums and comparisons: a hit must always be the value stored
// for that pair, whatever the associativity, growth, clearing or concurrent writers do.
// The concurrent test runs under ThreadSanitizer in CI.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "../../cgt/src/table.hpp"

namespace {

using cgt::detail::mix64;
using cgt::detail::PairCache;

// The value stored for a pair in these tests: any hit can be checked against it.
uint32_t value_of(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>(mix64((uint64_t{a} << 32) ^ b ^ 0x5bd1e995));
}

// Pairs (1, b) whose hash picks the set `set` of a cache with `sets` sets.
std::vector<uint32_t> colliding(size_t sets, size_t set, size_t n) {
  std::vector<uint32_t> out;
  for (uint32_t b = 0; out.size() < n; ++b)
    if ((mix64((uint64_t{1} << 32) | b) & (sets - 1)) == set) out.push_back(b);
  return out;
}

TEST(PairCache, StoresAndFindsPairs) {
  PairCache c(10, 12);
  uint32_t v = 0;
  EXPECT_FALSE(c.lookup(3, 4, v));  // never written: the zero-filled entries are empty
  EXPECT_FALSE(c.lookup(0, 0, v));
  c.store(3, 4, 77);
  ASSERT_TRUE(c.lookup(3, 4, v));
  EXPECT_EQ(v, 77u);
  EXPECT_FALSE(c.lookup(4, 3, v));  // ordered pairs
  c.store(0, 0, 5);
  ASSERT_TRUE(c.lookup(0, 0, v));
  EXPECT_EQ(v, 5u);
  c.clear();
  EXPECT_FALSE(c.lookup(3, 4, v));
  EXPECT_FALSE(c.lookup(0, 0, v));
  auto s = c.stats();
  EXPECT_EQ(s.entries, 1024u);
  EXPECT_EQ(s.bytes, 1024u * 16);
  EXPECT_EQ(s.lookups, 7u);
  EXPECT_EQ(s.hits, 2u);
}

TEST(PairCache, FourPairsOfOneSetAllStay) {
  // 16 entries in 4 sets of 4 ways: a direct-mapped cache would keep one of these.
  PairCache c(4, 4);
  auto bs = colliding(4, 2, 5);
  for (size_t k = 0; k < 4; ++k) c.store(1, bs[k], value_of(1, bs[k]));
  for (size_t k = 0; k < 4; ++k) {
    uint32_t v = 0;
    ASSERT_TRUE(c.lookup(1, bs[k], v)) << k;
    EXPECT_EQ(v, value_of(1, bs[k]));
  }
  // A fifth pair evicts exactly one of them.
  c.store(1, bs[4], value_of(1, bs[4]));
  int kept = 0;
  for (uint32_t b : bs) {
    uint32_t v = 0;
    if (c.lookup(1, b, v)) {
      EXPECT_EQ(v, value_of(1, b));
      ++kept;
    }
  }
  EXPECT_EQ(kept, 4);
}

TEST(PairCache, GrowsUpToItsMaximumAndNeverAnswersWrongly) {
  PairCache c(6, 10);
  for (uint32_t a = 0; a < 200; ++a) c.store(a, a + 1, value_of(a, a + 1));
  c.reserve(300);  // rounds up to a power of two
  EXPECT_EQ(c.stats().entries, 512u);
  c.reserve(100);  // never shrinks
  EXPECT_EQ(c.stats().entries, 512u);
  for (uint32_t a = 0; a < 200; ++a) {  // old entries: misses or right answers
    uint32_t v = 0;
    if (c.lookup(a, a + 1, v)) {
      EXPECT_EQ(v, value_of(a, a + 1));
    }
  }
  for (uint32_t a = 0; a < 200; ++a) c.store(a, a + 1, value_of(a, a + 1));
  int hits = 0;
  for (uint32_t a = 0; a < 200; ++a) {
    uint32_t v = 0;
    if (c.lookup(a, a + 1, v)) {
      EXPECT_EQ(v, value_of(a, a + 1));
      ++hits;
    }
  }
  EXPECT_GT(hits, 150);  // 200 pairs in 512 entries: few conflicts
  c.reserve(size_t{1} << 20);
  EXPECT_EQ(c.stats().entries, 1024u);
}

TEST(PairCache, ConcurrentWritersReadersGrowthAndClearing) {
  PairCache c(8, 14);
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> hits{0}, wrong{0};
  std::vector<std::thread> workers;
  for (uint32_t t = 0; t < 3; ++t) {
    workers.emplace_back([&, t] {
      uint64_t x = 0x9e3779b97f4a7c15ULL * (t + 1);
      for (int i = 0; i < 200000; ++i) {
        x = mix64(x);
        uint32_t a = static_cast<uint32_t>(x % 700), b = static_cast<uint32_t>((x >> 20) % 700);
        uint32_t v = 0;
        if (c.lookup(a, b, v)) {
          hits.fetch_add(1, std::memory_order_relaxed);
          if (v != value_of(a, b)) wrong.fetch_add(1, std::memory_order_relaxed);
        } else {
          c.store(a, b, value_of(a, b));
        }
      }
    });
  }
  std::thread churn([&] {
    for (size_t n = 256; !stop.load(); n = n < (size_t{1} << 14) ? 2 * n : n) {
      c.reserve(n);
      c.clear();
      std::this_thread::yield();
    }
  });
  for (auto& w : workers) w.join();
  stop = true;
  churn.join();
  EXPECT_EQ(wrong.load(), 0u);
  EXPECT_GT(hits.load(), 0u);
}

}  // namespace
