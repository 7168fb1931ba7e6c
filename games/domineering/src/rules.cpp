#include "domineering/rules.hpp"

namespace domineering {

std::string Rules::why_illegal(const Position& p, core::Side side, Move m) {
  const bool vertical = m.to - m.from != 1 || p.cols == 1;
  if (vertical != core::is_left(side))
    return std::string(core::side_colour(side)) + " places " +
           (core::is_left(side) ? "vertical" : "horizontal") + " dominoes";
  return grid::square_name((p.empty & grid::bit(m.from)) ? m.to : m.from, p.cols) + " is not empty";
}

}  // namespace domineering
