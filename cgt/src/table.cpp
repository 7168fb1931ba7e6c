#include "table.hpp"

#include <functional>
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

PairCache::PairCache(unsigned log2_entries)
    : entries_(new Entry[size_t{1} << log2_entries]), mask_((size_t{1} << log2_entries) - 1) {}

// Seqlock without standalone fences (ThreadSanitizer does not model those): the field loads
// are acquire so the closing seq load cannot move above them, and the field stores are
// release so they cannot move above the store that made seq odd. A reader that sees any new
// field therefore also sees the odd or advanced seq and rejects the entry.
bool PairCache::lookup(uint32_t a, uint32_t b, uint32_t& v) {
  lookups_.add();
  Entry& e = slot(a, b);
  uint32_t s1 = e.seq.load(std::memory_order_acquire);
  if (s1 & 1) return false;
  uint32_t ea = e.a.load(std::memory_order_acquire);
  uint32_t eb = e.b.load(std::memory_order_acquire);
  uint32_t ev = e.v.load(std::memory_order_acquire);
  if (e.seq.load(std::memory_order_relaxed) != s1 || ea != a || eb != b) return false;
  v = ev;
  hits_.add();
  return true;
}

void PairCache::store(uint32_t a, uint32_t b, uint32_t v) {
  Entry& e = slot(a, b);
  uint32_t s = e.seq.load(std::memory_order_relaxed);
  if ((s & 1) || !e.seq.compare_exchange_strong(s, s + 1, std::memory_order_acquire)) return;
  e.a.store(a, std::memory_order_release);
  e.b.store(b, std::memory_order_release);
  e.v.store(v, std::memory_order_release);
  e.seq.store(s + 2, std::memory_order_release);
}

void PairCache::clear() {
  for (size_t i = 0; i <= mask_; ++i) {
    Entry& e = entries_[i];
    uint32_t s = e.seq.load(std::memory_order_relaxed);
    if ((s & 1) || !e.seq.compare_exchange_strong(s, s + 1, std::memory_order_acquire)) continue;
    e.a.store(kNoGame, std::memory_order_release);
    e.b.store(kNoGame, std::memory_order_release);
    e.seq.store(s + 2, std::memory_order_release);
  }
}

CacheStats PairCache::stats() const {
  CacheStats c;
  c.lookups = lookups_.total();
  c.hits = hits_.total();
  c.entries = mask_ + 1;
  c.bytes = (mask_ + 1) * sizeof(Entry);
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
    }
  }
  return id;
}

}  // namespace cgt::detail
