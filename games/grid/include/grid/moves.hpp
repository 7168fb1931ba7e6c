#pragma once
// A move of a grid game: two squares (Clobber: from and to; Domineering: the domino's lower or
// left square and the other), and a fixed-capacity list of them (no allocation per node).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/fixed_list.hpp"

namespace grid {

struct Move {
  uint8_t from = 0, to = 0;
  friend bool operator==(const Move&, const Move&) = default;
  friend bool operator<(const Move& a, const Move& b) {
    return a.from != b.from ? a.from < b.from : a.to < b.to;
  }
};

// Each square starts at most four moves of one side (one per direction).
inline constexpr int kMaxMoves = 4 * 64;

using MoveList = core::FixedList<Move, kMaxMoves>;

// "b2-b3"; the squares' names on a board `cols` wide.
std::string move_text(Move m, int cols);
// Two orthogonally adjacent squares of a rows x cols board written "b2-b3"; syntax and
// adjacency only, legality is the caller's business. On failure *error says why.
std::optional<Move> parse_move_text(std::string_view text, int rows, int cols, std::string* error);

}  // namespace grid
