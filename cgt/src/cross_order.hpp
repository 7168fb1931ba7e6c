#pragma once
// Order between the options of a sum a + b that come from different components:
// x_i = a^o_i + b against y_j = a + b^o_j, for one side o (Left or Right).
//
// Adding one value to both sides of a comparison keeps the order, so when a pair differs by
// a nimber shift it can be compared through simpler games that many pairs share:
//   a = *m:                      x_i <= y_j  iff  *(m ^ m_i) + b <= b^o_j     (a^o_i = *m_i)
//                                            iff  b <= b^o_j + *(m ^ m_i)
//   b = *m:                      x_i <= y_j  iff  a^o_i <= *(m ^ m_j) + a     (b^o_j = *m_j)
//                                            iff  a^o_i + *(m ^ m_j) <= a
//   a^o_i = v + *n_i, b^o_j = v + *n_j (same number and up-multiple, v = x + k.up):
//                                x_i <= y_j  iff  *(n_i ^ n_j) + b <= a
// In the first two rules the second form is used when the other component's option is a
// number + up + nimber value: the shift is then NUS arithmetic, and the many pairs compare
// one fixed game against few distinct NUS values, which the comparison cache answers (the
// first form would compare a different shifted sum for every m_i). Otherwise the shifted
// sum is used only when it is itself one of the x (or y), i.e. m ^ m_i < m, so no new sum is
// built and the rule cannot re-enter the sum in progress.
// The third builds *j + b; it is used only when neither component is a number + up +
// nimber value (so *j + b cannot re-enter an unfinished sum: that would need b, or a
// component of a sum in progress, to be a nimber) and only when few shifts serve many pairs.
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cgt/game.hpp"

namespace cgt::detail {

class CrossOrder {
 public:
  CrossOrder(GameId a, GameId b, std::span<const GameId> ao, std::span<const GameId> bo,
             std::span<const GameId> x, std::span<const GameId> y);
  // Games (p, q) with x_i <= y_j iff p <= q and y_j <= x_i iff q <= p: the pair itself, or
  // the simpler pair one of the rules above gives.
  std::pair<GameId, GameId> reduce(size_t i, size_t j);

 private:
  enum class Rule { None, ShiftA, ShiftB, Common };
  // For Common: the shifted sum *(n_i ^ n_j) + b, or kNoGame when the pair is not eligible.
  GameId common_shift(size_t i, size_t j);

  GameId a_, b_;
  std::span<const GameId> ao_, bo_, x_, y_;
  Rule rule_ = Rule::None;
  uint32_t shift_ = 0;  // ShiftA, ShiftB: the m of the nimber component
  // ShiftA: for each i, the index k with a^o_k = *(m ^ m_i), or -1 when m ^ m_i > m.
  // ShiftB: the same for each j.
  std::vector<int> partner_;
  // Common: per option, its nimber and a class id shared by options with the same number
  // and up-multiple (-1 for options that are not number + up + nimber values).
  std::vector<int> a_class_, b_class_;
  std::vector<uint32_t> a_nim_, b_nim_;
  std::unordered_map<uint32_t, GameId> shifted_;
};

}  // namespace cgt::detail
