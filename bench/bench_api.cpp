// The facade's call from C++ (api::value of a 4x4 position, api::value of Clobber "xo"): the
// yardstick scripts/python-overhead.py holds the Python module's calls against.
#include <benchmark/benchmark.h>

#include "api/verbs.hpp"
#include "core/stop.hpp"

namespace {

void value_of(benchmark::State& state, const char* game, const char* position) {
  api::PositionRequest r;
  r.game = game;
  r.position = position;
  api::Limits l;  // the Python module's defaults: one thread, 1 GiB, a cancel token
  core::StopToken cancel;
  l.cancel = &cancel;
  for (auto _ : state) {
    auto a = api::value(r, l);
    if (!a) state.SkipWithError(a.error().message.c_str());
    benchmark::DoNotOptimize(a);
  }
}

void BM_ApiValueKonane4x4(benchmark::State& state) {
  value_of(state, "konane", "xoxo/oxox/x..o/oxox");
}
BENCHMARK(BM_ApiValueKonane4x4)->Unit(benchmark::kMicrosecond);

void BM_ApiValueClobberXo(benchmark::State& state) {
  value_of(state, "clobber", "xo");
}
BENCHMARK(BM_ApiValueClobberXo)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
