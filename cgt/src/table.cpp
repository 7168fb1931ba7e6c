#include "table.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <new>
#include <stdexcept>
#include <thread>

namespace cgt::detail {

// ---- Arena -------------------------------------------------------------------------------

namespace {
thread_local uint32_t* tl_cur = nullptr;
thread_local size_t tl_left = 0;

size_t stripe_of_this_thread() {
  thread_local size_t stripe = std::hash<std::thread::id>()(std::this_thread::get_id());
  return stripe;
}
}  // namespace

uint32_t* Arena::alloc(size_t words) {
  if (words > kChunkWords / 4) {
    // Big blocks get a chunk of their own so the shared chunks are not wasted.
    auto chunk = std::make_unique<uint32_t[]>(words);
    uint32_t* p = chunk.get();
    std::lock_guard<std::mutex> lock(mu_);
    chunks_.push_back(std::move(chunk));
    bytes_.fetch_add(words * sizeof(uint32_t), std::memory_order_relaxed);
    return p;
  }
  if (tl_left < words) {
    auto chunk = std::make_unique<uint32_t[]>(kChunkWords);
    tl_cur = chunk.get();
    tl_left = kChunkWords;
    std::lock_guard<std::mutex> lock(mu_);
    chunks_.push_back(std::move(chunk));
    bytes_.fetch_add(kChunkWords * sizeof(uint32_t), std::memory_order_relaxed);
  }
  uint32_t* p = tl_cur;
  tl_cur += words;
  tl_left -= words;
  return p;
}

// ---- StripedCounter ----------------------------------------------------------------------

void StripedCounter::add(uint64_t n) {
  slots_[stripe_of_this_thread() % kStripes].v.fetch_add(n, std::memory_order_relaxed);
}

uint64_t StripedCounter::total() const {
  uint64_t t = 0;
  for (const auto& s : slots_) t += s.v.load(std::memory_order_relaxed);
  return t;
}

void StripedCounter::reset() {
  for (auto& s : slots_) s.v.store(0, std::memory_order_relaxed);
}

// ---- Index -------------------------------------------------------------------------------

Index::Index() : shards_(new Shard[kShards]) {}
Index::~Index() = default;

Index::Slots* Index::grow(Shard& s, size_t capacity) {
  auto fresh = std::make_unique<Slots>();
  fresh->mask = capacity - 1;
  fresh->slots.reset(new std::atomic<uint64_t>[capacity]);
  for (size_t i = 0; i < capacity; ++i) fresh->slots[i].store(kEmpty, std::memory_order_relaxed);
  if (Slots* old = s.table.load(std::memory_order_relaxed)) {
    for (size_t i = 0; i <= old->mask; ++i) {
      uint64_t slot = old->slots[i].load(std::memory_order_relaxed);
      if (slot == kEmpty) continue;
      size_t j = (slot >> 32) & fresh->mask;
      while (fresh->slots[j].load(std::memory_order_relaxed) != kEmpty) j = (j + 1) & fresh->mask;
      fresh->slots[j].store(slot, std::memory_order_relaxed);
    }
  }
  // The old array stays alive: lock-free readers may still be probing it.
  Slots* p = fresh.get();
  s.tables.push_back(std::move(fresh));
  bytes_.fetch_add(capacity * sizeof(uint64_t), std::memory_order_relaxed);
  s.table.store(p, std::memory_order_release);
  return p;
}

// ---- PairCache ---------------------------------------------------------------------------

PairCache::PairCache(unsigned log2_entries, unsigned max_log2_entries)
    : max_sets_((size_t{1} << max_log2_entries) / kWays),
      set_mask_((size_t{1} << log2_entries) / kWays - 1) {
  // Anonymous pages read as zero (every entry never written) and cost nothing until touched.
  void* p = mmap(nullptr, max_sets_ * kWays * sizeof(Entry), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  entries_ = static_cast<Entry*>(p);
}

PairCache::~PairCache() {
  munmap(entries_, max_sets_ * kWays * sizeof(Entry));
}

namespace {
using Ref = std::atomic_ref<uint32_t>;
}

// Seqlock without standalone fences (ThreadSanitizer does not model those): the field loads
// are acquire so the closing seq load cannot move above them, and the field stores are
// release so they cannot move above the store that made seq odd. A reader that sees any new
// field therefore also sees the odd or advanced seq and rejects the entry.
bool PairCache::lookup(uint32_t a, uint32_t b, uint32_t& v) {
  lookups_.add();
  Entry* s = set(a, b);
  for (size_t w = 0; w < kWays; ++w) {
    Entry& e = s[w];
    uint32_t s1 = Ref(e.seq).load(std::memory_order_acquire);
    if (s1 == 0 || (s1 & 1)) continue;
    uint32_t ea = Ref(e.a).load(std::memory_order_acquire);
    uint32_t eb = Ref(e.b).load(std::memory_order_acquire);
    uint32_t ev = Ref(e.v).load(std::memory_order_acquire);
    if (Ref(e.seq).load(std::memory_order_relaxed) != s1 || ea != a || eb != b) continue;
    v = ev;
    hits_.add();
    return true;
  }
  return false;
}

void PairCache::store(uint32_t a, uint32_t b, uint32_t v) {
  Entry* s = set(a, b);
  // An empty way if there is one, otherwise a way chosen round-robin per thread: cheap, and
  // unlike a way fixed by the pair it does not let two hot pairs keep evicting each other.
  size_t w = 0;
  while (w < kWays && Ref(s[w].seq).load(std::memory_order_relaxed) != 0) ++w;
  if (w == kWays) {
    thread_local uint32_t next = 0;
    w = next++ % kWays;
  }
  Entry& e = s[w];
  uint32_t q = Ref(e.seq).load(std::memory_order_relaxed);
  if ((q & 1) || !Ref(e.seq).compare_exchange_strong(q, q + 1, std::memory_order_acquire)) return;
  Ref(e.a).store(a, std::memory_order_release);
  Ref(e.b).store(b, std::memory_order_release);
  Ref(e.v).store(v, std::memory_order_release);
  Ref(e.seq).store(q + 2, std::memory_order_release);
}

void PairCache::reserve(size_t n) {
  size_t sets = std::min(max_sets_, std::bit_ceil(std::max<size_t>(n / kWays, 1)));
  size_t cur = set_mask_.load(std::memory_order_relaxed);
  while (sets - 1 > cur &&
         !set_mask_.compare_exchange_weak(cur, sets - 1, std::memory_order_relaxed)) {
  }
}

void PairCache::clear() {
  size_t n = (set_mask_.load(std::memory_order_relaxed) + 1) * kWays;
  for (size_t i = 0; i < n; ++i) {
    Entry& e = entries_[i];
    uint32_t s = Ref(e.seq).load(std::memory_order_relaxed);
    if (s == 0 || (s & 1) ||
        !Ref(e.seq).compare_exchange_strong(s, s + 1, std::memory_order_acquire))
      continue;
    Ref(e.a).store(kNoGame, std::memory_order_release);
    Ref(e.b).store(kNoGame, std::memory_order_release);
    Ref(e.seq).store(s + 2, std::memory_order_release);
  }
}

CacheStats PairCache::stats() const {
  CacheStats c;
  c.lookups = lookups_.total();
  c.hits = hits_.total();
  c.entries = (set_mask_.load(std::memory_order_relaxed) + 1) * kWays;
  c.bytes = c.entries * sizeof(Entry);
  return c;
}

// ---- Table -------------------------------------------------------------------------------

Table& Table::get() {
  // Deliberately leaked: ids must stay valid for threads and static destructors that run
  // after main returns.
  static Table* t = new Table();
  return *t;
}

GameId Table::new_record() {
  uint32_t id = next_id_.fetch_add(1, std::memory_order_relaxed);
  if (id >= kMaxChunks * kChunkSize - 1) {
    next_id_.fetch_sub(1, std::memory_order_relaxed);
    throw std::length_error("cgt: game table full");
  }
  size_t c = id >> kChunkBits;
  if (!chunks_[c].load(std::memory_order_acquire)) {
    std::lock_guard<std::mutex> lock(chunk_mu_);
    if (!chunks_[c].load(std::memory_order_relaxed)) {
      auto chunk = std::make_unique<Record[]>(kChunkSize);
      chunks_[c].store(chunk.get(), std::memory_order_release);
      owned_.push_back(std::move(chunk));
      record_bytes_.fetch_add(kChunkSize * sizeof(Record), std::memory_order_relaxed);
      add_cache.reserve(2 * (c + 1) * kChunkSize);
      leq_cache.reserve((c + 1) * kChunkSize);
    }
  }
  return id;
}

}  // namespace cgt::detail
