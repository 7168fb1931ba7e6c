#include "core/machine.hpp"

#include <gtest/gtest.h>
#include <malloc.h>

#include <cstdlib>
#include <cstring>

#include "core/sanitizers.hpp"

namespace {

#if KONANE_ASAN || KONANE_TSAN
constexpr bool kOwnAllocator = true;  // the sanitizers replace malloc and ignore mallopt
#else
constexpr bool kOwnAllocator = false;
#endif

TEST(Machine, PhysicalMemoryIsKnown) {
  EXPECT_GT(core::physical_memory(), uint64_t{64} << 20);
}

// A block far above glibc's mapping threshold comes from the heap, and the heap keeps it
// once freed, so the next one costs no fresh pages.
TEST(Machine, FreedMemoryIsKeptForTheNextAllocation) {
  if (kOwnAllocator) GTEST_SKIP() << "the sanitizer's allocator ignores mallopt";
  core::keep_freed_memory();
  constexpr size_t kBytes = size_t{48} << 20;  // above 32 MiB: glibc would map it apart
  const struct mallinfo2 before = mallinfo2();
  void* p = std::malloc(kBytes);
  ASSERT_NE(p, nullptr);
  std::memset(p, 1, kBytes);
  const struct mallinfo2 held = mallinfo2();
  EXPECT_EQ(held.hblkhd, before.hblkhd) << "the block was mapped on its own";
  EXPECT_GE(held.arena, before.arena + kBytes - (size_t{1} << 20));
  std::free(p);
  const struct mallinfo2 after = mallinfo2();
  EXPECT_GE(after.arena, held.arena) << "the heap gave the freed block back";
  EXPECT_GE(after.fordblks, kBytes);
}

}  // namespace
