#include "core/machine.hpp"

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <climits>

namespace core {

uint64_t physical_memory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), size = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? uint64_t(pages) * uint64_t(size) : 0;
}

uint64_t peak_memory_kb() {
  rusage u{};
  return ::getrusage(RUSAGE_SELF, &u) == 0 ? uint64_t(u.ru_maxrss) : 0;
}

void keep_freed_memory() {
  // Both settings also turn off glibc's moving thresholds, which would undo them.
  (void)::mallopt(M_MMAP_MAX, 0);
  (void)::mallopt(M_TRIM_THRESHOLD, INT_MAX);
}

}  // namespace core
