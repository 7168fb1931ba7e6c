#pragma once
// Dense numbering of keys for the in-memory solvers: the first key inserted gets id 0, the
// next new one id 1, and so on. Open addressing with linear probing over a power-of-two
// array of 8-byte slots; the keys themselves live in the caller's vector (keys[id]), so the
// table adds 16 to 32 bytes per key (load factor kept between 1/4 and 1/2) and no node
// allocation, where std::unordered_map spent most of a Ringboard solve allocating, hashing
// twice and rehashing.
//
//   slot (64 bits):  [ tag: hash bits 32..63 | id: 32 bits ]      kEmpty = all ones
//
// The tag lets a probe pass over other keys' slots without reading their keys (a cache miss
// each in a table of millions). Callers hash each key once (Hash{}(k), on any thread) and
// may prefetch its slot ahead of the insert.
//
// Lookups and inserts are for one thread at a time (the callers number positions serially,
// in a fixed order, so that a run is the same whatever the threads did).
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace solver {

template <class Key, class Hash>
class FlatIndex {
 public:
  static constexpr uint64_t kEmpty = ~uint64_t{0};

  // The id of k (whose hash is h = Hash{}(k)), inserting it (keys.push_back(k)) when new;
  // `fresh` says which.
  std::pair<uint32_t, bool> insert(const Key& k, uint64_t h, std::vector<Key>& keys) {
    if ((keys.size() + 1) * 2 > slots_.size()) grow(keys);
    const size_t mask = slots_.size() - 1;
    const uint64_t tag = h & ~uint64_t{0xffffffff};
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      const uint64_t slot = slots_[i];
      if (slot == kEmpty) {
        const auto fresh = static_cast<uint32_t>(keys.size());
        slots_[i] = tag | fresh;
        keys.push_back(k);
        return {fresh, true};
      }
      const auto id = static_cast<uint32_t>(slot);
      if ((slot & ~uint64_t{0xffffffff}) == tag && keys[id] == k) return {id, false};
    }
  }
  std::pair<uint32_t, bool> insert(const Key& k, std::vector<Key>& keys) {
    return insert(k, Hash{}(k), keys);
  }

  std::optional<uint32_t> find(const Key& k, const std::vector<Key>& keys) const {
    if (slots_.empty()) return std::nullopt;
    const uint64_t h = Hash{}(k);
    const size_t mask = slots_.size() - 1;
    const uint64_t tag = h & ~uint64_t{0xffffffff};
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      const uint64_t slot = slots_[i];
      if (slot == kEmpty) return std::nullopt;
      const auto id = static_cast<uint32_t>(slot);
      if ((slot & ~uint64_t{0xffffffff}) == tag && keys[id] == k) return id;
    }
  }

  // Brings the slot a key hashing to h starts probing at into the cache.
  void prefetch(uint64_t h) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[h & (slots_.size() - 1)]);
  }

  size_t bytes() const { return slots_.size() * sizeof(uint64_t); }

 private:
  // Doubles the array (or starts it) and puts every id back where its key hashes.
  void grow(const std::vector<Key>& keys) {
    std::vector<uint64_t> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 1024 : old.size() * 2, kEmpty);
    const size_t mask = slots_.size() - 1;
    for (uint64_t slot : old) {
      if (slot == kEmpty) continue;
      size_t i = Hash{}(keys[static_cast<uint32_t>(slot)]) & mask;
      while (slots_[i] != kEmpty) i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }

  std::vector<uint64_t> slots_;
};

}  // namespace solver
