#pragma once
// Konane's endgame benchmark (`konane bench --endgames`): how far exact answers reach on
// positions from real play. Two parts:
//  - the set: positions after every second ply of seeded games from the full board
//    (konane/sample_play.hpp), one per line (bench/data/endgames-8x8.tsv is one);
//  - the run: every position of a set solved (`solve`'s question: the winner, the winning
//    moves and a principal variation) and valued (`value`'s canonical value), each by a fresh
//    engine under the same limit, with the figures per four stones.
// A value's outcome class must agree with the solved winner wherever both are known; each
// disagreement is counted (the command then exits 1).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/json.hpp"
#include "api/requests.hpp"
#include "core/error.hpp"
#include "core/outcome.hpp"
#include "konane/opening.hpp"
#include "konane/position.hpp"

namespace api {

// One line of a set (not a comment or blank): the position, a tab, b or w (the side to
// move); further tab-separated fields are notes. nullopt with *error saying what is wrong.
struct EndgameLine {
  konane::Position position;
  konane::Color to_move = konane::Color::Black;
};
std::optional<EndgameLine> parse_endgame_line(std::string_view line, std::string* error);

// The set's header (comment lines, each ending in a newline) and its lines, in order, with
// repeats dropped. `command` is how it was asked for, for the header.
struct EndgameSetRequest {
  int rows = 8, cols = 8;
  konane::OpeningRule rule = konane::OpeningRule::Standard;
  int games = 6;  // per player
  uint64_t seed = 1;
  int from = 10, to = 36;  // plies
  std::string command;
};
struct EndgameSet {
  std::string header;
  std::vector<std::string> lines;  // position, side, stones, player, seed, ply (tabs)
};
EndgameSet endgame_set(const EndgameSetRequest& r);

struct EndgameRunRequest {
  std::string file;
  bool solve = true, value = true;
  int max_stones = 0;  // 0: every position
};
struct EndgameEntry {
  int line = 0;
  konane::Position position;
  konane::Color to_move = konane::Color::Black;
  int stones = 0;
  // the largest live region's stones: the split the searches use, and the closure alone
  int largest = 0, largest_closure = 0;
  bool solved = false;
  core::Winner winner = core::Winner::Unknown;
  double solve_seconds = 0;
  uint64_t solve_nodes = 0;
  bool valued = false;
  std::string value, cls;  // cls: the value's outcome class, L, R, N or P
  double value_seconds = 0;
  bool disagree = false;
};
struct EndgameFigures {
  int done = 0;
  double median_seconds = 0, max_seconds = 0;  // of those done
};
struct EndgameBucket {  // positions with stones_from..stones_from+3 stones
  int stones_from = 0, positions = 0;
  double largest_median = 0, largest_closure_median = 0;
  EndgameFigures solve, value;
};
struct EndgameRun {
  std::string file;
  Limits limits;
  bool solve = true, value = true;
  std::vector<EndgameEntry> positions;
  std::vector<EndgameBucket> by_stones;
  int disagreements = 0;
};

// Reads the set (an unreadable file or a bad line is an error naming file and line) and
// answers every position; `each` (when given) hears of every position as it is answered,
// with how many are done of how many.
core::Expected<EndgameRun> endgame_run(
    const EndgameRunRequest& r, const Limits& limits,
    const std::function<void(const EndgameEntry&, size_t done, size_t total)>& each = {});
void write_json(JsonWriter& j, const EndgameRun& run);

}  // namespace api
