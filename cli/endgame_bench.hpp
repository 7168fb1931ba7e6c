#pragma once
// konane bench --endgames: how far exact answers reach on positions from real play (issue
// "8x8 endgames"). Two parts:
//  - the set: --make-endgames plays seeded games from the full board (konane/sample_play.hpp)
//    and prints the positions after every second ply from --from to --to, one per line
//    (bench/data/endgames-8x8.tsv is its output);
//  - the run: every position of a set is solved (`konane solve`'s question: the winner, the
//    winning moves and a principal variation) and valued (`konane value`'s canonical value),
//    each by a fresh engine under the same limit, and the figures are printed per stone count.
// A value's outcome class must agree with the solved winner wherever both are known; a
// disagreement is reported and fails the run (exit 1).
#include <optional>
#include <string>
#include <string_view>

#include "command.hpp"
#include "solver_options.hpp"

namespace konane::cli {

// One line of a set (not a comment or blank): the position, a tab, b or w (the side to
// move); further tab-separated fields are notes. nullopt with *error saying what is wrong.
struct EndgameLine {
  Position position;
  Color to_move = Color::Black;
};
std::optional<EndgameLine> parse_endgame_line(std::string_view line, std::string* error);

struct EndgameSetOptions {
  int rows = 8, cols = 8;
  OpeningRule rule = OpeningRule::Standard;
  int games = 6;  // per player
  uint64_t seed = 1;
  int from = 10, to = 36;  // plies
  std::string command;     // as typed, for the file's header
};
int make_endgame_set(const EndgameSetOptions& o, Io io);

struct EndgameRunOptions {
  std::string file;
  SolverConfig config;  // timeout_seconds: the limit per position and question
  bool solve = true, value = true;
  int max_stones = 0;  // 0: every position
  bool json = false, quiet = false;
};
int run_endgame_set(const EndgameRunOptions& o, Io io);

}  // namespace konane::cli
