// Properties on thousands of random games, judged against the naive reference model
// (reference.hpp) wherever an independent answer exists.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "cgt/game.hpp"
#include "reference.hpp"
#include "shorthand.hpp"

namespace {

using namespace cgt;

struct Item {
  GameId id;
  ref::P tree;
  int level;
};

class Properties : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    model_ = new ref::Model();
    pool_ = new std::vector<Item>();
    dups_ = new std::vector<Item>();
    ref::Model& m = *model_;
    std::mt19937_64 rng(20240611);
    // Level 0: a few textbook games, each built from options on both sides.
    auto add_base = [&](ref::P t, std::vector<size_t> l, std::vector<size_t> r) {
      std::vector<GameId> li, ri;
      for (size_t i : l) li.push_back((*pool_)[i].id);
      for (size_t i : r) ri.push_back((*pool_)[i].id);
      pool_->push_back({make_game(li, ri), t, 0});
    };
    ref::P z = m.zero();
    pool_->push_back({zero(), z, 0});  // 0
    ref::P s = m.make({z}, {z});
    add_base(s, {0}, {0});  // 1: *
    ref::P one = m.make({z}, {});
    add_base(one, {0}, {});  // 2: 1
    ref::P mone = m.make({}, {z});
    add_base(mone, {}, {0});                           // 3: -1
    add_base(m.make({z}, {one}), {0}, {2});            // 4: 1/2
    add_base(m.make({z}, {s}), {0}, {1});              // 5: ^
    add_base(m.make({one}, {mone}), {2}, {3});         // 6: +-1
    add_base(m.make({one}, {}), {2}, {});              // 7: 2
    add_base(m.make({z, s}, {z, s}), {0, 1}, {0, 1});  // 8: *2
    base_size_ = pool_->size();
    auto random_subset = [&](size_t lo, size_t hi, size_t min_take, size_t max_take) {
      std::vector<size_t> out;
      size_t k = min_take + rng() % (max_take - min_take + 1);
      for (size_t i = 0; i < k; ++i) out.push_back(lo + rng() % (hi - lo));
      return out;
    };
    // Each level draws its options from the previous levels and keeps only new values, so
    // the pool holds thousands of distinct games instead of many copies of small numbers.
    std::set<GameId> seen;
    for (const Item& it : *pool_) seen.insert(it.id);
    auto grow = [&](int level, size_t count, size_t lo, size_t min_take, size_t max_take) {
      size_t hi = pool_->size(), made = 0;
      for (size_t attempt = 0; made < count && attempt < 20 * count; ++attempt) {
        std::vector<size_t> l = random_subset(lo, hi, min_take, max_take);
        std::vector<size_t> r = random_subset(lo, hi, min_take, max_take);
        std::vector<GameId> li, ri;
        std::vector<ref::P> lt, rt;
        for (size_t i : l) li.push_back((*pool_)[i].id), lt.push_back((*pool_)[i].tree);
        for (size_t i : r) ri.push_back((*pool_)[i].id), rt.push_back((*pool_)[i].tree);
        GameId g = make_game(li, ri);
        if (!seen.insert(g).second) {
          if (dups_->size() < 4000) dups_->push_back({g, m.make(lt, rt), level});
          continue;
        }
        pool_->push_back({g, m.make(lt, rt), level});
        ++made;
      }
    };
    grow(1, 150, 0, 0, 3);
    level1_end_ = pool_->size();
    grow(2, 1500, 0, 1, 3);
    level2_end_ = pool_->size();
    grow(3, 1000, level1_end_, 1, 2);
  }
  static void TearDownTestSuite() {
    delete pool_;
    delete dups_;
    delete model_;
  }

  static const Item& pick(std::mt19937_64& rng, size_t end) { return (*pool_)[rng() % end]; }

  static ref::Model* model_;
  static std::vector<Item>* pool_;
  static std::vector<Item>* dups_;  // other trees whose value was already in the pool
  static size_t base_size_, level1_end_, level2_end_;
};

ref::Model* Properties::model_ = nullptr;
std::vector<Item>* Properties::pool_ = nullptr;
std::vector<Item>* Properties::dups_ = nullptr;
size_t Properties::base_size_ = 0;
size_t Properties::level1_end_ = 0;
size_t Properties::level2_end_ = 0;

using cgt_test::collect;

TEST_F(Properties, CanonicalFormHasTheValueOfTheTreeAndIsCanonical) {
  ref::Model& m = *model_;
  std::set<GameId> all;
  for (const Item& it : *pool_) {
    ASSERT_TRUE(m.eq(m.from_engine(it.id), it.tree)) << to_string(it.id);
    collect(it.id, all);
  }
  for (GameId g : all) EXPECT_TRUE(m.is_canonical_node(m.from_engine(g))) << to_string(g);
}

