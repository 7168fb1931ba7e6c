#pragma once
// Domineering as a plug-in (games/registry): its rules (rules.hpp) bound to the solvers and the
// facade by the grid games' common binding.
#include "domineering/rules.hpp"
#include "grid/game.hpp"

namespace domineering {

using Plugin = grid::Plugin<Rules>;

}  // namespace domineering
