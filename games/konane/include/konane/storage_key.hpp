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

#include "konane/bitboard.hpp"
#include "konane/position.hpp"

namespace konane {

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

}  // namespace konane
