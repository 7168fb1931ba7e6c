#include "solver/proof/table.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <new>
#include <thread>

namespace solver {

ConcurrentTable::ConcurrentTable(size_t bytes, KeyKind kind) : kind_(kind) {
  size_t buckets = bytes / (kWays * sizeof(Entry));
  buckets_ = buckets ? std::bit_floor(buckets) : 1;
  const size_t len = buckets_ * kWays * sizeof(Entry);
  // Anonymous memory is zero (every entry unused) and costs nothing until touched. Probes are
  // random over the whole table, so 4 KiB pages would cost a page fault per first touch
  // (twice: the zero page on read, a copy on write) and a TLB miss per probe; huge pages,
  // when the kernel grants them, remove both. mmap also aligns buckets to cache lines.
  void* mem = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) throw std::bad_alloc();
  madvise(mem, len, MADV_HUGEPAGE);  // advisory: ignoring failure only costs speed
  entries_ = std::unique_ptr<Entry[], Free>(static_cast<Entry*>(mem), Free(len));
  active_.store(std::min(buckets_, kInitialBuckets));
}

void ConcurrentTable::Free::operator()(Entry* e) const {
  munmap(e, len);
}

namespace {
template <class T>
T load(const T& field, std::memory_order o = std::memory_order_relaxed) {
  return std::atomic_ref<T>(const_cast<T&>(field)).load(o);
}
template <class T>
void put(T& field, T value, std::memory_order o = std::memory_order_relaxed) {
  std::atomic_ref<T>(field).store(value, o);
}
}  // namespace

std::optional<TablePayload> ConcurrentTable::find(const RegionKey& key) const {
  const size_t base = bucket_of(key);
  for (size_t i = 0; i < kWays; ++i) {
    const Entry& e = entries_[base + i];
    const uint32_t s1 = load(e.seq, std::memory_order_acquire);
    if (s1 & 1) continue;
    // Acquire loads keep the second sequence read after every field read (no fence needed,
    // and ThreadSanitizer understands it).
    const uint32_t tag = load(e.tag, std::memory_order_acquire);
    const uint64_t k0 = load(e.k0, std::memory_order_acquire);
    const uint64_t k1 = load(e.k1, std::memory_order_acquire);
    const TablePayload p{load(e.v0, std::memory_order_acquire),
                         load(e.v1, std::memory_order_acquire)};
    if (load(e.seq, std::memory_order_relaxed) != s1) continue;  // torn: treat as a miss
    if ((tag & kUsed) && (tag & 0xffff) == key.shape && k0 == key.w0 && k1 == key.w1) return p;
  }
  return std::nullopt;
}

void ConcurrentTable::store(const RegionKey& key, TablePayload payload, unsigned work) {
  const uint64_t h = bucket_hash(key);
  size_t active_now = active();
  // While the table may still grow, the entry's last write and the reading of the size
  // below are sequentially consistent, as are grow()'s writing of the size and reading of
  // the entries: in their single order either this thread sees the new size or the mover
  // sees this entry. (A doubling may have begun since active() was read, and its mover may
  // have passed this bucket already: then the entry is stored again where it now belongs.)
  const bool may_grow = active_now < buckets_;
  const bool filled =
      store_at((h & (active_now - 1)) * kWays, key, payload, work, may_grow) == Stored::Filled;
  while (active_now < buckets_) {
    const size_t now = active_.load(std::memory_order_seq_cst);
    if (now == active_now) break;
    if ((h & (now - 1)) != (h & (active_now - 1)))
      store_at((h & (now - 1)) * kWays, key, payload, work, true);
    active_now = now;
  }
  if (!filled || active_now == buckets_ || ((h >> 40) & (kFillSample - 1))) return;
  const uint64_t count = filled_.fetch_add(kFillSample, std::memory_order_relaxed) + kFillSample;
  if (count > active_now * kWays / kGrowAt) grow();
}

