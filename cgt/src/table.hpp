#pragma once
// Internal storage of the canonical game table: records, option arena, the hash index that
// makes every value unique, and the lossy operation caches. Everything here is shared by
// all threads; see the comments on each type for the publication protocol.
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "cgt/dyadic.hpp"
#include "cgt/game.hpp"
#include "core/mix.hpp"

namespace cgt::detail {

using core::mix64;

// ---- records -----------------------------------------------------------------------------
//
// One canonical game. Written once by the thread that interns it, before the id is published
// through the index (release/acquire), and never changed afterwards except for the atomic
// lazily-filled fields (options of NUS values, negative, birthday).
//
//   byte  0        8        16       24       32       40   44   48   52   56 57 58 59 60  64
//         +--------+--------+--------+--------+--------+----+----+----+----+--+--+--+--+---+
//         |options*| hash   | num    | lstop  | rstop  |ups |nim |neg |bday|ne|le|re|fl|pad|
//         +--------+--------+--------+--------+--------+----+----+----+----+--+--+--+--+---+
//   options*  OptionBlock, null until materialised (NUS values only)
//   hash      64-bit hash of the key (option lists, or the NUS triple)
//   num/ne    numerator/exponent of the NUS number part (zero for other games)
//   lstop/le, rstop/re   left and right stops (numerator/exponent)
//   ups, nim  up-multiple and nimber of a NUS value
//   neg       id of the negative, kNoGame until known
//   bday      birthday, -1 until known
//   fl        flags (kFlagNus, kFlagNumber, kFlagSwitch)
struct Record {
  std::atomic<const uint32_t*> options;
  uint64_t hash;
  int64_t num;
  int64_t lstop_num;
  int64_t rstop_num;
  int32_t ups;
  uint32_t nim;
  std::atomic<uint32_t> negative;
  std::atomic<int32_t> birthday;
  uint8_t num_exp;
  uint8_t lstop_exp;
  uint8_t rstop_exp;
  uint8_t flags;
  uint32_t reserved;
};
static_assert(sizeof(Record) == 64, "Record must stay one cache line");

// Size of each thread's private first-level comparison cache (16-byte entries).
inline constexpr unsigned kL1Bits = 14;
inline constexpr size_t kL1Bytes = (size_t{1} << kL1Bits) * 16;

// Each thread's private memo of NUS triples to ids (intern_nus), direct-mapped:
//
//   byte 0        8      12     16     20  21   24
//        +--------+------+------+------+---+----+
//        | num    | ups  | nim  | id   |exp|pad |
//        +--------+------+------+------+---+----+
struct NusMemoEntry {
  int64_t num = 0;
  int32_t ups = 0;
  uint32_t nim = 0;
  uint32_t id = kNoGame;  // empty
  uint8_t exp = 0;
};
static_assert(sizeof(NusMemoEntry) == 24);
inline constexpr unsigned kNusMemoBits = 14;
inline constexpr size_t kNusMemoBytes = (size_t{1} << kNusMemoBits) * sizeof(NusMemoEntry);

inline constexpr uint8_t kFlagNus = 1;
inline constexpr uint8_t kFlagNumber = 2;
// {x | y} with numbers x > y: its stops are x and y, so sums of two of them need no options.
inline constexpr uint8_t kFlagSwitch = 4;

// ---- option blocks -----------------------------------------------------------------------
//
//   uint32 [0] [1] [2]  [3]  [4 .. 4+nl)  [4+nl .. 4+n)  [4+n .. 4+4n)
//          +---+---+----+----+------------+--------------+----------------------------+
//          |nl |nr |lmx |rmn | left ids   | right ids    | left view  | right view    |
//          +---+---+----+----+------------+--------------+----------------------------+
//   n = nl + nr; the left view has nl entries, the right view nr. Ascending id order makes the pair
//   of lists a unique key of the canonical game. The views hold the same options again with their
//   stops, each entry an OptKey (3 words): the left view sorted by right stop descending, the right
//   view by left stop ascending, so a comparison scans options in the order in which their stops
//   can still matter and stops at the first one that cannot, without touching the options' records.
//   lmx (float bits) is the largest left stop in the left view, rmn the smallest right stop
//   in the right view (-inf and +inf when empty): the bound on each view's unsorted field,
//   which lets a scan that filters on both stops skip a whole view at once.
//
// Stops in the views are floats rounded to nearest. Rounding is monotone (p <= q implies
// f(p) <= f(q)), so f(p) < f(q) proves p < q; only strict comparisons of keys may decide
// anything, ties prove nothing.
struct OptKey {
  float key;    // left view: right stop; right view: left stop (the sort key)
  float other;  // left view: left stop; right view: right stop
  uint32_t id;
};
static_assert(sizeof(OptKey) == 12 && alignof(OptKey) == 4);

// m / 2^e rounded to the nearest float: float(m) rounds once, and the scaling by an exact
// power of two cannot round again because e <= Dyadic::kMaxExponent keeps it far from the
// subnormal range.
inline float stop_key(int64_t m, uint8_t e) {
  return static_cast<float>(m) * std::bit_cast<float>(static_cast<uint32_t>(127 - e) << 23);
}

inline constexpr size_t kBlockHeader = 4;
inline constexpr size_t block_words(size_t nl, size_t nr) {
  return kBlockHeader + 4 * (nl + nr);
}
inline uint32_t block_nl(const uint32_t* b) {
  return b[0];
}
inline uint32_t block_nr(const uint32_t* b) {
  return b[1];
}
inline float block_left_view_max_other(const uint32_t* b) {
  return std::bit_cast<float>(b[2]);
}
inline float block_right_view_min_other(const uint32_t* b) {
  return std::bit_cast<float>(b[3]);
}
inline std::span<const GameId> block_left(const uint32_t* b) {
  return {b + kBlockHeader, b[0]};
}
inline std::span<const GameId> block_right(const uint32_t* b) {
  return {b + kBlockHeader + b[0], b[1]};
}
inline std::span<const OptKey> block_left_view(const uint32_t* b) {
  return {reinterpret_cast<const OptKey*>(b + kBlockHeader + b[0] + b[1]), b[0]};
}
inline std::span<const OptKey> block_right_view(const uint32_t* b) {
  return {reinterpret_cast<const OptKey*>(b + kBlockHeader + b[0] + b[1]) + b[0], b[1]};
}

// Append-only bump allocator for option blocks. Each thread carves from its own current
// chunk, so the lock is only taken once per chunk.
class Arena {
 public:
  uint32_t* alloc(size_t words);
  uint64_t bytes() const { return bytes_.load(std::memory_order_relaxed); }

