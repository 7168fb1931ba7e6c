#include "domineering/rules.hpp"

namespace domineering {

std::string Rules::why_illegal(const Position& p, bool left, Move m) {
  const bool vertical = m.to - m.from != 1 || p.cols == 1;
  if (vertical != left)
    return std::string(left ? "black" : "white") + " places " + (left ? "vertical" : "horizontal") +
           " dominoes";
  return grid::square_name((p.empty & grid::bit(m.from)) ? m.to : m.from, p.cols) + " is not empty";
}

}  // namespace domineering
