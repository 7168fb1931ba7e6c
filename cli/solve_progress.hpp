#pragma once
// The progress of a long `konane solve` on stderr, from a thread of its own: what is settled
// so far (the root's moves; with --board the removals, symmetric ones counted once, and
// White's replies decided) and the nodes searched, with their rate and the time elapsed.
// No ETA: how many nodes a proof needs is not known before it is found.
//
// A solve shorter than the reporting interval prints nothing; a longer one prints a line
// per interval and a last one when it ends. Under mpirun rank 0 reports, counting its own
// nodes (the other ranks' come with the answer).
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

#include "core/progress.hpp"
#include "konane_solver.hpp"

namespace konane::cli {

class SolveProgress {
 public:
  // err = nullptr: quiet. every: seconds between lines; 0 prints only the final line, for
  // every solve. board: the solve is of a whole board (removals and replies).
  SolveProgress(std::ostream* err, bool tty, double every, bool board, bool several_ranks,
                const KonaneSolver& solver);
  ~SolveProgress() { stop(); }
  SolveProgress(const SolveProgress&) = delete;
  SolveProgress& operator=(const SolveProgress&) = delete;

  // Ends the reports with the final line (if any line was printed, or every = 0). Call it
  // once the solve has returned. Idempotent.
  void stop();

 private:
  void report(bool force);

  core::ProgressLine line_;
  const std::chrono::duration<double> every_;
  const bool board_, several_ranks_;
  const KonaneSolver& solver_;
  bool printed_ = false;
  std::mutex mu_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace konane::cli
