#include "konane_solver.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <memory>
#include <optional>

#include "konane/symmetry.hpp"
#include "solver/reply_rounds.hpp"

namespace konane::cli {

KonaneSolver::KonaneSolver(const SolverConfig& config)
    : config_(config),
      value_table_(config.memory_bytes / 2),
      proof_table_(config.memory_bytes / 2),
      values_(value_table_),
      dfpn_(values_, proof_table_,
            solver::SearchLimits{config.value_limit, &stop_, config.threads, config.node_budget}),
      prover_(values_, dfpn_, solver::ProverLimits{.threads = config.threads, .stop = &stop_}) {}

namespace {
// Runs f with the stop token's deadline `seconds` from now (none if seconds <= 0); the
// searches read the clock as they poll the token, so no thread watches the time.
template <class F>
void with_deadline(double seconds, core::StopToken& stop, F&& f) {
  stop.set_deadline_in(seconds);
  f();
  stop.clear_deadline();
}
}  // namespace

solver::Result KonaneSolver::solve(const Position& p, Color to_move) {
  solver::Result r = solver::Result::Unknown;
  with_deadline(config_.timeout_seconds, stop_,
                [&] { r = dfpn_.solve(p, to_move == Color::Black); });
  return r;
}

RootAnalysis KonaneSolver::analyse(const Position& p, Color to_move, bool with_pv) {
  RootAnalysis out;
  with_deadline(config_.timeout_seconds, stop_, [&] {
    out = solver::analyse(dfpn_, p, to_move == Color::Black, with_pv, config_.threads, stop_);
  });
  return out;
}

OpeningAnalysis KonaneSolver::solve_opening(int rows, int cols, OpeningRule rule) {
  OpeningAnalysis out;
  const core::Shape shape{static_cast<uint8_t>(rows), static_cast<uint8_t>(cols)};
  with_deadline(config_.timeout_seconds, stop_,
                [&] { out = solver::solve_opening(dfpn_, shape, rule, config_.threads, stop_); });
  return out;
}

std::optional<cgt::GameId> KonaneSolver::value(const Position& p) {
  if (config_.timeout_seconds <= 0) return prover_.value(p);
  const double left =
      config_.timeout_seconds -
      std::chrono::duration<double>(std::chrono::steady_clock::now() - created_).count();
  if (left <= 0) stop_.request_stop();
  if (stop_.stop_requested()) return std::nullopt;
  std::optional<cgt::GameId> v;
  with_deadline(left, stop_, [&] { v = prover_.value(p); });
  return v;
}

std::optional<std::vector<std::pair<Region, cgt::GameId>>> KonaneSolver::region_values(
    const Position& p) {
  RegionList regions;
  const int n = decompose(p, regions);
  std::vector<std::pair<Region, cgt::GameId>> out;
  for (int i = 0; i < n; ++i) {
    const auto v = value(cut_out(regions[i]));
    if (!v) return std::nullopt;
    out.emplace_back(regions[i], *v);
  }
  return out;
}

}  // namespace konane::cli
