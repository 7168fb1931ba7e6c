#include "konane/opening.hpp"

#include "konane/symmetry.hpp"

namespace konane {

std::optional<OpeningRule> parse_opening_rule(std::string_view t) {
  if (t == "standard") return OpeningRule::Standard;
  if (t == "any") return OpeningRule::Any;
  if (t == "piko") return OpeningRule::Piko;
  return std::nullopt;
}

const char* rule_name(OpeningRule r) {
  switch (r) {
    case OpeningRule::Standard:
      return "standard";
    case OpeningRule::Any:
      return "any";
    case OpeningRule::Piko:
      break;
  }
  return "piko";
}

Position full_board(int rows, int cols) {
  Position p;
  p.rows = static_cast<uint8_t>(rows);
  p.cols = static_cast<uint8_t>(cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      int sq = square_of(r, c);
      (is_dark(sq) ? p.white : p.black) |= bit(sq);
    }
  return p;
}

namespace {
// The central block: the squares whose 0-based row is floor((R-1)/2) or ceil((R-1)/2) and
// whose column is floor((C-1)/2) or ceil((C-1)/2) (1, 2 or 4 squares).
Bitboard central_block(int rows, int cols) {
  Bitboard centre = 0;
  for (int r : {(rows - 1) / 2, rows / 2})
    for (int c : {(cols - 1) / 2, cols / 2}) centre |= bit(square_of(r, c));
  return centre;
}
}  // namespace

Bitboard first_removals(int rows, int cols, OpeningRule rule, Color first) {
  const Bitboard own = full_board(rows, cols).stones(first);
  if (rule == OpeningRule::Any) return own;
  const Geometry& g = geometry(rows, cols);
  const Bitboard centre = central_block(rows, cols);
  Bitboard central = centre & own;
  if (!central) central = g.neighbours(centre) & own;
  if (rule == OpeningRule::Piko) return central;
  Bitboard corners = bit(square_of(0, 0)) | bit(square_of(0, cols - 1)) |
                     bit(square_of(rows - 1, 0)) | bit(square_of(rows - 1, cols - 1));
  return (corners & own) | central;
}

Bitboard second_removals(const Position& after_first, int hole, OpeningRule rule, Color second) {
  const Bitboard next_to_hole =
      after_first.geo().neighbours(bit(hole)) & after_first.stones(second);
  if (rule != OpeningRule::Piko) return next_to_hole;
  // Piko keeps the gap in the middle: the second stone comes from the central block when one
  // there is next to the hole (it always is on even sides, and when the block is one square
  // of the second player's colour); a lone centre square of the first player's colour
  // leaves its four neighbours.
  const Bitboard in_block = next_to_hole & central_block(after_first.rows, after_first.cols);
  return in_block ? in_block : next_to_hole;
}

Bitboard black_removals(int rows, int cols, OpeningRule rule) {
  return first_removals(rows, cols, rule, Color::Black);
}

Bitboard white_removals(const Position& after_black, int hole, OpeningRule rule) {
  return second_removals(after_black, hole, rule, Color::White);
}

std::vector<OpeningLine> opening_lines(int rows, int cols, OpeningRule rule) {
  std::vector<OpeningLine> out;
  const Position full = full_board(rows, cols);
  for (Bitboard b = black_removals(rows, cols, rule); b; b &= b - 1) {
    const int hole = lowest_square(b);
    const Position after = play(full, Color::Black, Move{uint8_t(hole), uint8_t(hole)});
    for (Bitboard w = white_removals(after, hole, rule); w; w &= w - 1) {
      const int sq = lowest_square(w);
      out.push_back(
          OpeningLine{hole, sq, play(after, Color::White, Move{uint8_t(sq), uint8_t(sq)})});
    }
  }
  return out;
}

Position opening_position(int rows, int cols, int black_hole, int white_hole) {
  const Position after =
      play(full_board(rows, cols), Color::Black, Move{uint8_t(black_hole), uint8_t(black_hole)});
  return play(after, Color::White, Move{uint8_t(white_hole), uint8_t(white_hole)});
}

std::vector<std::vector<size_t>> opening_line_images(int rows, int cols,
                                                     const std::vector<OpeningLine>& lines) {
  std::vector<std::vector<size_t>> images(lines.size());
  for (size_t k = 0; k < lines.size(); ++k)
    for (size_t k2 = 0; k2 < lines.size(); ++k2)
      for (int sym = 1; sym < board_symmetries(rows, cols); ++sym)
        if (lines[k2].black_hole != lines[k].black_hole &&
            !symmetry_swaps_square_colours(sym, rows, cols) &&
            transform_square(lines[k].black_hole, rows, cols, sym) == lines[k2].black_hole &&
            transform_square(lines[k].white_hole, rows, cols, sym) == lines[k2].white_hole) {
          images[k].push_back(k2);
          break;
        }
  return images;
}

}  // namespace konane
