#pragma once
// Which game a stored record belongs to. The id is written to disk (it leads every database
// key), so ids are never reused or renumbered; a new game appends one line to kGames. The
// names appear in database meta keys and on the command line (--game).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace core {

using GameId = std::uint8_t;

struct GameName {
  GameId id;
  std::string_view name;
};

inline constexpr std::array<GameName, 4> kGames{
    {{1, "konane"}, {2, "ringboard"}, {3, "clobber"}, {4, "domineering"}}};

constexpr std::optional<GameId> game_id(std::string_view name) {
  for (const auto& g : kGames)
    if (g.name == name) return g.id;
  return std::nullopt;
}

// The registered name, or "game-N" for an id no game claims (a newer build's record).
std::string game_name(GameId id);

}  // namespace core
