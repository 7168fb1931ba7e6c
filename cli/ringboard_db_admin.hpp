#pragma once
// `konane db stats|export --game ringboard`: what an endgame database holds for Ringboard.
// (verify, repair and upgrade know no game: commands/db.cpp runs them for every game.)
#include <string>

#include "command.hpp"
#include "db/database.hpp"

namespace konane::cli {

int run_ringboard_stats(const std::string& path, bool json, Io io);
// Every stored Ringboard position as TSV on stdout, streaming.
int run_ringboard_export(const std::string& path, Io io);

}  // namespace konane::cli
