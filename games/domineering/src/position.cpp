#include "domineering/position.hpp"

namespace domineering {

Position cut_out(const Position& p, Bits squares) {
  const grid::Box box = grid::bounding_box(p.rows, p.cols, squares);
  return Position{static_cast<uint8_t>(box.rows), static_cast<uint8_t>(box.cols),
                  grid::crop(squares, p.cols, box)};
}

}  // namespace domineering
