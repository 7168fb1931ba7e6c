#pragma once
// Ringboard text (../shared/spec/ringboard-rules.md, "Board and notation"): positions as ten
// ranks from 10 down to 1 joined by '/', then optionally a space and the side to move;
// squares as file letter and rank number (a1 .. j10); moves as `c3-d4` (a step) or
// `c3xe5xg7` (a capture: the start and every landing).
#include <optional>
#include <string>
#include <string_view>

#include "ringboard/position.hpp"

namespace ringboard {

// A side never has more than the 12 pieces it starts with (no move adds one).
inline constexpr int kMaxPieces = 12;

struct ParsedPosition {
  Position position;
  Color to_move = Color::Black;
};

// nullopt and a message naming the rank, the square or the character on bad input.
std::optional<ParsedPosition> parse_position(std::string_view text, std::string* error);
std::string to_string(const Position& p);                 // the ten ranks only
std::string to_string(const Position& p, Color to_move);  // with " b" or " w"

std::string square_name(int sq);                    // "a1" .. "j10"
std::optional<int> parse_square(std::string_view);  // dark squares only
std::string move_text(const Move& m);

// The legal move of `side` written `text`, or nullopt with a message.
std::optional<Move> parse_move(const Position& p, Color side, std::string_view text,
                               std::string* error);

}  // namespace ringboard
