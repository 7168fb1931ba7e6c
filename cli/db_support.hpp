#pragma once
// The --db plumbing shared by the commands that take a database: the option, opening with
// clear errors (exit 2, naming the path), and what db stats prints of any database.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "api/json.hpp"
#include "api/verbs.hpp"
#include "command.hpp"
#include "db/database.hpp"
#include "options.hpp"
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

// Whether the database's records of the game use this build's key layout
// (api::check_key_layout); says why not on stderr. With `writable`, a database that holds
// none of them yet gets the layout recorded.
bool check_key_layout(db::Database& database, const std::string& game, bool writable,
                      const std::string& path, const std::string& command, Io io);

// What `db stats` says of any database before its game's own counts (api::db_header), as
// text lines.
void db_header_text(std::ostream& out, const std::string& path, const api::DbHeader& h);
// The region-value precomputes a database records (`konane precompute`), as text lines.
void print_precomputes(std::ostream& out, const std::vector<api::DbPrecomputeAnswer>& runs);

}  // namespace konane::cli
