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
    const Color side = left ? Color::Black : Color::White;
    MoveList moves;
    generate_moves(p, side, moves);
    for (const Move& m : moves) f(play(p, side, m));
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

// Konane as the retrograde solver sees it (solver::RetroGame, structurally): one board size,
// positions keyed by their canonical image under the board's symmetries and the colour swap
// (KeyGroup::BoardAndSwap); layer = number of stones. KeyT mirrors solver::RetroKey (two
// words a, b), here the black and white bitboards of the canonical image.
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
    const Canonical c = canonical(p, KeyGroup::BoardAndSwap);
    bool both = false;
    if (popcount(p.black) == popcount(p.white)) {  // necessary for swap symmetry
      both = canonical(swap_colours(p), KeyGroup::Board).key == canonical(p, KeyGroup::Board).key;
    }
    return Canon{KeyT{c.key.black, c.key.white}, c.stones_swapped, both};
  }
  Position decode(const KeyT& k) const {
    return Position{static_cast<uint8_t>(rows), static_cast<uint8_t>(cols), k.a, k.b};
  }
  static int layer(const Position& p) { return popcount(p.occupied()); }
  // A line of k jumps needs 2k + 1 squares in a row or column.
  int max_layer_drop() const { return std::max(1, (std::max(rows, cols) - 1) / 2); }
  template <class F>
  static void for_each_option(const Position& p, bool left, F&& f) {
    const Color side = left ? Color::Black : Color::White;
    MoveList moves;
    generate_moves(p, side, moves);
    for (const Move& m : moves) f(play(p, side, m));
  }
};

}  // namespace konane
