// Temperature operations (cooling, heating, overheating), Norton multiplication, incentives,
// companions, ordinal sums and the named constructions of operations.hpp. Every operation is
// a recursion over canonical options memoised by id for the one call: the same follower is
// reached along many paths, and without the memo the work would follow the tree, not the DAG.
#include "cgt/operations.hpp"

#include <algorithm>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include "cgt/work_limit.hpp"

namespace cgt {

namespace {

using Memo = std::unordered_map<GameId, GameId>;

bool is_whole(GameId g) {
  const auto n = as_number(g);
  return n && n->is_integer();
}

// {f(G^L) + shift_left | f(G^R) + shift_right}, f memoised: the recursion every operation of
// this file shares.
template <class F>
GameId map_options(GameId g, F&& f, GameId shift_left, GameId shift_right) {
  std::vector<GameId> l, r;
  for (GameId x : left_options(g)) l.push_back(add(f(x), shift_left));
  for (GameId x : right_options(g)) r.push_back(add(f(x), shift_right));
  return make_game(l, r);
}

GameId cool_rec(GameId g, const Dyadic& t, GameId tid, GameId minus_t, Memo& memo) {
  WorkLimit::charge();
  if (is_whole(g)) return g;
  // Past its temperature a game is infinitely close to its mean, and cooling it further
  // leaves exactly the mean (WW ch. 6: the "unless" clause of the definition).
  if (temperature(g) < t) return number(mean(g));
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  const GameId out = map_options(
      g, [&](GameId x) { return cool_rec(x, t, tid, minus_t, memo); }, minus_t, tid);
  memo.emplace(g, out);
  return out;
}

GameId heat_rec(GameId g, GameId t, GameId minus_t, Memo& memo) {
  WorkLimit::charge();
  if (is_number(g)) return g;
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  const GameId out = map_options(
      g, [&](GameId x) { return heat_rec(x, t, minus_t, memo); }, t, minus_t);
  memo.emplace(g, out);
  return out;
}

GameId overheat_rec(GameId g, GameId s, GameId t, GameId minus_t, Memo& memo) {
  WorkLimit::charge();
  if (is_whole(g)) return multiple(s, as_number(g)->numerator());
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  const GameId out = map_options(
      g, [&](GameId x) { return overheat_rec(x, s, t, minus_t, memo); }, t, minus_t);
  memo.emplace(g, out);
  return out;
}

GameId norton_rec(GameId g, GameId u, const std::vector<GameId>& u_plus_incentives, Memo& memo) {
  WorkLimit::charge();
  if (is_whole(g)) return multiple(u, as_number(g)->numerator());
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  std::vector<GameId> l, r;
  for (GameId x : left_options(g)) {
    const GameId xu = norton_rec(x, u, u_plus_incentives, memo);
    for (GameId v : u_plus_incentives) l.push_back(add(xu, v));
  }
  for (GameId x : right_options(g)) {
    const GameId xu = norton_rec(x, u, u_plus_incentives, memo);
    for (GameId v : u_plus_incentives) r.push_back(sub(xu, v));
  }
  const GameId out = make_game(l, r);
  memo.emplace(g, out);
  return out;
}

GameId companion_rec(GameId g, Memo& memo) {
  WorkLimit::charge();
  if (const auto n = as_nus(g)) {
    if (!n->number.is_zero() || n->nim >= 2) return g;
    return make_nus(n->number, n->ups, n->nim ^ 1u);
  }
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  std::vector<GameId> l, r;
  for (GameId x : left_options(g)) l.push_back(companion_rec(x, memo));
  for (GameId x : right_options(g)) r.push_back(companion_rec(x, memo));
  if (leq(zero(), g)) l.push_back(zero());
  if (leq(g, zero())) r.push_back(zero());
  const GameId out = make_game(l, r);
  memo.emplace(g, out);
  return out;
}

GameId ordinal_rec(GameId g, GameId h, Memo& memo) {
  WorkLimit::charge();
  if (h == zero()) return g;
  const auto gn = as_nus(g), hn = as_nus(h);
  // *a : *b = *(a+b): the ordinal sum of nimbers adds their heaps (WW ch. 8).
  if (gn && hn && gn->number.is_zero() && gn->ups == 0 && hn->number.is_zero() && hn->ups == 0)
    return nimber(gn->nim + hn->nim);
  if (auto it = memo.find(h); it != memo.end()) return it->second;
  std::vector<GameId> l, r;
  for (GameId x : left_options(g)) l.push_back(x);
  for (GameId x : right_options(g)) r.push_back(x);
  for (GameId x : left_options(h)) l.push_back(ordinal_rec(g, x, memo));
  for (GameId x : right_options(h)) r.push_back(ordinal_rec(g, x, memo));
  const GameId out = make_game(l, r);
  memo.emplace(h, out);
  return out;
}

// ---- stop counts: decimal big integers, base 10^9 limbs, least significant first ----------

using Big = std::vector<uint32_t>;
constexpr uint32_t kLimb = 1'000'000'000;

void big_add(Big& a, const Big& b) {
  uint64_t carry = 0;
  for (size_t i = 0; i < std::max(a.size(), b.size()) || carry; ++i) {
    if (i == a.size()) a.push_back(0);
    const uint64_t s = uint64_t{a[i]} + (i < b.size() ? b[i] : 0) + carry;
    a[i] = static_cast<uint32_t>(s % kLimb);
    carry = s / kLimb;
  }
}

void big_mul_small(Big& a, uint32_t k) {
  uint64_t carry = 0;
  for (uint32_t& limb : a) {
    const uint64_t p = uint64_t{limb} * k + carry;
    limb = static_cast<uint32_t>(p % kLimb);
    carry = p / kLimb;
  }
  if (carry) a.push_back(static_cast<uint32_t>(carry));
}

std::string big_text(const Big& a) {
  std::string s = std::to_string(a.back());
  for (size_t i = a.size() - 1; i-- > 0;) {
    const std::string part = std::to_string(a[i]);
    s += std::string(9 - part.size(), '0') + part;
  }
  return s;
}

// *n has 2.3^(n-1) stops: its options are 0, *, ..., *(n-1), each counted once per player.
constexpr uint32_t kMaxStopNimber = 100'000;

const Big& stop_rec(GameId g, std::unordered_map<GameId, Big>& memo) {
  WorkLimit::charge();
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  Big count;
  const auto n = as_nus(g);
  if (n && n->ups == 0) {
    count = {1};
    if (n->nim > kMaxStopNimber)
      throw std::length_error("cgt: the stop count of *" + std::to_string(n->nim) +
                              " has more digits than this calculator gives");
    if (n->nim > 0) {
      count = {2};
      for (uint32_t i = 1; i < n->nim; ++i) big_mul_small(count, 3);
    }
  } else {
    count = {0};
    for (GameId x : left_options(g)) big_add(count, stop_rec(x, memo));
    for (GameId x : right_options(g)) big_add(count, stop_rec(x, memo));
  }
  return memo.emplace(g, std::move(count)).first->second;
}

}  // namespace

bool is_infinitesimal(GameId g) {
  return left_stop(g).is_zero() && right_stop(g).is_zero();
}

bool is_all_small(GameId g) {
  std::unordered_map<GameId, bool> memo;
  auto rec = [&](auto& self, GameId x) -> bool {
    WorkLimit::charge();
    if (const auto n = as_nus(x)) return n->number.is_zero();
    if (auto it = memo.find(x); it != memo.end()) return it->second;
    bool small = true;
    for (GameId y : left_options(x)) small = small && self(self, y);
    for (GameId y : right_options(x)) small = small && self(self, y);
    memo.emplace(x, small);
    return small;
  };
  return rec(rec, g);
}

GameId cool(GameId g, const Dyadic& t) {
  if (t <= Dyadic::from_int(-1))
    throw std::invalid_argument("invalid cooling temperature " + t.to_string() +
                                " (it must be greater than -1)");
  Memo memo;
  const GameId tid = number(t);
  return cool_rec(g, t, tid, neg(tid), memo);
}

GameId freeze(GameId g) {
  if (is_number(g)) return g;  // a number is frozen already (CGSuite: 25/16 stays 25/16)
  return cool(g, temperature(g));
}

GameId heat(GameId g, GameId t) {
  Memo memo;
  return heat_rec(g, t, neg(t), memo);
}

GameId overheat(GameId g, GameId s, GameId t) {
  Memo memo;
  return overheat_rec(g, s, t, neg(t), memo);
}

GameId multiple(GameId g, int64_t n) {
  // |n| as unsigned: -INT64_MIN does not fit an int64_t.
  uint64_t k = n < 0 ? 0 - static_cast<uint64_t>(n) : static_cast<uint64_t>(n);
  GameId power = n < 0 ? neg(g) : g, sum = zero();
  while (k) {
    WorkLimit::charge();
    if (k & 1) sum = add(sum, power);
    k >>= 1;
    if (k) power = add(power, power);
  }
  return sum;
}

GameId norton_multiply(GameId g, GameId u) {
  std::vector<GameId> u_plus = incentives(u, true, true);
  for (GameId& i : u_plus) i = add(u, i);
  Memo memo;
  return norton_rec(g, u, u_plus, memo);
}

std::vector<GameId> incentives(GameId g, bool left, bool right) {
  std::vector<GameId> out;
  if (left)
    for (GameId x : left_options(g)) out.push_back(sub(x, g));
  if (right)
    for (GameId x : right_options(g)) out.push_back(sub(g, x));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  std::vector<GameId> kept;
  for (GameId x : out) {
    bool dominated = false;
    for (GameId y : out) dominated = dominated || (y != x && leq(x, y));
    if (!dominated) kept.push_back(x);
  }
  return kept;
}

GameId companion(GameId g) {
  Memo memo;
  return companion_rec(g, memo);
}

std::string stop_count(GameId g) {
  std::unordered_map<GameId, Big> memo;
  return big_text(stop_rec(g, memo));
}

GameId ordinal_sum(GameId g, GameId h) {
  Memo memo;
  return ordinal_rec(g, h, memo);
}

GameId tiny(GameId x) {
  const GameId z[1] = {zero()};
  const GameId inner_r[1] = {neg(x)};
  const GameId inner[1] = {make_game(z, inner_r)};
  return make_game(z, inner);
}

GameId miny(GameId x) {
  return neg(tiny(x));
}

GameId up_sum(unsigned n) {
  if (n == 0) throw std::invalid_argument("^[n] needs n >= 1");
  GameId s = up();
  const GameId star_r[1] = {star()};
  for (unsigned k = 2; k <= n; ++k) {
    WorkLimit::charge();
    const GameId l[1] = {s};
    s = make_game(l, star_r);
  }
  return s;
}

GameId up_nth(unsigned n) {
  if (n == 0) throw std::invalid_argument("^<n> needs n >= 1");
  if (n == 1) return up();
  return sub(up_sum(n), up_sum(n - 1));
}

std::vector<GameId> games_born_by(int day) {
  if (day < 0 || day > 3)
    throw std::invalid_argument(
        "games born by day " + std::to_string(day) +
        " are not listed: only days 0 to 3 (day 4 has about 3 x 10^12 games; Wolfe and "
        "Fraser, \"Counting the number of games\", 2004)");
  std::vector<GameId> games = {zero()};
  for (int d = 0; d < day; ++d) {
    // A canonical form's options on each side are pairwise incomparable (no option dominates
    // another), so every game born by day d+1 is {A | B} for antichains A, B of day d.
    std::vector<std::vector<GameId>> antichains;
    std::vector<GameId> current;
    auto grow = [&](auto& self, size_t from) -> void {
      antichains.push_back(current);
      for (size_t i = from; i < games.size(); ++i) {
        bool free = true;
        for (GameId c : current) free = free && compare(c, games[i]) == Cmp::Fuzzy;
        if (!free) continue;
        current.push_back(games[i]);
        self(self, i + 1);
        current.pop_back();
      }
    };
    grow(grow, 0);
    std::vector<GameId> next;
    for (const auto& a : antichains)
      for (const auto& b : antichains) {
        WorkLimit::charge();
        next.push_back(make_game(a, b));
      }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    games = std::move(next);
  }
  return games;
}

}  // namespace cgt
