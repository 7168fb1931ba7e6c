#include "ringboard/perft.hpp"

namespace ringboard {

std::optional<uint64_t> perft(const Position& p, Color side, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  if (!generate_moves(p, side, moves)) return std::nullopt;
  if (depth == 1) return moves.size();
  uint64_t n = 0;
  for (const Move& m : moves) {
    const auto sub = perft(play(p, side, m), opponent(side), depth - 1);
    if (!sub) return std::nullopt;
    n += *sub;
  }
  return n;
}

}  // namespace ringboard
