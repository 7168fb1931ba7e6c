#pragma once
// Runs the konane executable under mpirun on this machine (ranks on localhost,
// oversubscribed), as the several-rank tests do.
#include <stdlib.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "cli_test_support.hpp"

namespace clitest {

// Open MPI's launcher authenticates its daemons with munge whenever libmunge is installed
// (Slurm brings it), and with no munged running it retries for 2.3 s before it falls back,
// on every mpirun. These ranks all run on this machine, where the native (uid) check is
// all there is to check. A setting of the caller's is kept.
inline void native_launcher_security() {
  setenv("PMIX_MCA_psec", "native", 0);
}

inline Run mpirun(int ranks, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {KONANE_MPIEXEC};
  if (::geteuid() == 0) argv.push_back("--allow-run-as-root");
  argv.insert(argv.end(), {"--oversubscribe", "-np", std::to_string(ranks), KONANE_BINARY});
  argv.insert(argv.end(), args.begin(), args.end());
  // Open MPI keeps some memory to the end on purpose; the sanitized build must not call
  // that a leak of ours (every other test still checks leaks).
  EnvVar no_leak_check("ASAN_OPTIONS", "detect_leaks=0");
  // Every rank surely gets work, whatever the machine's load (solver/ranks/ranks.hpp).
  EnvVar spread("KONANE_RANK0_WAITS", "1");
  native_launcher_security();
  return run_program(argv);
}

}  // namespace clitest
