#pragma once
// The order in which principal variations try the mover's moves: by the canonical key of
// the position each leads to (board symmetries, symmetry.hpp), ties in generation order.
// The order is a function of the position, and the same up to ties for every symmetric
// image of it, so a line read from the database for an image of a solved position is the
// line a search of that image gives.
#include "konane/position.hpp"

namespace konane {

MoveList pv_move_order(const Position& p, Color side);

}  // namespace konane
