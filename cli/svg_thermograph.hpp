#pragma once
// Drawing is presentation, so it lives with the command line rather than in cgt/.
#include <string>

#include "cgt/thermograph.hpp"

namespace konane::cli {

// A picture of the thermograph (value axis reversed as in the literature: Left's side, the
// larger values, on the left; temperature upwards), with labelled axes and ticks.
std::string thermograph_svg(const cgt::Thermograph& th, const std::string& title);

}  // namespace konane::cli
