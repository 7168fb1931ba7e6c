// Canonical-form work of the CGT engine: seeded families of large random sums (measured cold:
// every operation cache is emptied before each repetition, only the interned games stay),
// and repeated small operations on number + up + nimber values and small hot games.
#include <benchmark/benchmark.h>

#include <random>
#include <set>
#include <vector>

#include "cgt/game.hpp"

namespace {

using namespace cgt;

// Terms {*a, *b, ... | -1*c} (k Left options with random nimbers, Right's a number plus a
// nimber): hot, mutually fuzzy, so sums keep many options and compare at length.
std::vector<GameId> star_switch_terms(uint64_t seed, int n, int k) {
  std::mt19937_64 rng(seed);
  std::vector<GameId> terms;
  for (int t = 0; t < n; ++t) {
    std::set<uint32_t> nims;
    while (static_cast<int>(nims.size()) < k)
      nims.insert(1 + static_cast<uint32_t>(rng() % (2 * k)));
    std::vector<GameId> l, r;
    for (uint32_t m : nims) l.push_back(nimber(m));
    r.push_back(make_nus(Dyadic::from_int(-1 - static_cast<int>(rng() % 2)), 0,
                         static_cast<uint32_t>(rng() % 4)));
    terms.push_back(make_game(l, r));
  }
  return terms;
}

// Terms whose options are up-multiples with nimbers: infinitesimals and tepid games, the
// kind of value small Konane regions take.
std::vector<GameId> infinitesimal_terms(uint64_t seed, int n, int k) {
  std::mt19937_64 rng(seed);
  std::vector<GameId> terms;
  while (static_cast<int>(terms.size()) < n) {
    std::vector<GameId> l, r;
    int nl = 2 + static_cast<int>(rng() % (k - 1)), nr = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < nl; ++i)
      l.push_back(make_nus(Dyadic(), static_cast<int>(rng() % 3) - 1,
                           1 + static_cast<uint32_t>(rng() % 15)));
    for (int i = 0; i < nr; ++i)
      r.push_back(make_nus(Dyadic::from_int(-1 - static_cast<int>(rng() % 2)),
                           static_cast<int>(rng() % 3) - 1, static_cast<uint32_t>(rng() % 15)));
    GameId g = make_game(l, r);
    if (!is_nus(g)) terms.push_back(g);
  }
  return terms;
}

GameId sum_all(const std::vector<GameId>& terms) {
  GameId s = zero();
  for (GameId t : terms) s = add(s, t);
  return s;
}

void report(benchmark::State& state, GameId s) {
  state.counters["left_options"] = static_cast<double>(left_options(s).size());
  state.counters["right_options"] = static_cast<double>(right_options(s).size());
  state.counters["games_stored"] = static_cast<double>(stats().games);
}

void BM_StarSwitchSum(benchmark::State& state) {
  auto terms =
      star_switch_terms(12345, static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  GameId s = zero();
  for (auto _ : state) {
    state.PauseTiming();
    clear_caches();
    state.ResumeTiming();
    s = sum_all(terms);
    benchmark::DoNotOptimize(s);
  }
  report(state, s);
}
BENCHMARK(BM_StarSwitchSum)
    ->Args({4, 20})
    ->Args({5, 20})
    ->Args({3, 60})
    ->Args({2, 100})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);

void BM_InfinitesimalSum(benchmark::State& state) {
  auto terms = infinitesimal_terms(777, static_cast<int>(state.range(0)), 8);
  GameId s = zero();
  for (auto _ : state) {
    state.PauseTiming();
    clear_caches();
    state.ResumeTiming();
    s = sum_all(terms);
    benchmark::DoNotOptimize(s);
  }
  report(state, s);
}
BENCHMARK(BM_InfinitesimalSum)
    ->Arg(5)
    ->Arg(6)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);

// ---- repeated small operations -----------------------------------------------------------

std::vector<GameId> nus_values(size_t n) {
  std::mt19937_64 rng(99);
  std::vector<GameId> v;
  for (size_t i = 0; i < n; ++i)
    v.push_back(make_nus(
        Dyadic::from_parts(static_cast<int64_t>(rng() % 64) - 32, static_cast<int>(rng() % 4)),
        static_cast<int>(rng() % 7) - 3, static_cast<uint32_t>(rng() % 8)));
  return v;
}

void BM_NusAdd(benchmark::State& state) {
  auto v = nus_values(1024);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(add(v[i & 1023], v[(i * 7 + 3) & 1023]));
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NusAdd);

void BM_NusCompare(benchmark::State& state) {
  auto v = nus_values(1024);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(compare(v[i & 1023], v[(i * 7 + 3) & 1023]));
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NusCompare);

void BM_NusNegate(benchmark::State& state) {
  auto v = nus_values(1024);
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(neg(v[i++ & 1023]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NusNegate);

// Small hot games ({a|b} with a > b, and switches of those): the cached general path.
std::vector<GameId> small_hot_games(size_t n) {
  std::mt19937_64 rng(5);
  std::vector<GameId> v;
  for (size_t i = 0; i < n; ++i) {
    int a = static_cast<int>(rng() % 8) - 2, b = a - 1 - static_cast<int>(rng() % 4);
    GameId l[1] = {integer(a)},
           r[1] = {make_nus(Dyadic::from_int(b), 0, static_cast<uint32_t>(rng() % 2))};
    v.push_back(make_game(l, r));
  }
  return v;
}

void BM_SmallHotAdd(benchmark::State& state) {
  auto v = small_hot_games(256);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(add(v[i & 255], v[(i * 13 + 1) & 255]));
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SmallHotAdd);

void BM_SmallHotCompare(benchmark::State& state) {
  auto v = small_hot_games(256);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(compare(v[i & 255], v[(i * 13 + 1) & 255]));
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SmallHotCompare);

void BM_MakeGameFromOptions(benchmark::State& state) {
  // {0, *, ^ | 0, *, v}-style constructions with dominated and reversible options.
  std::vector<GameId> pool = {zero(), star(), up(), neg(up()), nimber(2), integer(1), integer(-1)};
  std::mt19937_64 rng(3);
  std::vector<std::pair<std::vector<GameId>, std::vector<GameId>>> inputs;
  for (int i = 0; i < 256; ++i) {
    std::vector<GameId> l, r;
    for (int k = 0; k < 3; ++k) l.push_back(pool[rng() % pool.size()]);
    for (int k = 0; k < 3; ++k) r.push_back(pool[rng() % pool.size()]);
    inputs.emplace_back(l, r);
  }
  size_t i = 0;
  for (auto _ : state) {
    const auto& in = inputs[i++ & 255];
    benchmark::DoNotOptimize(make_game(in.first, in.second));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MakeGameFromOptions);

}  // namespace

BENCHMARK_MAIN();
