// Canonical-form work of the CGT engine: seeded families of large random sums (measured cold:
// every operation cache is emptied before each run, only the interned games stay), and
// repeated small operations on number + up + nimber values and small hot games.
//
// The large sums run once per repetition. All cases share the process-wide table, and a
// case run after others works among their games (a larger index, colder memory), so take
// each case's median in a process of its own:
//   bench_cgt --benchmark_filter='LargeSum/Cold/family:1/terms:2/k:500' --benchmark_repetitions=3
// The counters give the size of each canonical result (left_options, right_options).
#include <benchmark/benchmark.h>

#include <random>
#include <set>
#include <vector>

#include "cgt/game.hpp"

namespace {

using namespace cgt;

// k distinct values drawn from [0, range).
std::set<uint32_t> distinct(std::mt19937_64& rng, int k, int range) {
  std::set<uint32_t> s;
  while (static_cast<int>(s.size()) < k) s.insert(static_cast<uint32_t>(rng() % range));
  return s;
}

// The families of terms. Each keeps many options in its sums for a different reason, and
// costs the engine in a different place.
enum Family : int64_t {
  // {*a, *b, ... | -1*c}: the Right options differ between terms, so sums lose most Left
  // options to domination, after long comparisons among the nimber translates.
  kStarSwitch,
  // {1*a, 1*b, ... | -1*c, -1*d, ...}: every term alike, so no option of a sum dominates
  // another and the output keeps them all; the work is the sums *m + term.
  kNimberSwitch,
  // {+-t1, +-t2, ... | -4k}: Left's options are switches of distinct temperatures, mutually
  // incomparable; sums keep most of them and compare big games against each other.
  kSwitchAntichain,
  // Up-multiples with nimbers: infinitesimals and tepid games, the kind of value small
  // Konane regions take. Sums stay small; the work is many cheap canonicalisations.
  kInfinitesimal,
};

GameId make_term(Family family, std::mt19937_64& rng, int k) {
  std::vector<GameId> l, r;
  switch (family) {
    case kStarSwitch:
      for (uint32_t m : distinct(rng, k, 2 * k)) l.push_back(nimber(m + 1));
      r.push_back(make_nus(Dyadic::from_int(-1 - static_cast<int>(rng() % 2)), 0,
                           static_cast<uint32_t>(rng() % 4)));
      break;
    case kNimberSwitch:
      for (uint32_t m : distinct(rng, k, 2 * k)) l.push_back(make_nus(Dyadic::from_int(1), 0, m));
      for (uint32_t m : distinct(rng, k, 2 * k)) r.push_back(make_nus(Dyadic::from_int(-1), 0, m));
      break;
    case kSwitchAntichain:
      for (uint32_t t : distinct(rng, k, 8 * k)) {
        // +-(t+1)/4
        GameId a[1] = {number(Dyadic::from_parts(t + 1, 2))};
        GameId b[1] = {number(Dyadic::from_parts(-static_cast<int64_t>(t) - 1, 2))};
        l.push_back(make_game(a, b));
      }
      r.push_back(integer(-4 * k));
      break;
    case kInfinitesimal: {
      int nl = 2 + static_cast<int>(rng() % (k - 1)), nr = 1 + static_cast<int>(rng() % 3);
      for (int i = 0; i < nl; ++i)
        l.push_back(make_nus(Dyadic(), static_cast<int>(rng() % 3) - 1,
                             1 + static_cast<uint32_t>(rng() % 15)));
      for (int i = 0; i < nr; ++i)
        r.push_back(make_nus(Dyadic::from_int(-1 - static_cast<int>(rng() % 2)),
                             static_cast<int>(rng() % 3) - 1, static_cast<uint32_t>(rng() % 15)));
      break;
    }
  }
  return make_game(l, r);
}

// n terms of the family, each with about k options a side; terms that collapse to a
// number + up + nimber value are drawn again, so every term is a genuine compound game.
std::vector<GameId> make_terms(Family family, uint64_t seed, int n, int k) {
  std::mt19937_64 rng(seed);
  std::vector<GameId> terms;
  while (static_cast<int>(terms.size()) < n) {
    GameId g = make_term(family, rng, k);
    if (!is_nus(g)) terms.push_back(g);
  }
  return terms;
}

// Arguments: family, number of terms, options per term.
class LargeSum : public benchmark::Fixture {
 public:
  void SetUp(const benchmark::State& state) override {
    terms_ = make_terms(static_cast<Family>(state.range(0)), 12345 + state.range(0),
                        static_cast<int>(state.range(1)), static_cast<int>(state.range(2)));
  }
  void TearDown(const benchmark::State&) override { terms_.clear(); }

 protected:
  std::vector<GameId> terms_;
};

BENCHMARK_DEFINE_F(LargeSum, Cold)(benchmark::State& state) {
  GameId s = zero();
  for (auto _ : state) {
    state.PauseTiming();
    clear_caches();
    state.ResumeTiming();
    s = zero();
    for (GameId t : terms_) s = add(s, t);
    benchmark::DoNotOptimize(s);
  }
  state.counters["left_options"] = static_cast<double>(left_options(s).size());
  state.counters["right_options"] = static_cast<double>(right_options(s).size());
  state.counters["games_stored"] = static_cast<double>(stats().games);
}
BENCHMARK_REGISTER_F(LargeSum, Cold)
    ->ArgNames({"family", "terms", "k"})
    ->Args({kStarSwitch, 4, 20})
    ->Args({kStarSwitch, 3, 60})
    ->Args({kStarSwitch, 2, 200})
    ->Args({kNimberSwitch, 2, 100})
    ->Args({kNimberSwitch, 2, 200})
    ->Args({kSwitchAntichain, 2, 150})
    ->Args({kSwitchAntichain, 2, 300})
    // Outputs with a thousand options a side and more.
    ->Args({kNimberSwitch, 2, 300})
    ->Args({kNimberSwitch, 2, 500})
    ->Args({kSwitchAntichain, 2, 600})
    ->Args({kInfinitesimal, 5, 8})
    ->Args({kInfinitesimal, 6, 8})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

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
