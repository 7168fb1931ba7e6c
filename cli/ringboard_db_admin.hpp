#pragma once
// `konane db stats|export --game ringboard`: what an endgame database holds for Ringboard.
// (verify, repair and upgrade know no game: commands/db.cpp runs them for every game.)
#include <string>

#include "command.hpp"
#include "db/database.hpp"

namespace konane::cli {

// Whether the database's Ringboard records use this build's key layout
// (ringboard::kKeyLayout); says why not on stderr. A writable database that holds no
// Ringboard record yet gets the layout recorded.
bool check_ringboard_keys(db::Database& database, bool writable, const std::string& path,
                          const std::string& command, Io io);

int run_ringboard_stats(const std::string& path, bool json, Io io);
// Every stored Ringboard position as TSV on stdout, streaming.
int run_ringboard_export(const std::string& path, Io io);

}  // namespace konane::cli
