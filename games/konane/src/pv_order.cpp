#include "konane/pv_order.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "konane/symmetry.hpp"

namespace konane {

MoveList pv_move_order(const Position& p, Color side) {
  MoveList moves;
  generate_moves(p, side, moves);
  std::vector<std::pair<CanonicalKey, int>> keyed;
  for (int i = 0; i < moves.size(); ++i)
    keyed.emplace_back(canonical(play(p, side, moves[i]), KeyGroup::Board).key, i);
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  MoveList out;
  for (const auto& [key, i] : keyed) out.push(moves[i]);
  return out;
}

}  // namespace konane