TEST_F(Properties, ComparisonsMatchTheDefinition) {
  ref::Model& m = *model_;
  std::mt19937_64 rng(7);
  int fuzzy = 0, less = 0;
  for (int i = 0; i < 20000; ++i) {
    const Item& a = pick(rng, pool_->size());
    const Item& b = pick(rng, pool_->size());
    bool le = m.leq(a.tree, b.tree), ge = m.leq(b.tree, a.tree);
    EXPECT_EQ(leq(a.id, b.id), le);
    EXPECT_EQ(leq(b.id, a.id), ge);
    Cmp want = le && ge ? Cmp::Equal : le ? Cmp::Less : ge ? Cmp::Greater : Cmp::Fuzzy;
    ASSERT_EQ(compare(a.id, b.id), want) << to_string(a.id) << " vs " << to_string(b.id);
    // Equal values, equal ids (and only then).
    EXPECT_EQ(a.id == b.id, le && ge);
    fuzzy += want == Cmp::Fuzzy;
    less += want == Cmp::Less;
  }
  // The sample must exercise every relation, or the test proves little.
  EXPECT_GT(fuzzy, 500);
  EXPECT_GT(less, 500);
}

TEST_F(Properties, DifferentTreesOfEqualValueGetTheSameId) {
  ref::Model& m = *model_;
  std::map<GameId, ref::P> first;
  for (const Item& it : *pool_) first.emplace(it.id, it.tree);
  ASSERT_GT(dups_->size(), 1000u);
  for (const Item& d : *dups_) {
    ASSERT_TRUE(first.count(d.id));
    ASSERT_TRUE(m.eq(d.tree, first[d.id])) << to_string(d.id);
  }
  // And trees of different ids differ in value (sampled: ids are sorted, neighbours are
  // often close in value).
  ref::P prev = nullptr;
  for (const auto& [id, tree] : first) {
    if (prev) {
      ASSERT_FALSE(m.eq(prev, tree)) << to_string(id);
    }
    prev = tree;
  }
}

TEST_F(Properties, OutcomeClassesMatchTheDefinition) {
  ref::Model& m = *model_;
  ref::P z = m.zero();
  std::set<Outcome> seen;
  for (const Item& it : *pool_) {
    bool le = m.leq(it.tree, z), ge = m.leq(z, it.tree);
    Outcome want = le && ge ? Outcome::P : ge ? Outcome::L : le ? Outcome::R : Outcome::N;
    ASSERT_EQ(outcome(it.id), want) << to_string(it.id);
    seen.insert(want);
  }
  EXPECT_EQ(seen.size(), 4u);
}

TEST_F(Properties, SumsAndNegativesMatchTheDefinition) {
  ref::Model& m = *model_;
  std::mt19937_64 rng(11);
  for (int i = 0; i < 1500; ++i) {
    const Item& a = pick(rng, level1_end_);
    const Item& b = pick(rng, level1_end_);
    GameId s = add(a.id, b.id);
    ASSERT_TRUE(m.eq(m.from_engine(s), m.sum(a.tree, b.tree)))
        << to_string(a.id) << " + " << to_string(b.id) << " gave " << to_string(s);
  }
  for (const Item& it : *pool_) {
    ASSERT_TRUE(m.eq(m.from_engine(neg(it.id)), m.neg(it.tree))) << to_string(it.id);
  }
}

TEST_F(Properties, GamePlusItsNegativeIsZero) {
  for (const Item& it : *pool_) {
    EXPECT_EQ(add(it.id, neg(it.id)), zero()) << to_string(it.id);
    EXPECT_EQ(sub(it.id, it.id), zero());
    EXPECT_EQ(neg(neg(it.id)), it.id);
  }
}

TEST_F(Properties, SumIsCommutativeAndAssociative) {
  // Triples from levels 0-2 (birthday <= 4): sums of three level-3 games cost too much under
  // the sanitizers for what they add.
  std::mt19937_64 rng(13);
  for (int i = 0; i < 600; ++i) {
    GameId a = pick(rng, level2_end_).id, b = pick(rng, level2_end_).id;
    GameId c = pick(rng, level2_end_).id;
    ASSERT_EQ(add(a, b), add(b, a));
    ASSERT_EQ(add(add(a, b), c), add(a, add(b, c)))
        << to_string(a) << " ; " << to_string(b) << " ; " << to_string(c);
  }
  // Again with every operation cache emptied, so the second evaluation order is computed
  // afresh instead of being read back.
  std::mt19937_64 rng2(14);
  for (int i = 0; i < 15; ++i) {
    GameId a = pick(rng2, level2_end_).id, b = pick(rng2, level2_end_).id;
    GameId c = pick(rng2, pool_->size()).id;
    GameId x = add(add(a, b), c);
    clear_caches();
    ASSERT_EQ(x, add(add(c, b), a));
  }
}

