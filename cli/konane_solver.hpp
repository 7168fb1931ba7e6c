#pragma once
// Konane-level solving on top of the generic solver: winning moves, principal variations,
// full games from the opening. Owns the tables for one command run.
#include <atomic>
#include <cgt/game.hpp>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/stop.hpp"
#include "konane/game.hpp"
#include "konane/opening.hpp"
#include "konane/position.hpp"
#include "konane/pv_order.hpp"
#include "solver/dfpn.hpp"
#include "solver/game.hpp"
#include "solver/opening.hpp"
#include "solver/root_analysis.hpp"
#include "solver/table.hpp"
#include "solver/value_prover.hpp"
#include "solver/values.hpp"

namespace konane::cli {

using Game = KonaneGameT<solver::Keyed<Position>>;

struct SolverConfig {
  size_t memory_bytes = size_t{256} << 20;  // split between the value and proof tables
  int threads = 1;
  int value_limit = 6;
  double timeout_seconds = 0;  // 0 = none
  uint64_t node_budget = 0;    // 0 = none; see solver::SearchLimits::node_budget
};

using core::Winner;
inline Winner winner_of(Color mover, core::Result r) {
  return core::winner_of(side_of(mover), r);
}

using MoveResult = solver::MoveResult<Move>;
using RootAnalysis = solver::RootAnalysis<Move>;

using OpeningRemoval = solver::OpeningChoice;  // Black's removal: choice is its square
using OpeningAnalysis = solver::OpeningAnalysis;

class KonaneSolver {
 public:
  explicit KonaneSolver(const SolverConfig& config);

  solver::Result solve(const Position& p, Color to_move);
  RootAnalysis analyse(const Position& p, Color to_move, bool with_pv);
  OpeningAnalysis solve_opening(int rows, int cols, OpeningRule rule);

  // Exact values (by proof where a simple value fits, value_prover.hpp); nullopt when the
  // timeout stopped the computation.
  std::optional<cgt::GameId> value(const Position& p);
  // The live regions of p (stones on p's board) with the value of each; nullopt on timeout.
  std::optional<std::vector<std::pair<Region, cgt::GameId>>> region_values(const Position& p);
  // Regions valued by a proved guess, and built from their options, so far.
  uint64_t regions_proved() const { return prover_.proved(); }
  uint64_t regions_expanded() const { return prover_.expanded(); }
  bool timed_out() const { return stop_.stop_requested(); }
  // Why a computation stopped: "node budget spent" or "timed out".
  const char* stop_reason() const {
    return config_.node_budget && nodes() >= config_.node_budget ? "node budget spent"
                                                                 : "timed out";
  }
  uint64_t nodes() const { return dfpn_.nodes() + values_.nodes(); }
  size_t table_bytes() const { return value_table_.bytes() + proof_table_.bytes(); }

 private:
  SolverConfig config_;
  // --timeout counts from here for value(): a command values its regions one by one.
  std::chrono::steady_clock::time_point created_ = std::chrono::steady_clock::now();
  core::StopToken stop_;
  solver::ConcurrentTable value_table_;
  solver::ConcurrentTable proof_table_;
  solver::ValueSolver<Game> values_;
  solver::DfpnSolver<Game> dfpn_;
  solver::ValueProver<Game> prover_;
};

}  // namespace konane::cli
