#pragma once
// A fixed-size concurrent hash table for solver results: readers never lock, writers never
// block (a writer that finds an entry busy simply skips the store; it is only a cache).
//
// Entry layout (32 bytes, one half of a cache line):
//
//   byte  0        4        8                16               24       28       32
//         +--------+--------+----------------+----------------+--------+--------+
//         |  seq   |  tag   |      k0        |      k1        |   v0   |   v1   |
//         +--------+--------+----------------+----------------+--------+--------+
//   seq : even = stable, odd = being written (a per-entry seqlock)
//   tag : bits 0-15 key shape, bits 16-23 work (log2 of the nodes spent), bit 31 = used
//   k0, k1 : the rest of the key;  v0, v1 : the payload (e.g. a value id, or pn and dn)
//
// Buckets hold 4 entries. Replacement: an exact key match is overwritten; otherwise an
// unused entry; otherwise the entry with the least work (cheap results are the cheapest to
// recompute).
//
// GROWTH. The memory is reserved for the whole table at once, but only a prefix of
// `active` buckets is used (bucket = hash mod active), starting at kInitialBuckets and
// doubling whenever a quarter of its entries are filled (at half, 4-way buckets would
// already overflow and evict about 4% of the entries), up to the whole table. Memory is zeroed
// by the kernel on first touch (2 MiB at a time with huge pages), so a small problem must not
// spread its entries over the whole reservation: it would pay for zeroing all of it (0.35 s
// for 256 MiB on a 2-core VM, against 20 ms for the whole 5x5 value). On doubling, the
// entries whose bucket changes (hash bit log2(active) set) are moved by the growing thread;
// until they are, lookups miss them, which is harmless in a cache.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

#include "core/mix.hpp"
#include "solver/game.hpp"

namespace solver {

struct TablePayload {
  uint32_t v0 = 0, v1 = 0;
};

// What a table's keys are, which decides how a key picks its bucket.
//   Plain:  keys with structure (a region's stones): the bucket comes from hash_key(), three
//           rounds of mixing.
//   Hashed: keys whose first word is already a uniform hash (df-pn's states, proof/dfpn.hpp, whose
//           words are sums of mix64 outputs): the bucket is that word, unmixed. Every child
//           of every node is looked up twice (prefetch, probe), and hashing a hash again was
//           six of the thirteen mix64 calls a child cost.
// Either way the whole key is stored and compared, so the choice moves entries between
// buckets, never changes what a lookup returns.
enum class KeyKind : uint8_t { Plain, Hashed };

class ConcurrentTable {
 public:
  // Uses at most `bytes` of memory (rounded down to a power of two of buckets, at least one).
  explicit ConcurrentTable(size_t bytes, KeyKind kind = KeyKind::Plain);
  std::optional<TablePayload> find(const RegionKey& key) const;
  // Starts loading key's bucket into the cache: probes are random over a table far larger
  // than the cache, so a node issues the prefetches for all its children before probing any.
  void prefetch(const RegionKey& key) const {
    const Entry* b = &entries_[bucket_of(key)];
    __builtin_prefetch(b);
    __builtin_prefetch(b + kWays - 1);
  }
  void store(const RegionKey& key, TablePayload payload, unsigned work);
  // The memory limit, and what the active prefix uses of it so far.
  size_t bytes() const { return buckets_ * kWays * sizeof(Entry); }
  size_t active_bytes() const { return active() * kWays * sizeof(Entry); }
  size_t capacity() const { return buckets_ * kWays; }
  static constexpr size_t kInitialBuckets = size_t{1} << 14;  // 2 MiB
  static constexpr size_t kGrowAt = 4;  // double at 1/kGrowAt of the active entries filled
  void clear();

 private:
  // Plain fields accessed only through std::atomic_ref, so the array can be raw zeroed
  // memory from the kernel, which costs nothing until used.
  struct Entry {
    uint32_t seq, tag;
    uint64_t k0, k1;
    uint32_t v0, v1;
  };
  static_assert(sizeof(Entry) == 32, "entry layout is documented above");
  static constexpr size_t kWays = 4;
  static constexpr uint32_t kUsed = 1u << 31;

  uint64_t bucket_hash(const RegionKey& k) const;
  size_t bucket_of(const RegionKey& k) const;
  size_t active() const { return active_.load(std::memory_order_acquire); }
  // Stores into a bucket already chosen; Busy when the chosen entry was being written.
  enum class Stored { Busy, Replaced, Filled };
  // seq_cst: the entry's last write is sequentially consistent (see store()).
  Stored store_at(size_t base, const RegionKey& key, TablePayload payload, unsigned work,
                  bool seq_cst);
  void grow();

  struct Free {
    Free() : len(0) {}
    explicit Free(size_t n) : len(n) {}
    size_t len;
    void operator()(Entry* e) const;
  };
  // Read by every probe, written (active_) only when the table grows.
  size_t buckets_;
  KeyKind kind_;
  std::atomic<size_t> active_{0};
  std::unique_ptr<Entry[], Free> entries_;
  // Entries filled, estimated from the one in kFillSample whose hash has the sample bits
  // clear: a counter every thread bumps at every store would bounce between the cores. On a
  // cache line of its own, so that a bump by one core does not take the fields above from
  // the other cores' caches.
  alignas(64) std::atomic<uint64_t> filled_{0};
  static constexpr uint64_t kFillSample = 16;
  alignas(64) std::atomic<bool> growing_{false};
};

// Inline: every child of every search node is hashed and probed (twice: the prefetch, then
// the probe). Out of line, these were 9% of an 8x8 solve's profile; inline, the solve takes
// about 0.97 of the time.
using core::mix64;

inline uint64_t hash_key(const RegionKey& k) {
  return mix64(k.w0 ^ mix64(k.w1 ^ mix64(k.shape + 0x9e3779b97f4a7c15ull)));
}

// The shape joins a hashed key's word by a multiply, so that df-pn's two sides to move
// (shape 0 and 1) of one state fall in unrelated buckets.
inline uint64_t ConcurrentTable::bucket_hash(const RegionKey& k) const {
  return kind_ == KeyKind::Hashed ? k.w0 ^ (k.shape * 0x9e3779b97f4a7c15ull) : hash_key(k);
}

inline size_t ConcurrentTable::bucket_of(const RegionKey& k) const {
  return (bucket_hash(k) & (active() - 1)) * kWays;
}

}  // namespace solver
