#pragma once
// Konane as the retrograde solver sees it (solver::RetroGame, structurally; games/ depends on
// nothing of ours, so the key type is a template parameter mirroring solver::RetroKey: the
// storage key (group, hi, lo) of the canonical image, storage_key.hpp).
#include <algorithm>
#include <bit>
#include <cstdint>

#include "core/outcome.hpp"
#include "konane/position.hpp"
#include "konane/storage_key.hpp"

namespace konane {

// One board size; positions keyed by the storage key of their canonical image under the
// board's symmetries and the colour swap (exactly canonical(p, KeyGroup::BoardAndSwap), so
// the database key of every other command); layer = number of stones.
template <class KeyT>
struct KonaneRetroGameT {
  using Position = konane::Position;
  struct Canon {
    KeyT key;
    bool swapped = false;  // the key is the colour-swapped image
    // The position equals its own colour-swapped image up to a symmetry, so having Black to
    // move is the same game as having White to move (colours exchanged): both sides of the
    // key are one class and must both be known.
    bool both_sides = false;
  };

  int rows = 0, cols = 0;

  Canon canon(const Position& p) const {
    const StoredKey k = stored_key(p);
    return Canon{KeyT{k.key.group, k.key.hi, k.key.lo}, k.swapped, k.self_swapped};
  }
  Position decode(const KeyT& k) const {
    return position_of(rows, cols, StorageKey{k.group, k.hi, k.lo});
  }
  static int layer(const Position& p) { return popcount(p.occupied()); }
  // A line of k jumps needs 2k + 1 squares in a row or column.
  int max_layer_drop() const { return std::max(1, (std::max(rows, cols) - 1) / 2); }
  template <class F>
  static void for_each_option(const Position& p, core::Side side, F&& f) {
    for_each_child(p, core::is_left(side) ? Color::Black : Color::White, f);
  }

  // Reachable positions are parted (storage_key.hpp): the key is the colour bit above the
  // row-major occupancy, which orders the keys of one layer exactly as the database does.
  // Mixed keys do not survive pack/unpack, which the solver checks.
  int packed_key_bits() const { return rows * cols + 1; }
  uint64_t pack(const KeyT& k) const {
    if (k.group == kMixedGroup || rows * cols >= 63) return ~uint64_t{0};
    return k.hi << (rows * cols) | k.lo;
  }
  KeyT unpack(uint64_t w) const {
    if (rows * cols >= 63) return KeyT{kMixedGroup, 0, 0};  // never packed (see pack)
    const uint64_t occ = w & ((uint64_t{1} << (rows * cols)) - 1);
    return KeyT{static_cast<uint8_t>(std::popcount(occ)), w >> (rows * cols), occ};
  }
};

}  // namespace konane
