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
  const Position full = full_board(rows, cols);
  uint64_t n = 0;
  for (Bitboard b = black_removals(rows, cols, rule); b; b &= b - 1) {
    const int hole = lowest_square(b);
    const Position after_black = play(full, Color::Black, Move{uint8_t(hole), uint8_t(hole)});
    const Bitboard replies = white_removals(after_black, hole);
    if (depth == 1) {
      ++n;
      continue;
    }
    if (depth == 2) {
      n += static_cast<uint64_t>(popcount(replies));
      continue;
    }
    for (Bitboard w = replies; w; w &= w - 1) {
      const int sq = lowest_square(w);
      n += perft(play(after_black, Color::White, Move{uint8_t(sq), uint8_t(sq)}), Color::Black,
                 depth - 2);
    }
  }
  return n;
}

}  // namespace konane
