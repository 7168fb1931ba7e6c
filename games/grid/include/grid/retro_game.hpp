#pragma once
// A grid game as the retrograde solver sees it (solver::RetroGame, structurally; games/
// depends on nothing of ours but core, so the key type is a parameter mirroring
// solver::RetroKey): one board size, positions keyed by the database key of their canonical
// image (grid::stored_key, the key of every other command); layer = the squares in either
// layer (Clobber's stones, Domineering's empty squares), which every move lowers by
// Rules::kLayerDrop.
#include <cstdint>

#include "core/outcome.hpp"
#include "grid/board.hpp"
#include "grid/symmetry.hpp"

namespace grid {

template <class Rules, class KeyT>
struct RetroGameT {
  using Position = typename Rules::Position;
  struct Canon {
    KeyT key;
    bool swapped = false;     // the key is the negative's image
    bool both_sides = false;  // the position is its own negative: one class for both movers
  };

  int rows = 0, cols = 0;

  Canon canon(const Position& p) const {
    const StoredKey k = stored_key(Rules::layers(p), Rules::kNegation);
    return Canon{KeyT{k.key.group, k.key.hi, k.key.lo}, k.swapped, k.self_swapped};
  }
  Position decode(const KeyT& k) const {
    return Rules::from_layers(
        Layers{static_cast<uint8_t>(rows), static_cast<uint8_t>(cols), k.hi, k.lo});
  }
  static int layer(const Position& p) {
    const Layers l = Rules::layers(p);
    return popcount(l.a | l.b);
  }
  static int max_layer_drop() { return Rules::kLayerDrop; }
  template <class F>
  static void for_each_option(const Position& p, core::Side side, F&& f) {
    for (const Move& m : Rules::moves(p, side)) f(Rules::play(p, side, m));
  }

  // The key's layers side by side (Rules::kKeyLayers of them: Domineering's second layer is
  // always empty), ordered within a layer (group) as the database orders keys. Keys of boards
  // too big to pack (more than 60 bits with the solver's flags) come back changed, which the
  // solver checks (unpack(pack(k)) == k) and reports.
  int packed_key_bits() const { return Rules::kKeyLayers * rows * cols; }
  uint64_t pack(const KeyT& k) const {
    const int n = rows * cols;
    if (packed_key_bits() > 60) return ~uint64_t{0};
    return Rules::kKeyLayers == 2 ? k.hi << n | k.lo : k.hi;
  }
  KeyT unpack(uint64_t w) const {
    const int n = rows * cols;
    if (packed_key_bits() > 60) return KeyT{0, 0, 0};
    const uint64_t mask = (uint64_t{1} << n) - 1;
    const uint64_t a = Rules::kKeyLayers == 2 ? (w >> n) & mask : w & mask;
    const uint64_t b = Rules::kKeyLayers == 2 ? w & mask : 0;
    return KeyT{static_cast<uint8_t>(popcount(a | b)), a, b};
  }
};

}  // namespace grid
