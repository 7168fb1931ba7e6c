#pragma once
// `show --svg FILE --mark ...`: the facade's board picture (api/pictures.hpp) written to a file.
#include <string>

#include "api/pictures.hpp"
#include "command.hpp"
#include "options.hpp"

namespace konane::cli {

using api::board_svg;
using api::BoardPicture;
using api::move_squares;
using api::parse_marks;

// --svg FILE and --mark SQ[:TEXT],... for `show`.
void add_svg_options(po::options_description& desc);
// Draws b with the marks of --mark into the --svg file: kExitOk, or kExitUsage after
// printing what is wrong (a square not on the board, a file that cannot be written).
int write_svg(const po::variables_map& vm, BoardPicture b, const std::string& command, Io io);

}  // namespace konane::cli
