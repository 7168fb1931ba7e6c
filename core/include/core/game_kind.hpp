#pragma once
// What kind of game a plug-in is, which decides the solvers and values that apply to it.
#include <cstdint>

namespace core {

enum class GameKind : uint8_t {
  ShortPartizan,  // finite, acyclic, normal play: CGT values, df-pn, retrograde analysis
  Loopy,          // play can repeat: retrograde analysis with draws and distances
};

}  // namespace core
