#pragma once
// Options shared by the solving commands: --threads, --memory, --timeout, --value-limit.
#include "konane_solver.hpp"
#include "options.hpp"

namespace konane::cli {

void add_solver_options(po::options_description& desc);
// --progress S and --quiet, as every solve takes them.
void add_progress_options(po::options_description& desc);
// nullopt after printing an error (exit 2).
std::optional<SolverConfig> solver_config_from(const po::variables_map& vm,
                                               const std::string& command, Io io);

}  // namespace konane::cli
