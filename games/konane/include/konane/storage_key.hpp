#pragma once
// How a symmetry-normalised Konane position is written as a database key (group, hi, lo).
//
// A stone only ever jumps two squares, so it keeps its square colour: in every position
// reached from an opening, all black stones share one square colour and all white stones
// the other. Such a "parted" position is its occupancy plus which colour Black sits on:
//
//   parted:  group = number of stones (0..64)   hi = 1 if Black is on the odd squares
//                                               lo = occupancy, row-major (bit r * cols + c)
//   mixed:   group = kMixedGroup (255)          hi = black bitboard, lo = white bitboard
//
// The group byte makes every stone count one contiguous key range, and inside it the keys
// sort by (hi, lo) = (colour bit, occupancy): the order of the retrograde solver's packed
// keys (retro_game.hpp), so a solved layer streams into the database already sorted and
// lands without overlapping any other layer. A side without stones does not fix the
// colour; the colour bit is then chosen so that the other side is consistent with it.
#include <cstdint>

#include "core/game_id.hpp"
#include "konane/bitboard.hpp"
#include "konane/position.hpp"

namespace konane {

// Konane's registered id: the first byte of each of its database keys.
inline constexpr core::GameId kGameId = *core::game_id("konane");

struct StorageKey {
  uint8_t group = 0;
  uint64_t hi = 0, lo = 0;
  friend bool operator==(const StorageKey&, const StorageKey&) = default;
};

inline constexpr uint8_t kMixedGroup = 255;
// Squares whose row + column is odd (row 0 is the low byte).
inline constexpr Bitboard kOddSquares = 0x55AA55AA55AA55AAull;

// Row-major occupancy (rows * cols bits) of a bitboard, and back.
inline uint64_t row_major(Bitboard b, int rows, int cols) {
  uint64_t out = 0;
  const Bitboard row = (Bitboard{1} << cols) - 1;
  for (int r = 0; r < rows; ++r) out |= ((b >> (r * kStride)) & row) << (r * cols);
  return out;
}
inline Bitboard from_row_major(uint64_t occ, int rows, int cols) {
  Bitboard out = 0;
  const uint64_t row = (uint64_t{1} << cols) - 1;
  for (int r = 0; r < rows; ++r) out |= ((occ >> (r * cols)) & row) << (r * kStride);
  return out;
}

inline StorageKey storage_key(const Position& p) {
  const bool odd = p.black ? (p.black & kOddSquares) != 0 : (p.white & kOddSquares) == 0;
  const Bitboard black_squares = odd ? kOddSquares : ~kOddSquares;
  if ((p.black & ~black_squares) != 0 || (p.white & black_squares) != 0)
    return StorageKey{kMixedGroup, p.black, p.white};
  const Bitboard both = p.black | p.white;
  return StorageKey{static_cast<uint8_t>(popcount(both)), odd ? 1u : 0u,
                    row_major(both, p.rows, p.cols)};
}

inline Position position_of(int rows, int cols, const StorageKey& k) {
  const auto r = static_cast<uint8_t>(rows), c = static_cast<uint8_t>(cols);
  if (k.group == kMixedGroup) return Position{r, c, k.hi, k.lo};
  const Bitboard both = from_row_major(k.lo, rows, cols);
  const Bitboard black_squares = k.hi ? kOddSquares : ~kOddSquares;
  return Position{r, c, both & black_squares, both & ~black_squares};
}

// A position's database key: the storage key of its canonical image under the board's
// symmetries and the colour swap, exactly that of canonical(p, KeyGroup::BoardAndSwap)
// (symmetry_test.cpp checks the two agree). Every command that reads or writes the
// database, and retrograde analysis, key positions through this one function.
struct StoredKey {
  StorageKey key;
  bool swapped = false;  // the key is the colour-swapped image: sides and winners exchange
  // p equals its own colour-swapped image up to a symmetry, so Black to move in p is the
  // same game as White to move (colours exchanged): both sides of the key are one class.
  bool self_swapped = false;
};

namespace detail {
// transform(x, s) for every board symmetry s, in symmetry.hpp's order; returns how many.
inline int symmetry_images(Bitboard x, int rows, int cols, Bitboard out[8]) {
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
}  // namespace detail

// One pass over the board symmetries gives the key and the self-swap test together, with
// the symmetries inlined: retrograde analysis runs this for every child it generates, where
// three out-of-line canonical() passes were its hot spot. The images come in canonical()'s
// order, so ties (self-swapped positions) resolve the same way.
inline StoredKey stored_key(const Position& p) {
  Bitboard ib[8], iw[8];
  const int nsym = detail::symmetry_images(p.black, p.rows, p.cols, ib);
  detail::symmetry_images(p.white, p.rows, p.cols, iw);
  StoredKey best;
  Bitboard kb = ib[0], kw = iw[0];
  for (int s = 0; s < nsym; ++s) {
    if (ib[s] == p.white && iw[s] == p.black) best.self_swapped = true;
    if (ib[s] < kb || (ib[s] == kb && iw[s] < kw)) kb = ib[s], kw = iw[s], best.swapped = false;
    if (iw[s] < kb || (iw[s] == kb && ib[s] < kw)) kb = iw[s], kw = ib[s], best.swapped = true;
  }
  best.key = storage_key(Position{p.rows, p.cols, kb, kw});
  return best;
}

}  // namespace konane
