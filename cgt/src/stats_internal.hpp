#pragma once
// Hooks between the thermograph cache (thermograph.cpp) and the statistics (stats.cpp).
#include "cgt/game.hpp"

namespace cgt::detail {

void clear_thermograph_cache();
CacheStats thermograph_cache_stats();

}  // namespace cgt::detail
