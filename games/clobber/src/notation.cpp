#include "clobber/notation.hpp"

#include <algorithm>

#include "grid/text.hpp"

namespace clobber {

namespace {
std::array<Bits, grid::kMaxSymbols> layers_of(const Position& p) {
  const Bits empty = p.geo().board & ~(p.black | p.white | p.blocked);
  return {p.black, p.white, empty, p.blocked};
}
}  // namespace

std::optional<ParsedPosition> parse_position(std::string_view text, core::TextError* error) {
  const auto cells = grid::parse_cells(text, kSymbols, kSymbolNames, error);
  if (!cells) return std::nullopt;
  ParsedPosition out;
  out.position = Position{static_cast<uint8_t>(cells->rows), static_cast<uint8_t>(cells->cols),
                          cells->layer[0], cells->layer[1], cells->layer[3]};
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
  const auto m = grid::parse_move_text(text, p.rows, p.cols, error);
  if (!m) return std::nullopt;
  const MoveList legal = legal_moves(p, left);
  if (std::find(legal.begin(), legal.end(), *m) != legal.end()) return m;
  if (error) {
    const char* mover = left ? "black" : "white";
    if (!(p.own(left) & grid::bit(m->from)))
      *error = "illegal move " + std::string(text) + ": no " + mover + " stone on " +
               grid::square_name(m->from, p.cols);
    else
      *error = "illegal move " + std::string(text) + ": " + grid::square_name(m->to, p.cols) +
               " holds no " + (left ? "white" : "black") + " stone to clobber";
  }
  return std::nullopt;
}

}  // namespace clobber
