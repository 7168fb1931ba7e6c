#pragma once
// Who moves and who wins, in the terms every layer shares. Games name their sides as they
// like (Konane's Black is Left); below the games everything speaks of Left and Right.
//
// Two views of one fact: Result is relative to the player to move (what a search proves),
// Winner is absolute (what a database stores and a user reads). Draws exist in games with
// cycles (retrograde analysis finds them); a normal-play acyclic game never has one.
#include <cstdint>
#include <optional>
#include <string_view>

namespace core {

enum class Side : uint8_t { Left = 0, Right = 1 };

// The side a user names on a command line (--to-move), one rule for every game: "black" or
// "b" is Left, "white" or "w" is Right (every game here calls Left Black).
constexpr std::optional<Side> parse_side_name(std::string_view text) {
  if (text == "black" || text == "b") return Side::Left;
  if (text == "white" || text == "w") return Side::Right;
  return std::nullopt;
}
inline constexpr const char* kSideNames = "black or white (or b, w)";
// The names users read: "black" for Left, "white" for Right.
constexpr const char* side_colour(Side s) {
  return s == Side::Left ? "black" : "white";
}
// " b" or " w": the side to move written after a position's text, in every game's notation.
constexpr const char* side_suffix(Side s) {
  return s == Side::Left ? " b" : " w";
}
constexpr Side opponent(Side s) {
  return s == Side::Left ? Side::Right : Side::Left;
}
// The solvers' contract speaks of Left as a bool (solver/game.hpp); these cross over.
constexpr bool is_left(Side s) {
  return s == Side::Left;
}
constexpr Side side_of(bool left) {
  return left ? Side::Left : Side::Right;
}

// For the player to move.
enum class Result : uint8_t { Win, Loss, Draw, Unknown };
// The same result for the other player.
constexpr Result flip(Result r) {
  return r == Result::Win ? Result::Loss : r == Result::Loss ? Result::Win : r;
}

// Absolute.
enum class Winner : uint8_t { Left, Right, Draw, Unknown };
const char* winner_name(Winner w);  // "left", "right", "draw", "unknown"
// "black" (Left), "white" (Right), "draw" or "unknown": winners as users read them.
constexpr const char* winner_colour(Winner w) {
  switch (w) {
    case Winner::Left:
      return "black";
    case Winner::Right:
      return "white";
    case Winner::Draw:
      return "draw";
    case Winner::Unknown:
      break;
  }
  return "unknown";
}

// The same fact with Left and Right exchanged (a colour-swapped position).
constexpr Winner swap_sides(Winner w) {
  return w == Winner::Left ? Winner::Right : w == Winner::Right ? Winner::Left : w;
}

constexpr Winner winner_of(Side mover, Result r) {
  switch (r) {
    case Result::Win:
      return mover == Side::Left ? Winner::Left : Winner::Right;
    case Result::Loss:
      return mover == Side::Left ? Winner::Right : Winner::Left;
    case Result::Draw:
      return Winner::Draw;
    case Result::Unknown:
      break;
  }
  return Winner::Unknown;
}

constexpr Result result_for(Side mover, Winner w) {
  switch (w) {
    case Winner::Left:
      return mover == Side::Left ? Result::Win : Result::Loss;
    case Winner::Right:
      return mover == Side::Right ? Result::Win : Result::Loss;
    case Winner::Draw:
      return Result::Draw;
    case Winner::Unknown:
      break;
  }
  return Result::Unknown;
}

}  // namespace core