 private:
  static constexpr size_t kChunkWords = size_t{1} << 18;  // 1 MiB
  std::mutex mu_;
  std::vector<std::unique_ptr<uint32_t[]>> chunks_;
  std::atomic<uint64_t> bytes_{0};
};

// ---- counters ----------------------------------------------------------------------------

// Statistics counters striped over cache lines so that counting never becomes the
// contended hot spot it is meant to measure.
class StripedCounter {
 public:
  void add(uint64_t n = 1);
  uint64_t total() const;
  void reset();

 private:
  struct alignas(64) Slot {
    std::atomic<uint64_t> v{0};
  };
  static constexpr size_t kStripes = 16;
  std::array<Slot, kStripes> slots_;
};

// ---- hash index --------------------------------------------------------------------------

// Open-addressing hash sets of ids, split into shards. Lookups take no lock: slots are
// atomics written (release) only after the record is complete, and a grown table replaces
// the old one by pointer while the old one stays alive, so a reader may miss a concurrent
// insert but never sees garbage. A miss is confirmed under the shard lock before inserting.
//
// A slot holds the id with 32 bits of its hash, so that probing past other games costs no
// visit to their records (each of which would be a cache miss in a large table):
//
//   bit 63          32 31           0
//       +-------------+-------------+
//       |  hash >> 8  |     id      |      empty: all ones (id kNoGame)
//       +-------------+-------------+
//   The low 8 bits of the hash pick the shard; the slot's home is (hash >> 8) & mask, so
//   the table grows without reading any record.
class Index {
 public:
  Index();
  ~Index();
  Index(const Index&) = delete;
  Index& operator=(const Index&) = delete;

