#pragma once
// The arguments of the commands written once for every game (cli/commands/): the position,
// the side to move and moves played first, read into the facade's requests (api/requests.hpp),
// and the facade's errors printed the command line's way.
#include <optional>
#include <string>
#include <vector>

#include "api/requests.hpp"
#include "command.hpp"
#include "core/error.hpp"
#include "options.hpp"

namespace konane::cli {

// POSITION (the positional argument), --to-move and --moves; returns the positional names
// for parse_args.
std::vector<std::string> add_request_options(po::options_description& desc);
// nullopt after printing the error (exit 2).
std::optional<api::PositionRequest> request_from(const po::variables_map& vm,
                                                 const std::string& game,
                                                 const std::string& command, Io io);
// --threads, --memory, --timeout, --node-budget, --value-limit (solver_options.hpp) as the
// facade's limits; nullopt after printing the error (exit 2).
std::optional<api::Limits> limits_from(const po::variables_map& vm, const std::string& command,
                                       Io io);
// Prints "konane COMMAND: error: MESSAGE" and returns kExitUsage; an error of the database
// at db_path (any code but bad input) is explained as db_support.hpp explains them.
int api_error(Io io, const std::string& command, const core::Error& error,
              const std::string& db_path = "");
// The --help text of a game's positions.
std::string notation_help(const std::string& game);

}  // namespace konane::cli
