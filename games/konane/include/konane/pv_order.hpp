#pragma once
// The order in which principal variations try the mover's moves: fewest replies first (the
// opponent's moves in the position a move leads to), then by the canonical key of that
// position (board symmetries, symmetry.hpp), ties in generation order.
//
// The order is a function of the position, and the same up to ties for every symmetric
// image of it (a symmetry maps moves to moves, so it keeps both the reply count and the
// canonical key), so a line read from the database for an image of a solved position is the
// line a search of that image gives.
//
// WHY REPLIES FIRST. The winner plays his first winning move in this order, and every move
// before it must be proved to lose, each a full search. By canonical key alone those proofs
// were 881,554 of the 8,989,246 nodes of 22 solves of 31-37 stones on 8x8 (1 thread); a
// move that leaves the opponent few replies wins more often, and with it first they were
// 143,373 nodes (the whole solves 8,251,065). The opponent's replies minus the mover's own
// moves did worse (294,326) and twice the replies minus the mover's moves no better
// (145,428).
#include "konane/position.hpp"

namespace konane {

MoveList pv_move_order(const Position& p, Color side);

}  // namespace konane
