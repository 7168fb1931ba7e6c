// The operations of operations.hpp against the theorems that define them, on a few thousand
// random games, and the expression language's printing against its reading.
#include "cgt/operations.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "cgt/expression.hpp"

namespace {

using namespace cgt;

Dyadic dy(int64_t m, int k = 0) {
  return Dyadic::from_parts(m, k);
}

// Games born by day 4 or so: each {L|R} picks up to three options a side from the games made
// before it, starting from numbers, nimbers and ups.
std::vector<GameId> random_games(size_t count, uint64_t seed, bool all_small = false) {
  std::mt19937_64 rng(seed);
  std::vector<GameId> pool = {zero(), star(), up(), neg(up()), nimber(2), make_nus(Dyadic(), 1, 1)};
  if (!all_small)
    for (GameId g : {integer(1), integer(-1), number(dy(1, 1)), number(dy(-3, 2)), integer(2)})
      pool.push_back(g);
  while (pool.size() < count) {
    std::vector<GameId> l, r;
    const size_t nl = 1 + rng() % 3, nr = 1 + rng() % 3;
    for (size_t i = 0; i < nl; ++i) l.push_back(pool[rng() % pool.size()]);
    for (size_t i = 0; i < nr; ++i) r.push_back(pool[rng() % pool.size()]);
    const GameId g = make_game(l, r);
    if (birthday(g) <= 5 && (!all_small || is_all_small(g))) pool.push_back(g);
  }
  return pool;
}

const std::vector<GameId>& games() {
  static const std::vector<GameId> pool = random_games(400, 7);
  return pool;
}

TEST(Cooling, IsAdditiveAndKeepsOrder) {
  // Cooling is a homomorphism for sums and keeps order (ONAG ch. 9; WW ch. 6).
  std::mt19937_64 rng(11);
  const auto& pool = games();
  for (const Dyadic t : {dy(1, 2), dy(1), dy(3, 2)}) {
    for (int i = 0; i < 400; ++i) {
      const GameId g = pool[rng() % pool.size()], h = pool[rng() % pool.size()];
      EXPECT_EQ(cool(add(g, h), t), add(cool(g, t), cool(h, t)))
          << to_string(g) << " + " << to_string(h) << " cooled by " << t.to_string();
      if (leq(g, h)) {
        EXPECT_TRUE(leq(cool(g, t), cool(h, t)));
      }
    }
  }
}

TEST(Cooling, StopsFollowTheThermographWalls) {
  // The left and right walls of a thermograph at t are the stops of G cooled by t (WW ch. 6);
  // the thermograph is computed apart, from the options' walls.
  for (GameId g : games()) {
    const Thermograph th = thermograph(g);
    for (const Dyadic t : {dy(0), dy(1, 2), dy(1), dy(2), dy(5, 2)}) {
      const GameId c = cool(g, t);
      EXPECT_EQ(left_stop(c), th.left_wall.at(t)) << to_string(g) << " at " << t.to_string();
      EXPECT_EQ(right_stop(c), th.right_wall.at(t)) << to_string(g) << " at " << t.to_string();
    }
  }
}

TEST(Cooling, RefusesTemperaturesAtOrBelowMinusOne) {
  EXPECT_THROW(cool(star(), dy(-1)), std::invalid_argument);
  EXPECT_EQ(
      cool(make_game(std::vector<GameId>{integer(1)}, std::vector<GameId>{integer(-1)}), dy(1)),
      star());  // +-1 cooled by 1 is *
}

TEST(Heating, UndoesCoolingOfASwitchAndKeepsNumbers) {
  const GameId pm1 = *parse("+-1", nullptr);
  EXPECT_EQ(heat(star(), integer(1)), pm1);  // *, heated by 1, is +-1 (WW ch. 6)
  EXPECT_EQ(heat(number(dy(3, 2)), integer(5)), number(dy(3, 2)));
}

TEST(Heating, IsUndoneByCoolingBySameTemperature) {
  // Cooling by t undoes heating by t (WW ch. 6), though not the other way round: checked on
  // every game born by day 3 and the random pool.
  std::vector<GameId> all = games_born_by(3);
  all.insert(all.end(), games().begin(), games().end());
  for (GameId g : all)
    for (const Dyadic t : {dy(1, 2), dy(1), dy(3, 2)})
      EXPECT_EQ(cool(heat(g, number(t)), t), g) << to_string(g) << " at " << t.to_string();
  EXPECT_NE(heat(cool(*parse("{1|-1}", nullptr), dy(2)), integer(2)),
            *parse("{1|-1}", nullptr));  // +-1 cooled by 2 is 0, and 0 heated stays 0
}

TEST(ReducedCanonicalForm, IsIdempotentInfinitelyCloseAndBlindToInfinitesimals) {
  std::mt19937_64 rng(5);
  const std::vector<GameId> eps = {up(),
                                   star(),
                                   make_nus(Dyadic(), 1, 1),
                                   make_nus(Dyadic(), 2, 1),
                                   tiny(integer(1)),
                                   miny(integer(2)),
                                   up_nth(2)};
  for (GameId g : games()) {
    const GameId r = reduced_canonical_form(g);
    EXPECT_EQ(reduced_canonical_form(r), r) << to_string(g);
    EXPECT_TRUE(is_infinitesimal(sub(g, r))) << to_string(g) << " vs " << to_string(r);
    const GameId e = eps[rng() % eps.size()];
    EXPECT_EQ(reduced_canonical_form(add(g, e)), r) << to_string(g) << " + " << to_string(e);
    EXPECT_LE(birthday(r), birthday(g));
  }
}

TEST(AtomicWeight, OfSumsOfAllSmallGamesIsTheSum) {
  // Atomic weight is additive on all-small games (LIP ch. 9).
  const auto pool = random_games(300, 3, true);
  std::mt19937_64 rng(9);
  for (int i = 0; i < 600; ++i) {
    const GameId g = pool[rng() % pool.size()], h = pool[rng() % pool.size()];
    const auto a = atomic_weight(g), b = atomic_weight(h), ab = atomic_weight(add(g, h));
    ASSERT_TRUE(a && b && ab) << to_string(g) << " / " << to_string(h);
    EXPECT_EQ(*ab, add(*a, *b)) << to_string(g) << " + " << to_string(h);
  }
  EXPECT_EQ(atomic_weight(up()), integer(1));
  EXPECT_EQ(atomic_weight(star()), zero());
  EXPECT_EQ(atomic_weight(make_nus(Dyadic(), -3, 5)), integer(-3));
  std::string why;
  EXPECT_FALSE(atomic_weight(integer(5), &why));
  EXPECT_EQ(why, "That game is not atomic: 5");
}

TEST(Norton, MultiplesOfUpAreLinearAndWeighTheirNumber) {
  // For U > 0, G.U depends on G's value only and is linear in G (WW ch. 8); x.^ has atomic
  // weight x for every number x.
  std::mt19937_64 rng(2);
  for (int i = 0; i < 200; ++i) {
    const Dyadic x = dy(static_cast<int64_t>(rng() % 33) - 16, static_cast<int>(rng() % 4));
    const Dyadic y = dy(static_cast<int64_t>(rng() % 33) - 16, static_cast<int>(rng() % 4));
    const GameId xu = norton_multiply(number(x), up()), yu = norton_multiply(number(y), up());
    EXPECT_EQ(norton_multiply(number(x + y), up()), add(xu, yu))
        << x.to_string() << " + " << y.to_string();
    EXPECT_EQ(atomic_weight(xu), number(x)) << x.to_string();
  }
  EXPECT_EQ(norton_multiply(integer(3), up()), make_nus(Dyadic(), 3, 0));
  EXPECT_EQ(norton_multiply(integer(-2), *parse("{1|0}", nullptr)),
            multiple(*parse("{0|-1}", nullptr), 2));
}

// Leaves of the option tree, numbers as leaves, with no memo and no shortcut for nimbers.
uint64_t slow_stops(GameId g) {
  if (is_number(g)) return 1;
  uint64_t n = 0;
  for (GameId x : left_options(g)) n += slow_stops(x);
  for (GameId x : right_options(g)) n += slow_stops(x);
  return n;
}

TEST(StopCount, CountsTheLeavesOfTheTree) {
  for (GameId g : games()) EXPECT_EQ(stop_count(g), std::to_string(slow_stops(g))) << to_string(g);
  EXPECT_EQ(stop_count(nimber(8)), "4374");  // CGSuite's CanonicalShortGameTestCase.scala
  EXPECT_EQ(stop_count(nimber(60)), "28260772183477469009529622134");  // 2 * 3^59
}

TEST(OrdinalSum, FollowsItsDefinition) {
  // G:H is G with H's moves played after it (WW ch. 8): 0:H = H, G:0 = G, *a:*b = *(a+b),
  // 1:1 = {0,1|} = 2 and 1:-1 = {0|1} = 1/2.
  for (GameId g : games()) {
    EXPECT_EQ(ordinal_sum(zero(), g), g) << to_string(g);
    EXPECT_EQ(ordinal_sum(g, zero()), g) << to_string(g);
  }
  EXPECT_EQ(ordinal_sum(nimber(3), nimber(4)), nimber(7));
  EXPECT_EQ(ordinal_sum(integer(1), integer(1)), integer(2));
  EXPECT_EQ(ordinal_sum(integer(1), integer(-1)), number(dy(1, 1)));
}

TEST(Days, CountTheGamesBornByEachDay) {
  // 1, 4, 22, 1474: Conway, ONAG ch. 7; Wolfe and Fraser, "Counting the number of games".
  const size_t want[] = {1, 4, 22, 1474};
  for (int d = 0; d <= 3; ++d) EXPECT_EQ(games_born_by(d).size(), want[d]) << "day " << d;
  EXPECT_THROW(games_born_by(4), std::invalid_argument);
}

TEST(UpOrders, BuildUpNthAndUpSums) {
  EXPECT_EQ(up_sum(1), up());
  EXPECT_EQ(up_nth(2), *parse("{0|v*}", nullptr));  // WW ch. 8: ^2 = {0 | v*}
  EXPECT_EQ(up_sum(3), add(add(up(), up_nth(2)), up_nth(3)));
  EXPECT_EQ(to_string(up_sum(4), Style::CgSuite, 100), "^[4]");
  EXPECT_EQ(to_string(neg(up_nth(3)), Style::CgSuite, 100), "v<3>");
}

TEST(Printing, EveryStyleReadsBackToTheSameGame) {
  for (GameId g : games())
    for (Style s : {Style::Ascii, Style::CgSuite, Style::Unicode}) {
      const auto text = to_string(g, s, 100000);
      ASSERT_TRUE(text);
      ParseError err;
      const auto back = parse(*text, &err);
      ASSERT_TRUE(back) << *text << ": " << err.message << " at " << err.position;
      EXPECT_EQ(*back, g) << *text;
    }
  EXPECT_EQ(to_string(*parse("+-1 + ^^", nullptr), Style::Unicode, 100), "{1⇑|-1⇑}");
  EXPECT_EQ(to_string(*parse("{0||0|-2}", nullptr), Style::Unicode, 100), "⧾2");
}

std::string error_of(const std::string& e) {
  ParseError err;
  if (evaluate(e, &err)) return "(no error)";
  return err.message + " @" + std::to_string(err.position);
}

TEST(Language, NamesEveryErrorAndItsPlace) {
  EXPECT_EQ(error_of("{1|2|3}"),
            "ambiguous slashes: two runs of 1 '|' at the same level "
            "(write braces) @4");
  EXPECT_EQ(error_of("^.Frobnicate"), "unknown method .Frobnicate @2");
  EXPECT_EQ(error_of("{1,2}.Mean"), ".Mean needs a game, not a list @6");
  EXPECT_EQ(error_of("^.Cool(-1)"),
            "invalid cooling temperature -1 (it must be greater than -1) @2");
  EXPECT_NE(error_of("1.5").find("write fractions as 3/2"), std::string::npos);
  EXPECT_NE(error_of("DayN(4)").find("only days 0 to 3"), std::string::npos);
  EXPECT_NE(error_of("konane:x.o").find("cannot be used here"), std::string::npos);
  EXPECT_EQ(error_of("↑ + ⧾"), "unexpected end of input, expected a value @9");
  EXPECT_EQ(error_of(std::string(600, '(') + "0" + std::string(600, ')')).substr(0, 30),
            "expression nested too deeply @");
  EXPECT_EQ(error_of("{1|{2|3}} + {1,2}"), "a term of a sum must be a game, not a list @12");
}

TEST(Language, ReadsWhatCgsuiteUsersType) {
  auto text = [](const std::string& e) {
    ParseError err;
    const auto v = evaluate(e, &err);
    return v ? *format(*v, Style::CgSuite, 1000) : "!!" + err.message;
  };
  EXPECT_EQ(text("0 <| ^*"), "true");
  EXPECT_EQ(text("^ |> 0"), "true");
  EXPECT_EQ(text("* || 0"), "true");
  EXPECT_EQ(text("^ <= *"), "false");
  EXPECT_EQ(text("DayN(3).Size"), "1474");
  EXPECT_EQ(text("Tiny(2) + Miny(2)"), "0");
  EXPECT_EQ(text("±1 + ⇑"), "{1^^|-1^^}");
  EXPECT_EQ(text("4 * {2||1|0}"), text("{2||1|0} + {2||1|0} + {2||1|0} + {2||1|0}"));
  EXPECT_EQ(text("2.{1|0}"), text("{1|0} + {1|0}"));  // an integer's Norton multiple: copies
  EXPECT_EQ(text("(1/2).^"), "{^^*|v*}");
  EXPECT_EQ(text("*100000 + *100000"), "0");
  EXPECT_EQ(text("^.LeftOptions"), "{0}");
  EXPECT_EQ(text("{2|1}.OutcomeClass"), "L");
}

}  // namespace
