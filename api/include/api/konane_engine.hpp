#pragma once
// Konane's engine: the generic solver (solver/engine.hpp) asked in Konane's terms (colours,
// board sizes): winning moves, principal variations, whole games from the opening. Owns the
// tables for one run. Used by the facade's play and analysis and by Konane's own commands.
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

namespace api::konane_engine {

using Game = konane::KonaneGameT<solver::Keyed<konane::Position>>;

using SolverConfig = solver::EngineConfig;

using core::Winner;
inline Winner winner_of(konane::Color mover, core::Result r) {
  return core::winner_of(konane::side_of(mover), r);
}

using MoveResult = solver::MoveResult<konane::Move>;
using RootAnalysis = solver::RootAnalysis<konane::Move>;

using OpeningRemoval = solver::OpeningChoice;  // Black's removal: choice is its square
using OpeningAnalysis = solver::OpeningAnalysis;

class KonaneSolver : public solver::Engine<Game> {
 public:
  using Engine::Engine;

  solver::Result solve(const konane::Position& p, konane::Color to_move) {
    return Engine::solve(p, core::side_of(to_move == konane::Color::Black));
  }
  RootAnalysis analyse(const konane::Position& p, konane::Color to_move, bool with_pv,
                       bool across_ranks = false) {
    return Engine::analyse(p, core::side_of(to_move == konane::Color::Black), with_pv,
                           across_ranks);
  }
  OpeningAnalysis solve_opening(int rows, int cols, konane::OpeningRule rule,
                                bool across_ranks = false) {
    return Engine::solve_opening({static_cast<uint8_t>(rows), static_cast<uint8_t>(cols)}, rule,
                                 across_ranks);
  }
};

}  // namespace api::konane_engine
