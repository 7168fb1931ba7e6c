#pragma once
// Numbering of a material class's placements, and the moves within a class played
// backwards: what the indexed retrograde solver (solver/loopy/retro_indexed.hpp) needs to hold a
// class as flat arrays instead of a hash table of positions.
//
// INDEX LAYOUT (version 1). A placement of m = (bm black men, bk black kings, wm white
// men, wk white kings) gets
//
//   index = ((r_bm * N_wm + r_wm) * N_bk + r_bk) * N_wk + r_wk
//
//   r_bm  colex rank of the black men among the 40 squares a black man may stand on
//         (bits 0..39: every square below rank 9),       N_bm = C(40, bm)
//   r_wm  the same for the white men (bits 10..49, taken as 0..39), N_wm = C(40, wm)
//   r_bk  colex rank of the black kings among the squares the men leave free, numbered
//         upwards,                                        N_bk = C(50 - bm - wm, bk)
//   r_wk  the same among the squares the men and black kings leave free,
//                                                         N_wk = C(50 - bm - wm - bk, wk)
//
// Colex rank of squares c_1 < ... < c_k: sum of C(c_i, i). Men of the two colours are
// ranked independently, so an index whose black and white men share a square is a hole:
// unrank() says false and the solver skips it (a few per cent of the indexes for the
// classes with men of both colours). Kings are ranked among free squares, so they never
// overlap. Every position of the class has exactly one index, and every index that is not
// a hole is one position: rank(unrank(i)) = i (tested over whole classes).
#include <bit>
#include <cstdint>
#include <string_view>

#include "ringboard/endgame.hpp"
#include "ringboard/position.hpp"

namespace ringboard {

class ClassIndex {
 public:
  // Changes whenever the numbering above changes: the solver's cached arrays carry it.
  static constexpr std::string_view kLayout =
      "ringboard class index 1 (men colex on 40, kings among free)";

  explicit ClassIndex(const Material& m);
  uint64_t size() const { return size_; }
  // p must be of this class.
  uint64_t rank(const Position& p) const;
  // False for a hole (black and white men on one square); p is then unspecified.
  bool unrank(uint64_t index, Position& p) const;

 private:
  Material m_;
  uint64_t n_wm_ = 1, n_bk_ = 1, n_wk_ = 1, size_ = 1;
};

// f(q) for every position q of p's class from which a move of `moved` leads to p: q with
// `moved` to move and one call per such move. Only steps stay in a class (a capture takes
// a piece, a promotion crowns a man), so these are the steps played backwards whose start
// position has no capture for `moved` (capturing is compulsory).
template <class F>
void for_each_unmove(const Position& p, Color moved, F&& f);

// ── implementation of for_each_unmove ──
namespace detail {
inline int neighbour(int sq, int d) {
  return square_at(file_of(sq) + kDf[d], rank_of(sq) + kDr[d]);
}
}  // namespace detail

template <class F>
void for_each_unmove(const Position& p, Color moved, F&& f) {
  const int s = int(moved);
  const Bitboard empty_inner = kInner & ~p.occupied();
  // A man came from behind: Black moves up, so it came from the south-east or south-west.
  const int back[2][2] = {{kSE, kSW}, {kNE, kNW}};
  for (Bitboard b = p.men[s] & kInner; b; b &= b - 1) {
    const int to = std::countr_zero(b);
    for (int d : back[s]) {
      const int from = detail::neighbour(to, d);
      if (from < 0 || !(empty_inner & bit(from))) continue;
      Position q = p;
      q.men[s] ^= bit(to) | bit(from);
      if (!has_capture(q, moved)) f(q);
    }
  }
  for (Bitboard b = p.kings[s] & kInner; b; b &= b - 1) {
    const int to = std::countr_zero(b);
    for (int d = 0; d < 4; ++d) {
      const int from = detail::neighbour(to, d);
      if (from < 0 || !(empty_inner & bit(from))) continue;
      Position q = p;
      q.kings[s] ^= bit(to) | bit(from);
      if (!has_capture(q, moved)) f(q);
    }
  }
}

}  // namespace ringboard

namespace ringboard {

// The game for the indexed retrograde solver (solver/loopy/retro_indexed.hpp, structurally):
// classes are materials, numbered by ClassIndex.
template <class KeyT>
struct IndexedGameT : RetroGameT<KeyT> {
  using Class = Material;
  using Indexer = ClassIndex;
  static constexpr std::string_view kIndexLayout = ClassIndex::kLayout;
  ClassIndex indexer(const Material& m) const { return ClassIndex(m); }
  Material class_of(const Position& p) const { return material_of(p); }
  std::string class_name(const Material& m) const { return material_name(m); }
  template <class F>
  void for_each_unmove(const Position& p, core::Side side, F&& f) const {
    ringboard::for_each_unmove(p, color_of(side), f);
  }
};

}  // namespace ringboard
