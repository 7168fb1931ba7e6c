// Atomic weight and reduced canonical form: the two measures of a game's infinitesimal part.
#include <algorithm>
#include <limits>
#include <unordered_map>

#include "cgt/operations.hpp"
#include "cgt/work_limit.hpp"

namespace cgt {

namespace {

using Memo = std::unordered_map<GameId, GameId>;

// One more than the largest nimber among G's followers (at least 1): *far_star(G) is a
// "remote star" for G (LIP ch. 9), which no follower of G can tell from a larger nimber.
uint32_t far_star(GameId g, std::unordered_map<GameId, uint32_t>& memo) {
  WorkLimit::charge();
  if (const auto n = as_nus(g)) {
    if (n->ups == 0) return n->number.is_zero() ? n->nim + 1 : 1;
  }
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  uint32_t best = 1;
  for (GameId x : left_options(g)) best = std::max(best, far_star(x, memo));
  for (GameId x : right_options(g)) best = std::max(best, far_star(x, memo));
  memo.emplace(g, best);
  return best;
}

// The atomic weight calculus (LIP ch. 9; WW ch. 8): G'' = {G^L'' - 2 | G^R'' + 2},
// except where that is an integer and G is comparable with the remote star: then the
// extreme integer on the side G lies.
GameId naive_weight(GameId g, Memo& memo, std::unordered_map<GameId, uint32_t>& stars) {
  WorkLimit::charge();
  if (const auto n = as_nus(g)) return integer(n->ups);
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  std::vector<GameId> l, r;
  for (GameId x : left_options(g)) l.push_back(sub(naive_weight(x, memo, stars), integer(2)));
  for (GameId x : right_options(g)) r.push_back(add(naive_weight(x, memo, stars), integer(2)));
  GameId out = make_game(l, r);
  const auto w = as_number(out);
  if (w && w->is_integer()) {
    const GameId remote = nimber(far_star(g, stars));
    const bool below = leq(g, remote), above = leq(remote, g);
    if (below && !above) {
      // G < remote star: the least integer n with n |> every G^L'' - 2 (0 without options).
      int64_t best = l.empty() ? 0 : std::numeric_limits<int64_t>::min();
      for (GameId x : l) {
        int64_t n = right_stop(x).ceil();
        if (leq(integer(n), x)) ++n;
        best = std::max(best, n);
      }
      out = integer(best);
    } else if (above && !below) {
      // G > remote star: the greatest integer n with n <| every G^R'' + 2.
      int64_t best = r.empty() ? 0 : std::numeric_limits<int64_t>::max();
      for (GameId x : r) {
        int64_t n = left_stop(x).floor();
        if (leq(x, integer(n))) --n;
        best = std::min(best, n);
      }
      out = integer(best);
    }
  }
  memo.emplace(g, out);
  return out;
}

// x with every x + * follower replaced by x (numbers kept): the last step of the reduced
// canonical form, after heating by * turned every infinitesimal difference into a star.
GameId star_projection(GameId g, Memo& memo) {
  WorkLimit::charge();
  if (is_number(g)) return g;
  if (const auto n = as_nus(g); n && n->ups == 0 && n->nim == 1) return number(n->number);
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  std::vector<GameId> l, r;
  for (GameId x : left_options(g)) l.push_back(star_projection(x, memo));
  for (GameId x : right_options(g)) r.push_back(star_projection(x, memo));
  const GameId out = make_game(l, r);
  memo.emplace(g, out);
  return out;
}

}  // namespace

std::optional<GameId> atomic_weight(GameId g, std::string* why) {
  auto not_atomic = [&]() -> std::optional<GameId> {
    if (why) {
      const auto text = to_string(g, Style::CgSuite, 200);
      *why = "That game is not atomic: " + text.value_or("(a long game)");
    }
    return std::nullopt;
  };
  if (!is_infinitesimal(g)) return not_atomic();
  Memo memo;
  std::unordered_map<GameId, uint32_t> stars;
  const GameId w = naive_weight(g, memo, stars);
  if (is_all_small(g)) return w;
  // An infinitesimal that is not all-small is atomic when it differs from w.^ by less than
  // ^* plus a "red kite" *2^k : -1 beyond its remote star (Siegel II.7, and the test CGSuite
  // applies before it calls a weight atomic).
  const GameId diff = sub(g, norton_multiply(w, up()));
  uint32_t p = 2;
  while (p < far_star(g, stars)) p <<= 1;
  const GameId kite = ordinal_sum(nimber(p), integer(-1));
  const GameId eps = add(make_nus(Dyadic(), 1, 1), kite);
  if (leq(diff, eps) && leq(neg(eps), diff)) return w;
  return not_atomic();
}

GameId reduced_canonical_form(GameId g) {
  // Heating by * and projecting every x* back to x gives the simplest game infinitely close
  // to G (Siegel, Combinatorial Game Theory, section II.6).
  if (const auto n = as_nus(g)) return number(n->number);
  Memo memo;
  return star_projection(heat(g, star()), memo);
}

}  // namespace cgt
