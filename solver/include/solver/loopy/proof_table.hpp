#pragma once
// The loopy proof search's table (loopy/proof.hpp): one entry per (position, side to move),
// never evicted, so that a proof can be read back for a principal variation.
//
// WHY IT GROWS. The search holds entries by index and by reference across its recursion, so the
// entries must never move; a table reserved up front touched a new page with nearly every
// entry (docs/decisions/memory-and-ranks.md). Here the entries live in chunks that are
// allocated as they fill and never move, numbered in insertion order, and a separate
// open-addressing index of 8-byte slots finds them; only the index is rehashed (at 3/4 full,
// doubling), and the rehash reads no entry. Memory follows the search: 32 bytes an entry
// plus 11-21 bytes of index.
//
// Index slot, 8 bytes (0 = empty):
//   0                  32                 64
//   | entry index + 1   | hash, low 32 bits |
// The stored hash bits both place the slot (hash & mask, capacity at most 2^32) and filter
// the probe: an entry's key is compared only when its 32 hash bits match.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "solver/loopy/retro_loopy.hpp"

namespace solver::loopy_proof_detail {

inline constexpr uint8_t kUsed = 1, kLeft = 2, kOnPath = 4, kKnown = 8;

// One table entry, 32 bytes:
//   0        8        16    17    18     20    24    28     30
//   | key hi | key lo | grp | flg | depth | pn  | dn  | bound | spare |
// flg: bit 0 used, bit 1 left to move, bit 2 on the current path (depth = its path depth),
// bit 3 settled by the known facts (a database). bound: when pn = 0, the plies of the
// proof tree (an upper bound on the distance of the win).
struct Entry {
  uint64_t hi = 0, lo = 0;
  uint8_t group = 0, flags = 0;
  uint16_t depth = 0;
  uint32_t pn = 1, dn = 1;
  uint16_t bound = 0, spare = 0;
};
static_assert(sizeof(Entry) == 32);

class ProofTable {
 public:
  static constexpr uint32_t kFull = UINT32_MAX;
  // At most max_entries entries (and fewer than 2^32 - 1, the index's limit).
  explicit ProofTable(size_t max_entries)
      : max_(std::min<size_t>(std::max<size_t>(max_entries, 16), size_t{UINT32_MAX} - 1)) {}

  // The entry of (k, side), created (numbers 1, 1) if absent; kFull once max_entries exist
  // or when memory runs out (the search then stops as with a full table).
  std::pair<uint32_t, bool> find_or_insert(const RetroKey& k, core::Side side) {
    const uint32_t h = hash(k, side);
    size_t i = slot_of(k, side, h);
    if (i != kNone && slots_[i] != 0) return {static_cast<uint32_t>(slots_[i] - 1), false};
    if (size_ >= max_) return {kFull, false};
    if ((size_ + 1) * 4 > cap_ * 3) {
      if (!grow()) return {kFull, false};
      i = slot_of(k, side, h);
    }
    if (size_ == chunks_.size() * kChunk) {
      std::unique_ptr<Entry[]> chunk(new (std::nothrow) Entry[kChunk]);
      if (!chunk) return {kFull, false};
      chunks_.push_back(std::move(chunk));
    }
    const auto at = static_cast<uint32_t>(size_++);
    (*this)[at] =
        Entry{k.hi, k.lo, k.group, static_cast<uint8_t>(kUsed | (core::is_left(side) ? kLeft : 0))};
    slots_[i] = (uint64_t{h} << 32) | (uint64_t{at} + 1);
    return {at, true};
  }
  const Entry* find(const RetroKey& k, core::Side side) const {
    const size_t i = slot_of(k, side, hash(k, side));
    return i == kNone || slots_[i] == 0 ? nullptr : &(*this)[static_cast<uint32_t>(slots_[i] - 1)];
  }
  Entry& operator[](uint32_t i) { return chunks_[i >> kChunkBits][i & (kChunk - 1)]; }
  const Entry& operator[](uint32_t i) const { return chunks_[i >> kChunkBits][i & (kChunk - 1)]; }
  size_t size() const { return size_; }
  size_t capacity() const { return max_; }
  // Bytes held: the chunks and the index.
  size_t bytes() const { return chunks_.size() * kChunk * sizeof(Entry) + cap_ * sizeof(uint64_t); }

 private:
  static constexpr int kChunkBits = 14;  // 16 Ki entries, 512 KiB a chunk
  static constexpr size_t kChunk = size_t{1} << kChunkBits;
  static constexpr size_t kNone = SIZE_MAX;

  static uint32_t hash(const RetroKey& k, core::Side side) {
    return static_cast<uint32_t>(loopy_detail::KeyHash{}(k) ^
                                 (core::is_left(side) ? 0x5bd1e995u : 0));
  }
  // The slot holding (k, side), or the empty slot where it would go; kNone with no index yet.
  size_t slot_of(const RetroKey& k, core::Side side, uint32_t h) const {
    if (cap_ == 0) return kNone;
    const uint8_t flag = core::is_left(side) ? kLeft : 0;
    for (size_t i = h & (cap_ - 1);; i = (i + 1) & (cap_ - 1)) {
      const uint64_t s = slots_[i];
      if (s == 0) return i;
      if (static_cast<uint32_t>(s >> 32) != h) continue;
      const Entry& e = (*this)[static_cast<uint32_t>(s - 1)];
      if (e.hi == k.hi && e.lo == k.lo && e.group == k.group && (e.flags & kLeft) == flag) return i;
    }
  }
  // Doubles the index (the first one has 1024 slots) and reinserts every slot by its stored
  // hash bits. False, with the table unchanged, if the memory is not there.
  bool grow() {
    const size_t cap = cap_ == 0 ? 1024 : cap_ * 2;
    std::unique_ptr<uint64_t[]> fresh(new (std::nothrow) uint64_t[cap]());
    if (!fresh) return false;
    for (size_t j = 0; j < cap_; ++j) {
      const uint64_t s = slots_[j];
      if (s == 0) continue;
      size_t i = static_cast<uint32_t>(s >> 32) & (cap - 1);
      while (fresh[i] != 0) i = (i + 1) & (cap - 1);
      fresh[i] = s;
    }
    slots_ = std::move(fresh);
    cap_ = cap;
    return true;
  }

  std::vector<std::unique_ptr<Entry[]>> chunks_;
  std::unique_ptr<uint64_t[]> slots_;
  size_t cap_ = 0, size_ = 0, max_;
};

}  // namespace solver::loopy_proof_detail
