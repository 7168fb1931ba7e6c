// show --svg's inputs: the --mark list (parse_marks) and a move's squares (move_squares),
// drawn on a 6x6 board. Never a crash; a picture is drawn exactly when every named square is
// on the board, and then it ends the SVG element, with no raw '<' or '>' from the input.
#include <algorithm>

#include "api/pictures.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string raw(fuzz_text(data, size));
  api::BoardPicture b;
  b.rows = {"xoxoxo", "oxoxox", "xo.oxo", "oxoxox", "xoxoxo", "oxoxox"};
  b.marks = api::parse_marks(raw);
  const auto cut = raw.find('|');
  if (cut != std::string::npos) b.last_move = api::move_squares(raw.substr(cut + 1));
  std::string error;
  const auto svg = api::board_svg(b, &error);
  FUZZ_REQUIRE(svg.has_value() == error.empty());
  if (svg) {
    FUZZ_REQUIRE(svg->ends_with("</svg>\n"));
    // The input's text is escaped: every '<' and '>' left belongs to a tag.
    FUZZ_REQUIRE(std::count(svg->begin(), svg->end(), '<') ==
                 std::count(svg->begin(), svg->end(), '>'));
  }
  return 0;
}
