// Retrograde solving throughput: positions per second (enumeration + solving + SST ingest)
// at 1 and 2 threads; the speed-up is the ratio of the two rates.
//   bench_retro --benchmark_filter=Retro
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>
#include <unistd.h>

#include <filesystem>

#include "db/database.hpp"
#include "konane/opening.hpp"
#include "konane/retro_game.hpp"
#include "konane/storage_key.hpp"
#include "solver/retro/retro.hpp"

namespace {

using konane::Color;
using konane::Position;
using RetroGame = konane::KonaneRetroGameT<solver::RetroKey>;
namespace fs = std::filesystem;

std::vector<std::pair<Position, core::Side>> roots(int rows, int cols, konane::OpeningRule rule) {
  std::vector<std::pair<Position, core::Side>> out;
  for (const auto& line : konane::opening_lines(rows, cols, rule))
    out.emplace_back(line.position, core::Side::Left);
  return out;
}

// args: rows, cols, threads
void BM_Retro(benchmark::State& state) {
  const int rows = static_cast<int>(state.range(0)), cols = static_cast<int>(state.range(1));
  const int threads = static_cast<int>(state.range(2));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  const fs::path dir =
      fs::temp_directory_path() / ("konane_bench_retro_" + std::to_string(getpid()));
  uint64_t positions = 0;
  for (auto _ : state) {
    state.PauseTiming();
    fs::remove_all(dir);
    db::OpenOptions o;
    o.create_if_missing = true;
    o.build_id = "bench_retro";
    auto database = db::Database::open(dir / "db", o);
    if (!database) {
      state.SkipWithError(database.error().message.c_str());
      return;
    }
    solver::RetroOptions<Position> opt;
    opt.roots = roots(rows, cols, konane::OpeningRule::Any);
    opt.board = db::Board{konane::kGameId, {uint8_t(rows), uint8_t(cols)}};
    opt.meta_prefix = "bench/";
    opt.work_dir = dir / "work";
    // Flush latency is serial and, on boards this small, larger than the work itself; on
    // the boards retro is for it is negligible, so it is left out of the rate.
    opt.sync_files = false;
    const RetroGame game{rows, cols};
    state.ResumeTiming();
    auto stats = solver::RetroSolver<RetroGame>(game, *database, std::move(opt)).run();
    state.PauseTiming();
    if (!stats) {
      state.SkipWithError(stats.error().message.c_str());
      return;
    }
    positions += stats->positions;
    (void)database->close();
    state.ResumeTiming();
  }
  fs::remove_all(dir);
  state.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate);
  state.counters["positions/s/thread"] =
      benchmark::Counter(static_cast<double>(positions) / threads, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Retro)
    ->Args({5, 5, 1})
    ->Args({5, 5, 2})
    ->Args({4, 6, 1})
    ->Args({4, 6, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
