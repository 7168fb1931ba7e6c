#include "konane/perft.hpp"

namespace konane {

uint64_t perft(const Position& p, Color side, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return static_cast<uint64_t>(count_moves(p, side));  // bulk-count the leaves
  MoveList moves;
  generate_moves(p, side, moves);
  uint64_t n = 0;
  for (const Move& m : moves) n += perft(play(p, side, m), opponent(side), depth - 1);
  return n;
}

uint64_t perft_opening(int rows, int cols, OpeningRule rule, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return static_cast<uint64_t>(popcount(black_removals(rows, cols, rule)));
  uint64_t n = 0;
  for (const OpeningLine& line : opening_lines(rows, cols, rule))
    n += perft(line.position, Color::Black, depth - 2);
  return n;
}

}  // namespace konane
