#pragma once
// Every grid-game position that is one whole region as searches cut regions out, on boards
// within a box: the positions `konane precompute --game G` stores the values of (the grid
// games' counterpart of konane/region_enum.hpp).
//
// A WHOLE REGION is a position p (its key layers, Rules::layers) whose split
// (Rules::for_each_region_squares) is one region holding every square of both layers (all
// of Clobber's stones, all of Domineering's empty squares), whose cut-out is p itself (the
// region spans p's board), and which is the representative of its class under every
// symmetry of its box and the game's negation (canonical(.., all_shapes), the key GameT::key
// gives regions). A region a search meets is the image under one of those maps of exactly
// one whole region, on a board of the cut-out's shape or its transpose; so the whole regions
// of all boards up to R x C (either way round) are each region class whose box fits, once.
// Squares outside both layers are empty for Clobber and blocked for Domineering; neither
// game's regions can reach them, so the layers alone name the region.
//
// WORK IN CHUNKS. Boards are taken in order of shape, and on each board the first
// kPrefixSquares squares (row-major) are fixed by a chunk, each to one of the key layers or
// neither. The chunks of a box are one fixed list, so a run can stop after a chunk and resume.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "grid/board.hpp"
#include "grid/symmetry.hpp"

namespace grid {

struct RegionChunk {
  uint8_t rows = 0, cols = 0;
  uint8_t fixed = 0;    // squares the prefix fixes (the first ones, row-major)
  uint32_t prefix = 0;  // base kKeyLayers + 1, square 0 least significant: 0 neither, 1 a, 2 b
};

inline constexpr int kPrefixSquares = 6;

// The chunks of every board r x c (at most 64 squares) with r <= rows and c <= cols, or the
// other way round, whose prefix holds at most max_pieces squares in a layer.
template <class Rules>
std::vector<RegionChunk> region_chunks(int rows, int cols, int max_pieces) {
  constexpr uint32_t base = Rules::kKeyLayers + 1;
  std::vector<RegionChunk> out;
  for (int r = 1; r <= kMaxSquares; ++r)
    for (int c = 1; r * c <= kMaxSquares; ++c) {
      if (!((r <= rows && c <= cols) || (r <= cols && c <= rows))) continue;
      const int fixed = std::min(r * c, kPrefixSquares);
      uint32_t count = 1;
      for (int i = 0; i < fixed; ++i) count *= base;
      for (uint32_t prefix = 0; prefix < count; ++prefix) {
        int pieces = 0;
        for (uint32_t x = prefix; x; x /= base) pieces += x % base != 0;
        if (pieces <= max_pieces) out.push_back({uint8_t(r), uint8_t(c), uint8_t(fixed), prefix});
      }
    }
  return out;
}

// The test itself (see above).
template <class Rules>
bool is_whole_region(const Layers& l) {
  const auto p = Rules::from_layers(l);
  const Bits pieces = l.a | l.b;
  int regions = 0;
  Bits only = 0;
  Rules::for_each_region_squares(p, [&](Bits squares) { ++regions, only = squares; });
  if (regions != 1 || only != pieces) return false;
  const auto cut = Rules::cut_out(p, only);
  if (cut.rows != l.rows || cut.cols != l.cols) return false;
  return canonical(l, Rules::kNegation, true).rep == l;
}

// Calls f(p) for every whole region of at least 2 and at most max_pieces squares in a layer
// whose first squares are the chunk's prefix.
template <class Rules, class F>
void for_each_whole_region(const RegionChunk& chunk, int max_pieces, F&& f) {
  constexpr uint32_t base = Rules::kKeyLayers + 1;
  Layers l{chunk.rows, chunk.cols, 0, 0};
  const int squares = chunk.rows * chunk.cols;
  int pieces = 0;
  uint32_t x = chunk.prefix;
  for (int i = 0; i < chunk.fixed; ++i, x /= base) {
    if (x % base == 1) l.a |= bit(i), ++pieces;
    if (x % base == 2) l.b |= bit(i), ++pieces;
  }
  if (pieces > max_pieces) return;
  auto fill = [&](auto& self, int i, int placed) -> void {
    if (i == squares) {
      if (placed >= 2 && is_whole_region<Rules>(l)) f(Rules::from_layers(l));
      return;
    }
    self(self, i + 1, placed);
    if (placed == max_pieces) return;
    l.a |= bit(i);
    self(self, i + 1, placed + 1);
    l.a &= ~bit(i);
    if constexpr (Rules::kKeyLayers == 2) {
      l.b |= bit(i);
      self(self, i + 1, placed + 1);
      l.b &= ~bit(i);
    }
  };
  fill(fill, chunk.fixed, pieces);
}

}  // namespace grid
