#pragma once
// Thermographs with exact dyadic breakpoints (conventions: shared/spec/konane-rules.md, which
// follows CGSuite: temperatures start at -1, so a number m/2^k has temperature -1/2^k).
#include <string>
#include <vector>

#include "cgt/dyadic.hpp"

namespace cgt {

// A continuous piecewise-linear function value(t) on [-1, +infinity). Segment i starts at
// temperature temps[i] with value values[i] and has slope slopes[i] (d value / d t) until
// temps[i+1]; the last segment goes on forever. temps[0] == -1 and temps is strictly
// increasing. Slopes are integers: every wall of a short game has slope -1, 0 or +1, and the
// intermediate scaffolds at most +-2, which keeps every intersection dyadic.
struct Trajectory {
  std::vector<Dyadic> temps;
  std::vector<Dyadic> values;
  std::vector<int> slopes;

  static Trajectory constant(const Dyadic& v);
  Dyadic at(const Dyadic& t) const;
  // value(t) + s * t.
  Trajectory tilted(int s) const;
  // The same function on [-1, t], then constant (a vertical mast) above t.
  Trajectory capped(const Dyadic& t) const;
  static Trajectory max(const Trajectory& a, const Trajectory& b);
  static Trajectory min(const Trajectory& a, const Trajectory& b);
  friend bool operator==(const Trajectory&, const Trajectory&) = default;
};

struct Thermograph {
  Trajectory left_wall;   // Left's wall: the left stop of G cooled by t
  Trajectory right_wall;  // Right's wall
  Dyadic mast;            // the mean: where the walls meet and the mast rises
  Dyadic temperature;     // where the mast starts

  // "mast 1/2 from t=1/2; left wall (-1,2) (1/2,1/2); right wall (-1,-1) (1/2,1/2)".
  std::string to_string() const;
  friend bool operator==(const Thermograph&, const Thermograph&) = default;
};

}  // namespace cgt
