// Many threads interning, adding and comparing the same games at once must agree with each
// other and with a single-threaded evaluation. Run under ThreadSanitizer in CI.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <thread>
#include <vector>

#include "cgt/game.hpp"

namespace {

using namespace cgt;

// A deterministic family of games built only from the seed, so every thread can construct
// "the same" games independently and race on interning them.
struct Task {
  uint64_t seed;
};

GameId build(uint64_t seed, std::vector<GameId>& scratch) {
  std::mt19937_64 rng(seed);
  scratch.assign({zero(), star(), integer(1), integer(-1), up()});
  for (int i = 0; i < 14; ++i) {
    std::vector<GameId> l, r;
    size_t nl = 1 + rng() % 2, nr = 1 + rng() % 2;
    for (size_t k = 0; k < nl; ++k) l.push_back(scratch[rng() % scratch.size()]);
    for (size_t k = 0; k < nr; ++k) r.push_back(scratch[rng() % scratch.size()]);
    scratch.push_back(make_game(l, r));
  }
  return scratch.back();
}

struct Result {
  GameId game, sum, diff;
  Cmp cmp;
  Dyadic mean;
  bool operator==(const Result&) const = default;
};

Result run(uint64_t seed) {
  std::vector<GameId> scratch;
  GameId a = build(seed, scratch), b = build(seed * 7919 + 1, scratch);
  GameId s = add(a, b);
  return Result{a, s, sub(s, b), compare(a, b), mean(s)};
}

TEST(Concurrency, ThreadsAgreeWithEachOtherAndWithOneThread) {
  constexpr int kThreads = 4;
  constexpr uint64_t kTasks = 60;
  std::vector<std::vector<Result>> results(kThreads, std::vector<Result>(kTasks));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &results] {
      std::vector<uint64_t> order(kTasks);
      for (uint64_t i = 0; i < kTasks; ++i) order[i] = i;
      std::shuffle(order.begin(), order.end(), std::mt19937_64(t));
      for (uint64_t i : order) results[t][i] = run(1000 + i);
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 1; t < kThreads; ++t)
    for (uint64_t i = 0; i < kTasks; ++i) ASSERT_EQ(results[t][i], results[0][i]) << t << " " << i;
  // a + b - b = a, whichever thread made the ids.
  for (uint64_t i = 0; i < kTasks; ++i) ASSERT_EQ(results[0][i].diff, results[0][i].game);
  // The same work again on one thread, with every cache emptied first.
  clear_caches();
  for (uint64_t i = 0; i < kTasks; ++i) ASSERT_EQ(run(1000 + i), results[0][i]);
}

TEST(Concurrency, CachesMayBeClearedWhileOthersWork) {
  std::atomic<bool> stop{false};
  std::thread clearer([&] {
    while (!stop.load()) clear_caches();
  });
  std::vector<Result> want;
  for (uint64_t i = 0; i < 20; ++i) want.push_back(run(5000 + i));
  std::vector<std::thread> threads;
  std::vector<int> bad(2, 0);
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([t, &want, &bad] {
      for (uint64_t i = 0; i < 20; ++i)
        if (!(run(5000 + i) == want[i])) ++bad[t];
    });
  }
  for (auto& th : threads) th.join();
  stop = true;
  clearer.join();
  EXPECT_EQ(bad[0] + bad[1], 0);
}

TEST(Concurrency, StatsReportTheTable) {
  GameId g = parse("{{3|1}|{-1|-3}} + {2|0}", nullptr).value();
  (void)leq(g, zero());
  TableStats s = stats();
  EXPECT_GT(s.games, 10u);
  EXPECT_GT(s.nus_games, 3u);
  EXPECT_LT(s.nus_games, s.games);
  EXPECT_GE(s.bytes, s.record_bytes + s.option_bytes + s.index_bytes);
  EXPECT_GT(s.add_cache.lookups, 0u);
  EXPECT_GT(s.leq_cache.bytes, 0u);
  EXPECT_LE(s.add_cache.hits, s.add_cache.lookups);
  std::string r = stats_report();
  EXPECT_NE(r.find("games stored"), std::string::npos);
  EXPECT_NE(r.find("thermograph"), std::string::npos);
}

}  // namespace
