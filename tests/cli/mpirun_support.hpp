#pragma once
// Runs the konane executable under mpirun on this machine (ranks on localhost,
// oversubscribed), as the several-rank tests do.
#include <unistd.h>

#include <string>
#include <vector>

#include "cli_test_support.hpp"

namespace clitest {

inline Run mpirun(int ranks, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {KONANE_MPIEXEC};
  if (::geteuid() == 0) argv.push_back("--allow-run-as-root");
  argv.insert(argv.end(), {"--oversubscribe", "-np", std::to_string(ranks), KONANE_BINARY});
  argv.insert(argv.end(), args.begin(), args.end());
  // Open MPI keeps some memory to the end on purpose; the sanitized build must not call
  // that a leak of ours (every other test still checks leaks).
  EnvVar no_leak_check("ASAN_OPTIONS", "detect_leaks=0");
  // Every rank surely gets work, whatever the machine's load (solver/ranks.hpp).
  EnvVar spread("KONANE_RANK0_WAITS", "1");
  return run_program(argv);
}

}  // namespace clitest
