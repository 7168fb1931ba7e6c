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
#include "solver/engine.hpp"
#include "solver/game.hpp"
#include "solver/proof/dfpn.hpp"
#include "solver/proof/opening.hpp"
#include "solver/proof/root_analysis.hpp"
#include "solver/proof/table.hpp"
#include "solver/values/value_prover.hpp"
#include "solver/values/values.hpp"

namespace konane::cli {

using Game = KonaneGameT<solver::Keyed<Position>>;

using SolverConfig = solver::EngineConfig;

using core::Winner;
inline Winner winner_of(Color mover, core::Result r) {
  return core::winner_of(side_of(mover), r);
}

using MoveResult = solver::MoveResult<Move>;
using RootAnalysis = solver::RootAnalysis<Move>;

using OpeningRemoval = solver::OpeningChoice;  // Black's removal: choice is its square
using OpeningAnalysis = solver::OpeningAnalysis;

// The engine (solver/engine.hpp) for Konane, asked in Konane's terms (colours, board sizes).
class KonaneSolver : public solver::Engine<Game> {
 public:
  using Engine::Engine;

  solver::Result solve(const Position& p, Color to_move) {
    return Engine::solve(p, to_move == Color::Black);
  }
  RootAnalysis analyse(const Position& p, Color to_move, bool with_pv, bool across_ranks = false) {
    return Engine::analyse(p, to_move == Color::Black, with_pv, across_ranks);
  }
  OpeningAnalysis solve_opening(int rows, int cols, OpeningRule rule, bool across_ranks = false) {
    return Engine::solve_opening({static_cast<uint8_t>(rows), static_cast<uint8_t>(cols)}, rule,
                                 across_ranks);
  }
};

}  // namespace konane::cli
