#include "domineering/notation.hpp"

#include <algorithm>

#include "grid/text.hpp"

namespace domineering {

namespace {
std::array<Bits, grid::kMaxSymbols> layers_of(const Position& p) {
  return {p.empty, p.geo().board & ~p.empty, 0, 0};
}
}  // namespace

std::optional<ParsedPosition> parse_position(std::string_view text, core::TextError* error) {
  const auto cells = grid::parse_cells(text, kSymbols, kSymbolNames, error);
  if (!cells) return std::nullopt;
  ParsedPosition out;
  out.position = Position{static_cast<uint8_t>(cells->rows), static_cast<uint8_t>(cells->cols),
                          cells->layer[0]};
  out.to_move = cells->to_move;
  out.to_move_given = cells->to_move_given;
  return out;
}

std::string to_string(const Position& p) {
  return grid::cells_text(p.rows, p.cols, layers_of(p), kSymbols);
}

std::string draw(const Position& p) {
  return grid::draw_cells(p.rows, p.cols, layers_of(p), kSymbols);
}

std::string to_string(const Position& p, Move m) {
  return grid::move_text(m, p.cols);
}

std::optional<Move> parse_move(const Position& p, bool left, std::string_view text,
                               std::string* error) {
  auto m = grid::parse_move_text(text, p.rows, p.cols, error);
  if (!m) return std::nullopt;
  if (m->from > m->to) std::swap(m->from, m->to);
  const MoveList legal = legal_moves(p, left);
  if (std::find(legal.begin(), legal.end(), *m) != legal.end()) return m;
  if (error) {
    const bool vertical = m->to - m->from != 1 || p.cols == 1;
    if (vertical != left)
      *error = "illegal move " + std::string(text) + ": " + (left ? "black" : "white") +
               " places " + (left ? "vertical" : "horizontal") + " dominoes";
    else
      *error = "illegal move " + std::string(text) + ": " +
               grid::square_name((p.empty & grid::bit(m->from)) ? m->to : m->from, p.cols) +
               " is not empty";
  }
  return std::nullopt;
}

}  // namespace domineering
