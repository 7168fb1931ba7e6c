#pragma once
// Called after a oneTBB parallel algorithm has returned, on the thread that called it: tells
// ThreadSanitizer that the stack below the caller is dead.
//
// Why. libtbb is not built with ThreadSanitizer, so the join (a worker's last decrement of
// the wait node that the algorithm keeps on the caller's stack, and the caller's wait for
// it) is invisible to it. The worker's read of that node, and the caller's later reuse of
// the same stack bytes for its own locals, then read as a race. scripts/tsan.supp names
// oneTBB's functions for such reports, but a suppression needs the worker's stack, and after
// a long run of work TSan has lost it ("previous read by thread T16" with no frames): the
// report is then matched by nothing. Resetting the shadow of the dead frames says exactly
// what the join guarantees, and only there: every access to them happened before the call
// returned. Live data (the caller's frame and above) keeps its history. A no-op without
// ThreadSanitizer.
#include <cstdint>

#include "core/sanitizers.hpp"

#if KONANE_TSAN
extern "C" void AnnotateNewMemory(const char* file, int line, uintptr_t mem, uintptr_t size);
#endif

namespace solver {

#if KONANE_TSAN
[[gnu::noinline]] inline void parallel_joined() {
  // 64 KiB: far more than oneTBB's frames under a parallel call (a few hundred bytes each).
  constexpr uintptr_t kDead = 64 * 1024;
  const auto frame = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  AnnotateNewMemory(__FILE__, __LINE__, frame - kDead, kDead);
}
#else
inline void parallel_joined() {}
#endif

}  // namespace solver
