#pragma once
// `konane db verify` and `db repair`: the store's own checks, the same for every game.
#include <string>

#include "command.hpp"

namespace konane::cli {

// Reads everything and holds every recorded count against what is stored: kExitOk if sound,
// else kExitUsage with the problems listed (as JSON with `json`).
int verify_database(const std::string& path, bool json, Io io);
// Rebuilds the MANIFEST from the table files present, then verifies.
int repair_database(const std::string& path, bool json, Io io);

}  // namespace konane::cli
