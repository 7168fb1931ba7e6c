#pragma once
// Ringboard Checkers as a plug-in (games/registry). A loopy game with draws: the short-game
// verbs of the facade do not apply, and its commands are its own (cli/).
#include <string_view>

#include "core/game_kind.hpp"
#include "ringboard/endgame.hpp"

namespace ringboard {

struct Plugin {
  static constexpr std::string_view kName = "ringboard";
  static constexpr std::string_view kTitle = "Ringboard Checkers";
  static constexpr core::GameId kId = kGameId;
  static constexpr core::GameKind kKind = core::GameKind::Loopy;
};

}  // namespace ringboard
