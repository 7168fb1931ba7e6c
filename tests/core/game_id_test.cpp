// Game ids are written to disk, so they must stay unique and name-stable.
#include "core/game_id.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace {

TEST(GameId, IdsAndNamesAreUniqueAndRoundTrip) {
  std::set<core::GameId> ids;
  std::set<std::string> names;
  for (const auto& g : core::kGames) {
    EXPECT_NE(g.id, 0) << "0 is never a game, so a zeroed key is never valid";
    EXPECT_TRUE(ids.insert(g.id).second) << g.name;
    EXPECT_TRUE(names.insert(std::string(g.name)).second) << g.name;
    EXPECT_EQ(core::game_id(g.name), g.id);
    EXPECT_EQ(core::game_name(g.id), g.name);
  }
}

TEST(GameId, TheStoredIdsNeverChange) {
  EXPECT_EQ(core::game_id("konane"), 1);
  EXPECT_EQ(core::game_id("ringboard"), 2);
}

TEST(GameId, UnknownNamesAndIds) {
  EXPECT_FALSE(core::game_id("chess").has_value());
  EXPECT_FALSE(core::game_id("").has_value());
  EXPECT_EQ(core::game_name(200), "game-200");
}

}  // namespace
