#pragma once
// The --db plumbing shared by solve, value, batch, retro, query and db: opening with clear
// errors (exit 2, naming the path), Konane positions as symmetry-normalised database keys
// (KeyGroup::BoardAndSwap), outcomes in the right colours, CGT values by content.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "api/json.hpp"
#include "api/verbs.hpp"
#include "command.hpp"
#include "db/database.hpp"
#include "konane/opening.hpp"
#include "konane/position.hpp"
#include "options.hpp"
#include "solver/store/binding.hpp"
#include "solver_options.hpp"

namespace konane::cli {

// Adds --db PATH.
void add_db_option(po::options_description& desc);
// The --db value, or empty.
std::string db_path_from(const po::variables_map& vm);

// Opens the database (recording kBuildId when writing). On failure prints
// "konane CMD: error: database 'PATH': ..." and returns nullopt (the caller exits 2).
std::optional<db::Database> open_database(const std::string& path, db::OpenMode mode,
                                          bool create_if_missing, const std::string& command,
                                          Io io);
// For errors after opening: "konane CMD: error: database 'PATH': MSG", returns kExitUsage.
int db_error(Io io, const std::string& command, const std::string& path, const db::Error& e);

// The stored position a key names (in key colours).
Position position_of(const db::PositionKey& key);

// What the database knows about p, in p's own terms (Left is Black): solver::lookup<Game>
// (solver/store/binding.hpp). nullopt when p is not stored.
db::Expected<std::optional<solver::Known>> lookup_position(const db::Database& database,
                                                           const Position& p);

// Stores the winner of p with to_move to move (and optionally p's value text); the binding
// itself (keys, colour swap, values) is solver/store/binding.hpp.
db::Status store_result(db::Database& database, const Position& p, Color to_move, Winner winner,
                        const std::optional<std::string>& value_text = std::nullopt);

// "black", "white", "draw", "?"
const char* outcome_name(Winner w);

// An open database and the path it was given as (for messages).
struct DbContext {
  db::Database* database = nullptr;
  std::string path;
};

// Stores the decided positions after both removals of an opening analysis.
db::Status store_opening(db::Database& database, int rows, int cols, OpeningRule rule,
                         const OpeningAnalysis& a);

// ── full games (the opening) ──
// Konane's positions as the database files them.
db::Board db_board(int rows, int cols);
// Meta prefix of a retrograde solve: "solve/konane/RxC/rule/".
std::string retro_meta_prefix(int rows, int cols, OpeningRule rule);
// The positions after both removals, Black to move: the roots of the jump phase.
std::vector<std::pair<Position, bool>> opening_roots(int rows, int cols, OpeningRule rule);
// The opening analysis read from the database (complete = false if some position after
// the removals is not stored).
db::Expected<OpeningAnalysis> opening_from_db(const db::Database& database, int rows, int cols,
                                              OpeningRule rule);
std::vector<int> winning_removals(const OpeningAnalysis& a);
std::string join_squares(const std::vector<int>& squares);  // "a1 c3"
std::vector<std::string> squares_text(const std::vector<int>& squares);

// What `db stats` says of any database before its game's own counts (api::db_header), as
// text lines.
void db_header_text(std::ostream& out, const std::string& path, const api::DbHeader& h);
// The region-value precomputes a database records (`konane precompute`), as text lines.
void print_precomputes(std::ostream& out, const std::vector<api::DbPrecomputeAnswer>& runs);

}  // namespace konane::cli
