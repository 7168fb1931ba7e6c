#pragma once
// Options shared by the solving commands: --threads, --memory, --timeout, --value-limit.
#include "api/konane_engine.hpp"
#include "options.hpp"

namespace konane::cli {

// Konane's engine (api/konane_engine.hpp), as Konane's own commands name it.
using api::konane_engine::Game;
using api::konane_engine::KonaneSolver;
using api::konane_engine::MoveResult;
using api::konane_engine::OpeningAnalysis;
using api::konane_engine::OpeningRemoval;
using api::konane_engine::RootAnalysis;
using api::konane_engine::SolverConfig;
using api::konane_engine::winner_of;
using core::Winner;

void add_solver_options(po::options_description& desc);
// --progress S and --quiet, as every solve takes them.
void add_progress_options(po::options_description& desc);
// nullopt after printing an error (exit 2).
std::optional<SolverConfig> solver_config_from(const po::variables_map& vm,
                                               const std::string& command, Io io);

}  // namespace konane::cli
