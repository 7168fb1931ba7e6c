#pragma once
// A board drawn as SVG for `show --svg` (every game): squares with coordinates, stones
// (kings crowned), the last move as an arrow through its squares, and marks on squares.
// Drawing is presentation, so it lives with the command line.
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "options.hpp"

namespace konane::cli {

struct BoardPicture {
  // The board's rows from the top (the highest rank) down, one character per square:
  // '.' empty, 'x' black stone or man, 'o' white, 'X' and 'O' kings, '#' blocked or covered.
  std::vector<std::string> rows;
  bool checkered = false;              // shade the dark squares (a1 and every other square from it)
  bool ring = false;                   // outline the border ring (Ringboard's landing zone)
  std::vector<std::string> last_move;  // squares in order ("c3", "e5"); one: a removal
  struct Mark {
    std::string square, text;
  };
  std::vector<Mark> marks;
  // Groups of squares tinted alike with a label (Konane's independent regions and their
  // values); each square in one group at most.
  struct Region {
    std::vector<std::string> squares;
    std::string label;
  };
  std::vector<Region> regions;
  std::string caption;  // below the board, e.g. "black to move"
};

// The picture, or nullopt with *error set when a square named in it is not on the board.
std::optional<std::string> board_svg(const BoardPicture& b, std::string* error);

// The squares of a move's text: "c3-d4" -> c3, d4; "c3xe5xg7" -> c3, e5, g7; "d5" -> d5.
std::vector<std::string> move_squares(const std::string& move_text);

// "--mark SQ[:TEXT],..." parsed: the squares are checked when drawn.
std::vector<BoardPicture::Mark> parse_marks(const std::string& list);

// --svg FILE and --mark SQ[:TEXT],... for `show`.
void add_svg_options(po::options_description& desc);
// Draws b with the marks of --mark into the --svg file: kExitOk, or kExitUsage after
// printing what is wrong (a square not on the board, a file that cannot be written).
int write_svg(const po::variables_map& vm, BoardPicture b, const std::string& command, Io io);

}  // namespace konane::cli
