// Sums of two switches {p | q} (numbers p > q), which the engine writes down from their stops
// without building options unless the temperatures are equal. Sums whose cross-component
// options differ by nimber shifts, where the engine compares
// options through shifted sums (cgt/src/cross_order.hpp), and hot games whose reversible
// options are settled by stops while canonicalising. Judged against the reference model.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <vector>

#include "cgt/game.hpp"
#include "families.hpp"
#include "reference.hpp"

namespace {

using namespace cgt;

using cgt_test::Built;

// x + k.up + *n with x in {-1, 0, 1/2, 1}, built in both worlds.
Built random_nus(ref::Model& m, std::mt19937_64& rng, int sign, unsigned max_nim) {
  static const int64_t nums[][2] = {{1, 0}, {0, 0}, {1, 1}, {1, 0}};  // m / 2^k, before sign
  const auto& x = nums[rng() % 4];
  int64_t num = sign * x[0];
  int ups = static_cast<int>(rng() % 5 == 0) * sign;
  unsigned nim = static_cast<unsigned>(rng() % (max_nim + 1));
  return {make_nus(Dyadic::from_parts(num, static_cast<int>(x[1])), ups, nim),
          m.nus(num, static_cast<int>(x[1]), ups, nim)};
}

// {Left NUS options | Right NUS options}, sometimes with a switch among them so that pairs of
// options of different kinds meet too; options on each side share few numbers and
// up-multiples, so many cross pairs differ only by a nimber.
Built random_term(ref::Model& m, std::mt19937_64& rng, unsigned max_nim) {
  std::vector<GameId> l, r;
  std::vector<ref::P> lt, rt;
  int nl = 2 + static_cast<int>(rng() % 4), nr = 1 + static_cast<int>(rng() % 4);
  for (int i = 0; i < nl; ++i) {
    Built b = random_nus(m, rng, 1, max_nim);
    l.push_back(b.id);
    lt.push_back(b.tree);
  }
  for (int i = 0; i < nr; ++i) {
    Built b = random_nus(m, rng, -1, max_nim);
    r.push_back(b.id);
    rt.push_back(b.tree);
  }
  if (rng() % 3 == 0) {
    GameId a[1] = {integer(2)}, b[1] = {integer(-1)};
    l.push_back(make_game(a, b));
    lt.push_back(m.make({m.integer(2)}, {m.integer(-1)}));
  }
  return {make_game(l, r), m.make(lt, rt)};
}

void expect_sum_matches(ref::Model& m, const Built& a, const Built& b) {
  GameId s = add(a.id, b.id);
  ref::P st = m.sum(a.tree, b.tree);
  ref::P got = m.from_engine(s);
  ASSERT_TRUE(m.eq(got, st)) << to_string(a.id) << " + " << to_string(b.id) << " gave "
                             << to_string(s);
  ASSERT_TRUE(m.is_canonical_node(got)) << to_string(s);
}

TEST(SumShortcuts, NimberPlusGameMatchesTheDefinition) {
  std::mt19937_64 rng(7);
  int general = 0;
  for (int round = 0; round < 60; ++round) {
    ref::Model m;
    Built g = random_term(m, rng, 5);
    general += !is_nus(g.id);
    unsigned n = 1 + static_cast<unsigned>(rng() % 7);
    clear_caches();
    // *n on either side of the sum: the engine orders the components by id.
    expect_sum_matches(m, {nimber(n), m.nimber(n)}, g);
    expect_sum_matches(m, g, {nimber(n), m.nimber(n)});
  }
  EXPECT_GT(general, 40);
}

// {v + *a, ... (, {2|-1}) | -v + *b, ...} with v one of 1 and 1/2 per term, nimbers from
// {0..3}: options of one side are incomparable, and cross pairs with the same v differ by a
// nimber only.
Built shifted_term(ref::Model& m, std::mt19937_64& rng) {
  std::vector<GameId> l, r;
  std::vector<ref::P> lt, rt;
  int exp = static_cast<int>(rng() % 2);
  std::set<unsigned> ls, rs;
  size_t nl = 3 + rng() % 2, nr = 1 + rng() % 4;
  while (ls.size() < nl) ls.insert(static_cast<unsigned>(rng() % 4));
  while (rs.size() < nr) rs.insert(static_cast<unsigned>(rng() % 4));
  for (unsigned n : ls) {
    l.push_back(make_nus(Dyadic::from_parts(1, exp), 0, n));
    lt.push_back(m.nus(1, exp, 0, n));
  }
  for (unsigned n : rs) {
    r.push_back(make_nus(Dyadic::from_parts(-1, exp), 0, n));
    rt.push_back(m.nus(-1, exp, 0, n));
  }
  if (rng() % 3 == 0) {
    GameId a[1] = {integer(2)}, b[1] = {integer(-1)};
    l.push_back(make_game(a, b));
    lt.push_back(m.make({m.integer(2)}, {m.integer(-1)}));
  }
  return {make_game(l, r), m.make(lt, rt)};
}

// Whether Left's options of a and b have many pairs per nimber shift (the case in which the
// engine compares them through shifted sums), read through the public API.
bool many_pairs_per_shift(GameId a, GameId b) {
  size_t pairs = 0;
  std::set<uint32_t> shifts;
  for (GameId x : left_options(a)) {
    for (GameId y : left_options(b)) {
      auto p = as_nus(x), q = as_nus(y);
      if (!p || !q || p->number != q->number || p->ups != q->ups) continue;
      ++pairs;
      shifts.insert(p->nim ^ q->nim);
    }
  }
  return !shifts.empty() && pairs >= 4 * shifts.size();
}

TEST(SumShortcuts, SumsOfNimberShiftedOptionsMatchTheDefinition) {
  std::mt19937_64 rng(11);
  int shifted = 0;
  for (int round = 0; round < 150; ++round) {
    ref::Model m;
    Built a = shifted_term(m, rng), b = shifted_term(m, rng);
    if (is_nus(a.id) || is_nus(b.id)) continue;
    shifted += many_pairs_per_shift(a.id, b.id);
    clear_caches();
    expect_sum_matches(m, a, b);
  }
  EXPECT_GT(shifted, 12);
}

// The benchmark's nimber-switch family in small: {1*a, ... | -1*b, ...} summed, where every
// cross pair of options differs by a nimber and all options of a sum share their stops.
TEST(SumShortcuts, NimberSwitchSumsMatchTheDefinition) {
  std::mt19937_64 rng(13);
  for (int round = 0; round < 6; ++round) {
    ref::Model m;
    auto term = [&] { return cgt_test::nimber_switch(m, rng, 5, 8); };
    Built a = term(), b = term();
    clear_caches();
    expect_sum_matches(m, a, b);
  }
}

// Switches of random temperatures and means, with quarters so that equal temperatures (the
// general path) and near misses both occur; each switch in both worlds.
TEST(SumShortcuts, SwitchPlusSwitchMatchesTheDefinition) {
  std::mt19937_64 rng(11);
  int equal = 0, different = 0;
  for (int round = 0; round < 300; ++round) {
    ref::Model m;
    Built s[2];
    Dyadic temp[2];
    for (Built& b : s) {
      int64_t q = static_cast<int64_t>(rng() % 13) - 6, d = 1 + static_cast<int64_t>(rng() % 6);
      int k = static_cast<int>(rng() % 3);
      Dyadic lo = Dyadic::from_parts(q, k), hi = Dyadic::from_parts(q + d, k);
      GameId l[1] = {number(hi)}, r[1] = {number(lo)};
      b = {make_game(l, r), m.make({m.dyadic(q + d, k)}, {m.dyadic(q, k)})};
      temp[&b - s] = hi - lo;
    }
    (temp[0] == temp[1] ? equal : different)++;
    clear_caches();
    expect_sum_matches(m, s[0], s[1]);
    expect_sum_matches(m, s[1], s[0]);
  }
  EXPECT_GT(equal, 10);
  EXPECT_GT(different, 150);
}

}  // namespace
