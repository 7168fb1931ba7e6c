// Solver benchmarks: CGT values of opening positions and full-game outcome solves.
// Every figure runs from empty tables (a fresh solver per iteration) so it measures the
// whole computation, not the cache.
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <vector>

#include "konane/game.hpp"
#include "konane/opening.hpp"
#include "solver/dfpn.hpp"
#include "solver/value_prover.hpp"
#include "solver/values.hpp"

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
// it (value_prover.hpp), on one thread and from empty tables for every position.
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

// The whole game from the opening (both removal plies) with N threads, as `konane solve
// --board RxC` does it: every (removal, reply) pair searched in parallel over one table.
void BM_FullGame(benchmark::State& state) {
  const int rows = int(state.range(0)), cols = int(state.range(1)), threads = int(state.range(2));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  const auto positions = opening_positions(rows, cols);
  uint64_t nodes = 0;
  for (auto _ : state) {
    solver::ConcurrentTable vt(size_t{256} << 20), pt(size_t{256} << 20);
    solver::ValueSolver<Game> values(vt);
    solver::DfpnSolver<Game> dfpn(values, pt, solver::SearchLimits{});
    tbb::parallel_for(
        size_t{0}, positions.size(),
        [&](size_t i) { benchmark::DoNotOptimize(dfpn.solve(positions[i], true)); },
        tbb::simple_partitioner());
    nodes += dfpn.nodes() + values.nodes();
  }
  state.counters["nodes_per_s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_FullGame)
    ->Args({5, 5, 1})
    ->Args({5, 5, 2})
    ->Args({4, 6, 1})
    ->Args({4, 6, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
