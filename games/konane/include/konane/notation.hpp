#pragma once
// Position and move text (shared/spec/konane-rules.md, "Board and notation").
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/text.hpp"
#include "konane/position.hpp"

namespace konane {

using core::TextError;

struct ParsedPosition {
  Position position;
  Color to_move = Color::Black;
  bool to_move_given = false;
};

// "xoxo/oxox/x..o/oxox" optionally followed by " b" or " w".
std::optional<ParsedPosition> parse_position(std::string_view text, TextError* error);
std::string to_string(const Position& p);
std::string to_string(const Position& p, Color to_move);  // with " b"/" w"

// Squares in chess coordinates; parse checks the square is on the given board.
std::string square_name(int sq);
std::vector<std::string> square_names(Bitboard squares);  // in square order
std::optional<int> parse_square(std::string_view text, int rows, int cols);

// "c3-c5" for a jump, "d5" for a removal. Syntax only; legality is the caller's business.
std::string to_string(Move m);
std::optional<Move> parse_move(std::string_view text, int rows, int cols, std::string* error);

// Board drawing with coordinates, for `konane show`.
std::string draw(const Position& p);

std::optional<Color> parse_color(std::string_view text);  // "b"/"black"/"w"/"white"
const char* color_name(Color c);                          // "black"/"white"

}  // namespace konane
