#pragma once
// Perft: the number of move sequences of exactly `depth` plies (a line ending early counts 0).
#include <cstdint>

#include "konane/opening.hpp"
#include "konane/position.hpp"

namespace konane {

uint64_t perft(const Position& p, Color to_move, int depth);
// From the full board: ply 1 is Black's removal, ply 2 White's, then jumps with Black to move.
uint64_t perft_opening(int rows, int cols, OpeningRule rule, int depth);

}  // namespace konane
