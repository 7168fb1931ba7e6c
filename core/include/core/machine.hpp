#pragma once
// What the machine offers, for sizing memory-hungry runs before they start, and how this
// process takes memory from it.
#include <cstdint>

namespace core {

// Bytes of physical memory (0 when the system does not say).
uint64_t physical_memory();

// Makes the C allocator keep what is freed for the next allocation instead of handing it
// back to the system; call once, first thing in main(), before any thread starts.
//
// WHY. glibc maps every block above 32 MiB afresh and unmaps it when freed, and gives back
// the top of its heap above 128 KiB. Retrograde analysis and the exchanges between ranks
// allocate and free vectors of tens of megabytes layer after layer, so every layer paid a
// page fault for each 4 KiB it touched again: `retro --board 5x6 --threads 1` took 1.37 M
// faults, which on this virtual machine cost 10 s of system time in a 55 s run. With freed
// memory kept, the same run takes 0.2 M faults and 39.8 s against 56.4 s (median of 3
// pairs; 24.6 s against 31.5 s with 2 threads); its peak memory grows from 659 to
// 836 MiB with 1 thread and from 663 to 753 MiB with 2 (blocks that a mapping would have
// placed apart now share the heap). Thread arenas keep
// their own heaps, so threads do not contend for one lock; a block bigger than such a heap
// (64 MiB) is still mapped on its own. Memory that is mapped on purpose (the search
// table, solver/huge_pages.hpp) is not malloc's and is unaffected.
void keep_freed_memory();

}  // namespace core