ConcurrentTable::Stored ConcurrentTable::store_at(size_t base, const RegionKey& key,
                                                  TablePayload payload, unsigned work,
                                                  bool seq_cst) {
  if (work > 255) work = 255;
  size_t victim = kWays;
  unsigned victim_work = ~0u;
  bool unused = false;
  for (size_t i = 0; i < kWays; ++i) {
    const Entry& e = entries_[base + i];
    const uint32_t tag = load(e.tag, std::memory_order_relaxed);
    if (!(tag & kUsed)) {
      if (victim_work != 0) victim = i, victim_work = 0, unused = true;
      continue;
    }
    if ((tag & 0xffff) == key.shape && load(e.k0, std::memory_order_relaxed) == key.w0 &&
        load(e.k1, std::memory_order_relaxed) == key.w1) {
      victim = i;
      unused = false;
      break;
    }
    const unsigned w = (tag >> 16) & 0xff;
    if (w < victim_work) victim = i, victim_work = w, unused = false;
  }
  Entry& e = entries_[base + victim];
  uint32_t s = load(e.seq, std::memory_order_relaxed);
  if ((s & 1) || !std::atomic_ref<uint32_t>(e.seq).compare_exchange_strong(
                     s, s + 1, std::memory_order_acquire))
    return Stored::Busy;
  // Release stores keep the odd sequence number visible before any field changes.
  put(e.tag, kUsed | (work << 16) | key.shape, std::memory_order_release);
  put(e.k0, key.w0, std::memory_order_release);
  put(e.k1, key.w1, std::memory_order_release);
  put(e.v0, payload.v0, std::memory_order_release);
  put(e.v1, payload.v1, std::memory_order_release);
  put(e.seq, s + 2, seq_cst ? std::memory_order_seq_cst : std::memory_order_release);
  return unused ? Stored::Filled : Stored::Replaced;
}

void ConcurrentTable::grow() {
  bool expected = false;
  if (!growing_.compare_exchange_strong(expected, true, std::memory_order_acquire)) return;
  const size_t old = active();
  if (old >= buckets_ || filled_.load(std::memory_order_relaxed) <= old * kWays / kGrowAt) {
    growing_.store(false, std::memory_order_release);
    return;
  }
  active_.store(2 * old, std::memory_order_seq_cst);
  // Entries of bucket b now belong to b or b + old. Each one leaving is read like find()
  // does, written to its new bucket like store() does, then released; an entry a writer is
  // changing meanwhile stays where it is (and is missed later: a cache may lose entries).
  for (size_t b = 0; b < old; ++b) {
    for (size_t i = 0; i < kWays; ++i) {
      Entry& e = entries_[b * kWays + i];
      uint32_t s1 = load(e.seq, std::memory_order_seq_cst);  // see store()
      if (s1 & 1) continue;
      const uint32_t tag = load(e.tag, std::memory_order_acquire);
      if (!(tag & kUsed)) continue;
      const RegionKey key{load(e.k0, std::memory_order_acquire),
                          load(e.k1, std::memory_order_acquire), uint16_t(tag & 0xffff)};
      const TablePayload p{load(e.v0, std::memory_order_acquire),
                           load(e.v1, std::memory_order_acquire)};
      if (load(e.seq, std::memory_order_relaxed) != s1) continue;
      if (!(bucket_hash(key) & old)) continue;  // stays
      if (!std::atomic_ref<uint32_t>(e.seq).compare_exchange_strong(s1, s1 + 1,
                                                                    std::memory_order_acquire))
        continue;
      put(e.tag, 0u, std::memory_order_release);
      put(e.seq, s1 + 2, std::memory_order_release);
      // A writer skips a busy entry, but the mover must not: the entry exists nowhere else.
      for (int tries = 0; tries < 1000; ++tries) {
        if (store_at((b + old) * kWays, key, p, (tag >> 16) & 0xff, true) != Stored::Busy) break;
        std::this_thread::yield();
      }
    }
  }
  growing_.store(false, std::memory_order_release);
}

void ConcurrentTable::clear() {
  // Only the active prefix was ever written; the rest is still untouched zero pages.
  for (size_t i = 0; i < active() * kWays; ++i) {
    put(entries_[i].tag, 0u);
    put(entries_[i].seq, 0u);
  }
  filled_.store(0);
  active_.store(std::min(buckets_, kInitialBuckets));
}

}  // namespace solver
