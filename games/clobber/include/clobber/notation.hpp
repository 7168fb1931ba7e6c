#pragma once
// Clobber positions and moves as text: CGSuite's grid notation ("xo.|.ox", rows from the top,
// '/' also joins rows; x Black = Left, o White = Right, . empty, # blocked) and moves "b2-b3"
// from the moving stone's square to the captured stone's.
#include <optional>
#include <string>
#include <string_view>

#include "clobber/position.hpp"
#include "core/outcome.hpp"
#include "core/text.hpp"

namespace clobber {

inline constexpr std::string_view kSymbols = "xo.#";
inline constexpr std::string_view kSymbolNames = "x black, o white, . empty, # blocked";

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

}  // namespace clobber
