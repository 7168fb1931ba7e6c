#pragma once
// Dense numbering of keys for the in-memory solvers: the first key inserted gets id 0, the
// next new one id 1, and so on. Open addressing with linear probing over a power-of-two
// array of 4-byte ids; the keys themselves live in the caller's vector (keys[id]), so the
// table adds 8 to 16 bytes per key (load factor kept between 1/4 and 1/2) and no node
// allocation, where std::unordered_map spent most of a Ringboard solve allocating, hashing
// twice and rehashing.
//
//   slots_: [ id | kEmpty | id | id | kEmpty | ... ]   2^k entries of uint32_t
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
  static constexpr uint32_t kEmpty = ~uint32_t{0};

  // The id of k, inserting it (keys.push_back(k)) when new; `fresh` says which.
  std::pair<uint32_t, bool> insert(const Key& k, std::vector<Key>& keys) {
    if ((keys.size() + 1) * 2 > slots_.size()) grow(keys);
    const size_t mask = slots_.size() - 1;
    for (size_t i = Hash{}(k)&mask;; i = (i + 1) & mask) {
      const uint32_t id = slots_[i];
      if (id == kEmpty) {
        const auto fresh = static_cast<uint32_t>(keys.size());
        slots_[i] = fresh;
        keys.push_back(k);
        return {fresh, true};
      }
      if (keys[id] == k) return {id, false};
    }
  }

  std::optional<uint32_t> find(const Key& k, const std::vector<Key>& keys) const {
    if (slots_.empty()) return std::nullopt;
    const size_t mask = slots_.size() - 1;
    for (size_t i = Hash{}(k)&mask;; i = (i + 1) & mask) {
      const uint32_t id = slots_[i];
      if (id == kEmpty) return std::nullopt;
      if (keys[id] == k) return id;
    }
  }

  size_t bytes() const { return slots_.size() * sizeof(uint32_t); }

 private:
  // Doubles the array (or starts it) and puts every id back where its key hashes.
  void grow(const std::vector<Key>& keys) {
    std::vector<uint32_t> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 1024 : old.size() * 2, kEmpty);
    const size_t mask = slots_.size() - 1;
    for (uint32_t id : old) {
      if (id == kEmpty) continue;
      size_t i = Hash{}(keys[id]) & mask;
      while (slots_[i] != kEmpty) i = (i + 1) & mask;
      slots_[i] = id;
    }
  }

  std::vector<uint32_t> slots_;
};

}  // namespace solver
