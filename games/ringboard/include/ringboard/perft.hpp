#pragma once
// Leaf counts of the move tree (every distinct capture path counts as its own move).
#include <cstdint>
#include <optional>

#include "ringboard/position.hpp"

namespace ringboard {

// Leaves at `depth` plies; nullopt if some position had more moves than a MoveList holds.
std::optional<uint64_t> perft(const Position& p, Color side, int depth);

}  // namespace ringboard
