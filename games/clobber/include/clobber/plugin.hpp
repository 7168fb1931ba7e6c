#pragma once
// Clobber as a plug-in (games/registry): its rules (rules.hpp) bound to the solvers and the
// facade by the grid games' common binding.
#include "clobber/rules.hpp"
#include "grid/game.hpp"

namespace clobber {

using Plugin = grid::Plugin<Rules>;

}  // namespace clobber
