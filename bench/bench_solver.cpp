// Solver benchmarks: CGT values of opening positions and full-game outcome solves.
// Every figure runs from empty tables (a fresh solver per iteration) so it measures the
// whole computation, not the cache.
#include <benchmark/benchmark.h>

#include <vector>

#include "konane/game.hpp"
#include "konane/opening.hpp"
#include "solver/engine.hpp"
#include "solver/proof/dfpn.hpp"
#include "solver/values/value_prover.hpp"
#include "solver/values/values.hpp"

namespace {

using konane::Color;
using konane::Position;
using Game = konane::KonaneGameT<solver::Keyed<Position>>;

// Every position after both removals under the `any` rule (all opening positions).
std::vector<Position> opening_positions(int rows, int cols) {
  std::vector<Position> out;
  for (const auto& line : konane::opening_lines(rows, cols, konane::OpeningRule::Any))
    out.push_back(line.position);
  return out;
}

// Mean time per opening position of computing its exact CGT value, as `konane value` does
// it (solver/values/value_prover.hpp), on one thread and from empty tables for every position.
void BM_OpeningValues(benchmark::State& state) {
  const auto positions = opening_positions(int(state.range(0)), int(state.range(1)));
  uint64_t nodes = 0;
  for (auto _ : state) {
    for (const Position& p : positions) {
      solver::ConcurrentTable vt(size_t{128} << 20), pt(size_t{128} << 20);
      solver::ValueSolver<Game> values(vt);
      solver::DfpnSolver<Game> dfpn(values, pt, solver::SearchLimits{});
      solver::ValueProver<Game> prover(values, dfpn, solver::ProverLimits{});
      benchmark::DoNotOptimize(prover.value(p));
      nodes += values.nodes() + dfpn.nodes();
    }
  }
  state.counters["positions"] = double(positions.size());
  state.counters["s_per_position"] =
      benchmark::Counter(double(positions.size()) * double(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["nodes_per_s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_OpeningValues)
    ->Args({4, 4})
    ->Args({5, 5})
    ->Args({4, 6})
    ->Args({6, 6})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The whole game from the opening (both removal plies) with N threads, exactly as `konane
// solve --board RxC --opening RULE --threads N` runs it (solver::Engine::solve_opening: replies
// settled in rounds, symmetric removals searched once), from empty tables every iteration.
// Compare the two thread counts of one board for the speed-up.
void BM_FullGame(benchmark::State& state, konane::OpeningRule rule) {
  const int rows = int(state.range(0)), cols = int(state.range(1)), threads = int(state.range(2));
  uint64_t nodes = 0;
  for (auto _ : state) {
    solver::Engine<Game> solver(solver::EngineConfig{.threads = threads});
    const auto analysis =
        solver.solve_opening({static_cast<uint8_t>(rows), static_cast<uint8_t>(cols)}, rule);
    if (!analysis.complete || analysis.winner == core::Winner::Unknown)
      state.SkipWithError("the opening solve did not finish");
    nodes += solver.nodes();
  }
  state.counters["nodes_per_s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_FullGame, standard, konane::OpeningRule::Standard)
    ->Args({5, 5, 1})
    ->Args({5, 5, 2})
    ->Args({4, 6, 1})
    ->Args({4, 6, 2})
    ->Args({6, 6, 1})
    ->Args({6, 6, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);
BENCHMARK_CAPTURE(BM_FullGame, any, konane::OpeningRule::Any)
    ->Args({5, 5, 1})
    ->Args({5, 5, 2})
    ->Args({6, 6, 1})
    ->Args({6, 6, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
