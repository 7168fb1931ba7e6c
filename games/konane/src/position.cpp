#include "konane/position.hpp"

namespace konane {

bool is_legal_jump(const Position& p, Color side, Move m) {
  if (m.is_removal()) return false;
  MoveList moves;
  generate_moves(p, side, moves);
  for (const Move& x : moves)
    if (x == m) return true;
  return false;
}

}  // namespace konane
