#pragma once
// Pictures as SVG, for every front end: a board (`show --svg`, the Python module's
// _repr_svg_, the web board) with coordinates, stones (kings crowned), the last move as an
// arrow through its squares, marks and tinted regions; and a thermograph with labelled axes.
#include <optional>
#include <string>
#include <vector>

#include "api/answers.hpp"
#include "cgt/thermograph.hpp"

namespace api {

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

// The picture of what `show` answered: its board, its last move and who is to move.
BoardPicture picture_of(const ShowAnswer& a);

// The picture, or nullopt with *error set when a square named in it is not on the board.
std::optional<std::string> board_svg(const BoardPicture& b, std::string* error);

// The squares of a move's text: "c3-d4" -> c3, d4; "c3xe5xg7" -> c3, e5, g7; "d5" -> d5.
std::vector<std::string> move_squares(const std::string& move_text);

// "SQ[:TEXT],..." (`show --mark`) parsed: the squares are checked when drawn.
std::vector<BoardPicture::Mark> parse_marks(const std::string& list);

// A thermograph (value axis reversed as in the literature: Left's side, the larger values, on
// the left; temperature upwards), with labelled axes and ticks.
std::string thermograph_svg(const cgt::Thermograph& th, const std::string& title);

}  // namespace api
