#include "grid/symmetry.hpp"

#include <tuple>

namespace grid {

namespace {
bool less(const Layers& x, const Layers& y) {
  return std::tie(x.rows, x.cols, x.a, x.b) < std::tie(y.rows, y.cols, y.a, y.b);
}
}  // namespace

Canon canonical(const Layers& x, Negation negation, bool all_shapes) {
  // The least image of the position itself (best[0]) and of its negative (best[1]).
  Layers best[2];
  bool found[2] = {false, false};
  const bool square = x.rows == x.cols;
  for (int t = 0; t < kTransforms; ++t) {
    if (transposes(t) && !all_shapes && !square) continue;
    Layers img;
    img.rows = transposes(t) ? x.cols : x.rows;
    img.cols = transposes(t) ? x.rows : x.cols;
    img.a = transform(x.a, x.rows, x.cols, t);
    img.b = transform(x.b, x.rows, x.cols, t);
    const int flips = negation == Negation::Transpose && transposes(t) ? 1 : 0;
    for (int swap = 0; swap < (negation == Negation::SwapLayers ? 2 : 1); ++swap) {
      const Layers y = swap ? Layers{img.rows, img.cols, img.b, img.a} : img;
      const int neg = flips ^ swap;
      if (!found[neg] || less(y, best[neg])) best[neg] = y;
      found[neg] = true;
    }
  }
  Canon out;
  out.self_negative = found[1] && best[1] == best[0];
  out.negated = found[1] && less(best[1], best[0]);
  out.rep = out.negated ? best[1] : best[0];
  return out;
}

}  // namespace grid
