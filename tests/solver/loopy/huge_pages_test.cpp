#include "solver/loopy/huge_pages.hpp"

#include <gtest/gtest.h>

#include <cstdint>

#include "solver/loopy/retro_indexed.hpp"

namespace huge_pages_test {
namespace {

namespace hp = solver::huge_pages;

TEST(HugePages, MappingsAreAlignedZeroedAndWritable) {
  EXPECT_EQ(hp::round_up(1), hp::kPage);
  EXPECT_EQ(hp::round_up(hp::kPage), hp::kPage);
  EXPECT_EQ(hp::round_up(hp::kPage + 1), 2 * hp::kPage);
  for (size_t pages : {1, 3}) {
    const size_t bytes = pages * hp::kPage;
    auto* p = static_cast<unsigned char*>(hp::map(bytes));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % hp::kPage, 0u);
    size_t nonzero = 0;
    for (size_t i = 0; i < bytes; i += 4096) nonzero += p[i] != 0;
    EXPECT_EQ(nonzero, 0u);
    p[0] = 1;
    p[bytes - 1] = 2;
    EXPECT_EQ(p[0] + p[bytes - 1], 3);
    hp::unmap(p, bytes);
  }
}

// Large flats live on their own mapping, small ones on the heap; both hold what is written.
TEST(HugePages, FlatArraysOfEverySizeHoldWhatIsWritten) {
  for (size_t n : {size_t{0}, size_t{1000}, hp::kWorthIt / 8 + 12345}) {
    solver::indexed_detail::Flat<uint64_t> f(n);
    ASSERT_EQ(f.size(), n);
    for (size_t i = 0; i < n; ++i) f[i] = i * 0x9e3779b97f4a7c15ULL;
    size_t wrong = 0;
    for (size_t i = 0; i < n; ++i) wrong += f[i] != i * 0x9e3779b97f4a7c15ULL;
    EXPECT_EQ(wrong, 0u) << n;
    if (n * 8 >= hp::kWorthIt) {
      EXPECT_EQ(reinterpret_cast<uintptr_t>(f.data()) % hp::kPage, 0u);
    }
  }
}

}  // namespace
}  // namespace huge_pages_test
