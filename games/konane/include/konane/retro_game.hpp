#pragma once
// Konane as the retrograde solver sees it (solver::RetroGame, structurally; games/ depends on
// nothing of ours, so the key type is a template parameter mirroring solver::RetroKey: the
// storage key (group, hi, lo) of the canonical image, storage_key.hpp).
#include <algorithm>
#include <bit>
#include <cstdint>

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

  // One pass over the board symmetries gives the key and the self-swap test together, with
  // the symmetries inlined: this runs for every child generated and looked up, and was the
  // solver's hot spot as three out-of-line canonical() passes. The images come in
  // canonical()'s order, so ties (self-swapped positions) resolve the same way.
  Canon canon(const Position& p) const {
    Bitboard ib[8], iw[8];
    const int nsym = images(p.black, ib);
    images(p.white, iw);
    Canon best;
    Bitboard kb = ib[0], kw = iw[0];
    for (int s = 0; s < nsym; ++s) {
      if (ib[s] == p.white && iw[s] == p.black) best.both_sides = true;
      if (ib[s] < kb || (ib[s] == kb && iw[s] < kw)) kb = ib[s], kw = iw[s], best.swapped = false;
      if (iw[s] < kb || (iw[s] == kb && ib[s] < kw)) kb = iw[s], kw = ib[s], best.swapped = true;
    }
    const StorageKey sk =
        storage_key(Position{static_cast<uint8_t>(rows), static_cast<uint8_t>(cols), kb, kw});
    best.key = KeyT{sk.group, sk.hi, sk.lo};
    return best;
  }
  Position decode(const KeyT& k) const {
    return position_of(rows, cols, StorageKey{k.group, k.hi, k.lo});
  }
  static int layer(const Position& p) { return popcount(p.occupied()); }
  // A line of k jumps needs 2k + 1 squares in a row or column.
  int max_layer_drop() const { return std::max(1, (std::max(rows, cols) - 1) / 2); }
  template <class F>
  static void for_each_option(const Position& p, bool left, F&& f) {
    for_each_child(p, left ? Color::Black : Color::White, f);
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

 private:
  // transform(x, s) for every board symmetry s, in order (see symmetry.hpp); returns how many.
  int images(Bitboard x, Bitboard out[8]) const {
    Bitboard m = x;  // mirror the files: reverse the bits of every byte, then shift back
    m = ((m >> 1) & 0x5555555555555555ull) | ((m & 0x5555555555555555ull) << 1);
    m = ((m >> 2) & 0x3333333333333333ull) | ((m & 0x3333333333333333ull) << 2);
    m = ((m >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((m & 0x0F0F0F0F0F0F0F0Full) << 4);
    const int ranks = kStride * (kMaxDim - rows);
    out[0] = x;
    out[1] = m >> (kStride - cols);
    out[2] = __builtin_bswap64(x) >> ranks;
    out[3] = __builtin_bswap64(out[1]) >> ranks;
    if (rows != cols) return 4;
    for (int s = 0; s < 4; ++s) out[4 + s] = transpose8(out[s]);
    return 8;
  }
};

}  // namespace konane
