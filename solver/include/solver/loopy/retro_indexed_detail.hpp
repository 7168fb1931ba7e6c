#pragma once
// The packed layouts and helpers of the indexed retrograde solver (loopy/retro_indexed.hpp): a
// solved node's 16-bit code, a working node's 32-bit word, the flat arrays that hold them,
// the class cache files and the records sorted by key for the table files.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

#include "db/database.hpp"
#include "solver/loopy/huge_pages.hpp"

namespace solver {

namespace indexed_detail {

// A solved node, one uint16 in a class's array:
//   0      not a position (a hole of the numbering)
//   1      draw
//   2 + 2d the side to move wins in d plies
//   3 + 2d the side to move loses in d plies
inline constexpr uint16_t kHole = 0, kDraw = 1;
inline constexpr uint32_t kMaxDistance = (UINT16_MAX - 3) / 2;  // also fits 15 bits
inline uint16_t win_code(uint32_t d) {
  return static_cast<uint16_t>(2 + 2 * d);
}
inline uint16_t loss_code(uint32_t d) {
  return static_cast<uint16_t>(3 + 2 * d);
}
inline bool is_win(uint16_t code) {
  return code >= 2 && (code & 1) == 0;
}
inline bool is_loss(uint16_t code) {
  return code >= 3 && (code & 1) == 1;
}
inline uint32_t distance(uint16_t code) {
  return (code - 2u) / 2;
}

// A flat array left uninitialised until written. The solver's arrays hold up to hundreds
// of millions of elements; zeroing them on one thread (a vector does, and so does
// std::atomic's constructor), with the page faults of the first touch, was most of a
// run's serial time. Every element is first written by a parallel pass instead, and
// atomic access goes through std::atomic_ref. Large arrays are mapped on their own and
// asked for transparent huge pages: the solver reads them at random (a parent's word, a
// settled child's code), and with 4 KiB pages nearly every such read also missed the TLB,
// while first touches faulted 512 times as often, the faults of two threads queueing on
// the process's one memory map.
template <class T>
class Flat {
 public:
  Flat() = default;
  explicit Flat(size_t n) : data_(allocate(n)), size_(n) {}
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }

 private:
  static_assert(std::is_trivially_destructible_v<T>);
  struct Free {
    size_t mapped = 0;  // bytes mapped, or 0 for new[]
    void operator()(T* p) const {
      if (mapped)
        huge_pages::unmap(p, mapped);
      else
        delete[] p;
    }
  };
  static std::unique_ptr<T[], Free> allocate(size_t n) {
    if (n == 0) return {nullptr, Free{}};
    if (n * sizeof(T) >= huge_pages::kWorthIt) {
      const size_t bytes = huge_pages::round_up(n * sizeof(T));
      if (void* p = huge_pages::map(bytes)) return {static_cast<T*>(p), Free{bytes}};
    }
    return {new T[n], Free{}};
  }
  std::unique_ptr<T[], Free> data_;
  size_t size_ = 0;
};
using Codes = Flat<uint16_t>;

// A node while its class is solved: one 32-bit word, so that a parent's update touches one
// cache line (separate arrays of states, counts and distances cost three misses per
// parent on a class far bigger than the cache, and two threads then wait on memory).
//
//   bits 31..30  state: kUndecided, kWin, kLoss (for the side to move) or kNoPosition
//   bits 29..15  the distance once decided; before, the loss floor (see the header)
//   bits 14..0   count: moves not yet known to lead to a win for the opponent
inline constexpr uint32_t kUndecided = 0, kWin = 1, kLoss = 2, kNoPosition = 3;
inline constexpr uint32_t kCountMax = (1u << 15) - 1;
inline constexpr uint32_t pack(uint32_t state, uint32_t distance, uint32_t count) {
  return state << 30 | distance << 15 | count;
}
inline constexpr uint32_t state_of(uint32_t w) {
  return w >> 30;
}
inline constexpr uint32_t distance_of(uint32_t w) {
  return (w >> 15) & kCountMax;
}
inline constexpr uint32_t count_of(uint32_t w) {
  return w & kCountMax;
}
static_assert(pack(kNoPosition, kCountMax, kCountMax) == UINT32_MAX);

// A queued node: level in the top 24 bits, node in the low 40.
inline constexpr int kNodeBits = 40;
inline constexpr uint64_t kNodeMask = (uint64_t{1} << kNodeBits) - 1;

// The cache file of a class (written by retro_io's write_words, so atomically, with its
// magic and word count): word 0 the layout hash (the game's numbering, the class, its
// node count), word 1 the node count, word 2 a checksum of the rest, then the codes four
// to a word, node 0 in the low 16 bits.
uint64_t layout_hash(std::string_view layout, std::string_view class_name, uint64_t nodes);
db::Status write_cache(const std::filesystem::path& file, uint64_t layout, const Codes& codes);
// The codes, or nullopt when the file is missing, damaged or of another layout.
std::optional<Codes> read_cache(const std::filesystem::path& file, uint64_t layout, uint64_t nodes);

// A position's database key and its two codes, to sort a class's records by key (trivial,
// so that a Flat of them starts unwritten). The codes travel with the key, so that writing
// the sorted records reads memory in order instead of one random read of the class's
// array per record (a cache miss each, a tenth of a 4-piece run).
//
//   bytes 0..7 hi | 8..15 lo | 16..19 codes (left to move in the low half) | 20 group | pad
struct SortEntry {
  uint64_t hi, lo;
  uint32_t codes;
  uint8_t group;
  friend bool operator<(const SortEntry& a, const SortEntry& b) {
    return std::tie(a.group, a.hi, a.lo) < std::tie(b.group, b.hi, b.lo);
  }
};
static_assert(sizeof(SortEntry) == 24);

db::PositionValue record_of(uint16_t left_code, uint16_t right_code);
// The code a stored record gives one side to move (kHole when it says nothing).
uint16_t code_of(const db::PositionValue& v, core::Side mover);

// Thread-safe first error of a parallel pass.
class FirstError {
 public:
  void set(std::string message) {
    std::lock_guard lock(m_);
    if (!failed_.exchange(true)) message_ = std::move(message);
  }
  bool failed() const { return failed_.load(std::memory_order_relaxed); }
  db::Status status() const {
    if (!failed()) return db::ok();
    return db::Error{db::Code::kCorruption, message_};
  }

 private:
  std::mutex m_;
  std::atomic<bool> failed_{false};
  std::string message_;
};

}  // namespace indexed_detail

}  // namespace solver
