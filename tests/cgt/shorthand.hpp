#pragma once
// Shorthand the cgt tests share: dyadic literals and the set of a game's followers.
#include <cstdint>
#include <set>

#include "cgt/game.hpp"

namespace cgt_test {

// m / 2^k.
inline cgt::Dyadic D(int64_t m, int k) {
  return cgt::Dyadic::from_parts(m, k);
}
inline cgt::Dyadic I(int64_t n) {
  return cgt::Dyadic::from_int(n);
}

// g and every game reachable from it through options.
inline void collect(cgt::GameId g, std::set<cgt::GameId>& seen) {
  if (!seen.insert(g).second) return;
  for (cgt::GameId o : cgt::left_options(g)) collect(o, seen);
  for (cgt::GameId o : cgt::right_options(g)) collect(o, seen);
}

}  // namespace cgt_test
