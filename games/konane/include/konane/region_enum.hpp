#pragma once
// Every Konane position that is one whole region as searches cut regions out, on boards
// within a box: the positions `konane precompute` stores the values of.
//
// A WHOLE REGION is a position p whose split (decompose) is one region holding all of p's
// stones, whose cut-out is p itself (its zone spans p's board), and which is the
// representative of its class under the board's symmetries, the transposition of
// non-square boards and the colour swap (canonical(p, KeyGroup::Region), the key searches
// give regions). Every region a search meets is the image, under one of those maps, of
// exactly one whole region, on a board of the cut-out's shape or its transpose; so the
// whole regions of all boards up to R x C are each region class whose zone fits in an
// R x C box (either way round), once.
//
// WORK IN CHUNKS. The boards are taken in order of shape, and on each board the first
// kPrefixSquares squares (row-major) are fixed by a chunk: empty, black or white. The
// chunks of a box are one fixed list, so a run can stop after any chunk and resume.
#include <cstdint>
#include <type_traits>
#include <vector>

#include "konane/position.hpp"

namespace konane {

struct RegionChunk {
  uint8_t rows = 0, cols = 0;
  uint8_t fixed = 0;    // squares the prefix fixes (the first ones, row-major)
  uint32_t prefix = 0;  // base 3, square 0 least significant: 0 empty, 1 black, 2 white
};

inline constexpr int kPrefixSquares = 6;

// The chunks of every board r x c with r <= rows and c <= cols, or r <= cols and c <= rows
// (both orientations), whose prefix holds at most max_stones stones.
std::vector<RegionChunk> region_chunks(int rows, int cols, int max_stones);

// Calls f(p) for every whole region of at least 2 and at most max_stones stones whose
// first squares are the chunk's prefix.
void for_each_whole_region(const RegionChunk& chunk, int max_stones,
                           void (*f)(void* ctx, const Position& p), void* ctx);

template <class F>
void for_each_whole_region(const RegionChunk& chunk, int max_stones, F&& f) {
  for_each_whole_region(
      chunk, max_stones,
      [](void* c, const Position& p) { (*static_cast<std::remove_reference_t<F>*>(c))(p); },
      const_cast<void*>(static_cast<const void*>(&f)));
}

// The test itself (see above).
bool is_whole_region(const Position& p);

}  // namespace konane