  // eq(id) says whether the record of id has the searched key (its hash already matched).
  // make() creates and fully writes the record, returning its id.
  template <class Eq, class Make>
  GameId find_or_insert(uint64_t hash, Eq&& eq, Make&& make);
  uint64_t bytes() const { return bytes_.load(std::memory_order_relaxed); }

 private:
  struct Slots {
    size_t mask;
    std::unique_ptr<std::atomic<uint64_t>[]> slots;
  };
  static constexpr uint64_t kEmpty = ~uint64_t{0};
  static uint32_t tag(uint64_t hash) { return static_cast<uint32_t>(hash >> kShardBits); }
  struct alignas(64) Shard {
    std::atomic<Slots*> table{nullptr};
    std::mutex mu;
    size_t count = 0;
    std::vector<std::unique_ptr<Slots>> tables;  // current and retired ones
  };
  static constexpr size_t kShardBits = 8;
  static constexpr size_t kShards = size_t{1} << kShardBits;

  template <class Eq>
  static GameId probe(const Slots* t, uint64_t hash, Eq& eq);
  Slots* grow(Shard& s, size_t capacity);

  std::unique_ptr<Shard[]> shards_;
  std::atomic<uint64_t> bytes_{0};
};

// ---- lossy pair cache --------------------------------------------------------------------
//
// Set-associative cache (a, b) -> v: a pair hashes to a set of four entries that share one
// cache line, so a lookup costs one memory access however many ways it checks. Each entry
// is a tiny seqlock so that readers never take a lock and never see a torn (a, b, v):
//
//   byte 0      4      8      12     16          one set = 4 entries = 64 bytes
//        +------+------+------+------+
//        | seq  |  a   |  b   |  v   |
//        +------+------+------+------+
//   seq  0 while never written, even when stable, odd while a writer fills the entry
//
// A writer that finds the entry busy simply drops its store: the cache is lossy anyway.
// The address range for the largest size is reserved up front and only the sets in use are
// touched, so growing is a change of mask: entries of the old mask become unreachable misses
// and the newly exposed sets have never been written.
class PairCache {
 public:
  PairCache(unsigned log2_entries, unsigned max_log2_entries);
  ~PairCache();
  PairCache(const PairCache&) = delete;
  PairCache& operator=(const PairCache&) = delete;
  bool lookup(uint32_t a, uint32_t b, uint32_t& v);
  void store(uint32_t a, uint32_t b, uint32_t v);
  // Starts loading the set of (a, b): a loop that will look up many pairs issues all the
  // prefetches first, so that the misses overlap instead of coming one at a time.
  void prefetch(uint32_t a, uint32_t b) const { __builtin_prefetch(set(a, b)); }
  // Grows (never shrinks) to at least n entries, up to the maximum.
  void reserve(size_t n);
  void clear();
  CacheStats stats() const;

 private:
  struct Entry {
    uint32_t seq, a, b, v;  // accessed through std::atomic_ref only
  };
  static_assert(sizeof(Entry) == 16);
  static constexpr size_t kWays = 4;
  static_assert(kWays * sizeof(Entry) == 64, "one set per cache line");
  Entry* set(uint32_t a, uint32_t b) const {
    return entries_ +
           kWays * (mix64((uint64_t{a} << 32) | b) & set_mask_.load(std::memory_order_relaxed));
  }
  Entry* entries_;
  size_t max_sets_;
  std::atomic<size_t> set_mask_;
  StripedCounter lookups_, hits_;
};

// ---- the table ---------------------------------------------------------------------------

class Table {
 public:
  static Table& get();

