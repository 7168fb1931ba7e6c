#pragma once
// Anonymous memory asked for transparent huge pages (2 MiB), for the solvers' large arrays
// read at random. Debian's kernels default to THP "madvise": without the advice below, an
// array gets 4 KiB pages. Where the kernel has no THP the advice fails harmlessly and the
// memory is ordinary; where mapping fails the caller falls back to new[].
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>

namespace solver::huge_pages {

inline constexpr size_t kPage = size_t{2} << 20;
// Smaller arrays are not worth a mapping of their own.
inline constexpr size_t kWorthIt = size_t{4} << 20;

inline size_t round_up(size_t bytes) {
  return (bytes + kPage - 1) / kPage * kPage;
}

// Zeroed memory of `bytes` (a multiple of kPage) starting on a kPage boundary, or nullptr.
// mmap only promises 4 KiB alignment, and a huge page needs an aligned 2 MiB range, so one
// page more is mapped and the ends trimmed.
inline void* map(size_t bytes) {
  void* raw =
      ::mmap(nullptr, bytes + kPage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const auto at = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t start = (at + kPage - 1) / kPage * kPage;
  if (start > at) (void)::munmap(raw, start - at);
  if (const size_t tail = at + kPage - start)
    (void)::munmap(reinterpret_cast<void*>(start + bytes), tail);
  void* p = reinterpret_cast<void*>(start);
#ifdef MADV_HUGEPAGE
  (void)::madvise(p, bytes, MADV_HUGEPAGE);
#endif
  return p;
}

inline void unmap(void* p, size_t bytes) {
  (void)::munmap(p, bytes);
}

}  // namespace solver::huge_pages
