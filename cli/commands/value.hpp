#pragma once
// How `konane value` prints a value with its regions, for every game.
#include "api/answers.hpp"
#include "api/requests.hpp"
#include "command.hpp"
#include "options.hpp"

namespace konane::cli {

// Prints the answer (as JSON with json); returns kExitOk.
int print_value(Io io, const api::ValueAnswer& a, bool json);
// The rest of the command once the position is read: the limits and --db from vm, the value
// from the facade, printed; the exit code.
int answer_value(const api::PositionRequest& request, const po::variables_map& vm, Io io);

}  // namespace konane::cli
