#pragma once
// Konane as the retrograde solver sees it (solver::RetroGame, structurally; games/ depends on
// nothing of ours, so the key type is a template parameter mirroring solver::RetroKey: two
// words a, b, here the black and white bitboards of the canonical image).
#include <algorithm>
#include <cstdint>

#include "konane/position.hpp"

namespace konane {

// One board size; positions keyed by their canonical image under the board's symmetries and
// the colour swap (exactly canonical(p, KeyGroup::BoardAndSwap), the database key);
// layer = number of stones.
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
    best.key = KeyT{kb, kw};
    return best;
  }
  Position decode(const KeyT& k) const {
    return Position{static_cast<uint8_t>(rows), static_cast<uint8_t>(cols), k.a, k.b};
  }
  static int layer(const Position& p) { return popcount(p.occupied()); }
  // A line of k jumps needs 2k + 1 squares in a row or column.
  int max_layer_drop() const { return std::max(1, (std::max(rows, cols) - 1) / 2); }
  template <class F>
  static void for_each_option(const Position& p, bool left, F&& f) {
    for_each_child(p, left ? Color::Black : Color::White, f);
  }

  // A stone only ever jumps two squares, so it never changes square colour: from the opening
  // on, all black stones share one square colour and all white stones the other. A key is
  // then its occupancy (rows * cols bits, row-major) plus one bit saying which colour black
  // sits on, half the size of the two bitboards. Keys breaking that rule do not survive
  // pack/unpack, which the solver checks.
  int packed_key_bits() const { return rows * cols + 1; }
  uint64_t pack(const KeyT& k) const {
    uint64_t occ = 0;
    const Bitboard both = k.a | k.b;
    const Bitboard row = (Bitboard{1} << cols) - 1;
    for (int r = 0; r < rows; ++r) occ |= ((both >> (r * kStride)) & row) << (r * cols);
    const bool black_on_odd = k.a ? (k.a & kOddSquares) != 0 : (k.b & kOddSquares) == 0;
    return occ << 1 | (black_on_odd ? 1 : 0);
  }
  KeyT unpack(uint64_t w) const {
    const uint64_t occ = w >> 1;
    const uint64_t row = (uint64_t{1} << cols) - 1;
    Bitboard both = 0;
    for (int r = 0; r < rows; ++r) both |= ((occ >> (r * cols)) & row) << (r * kStride);
    const Bitboard black_squares = (w & 1) ? kOddSquares : ~kOddSquares;
    return KeyT{both & black_squares, both & ~black_squares};
  }

 private:
  // Squares whose row + column is odd (row 0 is the low byte).
  static constexpr Bitboard kOddSquares = 0x55AA55AA55AA55AAull;

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
