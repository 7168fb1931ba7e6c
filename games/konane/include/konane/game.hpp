#pragma once
// Konane as the solver sees it: Left = Black. Satisfies solver::PartizanGame structurally
// (games/ depends on nothing of ours, so the key type is mirrored, not included).
#include <algorithm>
#include <cstdint>

#include "konane/position.hpp"
#include "konane/regions.hpp"
#include "konane/symmetry.hpp"

namespace konane {

template <class KeyedT>
struct KonaneGameT {
  using Position = konane::Position;
  // A live region needs a stone that can jump and one to be jumped, so a board of at most
  // 64 squares has at most 32 regions.
  static constexpr int kMaxRegions = 32;

  static KeyedT key(const Position& region) {
    const Canonical c = canonical(region, KeyGroup::Region);
    KeyedT k;
    k.key.w0 = c.key.black;
    k.key.w1 = c.key.white;
    k.key.shape = static_cast<uint16_t>(c.key.rows | (c.key.cols << 8));
    k.negated = c.stones_swapped;
    k.rep = Position{c.key.rows, c.key.cols, c.key.black, c.key.white};
    return k;
  }

  template <class F>
  static void for_each_option(const Position& p, bool left, F&& f) {
    for_each_child(p, left ? Color::Black : Color::White, f);
  }

  template <class F>
  static void for_each_region(const Position& p, F&& f) {
    RegionList regions;
    const int n = decompose(p, regions);
    for (int i = 0; i < n; ++i) f(cut_out(regions[i]));
  }

  static bool has_option(const Position& p, bool left) {
    return has_move(p, left ? Color::Black : Color::White);
  }
  static int count_options(const Position& p, bool left) {
    return count_moves(p, left ? Color::Black : Color::White);
  }
  static int size(const Position& p) { return popcount(p.occupied()); }
};

}  // namespace konane
