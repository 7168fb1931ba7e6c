#pragma once
// The position arguments shared by every command that starts from a position
// (show, moves, perft, and later solve/value):
//
//   POSITION           position text, e.g. "xoxo/oxox/x..o/oxox", optionally followed by the side
//                      to move after a space ("xo.. w", one shell argument; "xo.. w" given as
//                      two arguments is accepted too)
//   --board RxC        start from the full R x C board instead: the opening (removal phase)
//   --opening RULE     standard (default) or any; only with --board
//   --to-move SIDE     black|white (b|w); with POSITION it sets the side to move, and when
//                      POSITION also names a side the two must agree; with --board it names
//                      who removes first (black, unless white as in a match's second game)
//   --moves M1,M2,...  (commands that opt in) moves played in turn from there
//
// Everything is split into pure functions that report errors as values (unit-testable, and
// reusable by other front ends) and one resolve_position_args() that wires them to
// Boost.Program_options and prints "konane CMD: error: ..." for the caller to exit 2.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "command.hpp"
#include "core/shape.hpp"
#include "konane/game_state.hpp"
#include "konane/notation.hpp"
#include "konane/opening.hpp"
#include "konane/position.hpp"
#include "konane/start.hpp"
#include "options.hpp"

namespace konane::cli {

using core::Shape;

// A non-negative integer in [0, max] for an option such as --depth; `what` names the option
// in the error ("--depth must be a non-negative integer, got '-1'").
std::optional<int> parse_count(std::string_view text, std::string_view what, int max,
                               std::string* error);
// The required option `name` (given as --NAME N) read by parse_count; nullopt after printing
// "konane COMMAND: error: missing --NAME N (meaning)" or parse_count's message (exit 2).
std::optional<int> required_count(const po::variables_map& vm, const std::string& name,
                                  const std::string& meaning, int max, const std::string& command,
                                  Io io);

// The request as typed, and the game it starts (konane/start.hpp).
using PositionInputs = StartRequest;
using ResolvedPosition = Started;

// Option wiring. add_position_options adds --position (which POSITION, the positional argument,
// fills), --board, --opening, --to-move and, when with_moves, --moves. It returns the
// positional names to pass to parse_args with last_repeats = true.
struct PositionOptionSet {
  bool with_moves = false;
};
inline constexpr const char* kPositionUsage =
    "(POSITION | --board RxC [--opening standard|any|piko])";
std::vector<std::string> add_position_options(po::options_description& desc, PositionOptionSet set);
// Reads the options back. Prints "konane CMD: error: ..." and returns nullopt on bad input.
std::optional<ResolvedPosition> resolve_position_args(const po::variables_map& vm,
                                                      const std::string& command, Io io);

// Shared --help epilogue describing POSITION and the options above.
const char* position_help_text();

}  // namespace konane::cli
