#pragma once
// What the facade's tests share: a request naming a game and a position.
#include <string>

#include "api/requests.hpp"

namespace apitest {

inline api::PositionRequest req(const std::string& game, const std::string& position) {
  api::PositionRequest r;
  r.game = game;
  r.position = position;
  return r;
}

}  // namespace apitest
