#include "cgt/guess.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace cgt {
namespace {

// G ? c as the two outcomes of G - c: Left moving first wins it when G > c or G || c.
bool left_wins(Cmp r) {
  return r == Cmp::Greater || r == Cmp::Fuzzy;
}
bool right_wins(Cmp r) {
  return r == Cmp::Less || r == Cmp::Fuzzy;
}

class Guesser {
 public:
  Guesser(const Comparer& compare, const GuessLimits& limits)
      : compare_(compare), limits_(limits) {}

  GuessResult run() {
    const GameId v = numbers();
    return GuessResult{v, unfinished_, asked_};
  }

 private:
  // nullopt ends the guess: the comparison was undecided or the budget is spent.
  std::optional<Cmp> ask(GameId c) {
    if (over_ || asked_ >= limits_.max_comparisons) {
      over_ = true;
      return std::nullopt;
    }
    ++asked_;
    const auto r = compare_(c);
    if (!r) over_ = unfinished_ = true;
    return r;
  }

  // Asks about a candidate once: c when G equals it, else kNoGame.
  GameId attempt(GameId c) {
    if (std::find(tried_.begin(), tried_.end(), c) != tried_.end()) return kNoGame;
    tried_.push_back(c);
    const auto r = ask(c);
    return r && *r == Cmp::Equal ? c : kNoGame;
  }

  static GameId switch_of(GameId l, GameId r) {
    return make_game(std::span(&l, 1), std::span(&r, 1));
  }

  GameId numbers() {
    std::optional<Dyadic> lo, hi;  // lo < G < hi
    bool moved_hi = false;
    Dyadic c;
    for (;;) {
      const auto r = ask(number(c));
      if (!r) return kNoGame;
      switch (*r) {
        case Cmp::Equal:
          return number(c);
        case Cmp::Fuzzy:
          return confused(c, lo, hi);
        case Cmp::Greater:
          lo = c, moved_hi = false;
          break;
        case Cmp::Less:
          hi = c, moved_hi = true;
          break;
      }
      const Dyadic next = simplest_between(lo, hi);
      // Only an interval bounded on both sides has non-integers in it.
      if (next.exponent() > limits_.number_depth) return squeezed(moved_hi ? *lo : *hi, moved_hi);
      c = next;
    }
  }

  // G lies strictly between two numbers less than 2^-number_depth apart, and the last probe
  // moved the end it is not near: G is x plus a positive (from_above) or negative
  // infinitesimal, or a number of a finer denominator.
  GameId squeezed(const Dyadic& x, bool from_above) {
    const int sign = from_above ? 1 : -1;
    const GameId v = attempt(make_nus(x, sign, 0));
    return v != kNoGame || over_ ? v : attempt(make_nus(x, 2 * sign, 1));
  }

  // G || c, lo < G < hi.
  GameId confused(const Dyadic& c, const std::optional<Dyadic>& lo,
                  const std::optional<Dyadic>& hi) {
    const GameId c_star = make_nus(c, 0, 1);
    tried_.push_back(c_star);
    const auto vs_star = ask(c_star);
    if (!vs_star) return kNoGame;
    if (*vs_star == Cmp::Equal) return c_star;
    // Left's stop lies in [left_win, left_lose] and Right's in [right_lose, right_win]: Left
    // moving first wins G - c at c and loses it at hi (G < hi); Right wins at c, loses at lo.
    Stops s{c, hi, c, lo};
    for (int depth = 0; depth <= limits_.stop_depth; ++depth) {
      if (!refine(s, depth, true) || !refine(s, depth, false)) return found_;
      GameId v = kNoGame;
      if (s.left_win == c && s.right_win == c) {
        // Both stops c so far: c plus an infinitesimal confused with 0 (not * itself).
        if (*vs_star != Cmp::Fuzzy) v = attempt(make_nus(c, *vs_star == Cmp::Greater ? 1 : -1, 1));
      } else {
        v = attempt(switch_of(number(s.left_win), number(s.right_win)));
      }
      if (v != kNoGame || over_) return v;
      if (depth == limits_.stop_depth) {
        // Read the ties the other way on one side or both: {a* | b*}, {a | b*}, {a* | b}.
        const GameId lw = number(s.left_win), rw = number(s.right_win);
        const GameId ls = s.left_lose ? make_nus(*s.left_lose, 0, 1) : kNoGame;
        const GameId rs = s.right_lose ? make_nus(*s.right_lose, 0, 1) : kNoGame;
        for (const auto& [l, r] : {std::pair{ls, rs}, std::pair{lw, rs}, std::pair{ls, rw}}) {
          if (l == kNoGame || r == kNoGame) continue;
          if ((v = attempt(switch_of(l, r))) != kNoGame || over_) return v;
        }
      }
    }
    return kNoGame;
  }

  struct Stops {
    Dyadic left_win;                   // largest probe where Left moving first wins G - x
    std::optional<Dyadic> left_lose;   // smallest where Left loses it (none: +infinity)
    Dyadic right_win;                  // smallest where Right moving first wins G - x
    std::optional<Dyadic> right_lose;  // largest where Right loses it (none: -infinity)
  };

  // Probes the numbers of denominator at most 2^depth inside one stop's interval; every
  // probe narrows both intervals. False when the guess must end (found_ holds any value
  // a probe happened to equal).
  bool refine(Stops& s, int depth, bool left) {
    for (;;) {
      const Dyadic x = left ? simplest_between(s.left_win, s.left_lose)
                            : simplest_between(s.right_lose, s.right_win);
      if (x.exponent() > depth) return true;
      const auto r = ask(number(x));
      if (!r) return false;
      if (*r == Cmp::Equal) {
        found_ = number(x);
        return false;
      }
      if (left_wins(*r))
        s.left_win = std::max(s.left_win, x);
      else
        s.left_lose = s.left_lose ? std::min(*s.left_lose, x) : x;
      if (right_wins(*r))
        s.right_win = std::min(s.right_win, x);
      else
        s.right_lose = s.right_lose ? std::max(*s.right_lose, x) : x;
    }
  }

  const Comparer& compare_;
  GuessLimits limits_;
  int asked_ = 0;
  bool over_ = false, unfinished_ = false;
  GameId found_ = kNoGame;
  std::vector<GameId> tried_;
};

}  // namespace

GuessResult guess_by_comparison(const Comparer& compare, const GuessLimits& limits) {
  return Guesser(compare, limits).run();
}

}  // namespace cgt
