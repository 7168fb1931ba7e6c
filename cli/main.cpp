#include <sys/resource.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "command.hpp"
#include "core/machine.hpp"
#include "solver/ranks/ranks.hpp"

int main(int argc, char** argv) {
  core::keep_freed_memory();  // before any thread starts
  std::ios::sync_with_stdio(false);
  // Under mpirun or srun this process is one rank of several (solver/ranks/ranks.hpp); alone, MPI
  // is never started.
  const auto world = solver::ranks::start(&argc, &argv);
  if (!world) {
    std::cerr << "konane: error: " << world.error().message << "\n";
    solver::ranks::stop();
    return konane::cli::kExitUsage;
  }
  // Big retrograde solves keep thousands of table files: take all the descriptors the
  // system allows this process (the database opens at most half of them, db/options.hpp).
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    (void)setrlimit(RLIMIT_NOFILE, &files);
  }
  std::vector<std::string> args(argv + 1, argv + argc);
  // Rank 0 alone prints; what the others would say is kept (a command that shares work
  // passes their failures to rank 0, solver::ranks::agree).
  std::ostringstream rank_out, rank_err;
  const bool printing = world->rank == 0;
  int rc = konane::cli::dispatch(
      args, printing ? konane::cli::Io{std::cout, std::cerr} : konane::cli::Io{rank_out, rank_err});
  std::cout.flush();
  rc = solver::ranks::agree_exit_code(rc);
  solver::ranks::stop();
  return rc;
}
