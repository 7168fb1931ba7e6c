#include "solve_progress.hpp"

namespace konane::cli {

SolveProgress::SolveProgress(std::ostream* err, bool tty, double every, bool board,
                             bool several_ranks, const KonaneSolver& solver)
    : line_(err, tty, "nodes", std::chrono::milliseconds(static_cast<int64_t>(every * 1000))),
      every_(every),
      board_(board),
      several_ranks_(several_ranks),
      solver_(solver) {
  if (!err) return;
  line_.count_from(std::chrono::steady_clock::now());
  if (every == 0) return;  // the final line only
  thread_ = std::thread([this] {
    std::unique_lock lock(mu_);
    // The first line once `every` has passed, then one per `every` (this loop is the
    // throttle, so every line is forced).
    while (!wake_.wait_for(lock, every_, [this] { return done_; })) report(true);
  });
}

void SolveProgress::stop() {
  {
    std::lock_guard lock(mu_);
    if (done_) return;
    done_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  // Printed lines end with the final state; a quick solve prints nothing unless asked.
  if (printed_ || every_.count() == 0) report(true);
  line_.finish();
}

void SolveProgress::report(bool force) {
  const solver::SettleProgress& p = solver_.progress();
  std::string detail;
  if (board_)
    detail = "removals " + std::to_string(p.groups_settled.load()) + "/" +
             std::to_string(p.groups.load()) + " settled, replies " +
             std::to_string(p.positions_decided.load()) + "/" + std::to_string(p.positions.load()) +
             " decided;";
  else
    detail = "moves " + std::to_string(p.positions_decided.load()) + "/" +
             std::to_string(p.positions.load()) + " decided;";
  detail += several_ranks_ ? " rank 0 nodes" : " nodes";
  line_.update("solve", solver_.nodes(), 0, force, detail);
  printed_ = true;
}

}  // namespace konane::cli
