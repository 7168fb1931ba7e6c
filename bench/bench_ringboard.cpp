// Ringboard Checkers benchmarks: perft leaf nodes per second from the start and from a king
// endgame (one core; every capture path counts), and the endgame database of every position
// of at most four pieces (solved and stored) in positions per second (--benchmark_filter=Retro;
// compare the runs at 1 and 2 threads).
//
//   build-*/bench/bench_ringboard [--benchmark_filter=Perft]
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "ringboard/class_index.hpp"
#include "ringboard/endgame.hpp"
#include "ringboard/notation.hpp"
#include "ringboard/perft.hpp"
#include "solver/loopy/retro_indexed.hpp"

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

// `konane retro --game ringboard --pieces 4` without the CLI: every class of at most four
// pieces numbered, solved and stored into a fresh database under the temporary directory.
void BM_RetroFourPieces(benchmark::State& state) {
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, size_t(state.range(0)));
  using Game = ringboard::IndexedGameT<solver::RetroKey>;
  uint64_t positions = 0;
  for (auto _ : state) {
    state.PauseTiming();
    char dir[] = "/tmp/bench-ringboard-XXXXXX";
    if (!::mkdtemp(dir)) state.SkipWithError("cannot make a temporary directory");
    db::OpenOptions open;
    open.create_if_missing = true;
    auto database = db::Database::open(std::filesystem::path(dir) / "db", open);
    if (!database) state.SkipWithError(database.error().message.c_str());
    solver::IndexedClassOptions<ringboard::Material> o;
    o.classes = ringboard::classes_up_to(4);
    o.board = db::Board{ringboard::kGameId, {10, 10}};
    o.meta_prefix = "bench/";
    o.cache_dir = std::filesystem::path(dir) / "cache";
    state.ResumeTiming();
    if (database) {
      solver::IndexedClassSolver<Game> retro(Game{}, *database, o);
      const auto stats = retro.run();
      if (!stats) state.SkipWithError(stats.error().message.c_str());
      if (stats)
        for (const auto& s : *stats) positions += s.positions;
      (void)database->close();
    }
    state.PauseTiming();
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    state.ResumeTiming();
  }
  state.counters["positions/s"] =
      benchmark::Counter(double(positions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RetroFourPieces)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
