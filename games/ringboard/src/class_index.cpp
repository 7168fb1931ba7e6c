#include "ringboard/class_index.hpp"

#include <array>
#include <bit>

namespace ringboard {
namespace {

// C(n, k) for n <= 50, k <= 24 (a class has at most 12 pieces of a kind).
struct Binomials {
  std::array<std::array<uint64_t, 25>, 51> c{};
  constexpr Binomials() {
    for (int n = 0; n <= 50; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= 24 && k <= n; ++k)
        c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
  }
};
constexpr Binomials kBinomials;
constexpr uint64_t binomial(int n, int k) {
  return k < 0 || n < 0 || k > n ? 0 : kBinomials.c[n][k];
}

// Colex rank of the set bits of `set` (numbered 0.. as bit positions).
uint64_t colex_rank(Bitboard set) {
  uint64_t r = 0;
  for (int i = 1; set; set &= set - 1, ++i) r += binomial(std::countr_zero(set), i);
  return r;
}
// The k-subset of colex rank r among n items, as bits 0..n-1.
Bitboard colex_unrank(uint64_t r, int k, int n) {
  Bitboard out = 0;
  int c = n - 1;
  for (int i = k; i >= 1; --i) {
    if (i == 1) return out | bit(int(r));  // C(c, 1) = c
    // The largest c in [i - 1, c] with C(c, i) <= r (C(i - 1, i) = 0), by bisection.
    int lo = i - 1, hi = c;
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (kBinomials.c[mid][i] <= r)
        lo = mid;
      else
        hi = mid - 1;
    }
    r -= kBinomials.c[lo][i];
    out |= bit(lo);
    c = lo - 1;
  }
  return out;
}
// Squares of `sub` (a subset of `free`) renumbered by their order within `free`.
Bitboard compress(Bitboard sub, Bitboard free) {
  Bitboard out = 0;
  for (; sub; sub &= sub - 1) out |= bit(std::popcount(free & (bit(std::countr_zero(sub)) - 1)));
  return out;
}
// The inverse: the j-th square of `free` for every bit j of `compressed`.
Bitboard expand(Bitboard compressed, Bitboard free) {
  Bitboard out = 0;
  int j = 0;
  for (; compressed && free; free &= free - 1, ++j)
    if (compressed & bit(j)) {
      out |= free & -free;
      compressed &= ~bit(j);
    }
  return out;
}
constexpr int kWhiteMenShift = 10;  // white men stand on bits 10..49, numbered from 0

}  // namespace

ClassIndex::ClassIndex(const Material& m) : m_(m) {
  const int men = m.black_men + m.white_men;
  n_wm_ = binomial(40, m.white_men);
  n_bk_ = binomial(kSquares - men, m.black_kings);
  n_wk_ = binomial(kSquares - men - m.black_kings, m.white_kings);
  size_ = binomial(40, m.black_men) * n_wm_ * n_bk_ * n_wk_;
}

uint64_t ClassIndex::rank(const Position& p) const {
  const Bitboard men = p.men[0] | p.men[1];
  const Bitboard free_k = kAll & ~men;
  const uint64_t r_bm = colex_rank(p.men[0]);
  const uint64_t r_wm = colex_rank(p.men[1] >> kWhiteMenShift);
  const uint64_t r_bk = colex_rank(compress(p.kings[0], free_k));
  const uint64_t r_wk = colex_rank(compress(p.kings[1], free_k & ~p.kings[0]));
  return ((r_bm * n_wm_ + r_wm) * n_bk_ + r_bk) * n_wk_ + r_wk;
}

bool ClassIndex::unrank(uint64_t index, Position& p) const {
  const uint64_t r_wk = index % n_wk_;
  index /= n_wk_;
  const uint64_t r_bk = index % n_bk_;
  index /= n_bk_;
  const uint64_t r_wm = index % n_wm_;
  const uint64_t r_bm = index / n_wm_;
  p.men[0] = colex_unrank(r_bm, m_.black_men, 40);
  p.men[1] = colex_unrank(r_wm, m_.white_men, 40) << kWhiteMenShift;
  if (p.men[0] & p.men[1]) return false;
  const int men = m_.black_men + m_.white_men;
  const Bitboard free_k = kAll & ~(p.men[0] | p.men[1]);
  p.kings[0] = expand(colex_unrank(r_bk, m_.black_kings, kSquares - men), free_k);
  p.kings[1] = expand(colex_unrank(r_wk, m_.white_kings, kSquares - men - m_.black_kings),
                      free_k & ~p.kings[0]);
  return true;
}

}  // namespace ringboard
