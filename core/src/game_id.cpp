#include "core/game_id.hpp"

namespace core {

std::string game_name(GameId id) {
  for (const auto& g : kGames)
    if (g.id == id) return std::string(g.name);
  return "game-" + std::to_string(id);
}

}  // namespace core
