// Textbook identities (Winning Ways; Albert, Nowakowski & Wolfe; Siegel), each expected value
// worked out by hand from the definitions.
#include <gtest/gtest.h>

#include <vector>

#include "cgt/game.hpp"
#include "shorthand.hpp"

namespace {

using namespace cgt;

GameId G(std::initializer_list<GameId> l, std::initializer_list<GameId> r) {
  std::vector<GameId> lv(l), rv(r);
  return make_game(lv, rv);
}
using cgt_test::D;
using cgt_test::I;

TEST(Identities, Basics) {
  GameId z = zero(), s = star();
  EXPECT_EQ(G({}, {}), z);
  EXPECT_EQ(G({z}, {z}), s);
  EXPECT_EQ(G({z}, {}), integer(1));
  EXPECT_EQ(G({}, {z}), integer(-1));
  EXPECT_EQ(G({z}, {s}), up());
  EXPECT_EQ(G({z, s}, {z}), make_nus(Dyadic(), 1, 1));  // ^*
  EXPECT_EQ(add(s, s), z);
  EXPECT_EQ(add(nimber(2), nimber(3)), s);
  EXPECT_EQ(G({z, s}, {z, s}), nimber(2));
  EXPECT_EQ(add(up(), neg(up())), z);
  EXPECT_EQ(compare(up(), z), Cmp::Greater);
  EXPECT_EQ(compare(make_nus(Dyadic(), 1, 1), z), Cmp::Fuzzy);
  GameId pm1 = G({integer(1)}, {integer(-1)});
  EXPECT_EQ(add(pm1, pm1), z);
  EXPECT_EQ(G({z}, {integer(1)}), number(D(1, 1)));
  EXPECT_EQ(add(number(D(1, 1)), number(D(1, 1))), integer(1));
  EXPECT_EQ(G({z}, {up()}), make_nus(Dyadic(), 2, 1));  // {0|^} = ^^*
}

TEST(Identities, SwitchOneZero) {
  GameId g = G({integer(1)}, {zero()});
  EXPECT_EQ(outcome(g), Outcome::N);
  EXPECT_EQ(mean(g), D(1, 1));
  EXPECT_EQ(temperature(g), D(1, 1));
  EXPECT_EQ(left_stop(g), I(1));
  EXPECT_EQ(right_stop(g), I(0));
}

TEST(Identities, PlusMinusOne) {
  GameId g = G({integer(1)}, {integer(-1)});
  EXPECT_EQ(mean(g), I(0));
  EXPECT_EQ(temperature(g), I(1));
  EXPECT_EQ(outcome(g), Outcome::N);
}

TEST(Identities, AlreadyCanonical) {
  // {{2|0}|-1}: Left's option {2|0} has Right option 0, and 0 <= G fails because Left
  // moving first in G - 0 wins by going to {2|0}; so nothing reverses or dominates.
  GameId two_zero = G({integer(2)}, {zero()});
  GameId g = G({two_zero}, {integer(-1)});
  ASSERT_EQ(left_options(g).size(), 1u);
  ASSERT_EQ(right_options(g).size(), 1u);
  EXPECT_EQ(left_options(g)[0], two_zero);
  EXPECT_EQ(right_options(g)[0], integer(-1));
  EXPECT_EQ(to_string(g), "{{2|0}|-1}");
}

TEST(Identities, NumbersFromOptions) {
  // Simplicity: the simplest number strictly between the best options.
  EXPECT_EQ(G({integer(1)}, {}), integer(2));
  EXPECT_EQ(G({}, {integer(-1)}), integer(-2));
  EXPECT_EQ(G({integer(-1)}, {integer(1)}), zero());
  EXPECT_EQ(G({integer(1)}, {integer(4)}), integer(2));
  EXPECT_EQ(G({number(D(1, 1))}, {integer(1)}), number(D(3, 2)));
  EXPECT_EQ(G({zero(), integer(-3)}, {integer(1), integer(5)}), number(D(1, 1)));
  // Non-number options can still give a number: {0,*|1}: * reverses through 0 <= G.
  EXPECT_EQ(G({zero(), star()}, {integer(1)}), number(D(1, 1)));
  // {|*} = 0 and {*|} = 0: the simplest number fuzzy-compatible with the options.
  EXPECT_EQ(G({}, {star()}), zero());
  EXPECT_EQ(G({star()}, {}), zero());
  EXPECT_EQ(G({star()}, {star()}), zero());
}

TEST(Identities, UpsAndNimbers) {
  GameId z = zero(), s = star(), u = up(), us = make_nus(Dyadic(), 1, 1);
  GameId dbl = make_nus(Dyadic(), 2, 0);
  EXPECT_EQ(add(u, u), dbl);
  EXPECT_EQ(G({z}, {us}), dbl);                        // ^^ = {0|^*}
  EXPECT_EQ(G({z}, {dbl}), make_nus(Dyadic(), 3, 1));  // {0|^^} = ^3*
  EXPECT_EQ(G({s}, {z}), neg(u));                      // v = {*|0}
  EXPECT_EQ(G({z}, {z, s}), neg(us));                  // v* = {0|0,*}
  EXPECT_EQ(G({z, s, nimber(2)}, {z, s, nimber(2)}), nimber(3));
  EXPECT_EQ(add(nimber(3), nimber(5)), nimber(6));
  EXPECT_EQ(add(u, s), us);
  EXPECT_EQ(compare(dbl, u), Cmp::Greater);
  EXPECT_EQ(compare(add(u, nimber(2)), z), Cmp::Greater);  // ^*2 > 0
  EXPECT_EQ(compare(s, u), Cmp::Fuzzy);
  EXPECT_EQ(compare(u, number(D(1, 5))), Cmp::Less);  // infinitesimal
  EXPECT_EQ(outcome(s), Outcome::N);
  EXPECT_EQ(outcome(u), Outcome::L);
  EXPECT_EQ(outcome(neg(u)), Outcome::R);
  EXPECT_EQ(outcome(z), Outcome::P);
  // Translation by a number: 1 + * = {1|1}.
  EXPECT_EQ(G({integer(1)}, {integer(1)}), make_nus(I(1), 0, 1));
}

TEST(Identities, HotSums) {
  GameId pm1 = G({integer(1)}, {integer(-1)});
  GameId two_zero = G({integer(2)}, {zero()});
  EXPECT_EQ(add(pm1, integer(1)), two_zero);  // number translation
  EXPECT_EQ(sub(two_zero, integer(1)), pm1);
  // {1|0} + {1|0} = 1/2 + 1/2 + (+-1/2) + (+-1/2) = 1
  GameId one_zero = G({integer(1)}, {zero()});
  EXPECT_EQ(add(one_zero, one_zero), integer(1));
  // +-1 +-1/2 = {1 +-1/2 | -1 +-1/2} (Left's hot move dominates), then translate by 1/2:
  // {1|0} + {1|-1} = {{2|1}|{0|-1}}.
  GameId g = add(one_zero, pm1);
  GameId expect = G({G({integer(2)}, {integer(1)})}, {G({zero()}, {integer(-1)})});
  EXPECT_EQ(g, expect);
  EXPECT_EQ(mean(g), D(1, 1));
  EXPECT_EQ(temperature(g), I(1));
}

TEST(Identities, StopsMeansTemperaturesOfSimpleGames) {
  EXPECT_EQ(mean(integer(3)), I(3));
  EXPECT_EQ(temperature(integer(3)), I(-1));
  EXPECT_EQ(temperature(number(D(3, 2))), D(-1, 2));
  EXPECT_EQ(temperature(number(D(5, 3))), D(-1, 3));
  EXPECT_EQ(temperature(star()), I(0));
  EXPECT_EQ(mean(star()), I(0));
  EXPECT_EQ(temperature(up()), I(0));
  EXPECT_EQ(mean(make_nus(D(1, 1), 2, 1)), D(1, 1));
  // {3|1}: mean 2, temperature 1; {5|-1}: mean 2, temperature 3.
  EXPECT_EQ(mean(G({integer(3)}, {integer(1)})), I(2));
  EXPECT_EQ(temperature(G({integer(3)}, {integer(1)})), I(1));
  EXPECT_EQ(temperature(G({integer(5)}, {integer(-1)})), I(3));
  // {{2|0}|-1}: L = R({2|0}) = 0 and R = L(-1) = -1; the left scaffold RW({2|0}) - t is 0
  // up to t = 1, the right scaffold is t - 1, so they meet at t = 1 on the value 0.
  GameId g = G({G({integer(2)}, {zero()})}, {integer(-1)});
  EXPECT_EQ(left_stop(g), I(0));
  EXPECT_EQ(right_stop(g), I(-1));
  EXPECT_EQ(mean(g), I(0));
  EXPECT_EQ(temperature(g), I(1));
}

TEST(Identities, Birthdays) {
  EXPECT_EQ(birthday(zero()), 0);
  EXPECT_EQ(birthday(star()), 1);
  EXPECT_EQ(birthday(integer(3)), 3);
  EXPECT_EQ(birthday(integer(-2)), 2);
  EXPECT_EQ(birthday(number(D(1, 1))), 2);
  EXPECT_EQ(birthday(number(D(3, 2))), 3);
  EXPECT_EQ(birthday(number(D(5, 2))), 4);  // {1|3/2}
  EXPECT_EQ(birthday(up()), 2);
  EXPECT_EQ(birthday(make_nus(Dyadic(), 1, 1)), 2);
  EXPECT_EQ(birthday(make_nus(Dyadic(), 2, 0)), 3);
  EXPECT_EQ(birthday(nimber(4)), 4);
  EXPECT_EQ(birthday(G({integer(1)}, {integer(-1)})), 2);
}

TEST(Identities, OptionsOfNusValues) {
  // The materialised options must be the textbook canonical forms.
  auto L = [](GameId g) {
    return std::vector<GameId>(left_options(g).begin(), left_options(g).end());
  };
  auto R = [](GameId g) {
    return std::vector<GameId>(right_options(g).begin(), right_options(g).end());
  };
  GameId u = up(), z = zero(), s = star();
  EXPECT_EQ(L(u), std::vector<GameId>{z});
  EXPECT_EQ(R(u), std::vector<GameId>{s});
  EXPECT_EQ(R(make_nus(Dyadic(), 2, 1)), std::vector<GameId>{u});  // ^^* = {0|^}
  EXPECT_EQ(L(number(D(3, 2))), std::vector<GameId>{number(D(1, 1))});
  EXPECT_EQ(R(number(D(3, 2))), std::vector<GameId>{integer(1)});
  EXPECT_TRUE(L(integer(-2)).empty());
  EXPECT_EQ(R(integer(-2)), std::vector<GameId>{integer(-1)});
  EXPECT_EQ(L(nimber(3)).size(), 3u);
  // 1/2 + ^ = {1/2 | 1/2*}
  GameId g = make_nus(D(1, 1), 1, 0);
  EXPECT_EQ(L(g), std::vector<GameId>{number(D(1, 1))});
  EXPECT_EQ(R(g), std::vector<GameId>{make_nus(D(1, 1), 0, 1)});
}

TEST(Identities, NusArithmeticNeverBuildsOptions) {
  // Sums of NUS values are NUS; the ids coincide with those built from options.
  GameId a = make_nus(D(3, 2), 2, 5), b = make_nus(D(-1, 2), -3, 6);
  EXPECT_EQ(add(a, b), make_nus(D(1, 1), -1, 3));  // 3/4 - 1/4, 2 - 3, 5 xor 6
  EXPECT_EQ(neg(a), make_nus(D(-3, 2), -2, 5));
  EXPECT_TRUE(is_nus(add(a, b)));
  EXPECT_EQ(as_number(number(D(7, 3))), D(7, 3));
  EXPECT_EQ(as_nus(a), (Nus{D(3, 2), 2, 5}));
  EXPECT_FALSE(as_number(a).has_value());
  EXPECT_FALSE(is_number(a));
}

}  // namespace
