#pragma once
// The library facade: one entry per verb, for every game of the registry
// (games/registry/registry.hpp) that can answer it. The command line, the Python module and
// the web server call these and only parse and print. Errors are values: bad input gives
// core::Code::kInvalidArgument with a message naming the problem and its place; a game that
// cannot answer a verb gives the one refusal below.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/answers.hpp"
#include "api/requests.hpp"
#include "core/error.hpp"

namespace db {
class Database;
}

namespace api {

// Whether the short-game verbs below apply to `game` (a registered name).
bool can_answer(std::string_view game);
// Whether '#' is a square in the game's positions (a blocked square), so that in a file of
// positions only a '#' standing alone starts a comment.
bool hash_is_a_square(std::string_view game);
// The refusal of a verb for a game that cannot answer it, or of an unknown game.
core::Error refusal(std::string_view game, std::string_view verb);

// Whether the request names a position (or a start) of its game, without answering anything:
// the error any verb would give it first.
core::Status check(const PositionRequest& r);
core::Expected<MovesAnswer> moves(const PositionRequest& r);
core::Expected<ShowAnswer> show(const PositionRequest& r);
// The number of lines of play `depth` moves long (moves alternate from the side to move), and
// with `divide` the number under each first move.
core::Expected<PerftAnswer> perft(const PositionRequest& r, int depth, bool divide = true);
// The game's fixed perft benchmark (`konane bench`): named positions and depths.
struct BenchCase {
  std::string name, position;  // position: empty for a case from the game's opening
  int depth = 0;
  std::string board, opening;  // a case from the opening: the full board and its rule
};
core::Expected<std::vector<BenchCase>> bench_cases(std::string_view game);

// What a database holds of the game: per board, its positions (symmetry classes) and what is
// known of them. The store's own checks (verify, repair) do not depend on the game.
struct DbBoardAnswer {
  std::string board;  // "5x5"
  uint64_t positions = 0, black_to_move_known = 0, white_to_move_known = 0, with_value = 0,
           conflicts = 0;
};
struct DbStatsAnswer {
  std::string game;
  std::vector<DbBoardAnswer> boards;
};
core::Expected<DbStatsAnswer> db_stats(std::string_view game, const db::Database& database);
// Every stored position of one board (rows x cols; "RxC" text), in key order: each the stored
// symmetry-class representative, with the winner for each side to move and the value if
// stored. `row` returns false to stop (its output failed). The board's checksums and counts
// are verified before the first row, so damage never shows as a short answer.
struct DbRow {
  std::string position;
  core::Winner black_to_move = core::Winner::Unknown, white_to_move = core::Winner::Unknown;
  std::optional<std::string> value;
};
core::Expected<uint64_t> db_export(std::string_view game, const db::Database& database,
                                   std::string_view board,
                                   const std::function<bool(const DbRow&)>& row);
// What the database knows of the position (any symmetric or colour-swapped image of it).
core::Expected<QueryAnswer> query(const PositionRequest& r, const db::Database& database);
// The canonical CGT value (Left = black), region by region; with a database, region values are
// read from it first and what is computed is stored.
core::Expected<ValueAnswer> value(const PositionRequest& r, const Limits& limits,
                                  db::Database* database = nullptr);
// The winner with perfect play, every winning move and a principal variation; with a
// database, read from it when stored whole, and what is proved is stored.
core::Expected<SolveAnswer> solve(const PositionRequest& r, const Limits& limits,
                                  db::Database* database = nullptr,
                                  const ProgressSink* progress = nullptr);

// Strong solution of a board by retrograde analysis (solver/retro/): every position reachable
// from the game's start on an empty or full board of that size (both sides moving first),
// solved layer by layer and stored in the database; an interrupted run resumes. For games
// whose plug-in names a start (the grid games; Konane's retro has its own command).
struct RetroRequest {
  std::string game;
  std::string board;                 // "4x4"
  std::string db_path;               // the database's folder: the work files go under it
  bool values = false;               // also store every position's canonical CGT value
  size_t chunk_positions = 0;        // 0: the solver's default
  size_t spill_entries = 0;          // 0: the solver's default
  size_t replicate_bytes = 0;        // under mpirun; 0: the solver's default
  bool across_ranks = false;         // every rank of an MPI run makes this call
  std::string build_id;              // recorded with the finished run
  std::ostream* progress = nullptr;  // progress lines, or none
  bool progress_tty = false;
  uint64_t abort_after = 0, abort_after_runs = 0;  // fault tests only (RetroOptions)
};
struct RetroLayerAnswer {
  int layer = 0;  // squares in play (Clobber's stones, Domineering's empty squares)
  uint64_t positions = 0, sides = 0, mover_wins = 0;
  double seconds = 0;
  bool resumed = false;
};
struct RetroAnswer {
  std::string game, board, start;
  core::Winner black_first = core::Winner::Unknown, white_first = core::Winner::Unknown;
  uint64_t positions = 0, sides = 0;
  std::vector<RetroLayerAnswer> layers;
  double seconds = 0, enumerate_seconds = 0, solve_seconds = 0;
  bool resumed = false;
  int ranks = 1;
  uint64_t message_bytes = 0;
};
// The refusal retro would give the request before it touches the database (a game without a
// start, a bad board), or ok.
core::Status retro_check(const RetroRequest& r);
core::Expected<RetroAnswer> retro(const RetroRequest& r, db::Database& database);
void write_json(JsonWriter& j, const RetroAnswer& a);

}  // namespace api
