// The guesser against exact comparisons: every member of the families it promises is found,
// no answer is ever wrong on thousands of random games, and an undecided comparison or the
// budget ends a guess.
#include "cgt/guess.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

using namespace cgt;

GuessResult guess_of(GameId g, const GuessLimits& limits = {}) {
  return guess_by_comparison([g](GameId c) -> std::optional<Cmp> { return compare(g, c); }, limits);
}

GameId sw(GameId l, GameId r) {
  return make_game(std::span(&l, 1), std::span(&r, 1));
}

// Every dyadic m/2^k with |m/2^k| <= bound and k <= depth.
std::vector<Dyadic> dyadics(int bound, int depth) {
  std::vector<Dyadic> out;
  for (int64_t m = -(int64_t{bound} << depth); m <= (int64_t{bound} << depth); ++m)
    out.push_back(Dyadic::from_parts(m, depth));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void expect_found(GameId g) {
  const GuessResult r = guess_of(g);
  EXPECT_EQ(r.value, g) << to_string(g) << " after " << r.comparisons << " comparisons";
  EXPECT_FALSE(r.unfinished);
  EXPECT_LE(r.comparisons, GuessLimits{}.max_comparisons);
}

TEST(Guess, FindsNumbersDownToThirtySeconds) {
  for (const Dyadic& x : dyadics(3, 5)) expect_found(number(x));
}

TEST(Guess, FindsNumbersPlusUpsAndStars) {
  for (const Dyadic& x : dyadics(3, 2)) {
    expect_found(make_nus(x, 0, 1));   // x*
    expect_found(make_nus(x, 1, 0));   // x^
    expect_found(make_nus(x, -1, 0));  // xv
    expect_found(make_nus(x, 1, 1));   // x^*
    expect_found(make_nus(x, -1, 1));  // xv*
    expect_found(make_nus(x, 2, 1));   // x^^*
  }
}

TEST(Guess, FindsSwitchesWithEitherReadingOfTheirStops) {
  const std::vector<Dyadic> xs = dyadics(3, 2);
  for (const Dyadic& a : xs) {
    for (const Dyadic& b : xs) {
      if (!(b < a)) continue;
      const GameId na = number(a), nb = number(b);
      const GameId sa = make_nus(a, 0, 1), sb = make_nus(b, 0, 1);
      expect_found(sw(na, nb));  // {a | b}, +-a when b = -a
      expect_found(sw(sa, sb));  // {a* | b*}
      expect_found(sw(na, sb));  // {a | b*}
      expect_found(sw(sa, nb));  // {a* | b}
    }
  }
}

// Games from random option sets: whatever the guesser answers must be the game itself, and
// it must never ask about an empty interval (simplest_between throws on one).
TEST(Guess, NeverAnswersWrongOnRandomGames) {
  std::mt19937_64 rng(20261127);
  std::vector<GameId> pool = {zero(),     star(),      up(),
                              integer(1), integer(-1), number(Dyadic::from_parts(1, 1))};
  int found = 0;
  for (int i = 0; i < 3000; ++i) {
    std::vector<GameId> l, r;
    for (int k = static_cast<int>(rng() % 3); k >= 0; --k) l.push_back(pool[rng() % pool.size()]);
    for (int k = static_cast<int>(rng() % 3); k >= 0; --k) r.push_back(pool[rng() % pool.size()]);
    // A shift by a number keeps the families' stops away from 0 as well.
    const GameId g =
        add(make_game(l, r), number(Dyadic::from_parts(static_cast<int64_t>(rng() % 9) - 4, 1)));
    if (pool.size() < 400) pool.push_back(g);
    const GuessResult res = guess_of(g);
    EXPECT_FALSE(res.unfinished);
    EXPECT_LE(res.comparisons, GuessLimits{}.max_comparisons);
    if (res.value != kNoGame) {
      ASSERT_EQ(res.value, g) << to_string(g) << " guessed as " << to_string(res.value);
      ++found;
    }
  }
  // The pool's games are mostly simple: the families cover many of them.
  EXPECT_GT(found, 300);
}

TEST(Guess, AnUndecidedComparisonEndsTheGuess) {
  const GameId g = sw(integer(2), integer(1));
  for (int undecided_at = 0; undecided_at < 6; ++undecided_at) {
    int calls = 0;
    const GuessResult r = guess_by_comparison([&](GameId c) -> std::optional<Cmp> {
      if (calls++ == undecided_at) return std::nullopt;
      return compare(g, c);
    });
    EXPECT_TRUE(r.unfinished);
    EXPECT_EQ(r.value, kNoGame);
    EXPECT_EQ(r.comparisons, undecided_at + 1);
    EXPECT_EQ(calls, undecided_at + 1);
  }
}

TEST(Guess, TheBudgetBoundsTheComparisons) {
  // 9 needs ten probes (0, 1, ..., 9): found with ten, not with nine.
  const GameId g = integer(9);
  GuessLimits l;
  l.max_comparisons = 10;
  EXPECT_EQ(guess_of(g, l).value, g);
  l.max_comparisons = 9;
  const GuessResult r = guess_of(g, l);
  EXPECT_EQ(r.value, kNoGame);
  EXPECT_FALSE(r.unfinished);
  EXPECT_EQ(r.comparisons, 9);
}

TEST(Guess, GamesOutsideTheFamiliesAreNotGuessed) {
  // {2 | {1 | 0}} and *2 are not in any family.
  const GameId hot = sw(integer(2), sw(integer(1), zero()));
  EXPECT_EQ(guess_of(hot).value, kNoGame);
  EXPECT_EQ(guess_of(nimber(2)).value, kNoGame);
}

}  // namespace