  Record& rec(GameId id) const {
    return chunks_[id >> kChunkBits].load(std::memory_order_acquire)[id & (kChunkSize - 1)];
  }
  // Allocates a record slot; the caller fills it before publishing the id.
  GameId new_record();
  uint64_t games() const { return next_id_.load(std::memory_order_relaxed); }
  uint64_t nus_games() const { return nus_games_.load(std::memory_order_relaxed); }
  uint64_t record_bytes() const {
    return record_bytes_.load(std::memory_order_relaxed) + kMaxChunks * sizeof(void*);
  }
  void count_nus() { nus_games_.fetch_add(1, std::memory_order_relaxed); }

  Arena arena;
  Index index;
  // Sums and comparisons worth caching grow with the games stored: new_record() widens the
  // sum cache to twice the games and the comparison cache to the games (at most 2^24
  // entries, 256 MiB, each). Widening early would cost little (untouched pages are free) but
  // each widening drops the entries cached so far, so they start large.
  PairCache add_cache{22, 24};
  PairCache leq_cache{21, 24};
  StripedCounter neg_lookups, neg_hits;
  StripedCounter l1_lookups, l1_hits;
  // Thread-local caches tag entries with the epoch; clear_caches() bumps it to drop them all.
  uint32_t cache_epoch() const { return epoch_.load(std::memory_order_relaxed); }
  void bump_cache_epoch() { epoch_.fetch_add(1, std::memory_order_relaxed); }

 private:
  Table() = default;
  static constexpr unsigned kChunkBits = 14;
  static constexpr size_t kChunkSize = size_t{1} << kChunkBits;
  static constexpr size_t kMaxChunks = (size_t{1} << 32) / kChunkSize;

  std::unique_ptr<std::atomic<Record*>[]> chunks_ { new std::atomic<Record*>[ kMaxChunks ]() };
  std::vector<std::unique_ptr<Record[]>> owned_;
  std::mutex chunk_mu_;
  std::atomic<uint32_t> next_id_{0};
  std::atomic<uint64_t> nus_games_{0};
  std::atomic<uint64_t> record_bytes_{0};
  std::atomic<uint32_t> epoch_{1};
};

// ---- index template implementation -------------------------------------------------------

template <class Eq>
GameId Index::probe(const Slots* t, uint64_t hash, Eq& eq) {
  const uint32_t want = tag(hash);
  size_t i = want & t->mask;
  for (;;) {
    uint64_t slot = t->slots[i].load(std::memory_order_acquire);
    if (slot == kEmpty) return kNoGame;
    GameId id = static_cast<GameId>(slot);
    if (static_cast<uint32_t>(slot >> 32) == want && Table::get().rec(id).hash == hash && eq(id))
      return id;
    i = (i + 1) & t->mask;
  }
}

template <class Eq, class Make>
GameId Index::find_or_insert(uint64_t hash, Eq&& eq, Make&& make) {
  Shard& s = shards_[hash & (kShards - 1)];
  if (const Slots* t = s.table.load(std::memory_order_acquire)) {
    GameId id = probe(t, hash, eq);
    if (id != kNoGame) return id;
  }
  std::lock_guard<std::mutex> lock(s.mu);
  Slots* t = s.table.load(std::memory_order_relaxed);
  if (t) {
    GameId id = probe(t, hash, eq);
    if (id != kNoGame) return id;
  }
  if (!t || (s.count + 1) * 4 > (t->mask + 1) * 3) t = grow(s, t ? 2 * (t->mask + 1) : 64);
  GameId id = make();
  size_t i = tag(hash) & t->mask;
  while (t->slots[i].load(std::memory_order_relaxed) != kEmpty) i = (i + 1) & t->mask;
  t->slots[i].store((uint64_t{tag(hash)} << 32) | id, std::memory_order_release);
  ++s.count;
  return id;
}

}  // namespace cgt::detail
