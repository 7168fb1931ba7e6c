#pragma once
// Where a front end asks a game of Konane to start: position text, or the full board with its
// opening rule; the side to move; moves played in turn from there. Every front end (the
// command line, the library facade, the Python module, the web board) reads its request
// through start_game, so each bad request gets the same message everywhere.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/shape.hpp"
#include "konane/game_state.hpp"

namespace konane {

// "RxC" (or "RXC") with 1 <= R, C <= kMaxDim. On failure *error says what is wrong.
std::optional<core::Shape> parse_board_size(std::string_view text, std::string* error);

// Parses position text. On failure *error holds the parser's message with row/column/character,
// then (on two more lines) the text with a caret under the bad character.
std::optional<ParsedPosition> parse_position_text(std::string_view text, std::string* error);

// The request, as typed (unset = not given).
struct StartRequest {
  std::vector<std::string> position;  // POSITION (one element, or board + side)
  std::optional<std::string> board, opening, to_move, moves;  // moves: "d5,e5,b5-d5"
};
struct Started {
  GameState start;  // from the position or the board
  GameState state;  // after the moves
  std::vector<Move> played;
};
std::optional<Started> start_game(const StartRequest& in, std::string* error);

}  // namespace konane
