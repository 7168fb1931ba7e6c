// Games with many options, where comparisons walk the stop-sorted option views and decide
// by (rounded) stops before any cache or recursion. Judged against the naive reference
// model and against a rule worked out by hand.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <vector>

#include "cgt/game.hpp"
#include "families.hpp"
#include "reference.hpp"
#include "shorthand.hpp"

namespace {

using namespace cgt;

// For numbers a > b and c > d, {a|b} <= {c|d} iff a <= c and b <= d:
//   a >= {c|d} iff c < a (Left's move c is the only one that matters against a number), and
//   d <= {a|b} iff d < b; {a|b} <= {c|d} iff neither a >= {c|d} nor d <= {a|b}.
// The numbers below sit 2^-20 apart around 2^20, finer than a float's 24-bit mantissa, so the
// views' rounded stops tie and only the exact comparison can tell them apart.
TEST(WideGames, SwitchesWhoseStopsRoundAlikeCompareExactly) {
  std::vector<Dyadic> xs;
  const int64_t big = int64_t{1} << 40;  // 2^40 / 2^20 = 2^20
  for (int64_t j = -3; j <= 3; ++j) xs.push_back(Dyadic::from_parts(big + j, 20));
  for (int64_t j = -3; j <= 3; ++j) xs.push_back(Dyadic::from_parts(-big + j, 20));
  xs.push_back(Dyadic());
  std::vector<std::pair<Dyadic, Dyadic>> stops;
  std::vector<GameId> games;
  for (const Dyadic& a : xs) {
    for (const Dyadic& b : xs) {
      if (!(b < a)) continue;
      GameId l[1] = {number(a)}, r[1] = {number(b)};
      games.push_back(make_game(l, r));
      stops.emplace_back(a, b);
    }
  }
  ASSERT_GT(games.size(), 50u);
  int less = 0, fuzzy = 0;
  for (size_t i = 0; i < games.size(); ++i) {
    for (size_t j = 0; j < games.size(); ++j) {
      bool want = stops[i].first <= stops[j].first && stops[i].second <= stops[j].second;
      ASSERT_EQ(leq(games[i], games[j]), want)
          << to_string(games[i]) << " <= " << to_string(games[j]);
      less += want && i != j;
      fuzzy += !want && !(stops[j].first <= stops[i].first && stops[j].second <= stops[i].second);
    }
  }
  EXPECT_GT(less, 100);
  EXPECT_GT(fuzzy, 100);
  // A game whose Left options are all those switches: no two are comparable within one
  // left-stop, so the scan has to read past many rounded ties.
  std::vector<GameId> l;
  for (size_t i = 0; i < games.size(); ++i)
    if (stops[i].first + stops[i].second == Dyadic()) l.push_back(games[i]);
  ASSERT_GE(l.size(), 4u);
  GameId r[1] = {integer(-(int64_t{1} << 22))};
  GameId wide = make_game(l, r);
  EXPECT_EQ(left_options(wide).size(), l.size());
  // G <= G^L never holds (G^L is one of Left's moves from G, the very witness against it).
  for (GameId g : l) EXPECT_FALSE(leq(wide, g)) << to_string(g);
}

using cgt_test::Built;

// {+-t1, ..., +-tk | -n} with distinct temperatures t/4, as in the benchmark's antichain
// family, built both in the engine and in the reference model.
Built switch_antichain(ref::Model& m, std::mt19937_64& rng, int k, int n) {
  std::set<int> ts;
  while (static_cast<int>(ts.size()) < k) ts.insert(1 + static_cast<int>(rng() % (4 * k)));
  std::vector<GameId> l;
  std::vector<ref::P> lt;
  for (int t : ts) {
    GameId a[1] = {number(Dyadic::from_parts(t, 2))}, b[1] = {number(Dyadic::from_parts(-t, 2))};
    l.push_back(make_game(a, b));
    lt.push_back(m.make({m.dyadic(t, 2)}, {m.dyadic(-t, 2)}));
  }
  GameId r[1] = {integer(-n)};
  return {make_game(l, r), m.make(lt, {m.integer(-n)})};
}

using cgt_test::collect;

void check_sum_and_its_followers(ref::Model& m, const Built& a, const Built& b) {
  GameId s = add(a.id, b.id);
  ref::P st = m.sum(a.tree, b.tree);
  ASSERT_TRUE(m.eq(m.from_engine(s), st)) << to_string(a.id) << " + " << to_string(b.id);
  std::set<GameId> all;
  collect(s, all);
  std::vector<GameId> v(all.begin(), all.end());
  for (GameId g : v) ASSERT_TRUE(m.is_canonical_node(m.from_engine(g))) << to_string(g);
  // Every ordered pair of followers, wide ones included, against the definition.
  for (GameId x : v) {
    for (GameId y : v) {
      ASSERT_EQ(leq(x, y), m.leq(m.from_engine(x), m.from_engine(y)))
          << to_string(x) << " <= " << to_string(y);
    }
  }
}

TEST(WideGames, SwitchAntichainSumsMatchTheDefinition) {
  std::mt19937_64 rng(41);
  for (int round = 0; round < 3; ++round) {
    ref::Model m;
    // Temperatures t/4 <= 6 < 7: -t <= G would need R(-t) = -t <= R(G) = -7, so no option
    // reverses and all six stay (they are pairwise incomparable switches).
    Built a = switch_antichain(m, rng, 6, 7), b = switch_antichain(m, rng, 6, 7);
    ASSERT_EQ(left_options(a.id).size(), 6u);
    clear_caches();
    check_sum_and_its_followers(m, a, b);
  }
}

TEST(WideGames, NimberSwitchSumsMatchTheDefinition) {
  std::mt19937_64 rng(43);
  for (int round = 0; round < 3; ++round) {
    ref::Model m;
    Built a = cgt_test::nimber_switch(m, rng, 4, 8), b = cgt_test::nimber_switch(m, rng, 4, 8);
    clear_caches();
    check_sum_and_its_followers(m, a, b);
  }
}

}  // namespace
