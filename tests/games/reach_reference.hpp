#pragma once
// The plain reach of a reference grid: every position of its stones played alone, by any
// sequence of moves of either side, searched on the grids of reference.hpp (their own move
// generator), and the squares each colour occupies in them. For reach_test and regions_test.
#include <set>
#include <string>
#include <vector>

#include "konane/notation.hpp"
#include "konane/position.hpp"
#include "reference.hpp"

namespace reachref {

struct Reach {
  konane::Bitboard black = 0, white = 0;
  long positions = 0;  // how many were found, at most the limit asked for
};

inline konane::Bitboard square_bit(const ref::Grid& g, int r, int c) {
  return konane::bit(konane::square_of(g.rows - 1 - r, c));  // grid row 0 is the top rank
}

// Stops after `limit` positions (then the sets are partial).
inline Reach reach(const ref::Grid& start, long limit) {
  Reach out;
  std::set<std::string> seen{start.text()};
  std::vector<ref::Grid> todo{start};
  while (!todo.empty() && long(seen.size()) < limit) {
    const ref::Grid g = todo.back();
    todo.pop_back();
    for (int r = 0; r < g.rows; ++r)
      for (int c = 0; c < g.cols; ++c) {
        if (g.at(r, c) == 'x') out.black |= square_bit(g, r, c);
        if (g.at(r, c) == 'o') out.white |= square_bit(g, r, c);
      }
    for (char mover : {'x', 'o'})
      for (const ref::Move& m : ref::moves(g, mover)) {
        const ref::Grid next = ref::apply(g, m);
        if (seen.insert(next.text()).second) todo.push_back(next);
      }
  }
  // Positions found but not yet expanded still count their stones.
  for (const ref::Grid& g : todo)
    for (int r = 0; r < g.rows; ++r)
      for (int c = 0; c < g.cols; ++c) {
        if (g.at(r, c) == 'x') out.black |= square_bit(g, r, c);
        if (g.at(r, c) == 'o') out.white |= square_bit(g, r, c);
      }
  out.positions = long(seen.size());
  return out;
}

// The same stones, played alone, as a grid: only the squares of `black` and `white` kept.
inline ref::Grid grid_of(const ref::Grid& g, konane::Bitboard black, konane::Bitboard white) {
  ref::Grid out = ref::empty_grid(g.rows, g.cols);
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.cols; ++c) {
      if (black & square_bit(g, r, c)) out.cell[r][c] = 'x';
      if (white & square_bit(g, r, c)) out.cell[r][c] = 'o';
    }
  return out;
}

inline konane::Position position_of(const ref::Grid& grid) {
  konane::TextError err;
  const auto p = konane::parse_position(grid.text(), &err);
  return p ? p->position : konane::Position{};
}

}  // namespace reachref
