#include "core/machine.hpp"

#include <unistd.h>

namespace core {

uint64_t physical_memory() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), size = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? uint64_t(pages) * uint64_t(size) : 0;
}

}  // namespace core
