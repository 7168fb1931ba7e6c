#include "grid/moves.hpp"

#include <cstdlib>

#include "grid/board.hpp"

namespace grid {

std::string move_text(Move m, int cols) {
  return square_name(m.from, cols) + "-" + square_name(m.to, cols);
}

std::optional<Move> parse_move_text(std::string_view text, int rows, int cols, std::string* error) {
  const size_t dash = text.find('-');
  if (dash == std::string_view::npos) {
    if (error)
      *error = "expected a move like b2-b3 (two adjacent squares), got '" + std::string(text) + "'";
    return std::nullopt;
  }
  int sq[2];
  const std::string_view part[2] = {text.substr(0, dash), text.substr(dash + 1)};
  for (int i = 0; i < 2; ++i) {
    const auto s = parse_square(part[i], rows, cols);
    if (!s) {
      if (error)
        *error = "'" + std::string(part[i]) + "' is not a square of the " + std::to_string(rows) +
                 "x" + std::to_string(cols) + " board";
      return std::nullopt;
    }
    sq[i] = *s;
  }
  const int dr = sq[1] / cols - sq[0] / cols, dc = sq[1] % cols - sq[0] % cols;
  if (std::abs(dr) + std::abs(dc) != 1) {
    if (error) *error = "the squares of '" + std::string(text) + "' are not adjacent";
    return std::nullopt;
  }
  return Move{static_cast<uint8_t>(sq[0]), static_cast<uint8_t>(sq[1])};
}

}  // namespace grid
