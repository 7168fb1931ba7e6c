#pragma once
// How `konane query` prints what the database knows of a position, for every game.
#include "api/answers.hpp"
#include "command.hpp"

namespace konane::cli {

// Prints the answer (as JSON with json) and returns the exit code: 1 when not found.
int print_query(Io io, const api::QueryAnswer& a, bool json);

}  // namespace konane::cli
