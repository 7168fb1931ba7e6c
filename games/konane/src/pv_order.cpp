#include "konane/pv_order.hpp"

#include <algorithm>
#include <vector>

#include "konane/symmetry.hpp"

namespace konane {

MoveList pv_move_order(const Position& p, Color side) {
  MoveList moves;
  generate_moves(p, side, moves);
  struct Keyed {
    int replies;  // the opponent's moves in the position the move leads to
    CanonicalKey key;
    int index;
  };
  std::vector<Keyed> keyed;
  keyed.reserve(size_t(moves.size()));
  for (int i = 0; i < moves.size(); ++i) {
    const Position child = play(p, side, moves[i]);
    keyed.push_back({count_moves(child, opponent(side)), canonical(child, KeyGroup::Board).key, i});
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
    return a.replies != b.replies ? a.replies < b.replies : a.key < b.key;
  });
  MoveList out;
  for (const Keyed& k : keyed) out.push(moves[k.index]);
  return out;
}

}  // namespace konane
