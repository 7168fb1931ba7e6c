#include "core/outcome.hpp"

namespace core {

const char* winner_name(Winner w) {
  switch (w) {
    case Winner::Left:
      return "left";
    case Winner::Right:
      return "right";
    case Winner::Draw:
      return "draw";
    case Winner::Unknown:
      break;
  }
  return "unknown";
}

}  // namespace core
