#pragma once
// The options of `retro` (cli/commands/retro.cpp) for the games with a board to solve:
// --board, --db, --values, --chunk, --spill, --replicate-window,
// --quiet and --threads, read and checked once.
#include <cstddef>
#include <optional>
#include <string>

#include "command.hpp"
#include "options.hpp"

namespace konane::cli {

struct RetroArgs {
  std::string board, path;
  int threads = 1;
  size_t chunk = 0, spill = 0;  // positions per chunk, children buffered before a spill
  size_t replicate_bytes = 0;   // under mpirun (solver::RetroOptions::replicate_bytes)
  bool values = false, quiet = false;
};

void add_retro_options(po::options_description& desc);
// nullopt after printing what is wrong (exit 2): --board and --db are required, --chunk and
// --spill positive, and --values is computed by one process.
std::optional<RetroArgs> retro_args(const po::variables_map& vm, Io io);

}  // namespace konane::cli
