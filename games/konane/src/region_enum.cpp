#include "konane/region_enum.hpp"

#include <algorithm>

#include "konane/regions.hpp"
#include "konane/symmetry.hpp"

namespace konane {

bool is_whole_region(const Position& p) {
  const Bitboard stones = p.black | p.white;
  if (!p.black || !p.white) return false;  // a side alone never moves
  RegionList list;
  if (decompose(p, list) != 1 || (list[0].black | list[0].white) != stones) return false;
  const Position cut = cut_out(list[0]);
  if (cut.rows != p.rows || cut.cols != p.cols) return false;
  const Canonical c = canonical(p, KeyGroup::Region);
  return c.key == CanonicalKey{p.rows, p.cols, p.black, p.white};
}

std::vector<RegionChunk> region_chunks(int rows, int cols, int max_stones) {
  std::vector<RegionChunk> out;
  for (int r = 1; r <= kMaxDim; ++r) {
    for (int c = 1; c <= kMaxDim; ++c) {
      if (!((r <= rows && c <= cols) || (r <= cols && c <= rows))) continue;
      const int fixed = std::min(r * c, kPrefixSquares);
      uint32_t count = 1;
      for (int i = 0; i < fixed; ++i) count *= 3;
      for (uint32_t prefix = 0; prefix < count; ++prefix) {
        int stones = 0;
        for (uint32_t x = prefix; x; x /= 3) stones += x % 3 != 0;
        if (stones <= max_stones) out.push_back({uint8_t(r), uint8_t(c), uint8_t(fixed), prefix});
      }
    }
  }
  return out;
}

namespace {

struct Walk {
  Position p;
  int squares;  // r * c
  int max_stones;
  void (*f)(void*, const Position&);
  void* ctx;

  int square(int i) const { return square_of(i / p.cols, i % p.cols); }

  // Squares from i on, with `stones` placed so far.
  void fill(int i, int stones) {
    if (i == squares) {
      if (stones >= 2 && is_whole_region(p)) f(ctx, p);
      return;
    }
    fill(i + 1, stones);
    if (stones == max_stones) return;
    const Bitboard b = Bitboard{1} << square(i);
    p.black |= b;
    fill(i + 1, stones + 1);
    p.black &= ~b;
    p.white |= b;
    fill(i + 1, stones + 1);
    p.white &= ~b;
  }
};

}  // namespace

void for_each_whole_region(const RegionChunk& chunk, int max_stones,
                           void (*f)(void* ctx, const Position& p), void* ctx) {
  Walk w{Position{chunk.rows, chunk.cols, 0, 0}, chunk.rows * chunk.cols, max_stones, f, ctx};
  int stones = 0;
  uint32_t x = chunk.prefix;
  for (int i = 0; i < chunk.fixed; ++i, x /= 3) {
    const Bitboard b = Bitboard{1} << w.square(i);
    if (x % 3 == 1) w.p.black |= b, ++stones;
    if (x % 3 == 2) w.p.white |= b, ++stones;
  }
  if (stones > max_stones) return;
  w.fill(chunk.fixed, stones);
}

}  // namespace konane
