// Micro-benchmarks of the Konane move generator: move generation, move counting, and perft
// (which bulk-counts the last ply) on 6x6 and 8x8 middlegame positions and the openings.
// The perft benchmarks report leaf nodes per second as the "leaves/s" counter.
//
//   build-*/bench/bench_movegen [--benchmark_filter=Perft]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

#include "konane/notation.hpp"
#include "konane/opening.hpp"
#include "konane/perft.hpp"
#include "konane/position.hpp"

namespace {

struct Named {
  const char* name;
  const char* text;
  int perft_depth;  // ~10-100 ms per perft in a Release build
};

// Middlegames reached by random play from the standard opening (the same positions as in
// `konane bench`).
constexpr Named kPositions[] = {
    {"6x6_A", ".oxoxo/oxoxox/.o..../.xoxox/xoxoxo/oxoxox b", 8},
    {"6x6_B", "xoxo../oxo.ox/xoxoxo/oxoxox/xox.xo/oxox.. b", 8},
    {"6x6_C", "x..oxo/oxoxox/x..oxo/oxoxox/.oxoxo/.xoxox w", 8},
    {"8x8_A", "xo..xoxo/o.ox..ox/xox.xoxo/oxox.xox/xoxo.oxo/oxo.oxox/xox.xoxo/oxoxoxox b", 6},
    {"8x8_B", "x..oxoxo/oxoxoxox/xox.x..o/o.oxoxox/..xoxoxo/o..xoxox/xoxoxoxo/oxoxoxox b", 6},
    {"8x8_C", "xoxoxoxo/oxo..xox/xox.xoxo/o.o....x/xox.xoxo/o.o.oxox/x.xoxoxo/oxoxoxox b", 6},
};

konane::ParsedPosition parse_or_die(const char* text) {
  konane::TextError e;
  auto p = konane::parse_position(text, &e);
  if (!p) {
    std::fprintf(stderr, "bad benchmark position %s: %s\n", text, e.describe().c_str());
    std::abort();
  }
  return *p;
}

void BM_GenerateMoves(benchmark::State& state, const char* text) {
  const auto p = parse_or_die(text);
  konane::MoveList list;
  int64_t moves = 0;
  for (auto _ : state) {
    for (konane::Color side : {konane::Color::Black, konane::Color::White}) {
      konane::generate_moves(p.position, side, list);
      benchmark::DoNotOptimize(list.begin());
      moves += list.size();
    }
  }
  state.SetItemsProcessed(moves);
}

void BM_CountMoves(benchmark::State& state, const char* text) {
  const auto p = parse_or_die(text);
  konane::Position pos = p.position;
  int64_t moves = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(pos);
    moves += konane::count_moves(pos, konane::Color::Black);
    moves += konane::count_moves(pos, konane::Color::White);
  }
  state.SetItemsProcessed(moves);
}

void BM_PlayAll(benchmark::State& state, const char* text) {
  const auto p = parse_or_die(text);
  konane::MoveList list;
  konane::generate_moves(p.position, p.to_move, list);
  int64_t played = 0;
  for (auto _ : state) {
    for (const konane::Move& m : list) {
      konane::Position q = konane::play(p.position, p.to_move, m);
      benchmark::DoNotOptimize(q);
    }
    played += list.size();
  }
  state.SetItemsProcessed(played);
}

void BM_Perft(benchmark::State& state, const char* text, int depth) {
  const auto p = parse_or_die(text);
  uint64_t leaves = 0, per_run = 0;
  for (auto _ : state) {
    per_run = konane::perft(p.position, p.to_move, depth);
    benchmark::DoNotOptimize(per_run);
    leaves += per_run;
  }
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
  state.counters["leaves"] = static_cast<double>(per_run);
}

void BM_PerftOpening(benchmark::State& state, int rows, int cols, int depth) {
  uint64_t leaves = 0, per_run = 0;
  for (auto _ : state) {
    per_run = konane::perft_opening(rows, cols, konane::OpeningRule::Standard, depth);
    benchmark::DoNotOptimize(per_run);
    leaves += per_run;
  }
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
  state.counters["leaves"] = static_cast<double>(per_run);
}

[[maybe_unused]] const bool kRegistered = [] {
  for (const Named& n : kPositions) {
    const std::string name(n.name);
    benchmark::RegisterBenchmark(("GenerateMoves/" + name).c_str(), BM_GenerateMoves, n.text);
    benchmark::RegisterBenchmark(("CountMoves/" + name).c_str(), BM_CountMoves, n.text);
    benchmark::RegisterBenchmark(("PlayAll/" + name).c_str(), BM_PlayAll, n.text);
    benchmark::RegisterBenchmark(
        ("Perft/" + name + "/depth:" + std::to_string(n.perft_depth)).c_str(), BM_Perft, n.text,
        n.perft_depth)
        ->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("PerftOpening/6x6/depth:10", BM_PerftOpening, 6, 6, 10)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("PerftOpening/8x8/depth:9", BM_PerftOpening, 8, 8, 9)
      ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
