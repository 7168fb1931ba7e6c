#pragma once
// Commands that run on every rank of an MPI run (Command::every_rank) agree on their setup
// before any rank starts sharing work, so that one rank's failure cannot leave the others
// waiting for it.
#include <string>

#include "command.hpp"

namespace konane::cli {

// Every rank's verdict on its own setup (reading the input, opening the database), taken
// together: false if any rank failed, rank 0 having printed why (its own failure was
// printed already; another rank's is the text that rank printed to its own io.err).
// Without mpirun, just `ok`.
bool setup_agreed(bool ok, const std::string& command, Io io);

}  // namespace konane::cli
