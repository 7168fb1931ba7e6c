#pragma once
// The removal phase: Black removes one black stone, White one white stone next to the hole.
#include <optional>
#include <string_view>
#include <vector>

#include "konane/position.hpp"

namespace konane {

// standard and any as the spec defines them; piko (the Konane Players Association's start,
// seed 001): "two adjoining stones, one of each colour, removed from the middle": Black
// removes a black stone the standard rule allows in the middle (not a corner), White a white
// stone next to it in the central block (any white stone next to it when the block has none
// there).
enum class OpeningRule : uint8_t { Standard, Any, Piko };
std::optional<OpeningRule> parse_opening_rule(std::string_view text);
const char* rule_name(OpeningRule r);

// Square (file f, rank r), 1-based, is dark when f + r is even; white stones fill the dark
// squares and black stones the light ones.
constexpr bool is_dark(int sq) {
  return ((row_of(sq) + col_of(sq)) & 1) == 0;
}
Position full_board(int rows, int cols);

// Squares Black may empty on the full board under `rule` (see the spec: corners and the
// central block, or the black stones next to the block when it holds none).
Bitboard black_removals(int rows, int cols, OpeningRule rule);
// Squares White may empty once Black has emptied `hole`.
Bitboard white_removals(const Position& after_black, int hole, OpeningRule rule);
// The same two steps for either colour beginning: in a Konane Players Association match
// White begins the second game, removing first under the same rule applied to White's
// stones. black_removals and white_removals are these with Black first.
Bitboard first_removals(int rows, int cols, OpeningRule rule, Color first);
Bitboard second_removals(const Position& after_first, int hole, OpeningRule rule, Color second);

// Every way through the removal phase: the two emptied squares and the position after them
// (Black to move, jumps from here on), ordered by Black's square, then White's.
struct OpeningLine {
  int black_hole = 0, white_hole = 0;
  Position position;
};
std::vector<OpeningLine> opening_lines(int rows, int cols, OpeningRule rule);
// For each line, the lines of other Black removals that are its images under a board
// symmetry keeping square colours (mapping one's holes onto the other's): Black to move
// wins one iff he wins the other. Only the first such image per other removal is listed.
std::vector<std::vector<size_t>> opening_line_images(int rows, int cols,
                                                     const std::vector<OpeningLine>& lines);
// The position after Black empties black_hole and White white_hole (both legal).
Position opening_position(int rows, int cols, int black_hole, int white_hole);

}  // namespace konane
