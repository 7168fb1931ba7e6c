#pragma once
// The Ringboard board (../shared/spec/ringboard-rules.md): 10x10, files a..j and ranks 1..10
// seen from Black's side, with only the 50 dark squares (file + rank even) ever occupied.
//
// SQUARE NUMBERING. The square on file f, rank r (both 0-based here) is s = 10 r + f on the
// full board; a dark square has f = r (mod 2), so s has r's parity and s / 2 numbers the 50
// dark squares 0..49 without gaps. A bitboard is one 64-bit word, bit i = dark square i:
//
//   rank 10 (r 9):  bits 45..49  = b10 d10 f10 h10 j10
//   rank  2 (r 1):  bits  5..9   = b2  d2  f2  h2  j2
//   rank  1 (r 0):  bits  0..4   = a1  c1  e1  g1  i1
//
// A diagonal step changes s by +-9 or +-11, so its change of bit index depends on the row's
// parity: up-right is +5 on even rows and +6 on odd ones (see kShift). The 180-degree turn
// maps s to 99 - s, bit i to bit 49 - i.
#include <array>
#include <bit>
#include <cstdint>

namespace ringboard {

using Bitboard = uint64_t;
inline constexpr int kSquares = 50;
inline constexpr Bitboard kAll = (Bitboard{1} << kSquares) - 1;

constexpr int file_of(int sq) {
  const int r = sq / 5;
  return 2 * (sq % 5) + (r & 1);
}
constexpr int rank_of(int sq) {
  return sq / 5;
}
// The dark square on (file, rank), or -1 when that is off the board or light.
constexpr int square_at(int file, int rank) {
  if (file < 0 || file > 9 || rank < 0 || rank > 9 || ((file + rank) & 1)) return -1;
  return (10 * rank + file) / 2;
}
constexpr Bitboard bit(int sq) {
  return Bitboard{1} << sq;
}
constexpr bool on_ring(int sq) {
  const int f = file_of(sq), r = rank_of(sq);
  return f == 0 || f == 9 || r == 0 || r == 9;
}

namespace detail {
constexpr Bitboard make_mask(bool (*pred)(int)) {
  Bitboard b = 0;
  for (int s = 0; s < kSquares; ++s)
    if (pred(s)) b |= bit(s);
  return b;
}
}  // namespace detail

inline constexpr Bitboard kRing = detail::make_mask([](int s) { return on_ring(s); });
inline constexpr Bitboard kInner = kAll & ~kRing;
inline constexpr Bitboard kOddRows = detail::make_mask([](int s) { return (rank_of(s) & 1) != 0; });
inline constexpr Bitboard kEvenRows = kAll & ~kOddRows;
// Where a man becomes a king: Black on ranks 9 and 10, White on ranks 2 and 1.
inline constexpr Bitboard kBlackPromotion =
    detail::make_mask([](int s) { return rank_of(s) >= 8; });
inline constexpr Bitboard kWhitePromotion =
    detail::make_mask([](int s) { return rank_of(s) <= 1; });

// The eight directions: the four diagonals, then the four orthogonals.
enum Dir : uint8_t { kNE, kNW, kSE, kSW, kN, kS, kE, kW };
inline constexpr int kDirs = 8;
inline constexpr std::array<int, kDirs> kDf = {1, -1, 1, -1, 0, 0, 1, -1};
inline constexpr std::array<int, kDirs> kDr = {1, 1, -1, -1, 1, -1, 0, 0};

// Diagonal neighbour tables for set-wise steps: the squares that have a neighbour in
// direction d, and the shift of their bit (left for positive) on even and odd rows.
struct DiagonalShift {
  Bitboard has;   // squares with a neighbour that way
  int even, odd;  // bit index change on even / odd rows
};
constexpr DiagonalShift diagonal_shift(int d) {
  DiagonalShift out{0, 0, 0};
  for (int s = 0; s < kSquares; ++s) {
    const int t = square_at(file_of(s) + kDf[d], rank_of(s) + kDr[d]);
    if (t < 0) continue;
    out.has |= bit(s);
    ((rank_of(s) & 1) ? out.odd : out.even) = t - s;
  }
  return out;
}
inline constexpr std::array<DiagonalShift, 4> kShift = {diagonal_shift(kNE), diagonal_shift(kNW),
                                                        diagonal_shift(kSE), diagonal_shift(kSW)};

// The squares of a set moved one step in diagonal direction d (those without a neighbour
// that way drop out).
constexpr Bitboard shift(Bitboard b, int d) {
  const DiagonalShift& k = kShift[d];
  b &= k.has;
  const Bitboard e = b & kEvenRows, o = b & kOddRows;
  auto sh = [](Bitboard x, int n) { return n >= 0 ? x << n : x >> -n; };
  return sh(e, k.even) | sh(o, k.odd);
}

// For captures, per square and direction: the square jumped over and the landing square
// (-1 when off the board). Diagonal: adjacent and the one beyond; orthogonal (kings only):
// two squares away and four squares away.
struct JumpTable {
  std::array<std::array<int8_t, kDirs>, kSquares> over{}, land{};
};
constexpr JumpTable make_jump_table() {
  JumpTable t;
  for (int s = 0; s < kSquares; ++s) {
    for (int d = 0; d < kDirs; ++d) {
      const int step = d < 4 ? 1 : 2;
      const int f = file_of(s), r = rank_of(s);
      const int o = square_at(f + step * kDf[d], r + step * kDr[d]);
      const int l = square_at(f + 2 * step * kDf[d], r + 2 * step * kDr[d]);
      t.over[s][d] = static_cast<int8_t>(o >= 0 && l >= 0 ? o : -1);
      t.land[s][d] = static_cast<int8_t>(o >= 0 && l >= 0 ? l : -1);
    }
  }
  return t;
}
inline constexpr JumpTable kJumps = make_jump_table();

// The 180-degree turn of a set: bit i to bit 49 - i.
constexpr Bitboard rotate(Bitboard b) {
  Bitboard out = 0;
  for (; b; b &= b - 1) out |= bit(49 - std::countr_zero(b));
  return out;
}

}  // namespace ringboard
