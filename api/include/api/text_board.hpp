#pragma once
// A board drawn as text for the terminal (`play`, `analyse`), either game: ranks down the
// left, files along the bottom, and the squares of the last move in brackets so that the eye
// finds them at once.
#include <string>
#include <vector>

namespace api {

// The name of file (column) f from 0: a, b, ..., z, then aa, ab, ... as the grid games name
// them (strips up to 1x64).
std::string file_name(int f);

// Position text ("xo./.ox", either game's ranks from the top joined by '/') as its rows.
std::vector<std::string> split_rows(const std::string& text);

// rows: the board's rows from the top (highest rank) down, one character per square.
// marked: squares ("c3") drawn as [c] instead of  c .
std::string text_board(const std::vector<std::string>& rows,
                       const std::vector<std::string>& marked);

}  // namespace api
