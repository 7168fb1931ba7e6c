#pragma once
// A loopy toy game for the retrograde solver's tests (no Konane header): a token on a fixed
// random directed graph, with Left's arrows and Right's arrows. The player to move moves the
// token along one of his arrows; who cannot move loses. Arrows make cycles, so play can go
// on forever: positions are won, lost or drawn.
#include <cstdint>
#include <random>
#include <vector>

#include "solver/retro.hpp"

namespace loopy_toy {

struct Graph {
  std::vector<std::vector<uint32_t>> left, right;  // arrows out of each vertex
  uint32_t size() const { return static_cast<uint32_t>(left.size()); }
};

// n vertices; each has 0..max_out arrows per side (none with probability 1/4, so there are
// terminal positions), mostly to nearby vertices so that cycles are short and common.
inline Graph random_graph(uint32_t n, int max_out, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Graph g;
  g.left.resize(n);
  g.right.resize(n);
  for (uint32_t v = 0; v < n; ++v)
    for (auto* arrows : {&g.left[v], &g.right[v]}) {
      if (rng() % 4 == 0) continue;
      const int k = 1 + static_cast<int>(rng() % max_out);
      for (int i = 0; i < k; ++i) {
        const uint32_t step = static_cast<uint32_t>(rng() % 7);
        arrows->push_back(rng() % 5 == 0 ? static_cast<uint32_t>(rng() % n) : (v + step) % n);
      }
    }
  return g;
}

struct Game {
  const Graph* graph;
  using Position = uint32_t;
  // Marks the game as loopy: the short-game solvers refuse it at compile time.
  static constexpr bool kLoopy = true;

  solver::RetroKey key(Position v) const { return {0, 0, v}; }
  template <class F>
  void for_each_option(Position v, bool left, F&& f) const {
    for (uint32_t w : (left ? graph->left : graph->right)[v]) f(w);
  }
};

}  // namespace loopy_toy
