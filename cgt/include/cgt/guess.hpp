#pragma once
// Finding an unknown game's value by comparing it with candidates.
//
// A caller that can compare a game G with any value c (G > c, G < c, G = c or G || c) but
// cannot afford G's options (a large Konane region, compared by two outcome searches of
// G - c) asks guess_by_comparison for G's value. The guesser asks only about candidates, and
// answers a value only when a comparison said G = c: it is exact whatever the heuristics
// below choose to ask. A game outside the families, or a budget spent, gives no answer.
//
// THE FAMILIES, and how each is reached (x, a, b numbers; the comparisons tell, for each
// number c, whether Left moving first wins G - c, "left wins", and whether Right does):
//  * numbers x: probed simplest first (0, 1, 2, ..., 1/2, 3/4, ...) between the bounds
//    found so far (lo < G < hi), down to denominators of kNumberDepth.
//  * x + up, x + down: a G strictly between numbers that the probes squeeze towards one of
//    them, x, without ever confusing it with one. The end the last probe did not move is x.
//  * x*, x + up*, x + down*: the first number x that G is confused with is tried as x*; if
//    G's stops both turn out to be x, G > x* means x + up* and G < x* means x + down*.
//  * switches {a | b} and {a* | b*} (a > b, including +-a): G's left stop a and right stop b
//    are searched for on the numbers above and below the confusion found. A number c gives
//    two bits: Left wins G - c first when c < a and loses when c > a; at c = a either, which
//    the two candidates read both ways ({a|b}: Left wins at a; {a*|b*}: Left loses).
//    Stops are refined to denominators of 2, then 4, trying the candidates at each depth.
// A comparison that could not be decided ends the guess as unfinished.
#include <cstdint>
#include <functional>
#include <optional>

#include "cgt/game.hpp"

namespace cgt {

// compare(c): how G compares with c (G on the left), nullopt when it could not be decided.
using Comparer = std::function<std::optional<Cmp>(GameId c)>;

struct GuessResult {
  GameId value = kNoGame;   // G's value, or kNoGame when no candidate was equal
  bool unfinished = false;  // a comparison was undecided (the guess stopped there)
  int comparisons = 0;      // comparisons asked
};

struct GuessLimits {
  int max_comparisons = 24;
  int number_depth = 5;  // numbers probed down to 1/2^number_depth
  int stop_depth = 2;    // stops searched down to 1/2^stop_depth
};

GuessResult guess_by_comparison(const Comparer& compare, const GuessLimits& limits = {});

}  // namespace cgt
