#pragma once
// Domineering positions and moves as text: CGSuite's grid notation ("..#|...", rows from the
// top, '/' also joins rows; . empty, # filled) and moves "b2-b3" naming the domino's two squares
// (Left's vertical, Right's horizontal), in either order.
#include <optional>
#include <string>
#include <string_view>

#include "core/outcome.hpp"
#include "core/text.hpp"
#include "domineering/position.hpp"

namespace domineering {

inline constexpr std::string_view kSymbols = ".#";
inline constexpr std::string_view kSymbolNames = ". empty, # filled";

struct ParsedPosition {
  Position position;
  core::Side to_move = core::Side::Left;
  bool to_move_given = false;
};
std::optional<ParsedPosition> parse_position(std::string_view text, core::TextError* error);
std::string to_string(const Position& p);
std::string draw(const Position& p);
std::string to_string(const Position& p, Move m);
// A legal move of the side to move, or nullopt with *error saying why not.
std::optional<Move> parse_move(const Position& p, bool left, std::string_view text,
                               std::string* error);

}  // namespace domineering
