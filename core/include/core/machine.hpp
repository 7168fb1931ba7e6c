#pragma once
// What the machine offers, for sizing memory-hungry runs before they start, and how this
// process takes memory from it.
#include <cstdint>

namespace core {

// Bytes of physical memory (0 when the system does not say).
uint64_t physical_memory();
// This process's peak resident memory so far, in KiB (0 when the system does not say).
uint64_t peak_memory_kb();

// Makes the C allocator keep what is freed for the next allocation instead of handing it
// back to the system; call once, first thing in main(), before any thread starts.
//
// WHY. glibc maps big blocks afresh and unmaps them when freed, so retrograde analysis, which
// frees and reallocates tens of megabytes every layer, paid a page fault per 4 KiB touched
// again; keeping them cut a 5x6 retro by a third for a fifth more peak memory
// (docs/decisions/memory-and-ranks.md). Memory mapped on purpose (the search table,
// solver/loopy/huge_pages.hpp) is not malloc's and is unaffected.
void keep_freed_memory();

}  // namespace core
