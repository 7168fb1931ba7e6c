#pragma once
// The library facade: one entry per verb, for every game of the registry
// (games/registry/registry.hpp) that can answer it. The command line, the Python module and
// the web server call these and only parse and print. Errors are values: bad input gives
// core::Code::kInvalidArgument with a message naming the problem and its place; a game that
// cannot answer a verb gives the one refusal below.
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
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
namespace core {
class StopToken;
}

namespace api {

// Every game of the registry, in its order: name, title, and whether it has short values
// (value, cgt positions) or results with draws (loopy).
struct GameInfo {
  std::string name, title;
  bool short_values = false, loopy = false;
};
std::vector<GameInfo> game_list();

// Whether the short-game verbs below apply to `game` (a registered name).
bool can_answer(std::string_view game);
// Whether `verb` (a command name: moves, show, perft, bench, precompute, retro, or a
// short-game verb) applies to `game`: the one table front ends refuse from.
bool can_answer(std::string_view game, std::string_view verb);
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

// What a database holds of the game: its format and size, per board its positions (symmetry
// classes) and what is known of them, the region-value precomputes and the whole-board
// solves (retro) it records. The store's own checks (verify, repair) do not depend on the game.
struct DbBoardAnswer {
  std::string board;  // "5x5"
  uint64_t positions = 0, black_to_move_known = 0, white_to_move_known = 0, with_value = 0,
           conflicts = 0;
  // "done" when a retro run of the board finished (every position it reaches is stored),
  // "unfinished" when one started and none finished (killed, or running now), else "none".
  std::string retro = "none";
};
// A region-value precompute run (`konane precompute`), done or stopped part way.
struct DbPrecomputeAnswer {
  std::string box;  // "4x4"
  int max_stones = 0;
  uint64_t chunks_done = 0, chunks_total = 0;
  bool done = false;
};
// A retro run's records: the board, its opening rule (Konane) or start (the grid games),
// and the fields it stored when it finished (positions, winner, seconds, ...), as text.
struct DbSolveAnswer {
  std::string board, opening;
  bool done = false;
  uint64_t layers_done = 0;
  std::map<std::string, std::string> fields;
};
// A database's format and size, whatever games it holds.
struct DbHeader {
  uint32_t schema_version = 0;
  std::string build_id;  // of the last writer
  uint64_t sst_bytes = 0, total_bytes = 0;
};
core::Expected<DbHeader> db_header(const db::Database& database);
void write_fields(JsonWriter& j, const DbHeader& h);
struct DbStatsAnswer {
  std::string game;
  DbHeader header;
  std::vector<DbBoardAnswer> boards;
  std::vector<DbPrecomputeAnswer> precomputes;
  std::vector<DbSolveAnswer> solves;
};
core::Expected<DbStatsAnswer> db_stats(std::string_view game, const db::Database& database);
// The retro runs alone (DbStatsAnswer::solves): the database's records, no scan of positions.
core::Expected<std::vector<DbSolveAnswer>> db_solves(std::string_view game,
                                                     const db::Database& database);
// The answer's fields into an open JSON object (after a front end's own, such as the
// database's path), or the precompute runs alone.
void write_fields(JsonWriter& j, const DbStatsAnswer& a);
void write_precomputes(JsonWriter& j, const std::vector<DbPrecomputeAnswer>& runs);
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
// from the game's start on a board of that size, solved layer by layer and stored in the
// database; an interrupted run resumes. The start is the plug-in's: an empty or full board
// with either side moving first (the grid games), or every line of the opening (Konane's
// removals, by the rule `opening` names) with Left to move after it.
struct RetroRequest {
  std::string game;
  std::string board;                   // "4x4"
  std::optional<std::string> opening;  // a game with an opening: its rule (default standard)
  std::string db_path;                 // the database's folder: the work files go under it
  bool values = false;                 // also store every position's canonical CGT value
  int threads = 0;                     // 0: the calling thread's arena as it is
  size_t chunk_positions = 0;          // 0: the solver's default
  size_t spill_entries = 0;            // 0: the solver's default
  size_t replicate_bytes = 0;          // under mpirun; 0: the solver's default
  bool across_ranks = false;           // every rank of an MPI run makes this call
  std::string build_id;                // recorded with the finished run
  std::ostream* progress = nullptr;    // progress lines, or none
  bool progress_tty = false;
  // Progress for callers other than a terminal: the phase ("enumerate", "solve"), the layer,
  // the positions done and their total (0 while enumerating), about once a second.
  std::function<void(const std::string& phase, int layer, uint64_t done, uint64_t total)>
      on_progress;
  const core::StopToken* stop = nullptr;  // ends the run between chunks (kCancelled); resumable
  uint64_t abort_after = 0, abort_after_runs = 0;  // fault tests only (RetroOptions)
};
struct RetroLayerAnswer {
  int layer = 0;  // squares in play (Konane's and Clobber's stones, Domineering's empty squares)
  uint64_t positions = 0, sides = 0, mover_wins = 0;
  double seconds = 0;
  bool resumed = false;
};
struct RetroAnswer {
  std::string game, board, start;  // start: the board the game starts from
  // A game that starts from a position: the winner with each side moving first.
  core::Winner black_first = core::Winner::Unknown, white_first = core::Winner::Unknown;
  // A game with an opening: the game's winner, and every first choice as solve reports it.
  std::optional<OpeningAnswer> opening;
  core::Winner winner = core::Winner::Unknown;
  std::vector<std::string> winning_moves;  // Left's winning first choices
  uint64_t positions = 0, sides = 0;
  std::vector<RetroLayerAnswer> layers;
  double seconds = 0, enumerate_seconds = 0, solve_seconds = 0;
  bool resumed = false;
  int threads = 1, ranks = 1;  // threads: per rank
  uint64_t message_bytes = 0;
  uint64_t peak_rss_kb = 0;  // this process's
};
// The refusal retro would give the request before it touches the database (a game without a
// start, a bad board), or ok.
core::Status retro_check(const RetroRequest& r);
core::Expected<RetroAnswer> retro(const RetroRequest& r, db::Database& database);
void write_json(JsonWriter& j, const RetroAnswer& a);

// The region-value store filled ahead of any search (solver/values/region_precompute.hpp):
// the exact CGT value of every whole region of at most max_pieces pieces (Konane's and
// Clobber's stones, Domineering's empty squares) whose box fits `box` (either way round),
// once per class under the board's symmetries and the game's negation, stored in the
// database, where value, solve and their searches read it. Work goes in a fixed order of
// chunks; a run stopped by `stop` (asked between batches) resumes where it stopped.
struct PrecomputeRequest {
  std::string game;
  std::string box;  // "RxC"
  int max_pieces = 0;
  int threads = 1;
  size_t memory_bytes = size_t{1} << 30;  // the table of values
  core::StopToken* stop = nullptr;
  // After each batch of chunks, from the calling thread.
  std::function<void(uint64_t chunks_done, uint64_t chunks_total, uint64_t regions,
                     uint64_t computed)>
      progress;
};
struct PrecomputeAnswer {
  std::string game, box;
  int max_pieces = 0;
  bool complete = false;
  uint64_t chunks_done = 0, chunks_total = 0, resumed_at = 0;
  uint64_t regions = 0, computed = 0, already_stored = 0;
  int threads = 1;
  double seconds = 0;
};
// The refusal precompute would give the request before it touches the database, or ok.
core::Status precompute_check(const PrecomputeRequest& r);
core::Expected<PrecomputeAnswer> precompute(const PrecomputeRequest& r, db::Database& database);
void write_json(JsonWriter& j, const PrecomputeAnswer& a);

// A loopy game's position solved exactly (Ringboard: draws when neither side can force a
// win): by retrograde analysis of every position reachable from it (exact distances), and
// past max_positions by proof search (win, loss or draw; distances bounded from above). With
// a database, what it settles is the boundary (the position itself too: then the answer is
// the database's); with `store`, a complete run's positions are written to it.
struct LoopyLimits {
  double timeout_seconds = 0;  // 0: none
  size_t max_positions = 20'000'000;
  size_t pv_plies = 30;
  enum class Method { Auto, Retro, Proof } method = Method::Auto;
  uint64_t max_nodes = 0;            // proof search: nodes per question (0: none)
  std::ostream* progress = nullptr;  // progress lines, or none
  bool progress_tty = false;
  const core::StopToken* cancel = nullptr;  // as Limits::cancel
};
struct ScoredMove {
  std::string move;
  core::Result result = core::Result::Unknown;  // for the side to move before it
  std::optional<uint16_t> distance;             // plies to the end, this move included
};
// A loopy game's position as far as it is known: the result for the side to move, every
// move's result, the best moves.
struct LoopyResultAnswer {
  std::string game, position;
  core::Side to_move = core::Side::Left;
  core::Result result = core::Result::Unknown;  // for the side to move
  std::optional<uint16_t> distance;
  std::vector<ScoredMove> moves;  // sorted by text
  std::vector<std::string> best;  // the fastest wins, else the draws, else the slowest losses
};
struct LoopySolveAnswer : LoopyResultAnswer {
  std::vector<std::string> pv;
  bool complete = false;
  std::string reason;                 // why not complete
  std::string method = "retrograde";  // "retrograde", "proof search" or "database"
  std::optional<uint16_t> within;     // proof search: the game ends within this many plies
  uint64_t positions = 0, proof_nodes = 0, db_hits = 0;
  bool from_db = false;  // answered from the database alone
  double seconds = 0;
};
core::Expected<LoopySolveAnswer> solve_loopy(const PositionRequest& r, const LoopyLimits& limits,
                                             db::Database* database = nullptr, bool store = false);
// What the database holds of the position and of each position a move reaches (an endgame
// database from retro, or what solves stored); the result is unknown where it holds none.
core::Expected<LoopyResultAnswer> query_loopy(const PositionRequest& r,
                                              const db::Database& database);
// A loopy game's endgame database (Ringboard's `retro --pieces N`): every position of 2 to
// `pieces` pieces (every material class in which both sides have a piece, either side to
// move, and every position their moves reach) solved to a win, a loss or a draw with the
// distance in plies, by retrograde analysis that handles cycles, class by class into the
// database; a class an earlier run finished is read back, not solved again.
struct EndgameDbRequest {
  std::string game;
  int pieces = 0;
  std::string db_path;                   // the database's folder: the classes' arrays go under it
  int threads = 0;                       // 0: the calling thread's arena as it is
  size_t sst_records = size_t{1} << 22;  // records in memory per table file while storing
  std::ostream* progress = nullptr;      // progress lines, or none
  bool progress_tty = false;
  // After each class: its number (from 1), the positions of the classes done and of all.
  std::function<void(int done_classes, uint64_t done, uint64_t total)> on_class;
  uint64_t abort_after = 0;  // fault tests only: SIGKILL after storing this many records
};
struct EndgameWinners {
  uint64_t black = 0, white = 0, draw = 0;
};
struct EndgameClassAnswer {
  std::string name;        // the material, e.g. "xX-o": pieces of each side
  uint64_t positions = 0;  // the class's own (a side to move each)
  EndgameWinners black_to_move, white_to_move;
  uint64_t longest_win = 0;  // plies
  double seconds = 0;
};
struct EndgameDbAnswer {
  std::string game;
  int pieces = 0;
  // Totals over the classes' own positions.
  uint64_t positions = 0, sides = 0, edges = 0, mover_wins = 0, mover_losses = 0, draws = 0;
  uint64_t longest_win = 0;
  bool from_earlier_run = false;  // every class was solved by an earlier run
  double seconds = 0;
  std::vector<EndgameClassAnswer> classes;
};
// The refusal endgame_db would give before it touches the database (a game without endgame
// databases, pieces out of range or beyond this machine's memory), or ok.
core::Status endgame_db_check(const EndgameDbRequest& r);
core::Expected<EndgameDbAnswer> endgame_db(const EndgameDbRequest& r, db::Database& database);
void write_json(JsonWriter& j, const EndgameDbAnswer& a);
// Whether the game has endgame databases (retro --pieces).
bool has_endgame_db(std::string_view game);
// What a loopy game's store holds (db stats): its positions, and each material class a retro
// --pieces run began, with the records the run keeps (class_positions: the class's own
// positions, roots_*: their results by side to move, roots_longest, seconds, finished_at).
struct EndgameClassRecord {
  std::string name;
  bool done = false;
  std::map<std::string, std::string> fields;
};
struct EndgameStatsAnswer {
  DbHeader header;
  std::string game;
  uint64_t positions = 0, black_to_move_known = 0, white_to_move_known = 0, draws = 0,
           conflicts = 0;
  std::vector<EndgameClassRecord> classes;
};
core::Expected<EndgameStatsAnswer> endgame_db_stats(std::string_view game,
                                                    const db::Database& database);
void write_fields(JsonWriter& j, const EndgameStatsAnswer& a);  // all but the game
// Every stored position of a loopy game with each side's result and distance, in key order
// (row returns false to stop). A record whose key names no position, or whose value cannot
// be read, goes to bad(message) and the export goes on; damage the store itself reports
// fails it before the first row.
struct LoopyDbRow {
  std::string position;
  core::Winner black_to_move = core::Winner::Unknown, white_to_move = core::Winner::Unknown;
  std::optional<uint16_t> black_distance, white_distance;
};
core::Expected<uint64_t> loopy_db_export(std::string_view game, const db::Database& database,
                                         const std::function<bool(const LoopyDbRow&)>& row,
                                         const std::function<void(const std::string&)>& bad);

// Whether the database's records of the game use this build's key layout (a game whose keys
// changed layout, Ringboard; ok for the others): records of another layout would be misread,
// so every verb that reads or writes them refuses such a database with what to do. With
// `record`, a database holding none of them yet gets this build's layout written down.
core::Status check_key_layout(std::string_view game, const db::Database& database);
core::Status check_key_layout(std::string_view game, db::Database& database, bool record);
// Whether the game is one solve_loopy and query_loopy answer.
bool is_loopy(std::string_view game);
// "win", "loss", "draw" or "unknown".
const char* result_word(core::Result r);
// The answer's fields, after "game", "position" and "to_move", into an open object ("line"
// may come first), or as one object.
void write_fields(JsonWriter& j, const LoopyResultAnswer& a);
void write_fields(JsonWriter& j, const LoopySolveAnswer& a);
void write_json(JsonWriter& j, const LoopyResultAnswer& a);
void write_json(JsonWriter& j, const LoopySolveAnswer& a);

}  // namespace api
