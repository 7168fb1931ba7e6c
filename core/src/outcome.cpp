#include "core/outcome.hpp"

namespace core {

const char* side_name(Side s) {
  return s == Side::Left ? "left" : "right";
}

const char* result_name(Result r) {
  switch (r) {
    case Result::Win:
      return "win";
    case Result::Loss:
      return "loss";
    case Result::Draw:
      return "draw";
    case Result::Unknown:
      break;
  }
  return "unknown";
}

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
