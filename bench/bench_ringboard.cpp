// Ringboard Checkers benchmarks: perft leaf nodes per second from the start and from a king
// endgame (one core; every capture path counts), and retrograde analysis of every position
// of at most three pieces in positions per second (--benchmark_filter=Retro; compare the
// runs at 1 and 2 threads).
//
//   build-*/bench/bench_ringboard [--benchmark_filter=Perft]
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include <cstdio>
#include <cstdlib>

#include "ringboard/endgame.hpp"
#include "ringboard/notation.hpp"
#include "ringboard/perft.hpp"
#include "solver/retro_loopy.hpp"

namespace {

ringboard::ParsedPosition parse_or_die(const char* text) {
  std::string error;
  auto p = ringboard::parse_position(text, &error);
  if (!p) {
    std::fprintf(stderr, "bad benchmark position %s: %s\n", text, error.c_str());
    std::abort();
  }
  return *p;
}

void run_perft(benchmark::State& state, const ringboard::ParsedPosition& p, int depth) {
  uint64_t leaves = 0;
  for (auto _ : state) {
    const auto n = ringboard::perft(p.position, p.to_move, depth);
    benchmark::DoNotOptimize(n);
    leaves += n.value_or(0);
  }
  state.counters["leaves/s"] = benchmark::Counter(double(leaves), benchmark::Counter::kIsRate);
}

void BM_PerftStart(benchmark::State& state) {
  run_perft(state, {ringboard::start_position(), ringboard::Color::Black}, int(state.range(0)));
}
BENCHMARK(BM_PerftStart)->Arg(7)->Unit(benchmark::kMillisecond);

// Three kings a side in the middle of the board: long king moves, few forced captures.
void BM_PerftKingEndgame(benchmark::State& state) {
  static const auto p = parse_or_die(
      "........../........../...O.O.O../........../........../........../........../..X.X.X.../"
      "........../.......... b");
  run_perft(state, p, int(state.range(0)));
}
BENCHMARK(BM_PerftKingEndgame)->Arg(6)->Unit(benchmark::kMillisecond);

void BM_RetroThreePieces(benchmark::State& state) {
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, size_t(state.range(0)));
  using Game = ringboard::RetroGameT<solver::RetroKey>;
  solver::LoopyOptions<ringboard::Position> options;
  for (const auto& m : ringboard::classes_up_to(3))
    ringboard::for_each_placement(m, [&](const ringboard::Position& p) {
      options.roots.emplace_back(p, true);
      options.roots.emplace_back(p, false);
    });
  uint64_t positions = 0;
  for (auto _ : state) {
    solver::LoopySolver<Game> retro(Game{}, nullptr, options);
    const auto stats = retro.run();
    if (!stats) state.SkipWithError(stats.error().message.c_str());
    positions += stats ? stats->positions : 0;
  }
  state.counters["positions/s"] =
      benchmark::Counter(double(positions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RetroThreePieces)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
