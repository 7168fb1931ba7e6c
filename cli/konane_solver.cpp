#include "konane_solver.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "konane/symmetry.hpp"
#include "solver/reply_rounds.hpp"

namespace konane::cli {

std::optional<std::vector<std::pair<Region, cgt::GameId>>> KonaneSolver::region_values(
    const Position& p) {
  RegionList regions;
  const int n = decompose(p, regions);
  std::vector<std::pair<Region, cgt::GameId>> out;
  for (int i = 0; i < n; ++i) {
    const auto v = value(cut_out(regions[i]));
    if (!v) return std::nullopt;
    out.emplace_back(regions[i], *v);
  }
  return out;
}

}  // namespace konane::cli
