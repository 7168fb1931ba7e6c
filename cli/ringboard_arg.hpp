#pragma once
// The position argument of the Ringboard commands (--game ringboard): POSITION text or the
// word `start`, an optional --to-move that must agree with a side written in the text, and
// --moves played in turn.
#include <optional>
#include <string>
#include <vector>

#include "api/json.hpp"
#include "options.hpp"
#include "ringboard/notation.hpp"

namespace konane::cli {

struct RingboardState {
  ringboard::Position position;
  ringboard::Color to_move = ringboard::Color::Black;
};

// Adds POSITION (positional), --to-move and --moves to desc; returns the positional names.
std::vector<std::string> add_ringboard_position_options(po::options_description& desc);
// The position the options name; nullopt after printing an error (exit 2).
std::optional<RingboardState> resolve_ringboard_position(const po::variables_map& vm,
                                                         const std::string& command, Io io);
const char* ringboard_color_name(ringboard::Color c);  // "black", "white"
// The fields every Ringboard command's JSON starts with: "game", "position", "to_move".
void ringboard_position_json(api::JsonWriter& j, const RingboardState& s);
// The legal moves in the rules engine's order (the order of the game's for_each_option), or
// sorted by their text (a capture path's squares in order); nullopt if too many to list.
std::optional<std::vector<ringboard::Move>> listed_moves(const RingboardState& s);
std::optional<std::vector<ringboard::Move>> sorted_moves(const RingboardState& s);
bool text_order(const ringboard::Move& a, const ringboard::Move& b);

}  // namespace konane::cli