TEST_F(Properties, OrderIsAPartialOrderConsistentWithOutcomes) {
  std::mt19937_64 rng(17);
  for (int i = 0; i < 5000; ++i) {
    GameId a = pick(rng, pool_->size()).id, b = pick(rng, pool_->size()).id;
    GameId c = pick(rng, pool_->size()).id;
    ASSERT_TRUE(leq(a, a));
    if (leq(a, b) && leq(b, a)) {
      ASSERT_EQ(a, b);
    }
    if (leq(a, b) && leq(b, c)) {
      ASSERT_TRUE(leq(a, c));
    }
    // a <= b iff Left wins b - a when Right starts, i.e. b - a is in L or P.
    Outcome o = outcome(sub(b, a));
    ASSERT_EQ(leq(a, b), o == Outcome::L || o == Outcome::P);
    ASSERT_EQ(leq(a, b), leq(neg(b), neg(a)));
  }
}

TEST_F(Properties, TemperatureTheoryIsAdditive) {
  std::mt19937_64 rng(19);
  for (int i = 0; i < 3000; ++i) {
    GameId a = pick(rng, pool_->size()).id, b = pick(rng, pool_->size()).id;
    GameId s = add(a, b);
    ASSERT_EQ(mean(s), mean(a) + mean(b)) << to_string(a) << " + " << to_string(b);
    ASSERT_LE(temperature(s), std::max(temperature(a), temperature(b)));
    // Stops of a sum: R(a)+R(b) <= R(a+b) <= R(a)+L(b) <= L(a+b) <= L(a)+L(b).
    ASSERT_LE(right_stop(a) + right_stop(b), right_stop(s));
    ASSERT_LE(right_stop(s), right_stop(a) + left_stop(b));
    ASSERT_LE(right_stop(a) + left_stop(b), left_stop(s));
    ASSERT_LE(left_stop(s), left_stop(a) + left_stop(b));
  }
  for (const Item& it : *pool_) {
    GameId g = it.id;
    ASSERT_LE(right_stop(g), mean(g));
    ASSERT_LE(mean(g), left_stop(g));
    ASSERT_EQ(mean(neg(g)), -mean(g));
    ASSERT_EQ(temperature(neg(g)), temperature(g));
    if (!is_number(g)) {
      // Non-numbers are at least tepid, and at t = 0 the walls are the stops.
      Thermograph th = thermograph(g);
      ASSERT_GE(th.temperature, Dyadic());
      ASSERT_EQ(th.left_wall.at(Dyadic()), left_stop(g));
      ASSERT_EQ(th.right_wall.at(Dyadic()), right_stop(g));
    }
  }
}

TEST_F(Properties, CanonicalisationIsIdempotent) {
  std::mt19937_64 rng(23);
  for (const Item& it : *pool_) {
    GameId g = it.id;
    std::vector<GameId> l(left_options(g).begin(), left_options(g).end());
    std::vector<GameId> r(right_options(g).begin(), right_options(g).end());
    ASSERT_EQ(make_game(l, r), g) << to_string(g);
    // Order and repetition of options do not matter.
    std::vector<GameId> l2 = l, r2 = r;
    l2.insert(l2.end(), l.begin(), l.end());
    std::shuffle(l2.begin(), l2.end(), rng);
    std::shuffle(r2.begin(), r2.end(), rng);
    ASSERT_EQ(make_game(l2, r2), g);
  }
}

TEST_F(Properties, PrintedFormsParseBackToTheSameId) {
  for (const Item& it : *pool_) {
    std::string s = to_string(it.id);
    ParseError err;
    auto back = parse(s, &err);
    ASSERT_TRUE(back.has_value()) << s << ": " << err.message << " at " << err.position;
    ASSERT_EQ(*back, it.id) << s;
  }
}

TEST(PropertiesNus, MaterialisedOptionsAreTheCanonicalForms) {
  ref::Model m;
  for (int64_t num : {-3, 0, 1}) {
    for (int k : {0, 2}) {
      for (int ups = -3; ups <= 3; ++ups) {
        for (unsigned nim = 0; nim <= 4; ++nim) {
          GameId g = make_nus(Dyadic::from_parts(num, k), ups, nim);
          ref::P want = m.nus(num, k, ups, nim);
          ref::P got = m.from_engine(g);
          ASSERT_TRUE(m.eq(got, want)) << to_string(g);
          ASSERT_TRUE(m.is_canonical_node(got)) << to_string(g);
          // Built from its own options, the general constructor recognises the value.
          std::vector<GameId> l(left_options(g).begin(), left_options(g).end());
          std::vector<GameId> r(right_options(g).begin(), right_options(g).end());
          ASSERT_EQ(make_game(l, r), g) << to_string(g);
        }
      }
    }
  }
}

}  // namespace
