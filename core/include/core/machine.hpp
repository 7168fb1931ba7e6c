#pragma once
// What the machine offers, for sizing memory-hungry runs before they start.
#include <cstdint>

namespace core {

// Bytes of physical memory (0 when the system does not say).
uint64_t physical_memory();

}  // namespace core
