#pragma once
// A loopy toy game for the retrograde solver's tests (no Konane header): a token on a fixed
// random directed graph, with Left's arrows and Right's arrows. The player to move moves the
// token along one of his arrows; who cannot move loses. Arrows make cycles, so play can go
// on forever: positions are won, lost or drawn.
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "core/outcome.hpp"
#include "solver/retro/retro.hpp"

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
  void for_each_option(Position v, core::Side side, F&& f) const {
    for (uint32_t w : (core::is_left(side) ? graph->left : graph->right)[v]) f(w);
  }
};

struct Truth {
  core::Winner winner = core::Winner::Unknown;
  std::optional<uint16_t> distance;
  friend bool operator==(const Truth&, const Truth&) = default;
};

// By definition: the mover can force a win within n plies iff some move leads to a
// position the opponent (to move) loses within n - 1; he loses within n iff he has no move
// (n = 0) or every move leads to a position the opponent wins within n - 1. The least such
// n is the distance; what neither side can force within any n is a draw. The sets only grow
// with n, so the first n that adds nothing is a fixed point. Indexed by v * 2 + (Right to
// move).
inline std::vector<Truth> by_definition(const Graph& g) {
  const uint32_t nodes = g.size() * 2;
  std::vector<int> win_at(nodes, -1), loss_at(nodes, -1);
  for (int n = 0;; ++n) {
    bool changed = false;
    for (uint32_t u = 0; u < nodes; ++u) {
      if (win_at[u] >= 0 || loss_at[u] >= 0) continue;
      const bool left = u % 2 == 0;
      const auto& moves = left ? g.left[u / 2] : g.right[u / 2];
      if (n == 0) {
        if (moves.empty()) loss_at[u] = 0, changed = true;
        continue;
      }
      bool some_lost = false, all_won = true;
      for (uint32_t w : moves) {
        const uint32_t c = w * 2 + (left ? 1 : 0);
        some_lost |= loss_at[c] >= 0 && loss_at[c] <= n - 1;
        all_won &= win_at[c] >= 0 && win_at[c] <= n - 1;
      }
      if (some_lost) {
        win_at[u] = n;
        changed = true;
      } else if (all_won) {
        loss_at[u] = n;
        changed = true;
      }
    }
    if (!changed && n > 0) break;
  }
  std::vector<Truth> out(nodes);
  for (uint32_t u = 0; u < nodes; ++u) {
    const bool left = u % 2 == 0;
    if (win_at[u] >= 0)
      out[u] = {left ? core::Winner::Left : core::Winner::Right, uint16_t(win_at[u])};
    if (loss_at[u] >= 0)
      out[u] = {left ? core::Winner::Right : core::Winner::Left, uint16_t(loss_at[u])};
    if (win_at[u] < 0 && loss_at[u] < 0) out[u] = {core::Winner::Draw, std::nullopt};
  }
  return out;
}

}  // namespace loopy_toy
