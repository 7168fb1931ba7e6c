// Order and canonical forms: a <= b by the recursive definition with number avoidance and
// arithmetic shortcuts, and canonicalisation by deleting dominated options and bypassing
// reversible ones (Siegel, Combinatorial Game Theory, ch. II). Sums and the tables are in
// game.cpp; the two meet through core.hpp.
#include <algorithm>
#include <climits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "cgt/game.hpp"
#include "cgt/work_limit.hpp"
#include "core.hpp"

namespace cgt {

using namespace detail;

namespace {

// ---- order -------------------------------------------------------------------------------

// a <= b for NUS values: the sign of (a - b) = d + k.up + *m is read off directly.
bool nus_leq(const Record& a, const Record& b) {
  // Ordering the stored number parts needs no subtraction (and no overflow check): this runs
  // for every pair of such options a comparison scans.
  if (int c = stored_cmp(a.num, a.num_exp, b.num, b.num_exp); c != 0) return c < 0;
  int64_t k = int64_t{a.ups} - b.ups;
  uint32_t m = a.nim ^ b.nim;
  if (k == 0) return m == 0;
  // k.up + *m is positive for k >= 1 and negative for k <= -1, except up* and down*, which
  // are fuzzy with 0.
  if (k > 0) return false;
  return !(k == -1 && m == 1);
}

// Thread-local first-level comparison cache: comparisons inside one canonicalisation repeat
// the same few thousand pairs, which a private table that fits in L2 answers without
// touching the shared cache's cache lines.
//
//   byte 0        8        12       16
//        +--------+--------+--------+
//        | a<<32|b| epoch  | value  |
//        +--------+--------+--------+
struct L1Entry {
  uint64_t key = ~uint64_t{0};
  uint32_t epoch = 0;
  uint32_t value = 0;
};
static_assert(sizeof(L1Entry) == 16);

L1Entry& l1_slot(GameId a, GameId b) {
  thread_local std::unique_ptr<L1Entry[]> table(new L1Entry[size_t{1} << kL1Bits]);
  return table[mix64((uint64_t{a} << 32) | b) & ((size_t{1} << kL1Bits) - 1)];
}

enum class Quick { No, Yes, Unknown };
Quick leq_quick(GameId a, GameId b);

}  // namespace

// ---- comparisons against a game given by option lists (used while canonicalising) --------

// X <= G iff no G^R <= X and no X^L >= G.
bool detail::leq_id_arr(GameId x, std::span<const GameId> gl, std::span<const GameId> gr,
                        ArrMemo& memo) {
  uint64_t key = uint64_t{x} << 1;
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  bool res = true;
  for (GameId r : gr) {
    if (leq_quick(r, x) == Quick::Yes) {
      res = false;
      break;
    }
  }
  if (res) {
    for (GameId r : gr) {
      if (leq(r, x)) {
        res = false;
        break;
      }
    }
  }
  if (res) {
    for (GameId xl : lefts(x)) {
      if (leq_arr_id(gl, gr, xl, memo)) {
        res = false;
        break;
      }
    }
  }
  memo.emplace(key, res);
  return res;
}

// G <= Y iff no G^L >= Y and no Y^R <= G.
bool detail::leq_arr_id(std::span<const GameId> gl, std::span<const GameId> gr, GameId y,
                        ArrMemo& memo) {
  uint64_t key = (uint64_t{y} << 1) | 1;
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  bool res = true;
  for (GameId l : gl) {
    if (leq_quick(y, l) == Quick::Yes) {
      res = false;
      break;
    }
  }
  if (res) {
    for (GameId l : gl) {
      if (leq(y, l)) {
        res = false;
        break;
      }
    }
  }
  if (res) {
    for (GameId yr : rights(y)) {
      if (leq_id_arr(yr, gl, gr, memo)) {
        res = false;
        break;
      }
    }
  }
  memo.emplace(key, res);
  return res;
}

namespace {

// ---- canonicalisation --------------------------------------------------------------------

// When every option is a number the simplicity theorem answers at once.
std::optional<GameId> all_number_shortcut(const std::vector<GameId>& l,
                                          const std::vector<GameId>& r) {
  std::optional<Dyadic> a, b;
  GameId ai = kNoGame, bi = kNoGame;
  for (GameId g : l) {
    const Record& x = rec(g);
    if (!rec_is_number(x)) return std::nullopt;
    Dyadic v = rec_number(x);
    if (!a || *a < v) a = v, ai = g;
  }
  for (GameId g : r) {
    const Record& x = rec(g);
    if (!rec_is_number(x)) return std::nullopt;
    Dyadic v = rec_number(x);
    if (!b || v < *b) b = v, bi = g;
  }
  if (!a || !b || *a < *b) return number(simplest_between(a, b));
  if (*a == *b) return intern_nus(*a, 0, 1);
  // {a | b} with numbers a > b is canonical: a number option can only reverse through a
  // larger number, and Right's b already answers that.
  GameId lo[1] = {ai}, ro[1] = {bi};
  return intern_general(lo, ro);
}

// Deletes dominated options: on Left's side those <= another, on Right's those >= another.
// Canonical options have distinct values, so domination is always strict. When fresh is
// given (sorted), the options not in it are already known not to dominate one another, and
// only pairs with at least one fresh option are compared: deleting options never makes a
// survivor dominated, so after bypassing only the options it added need checking.
void remove_dominated(std::vector<GameId>& v, bool left,
                      const std::vector<GameId>* fresh = nullptr) {
  size_t n = v.size();
  if (n < 2) return;
  constexpr char kDead = 1, kOld = 2;  // one allocation for both flags: this runs per node
  std::vector<char> flag(n, 0);
  if (fresh)
    for (size_t i = 0; i < n; ++i)
      if (!std::binary_search(fresh->begin(), fresh->end(), v[i])) flag[i] = kOld;
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      if (i == j || (flag[j] & kDead) || (flag[i] & flag[j] & kOld)) continue;
      if (left ? leq(v[i], v[j]) : leq(v[j], v[i])) {
        flag[i] |= kDead;
        break;
      }
    }
  }
  size_t k = 0;
  for (size_t i = 0; i < n; ++i)
    if (!(flag[i] & kDead)) v[k++] = v[i];
  v.resize(k);
}

// Appends the options of extra not yet in v, and records them in added as well.
void add_unique(std::vector<GameId>& v, std::span<const GameId> extra, std::vector<GameId>& added) {
  // A linear search per option: bypassing hundreds of options, each through a reversal with
  // hundreds of its own (sums with *n for large n), costs cubic time in all; charged so.
  WorkLimit::charge(1 + v.size() * extra.size() / 32);
  for (GameId g : extra) {
    if (std::find(v.begin(), v.end(), g) != v.end()) continue;
    v.push_back(g);
    added.push_back(g);
  }
}

// Stops of the game G being canonicalised, read off its option lists: when G is not a number,
// L(G) = max R(G^L) and R(G) = min L(G^R); and max R(G^L) > min L(G^R) proves it is not one,
// because a number x has R(G^L) <= x <= L(G^R) for all its options. Bypassing reversible
// options never changes G's value, so the stops stay valid while the lists change. Kept as
// rounded floats for the option views, where only strict comparisons decide anything.
struct ArrStops {
  bool known = false;
  float l = 0, r = 0;
};

ArrStops arr_stops(const std::vector<GameId>& l, const std::vector<GameId>& r) {
  if (l.empty() || r.empty()) return {};
  const Record* ml = &rec(l[0]);
  for (GameId g : l) {
    const Record& x = rec(g);
    if (stored_cmp(x.rstop_num, x.rstop_exp, ml->rstop_num, ml->rstop_exp) > 0) ml = &x;
  }
  const Record* mr = &rec(r[0]);
  for (GameId g : r) {
    const Record& x = rec(g);
    if (stored_cmp(x.lstop_num, x.lstop_exp, mr->lstop_num, mr->lstop_exp) < 0) mr = &x;
  }
  if (stored_cmp(ml->rstop_num, ml->rstop_exp, mr->lstop_num, mr->lstop_exp) <= 0) return {};
  return {true, stop_key(ml->rstop_num, ml->rstop_exp), stop_key(mr->lstop_num, mr->lstop_exp)};
}

// A Left option G^L reverses through G^LR when G^LR <= G; it is replaced by G^LR's Left
// options. Newly added options are examined in turn, so the loop ends with none reversible.
// G^LR <= G needs L(G^LR) <= L(G) and R(G^LR) <= R(G), and L(G^LR) < R(G) proves it, so with
// G's stops known most G^LR are settled from G^L's right view (sorted by left stop) alone.
bool bypass_left(std::vector<GameId>& l, std::vector<GameId>& r, const ArrStops& s, ArrMemo& memo,
                 std::vector<GameId>& added) {
  bool changed = false;
  for (size_t i = 0; i < l.size();) {
    bool replaced = false;
    const uint32_t* block = options_block(l[i]);
    auto view = block_right_view(block);
    // Every G^LR has L(G^LR) >= R(G) and R(G^LR) > R(G): none can be <= G.
    if (s.known && !view.empty() && view.front().key >= s.r &&
        block_right_view_min_other(block) > s.r) {
      ++i;
      continue;
    }
    for (const OptKey& y : view) {
      if (s.known) {
        if (y.key > s.l) break;
        if (y.key >= s.r && y.other > s.r) continue;
      }
      if ((s.known && y.key < s.r) || leq_id_arr(y.id, l, r, memo)) {
        GameId glr = y.id;
        l.erase(l.begin() + static_cast<ptrdiff_t>(i));
        add_unique(l, lefts(glr), added);
        replaced = changed = true;
        break;
      }
    }
    if (!replaced) ++i;
  }
  return changed;
}

// Mirror image: G^R reverses through G^RL when G^RL >= G.
bool bypass_right(std::vector<GameId>& l, std::vector<GameId>& r, const ArrStops& s, ArrMemo& memo,
                  std::vector<GameId>& added) {
  bool changed = false;
  for (size_t i = 0; i < r.size();) {
    bool replaced = false;
    const uint32_t* block = options_block(r[i]);
    auto view = block_left_view(block);
    // Every G^RL has R(G^RL) <= L(G) and L(G^RL) < L(G): none can be >= G.
    if (s.known && !view.empty() && view.front().key <= s.l &&
        block_left_view_max_other(block) < s.l) {
      ++i;
      continue;
    }
    for (const OptKey& y : view) {
      if (s.known) {
        if (y.key < s.r) break;
        if (y.key <= s.l && y.other < s.l) continue;
      }
      if ((s.known && y.key > s.l) || leq_arr_id(l, r, y.id, memo)) {
        GameId grl = y.id;
        r.erase(r.begin() + static_cast<ptrdiff_t>(i));
        add_unique(r, rights(grl), added);
        replaced = changed = true;
        break;
      }
    }
    if (!replaced) ++i;
  }
  return changed;
}

// Recognises the canonical forms of non-number NUS values (see nus_options below): the
// lists are canonical, canonical forms are unique, so a match of shape is a match of value.
std::optional<GameId> recognise_nus(const std::vector<GameId>& l, const std::vector<GameId>& r) {
  if (l.empty() || r.empty()) return std::nullopt;
  for (GameId g : l)
    if (!rec_is_nus(rec(g))) return std::nullopt;
  for (GameId g : r)
    if (!rec_is_nus(rec(g))) return std::nullopt;
  if (l.size() == 1 && r.size() == 1) {
    NusKey a = nus_of(rec(l[0])), b = nus_of(rec(r[0]));
    bool a_num = a.ups == 0 && a.nim == 0, b_num = b.ups == 0 && b.nim == 0;
    if (a_num && b.x == a.x && (b.ups > 0 || (b.ups == 0 && b.nim != 0))) {
      // {x | x + j.up + *n} = x + (j+1).up + *(n^1)
      return intern_nus(a.x, int64_t{b.ups} + 1, b.nim ^ 1);
    }
    if (b_num && a.x == b.x && (a.ups < 0 || (a.ups == 0 && a.nim != 0))) {
      return intern_nus(b.x, int64_t{a.ups} - 1, a.nim ^ 1);
    }
    return std::nullopt;
  }
  auto is_x_and_xstar = [](const std::vector<GameId>& two, const Dyadic& x) {
    if (two.size() != 2) return false;
    NusKey p = nus_of(rec(two[0])), q = nus_of(rec(two[1]));
    if (p.x != x || q.x != x || p.ups != 0 || q.ups != 0) return false;
    return (p.nim == 0 && q.nim == 1) || (p.nim == 1 && q.nim == 0);
  };
  if (r.size() == 1 && l.size() == 2) {
    NusKey b = nus_of(rec(r[0]));
    if (b.ups == 0 && b.nim == 0 && is_x_and_xstar(l, b.x)) return intern_nus(b.x, 1, 1);
    return std::nullopt;
  }
  if (l.size() == 1 && r.size() == 2) {
    NusKey a = nus_of(rec(l[0]));
    if (a.ups == 0 && a.nim == 0 && is_x_and_xstar(r, a.x)) return intern_nus(a.x, -1, 1);
    return std::nullopt;
  }
  // x + *m = {x, x*, ..., x*(m-1) | the same}
  if (l != r) return std::nullopt;
  Dyadic x = rec_number(rec(l[0]));
  std::vector<char> seen(l.size(), 0);
  for (GameId g : l) {
    NusKey k = nus_of(rec(g));
    if (k.x != x || k.ups != 0 || k.nim >= l.size() || seen[k.nim]) return std::nullopt;
    seen[k.nim] = 1;
  }
  return intern_nus(x, 0, static_cast<uint32_t>(l.size()));
}

}  // namespace

// undominated: the caller already deleted every dominated option (sums do this cheaply).
GameId detail::canonicalise(std::vector<GameId>& l, std::vector<GameId>& r, bool undominated) {
  WorkLimit::charge(1 + l.size() * l.size() + r.size() * r.size());
  sort_unique(l);
  sort_unique(r);
  if (auto n = all_number_shortcut(l, r)) return *n;
  if (!undominated) {
    remove_dominated(l, true);
    remove_dominated(r, false);
  }
  ArrMemo memo;
  ArrStops stops = arr_stops(l, r);
  std::vector<GameId> added_l, added_r;
  bool changed = bypass_left(l, r, stops, memo, added_l);
  changed |= bypass_right(l, r, stops, memo, added_r);
  if (changed) {
    sort_unique(l);
    sort_unique(r);
    sort_unique(added_l);
    sort_unique(added_r);
    remove_dominated(l, true, &added_l);
    remove_dominated(r, false, &added_r);
  }
  // Deleting dominated options alone can leave only numbers ({*, 1 |} = 2).
  if (auto n = all_number_shortcut(l, r)) return *n;
  if (auto v = recognise_nus(l, r)) return *v;
  return intern_general(l, r);
}

namespace {

// Everything that answers a <= b without recursion: identity, NUS arithmetic, stops and the
// two caches.
Quick leq_quick(GameId a, GameId b) {
  if (a == b) return Quick::Yes;
  const Record& ra = rec(a);
  const Record& rb = rec(b);
  if (rec_is_nus(ra) && rec_is_nus(rb)) return nus_leq(ra, rb) ? Quick::Yes : Quick::No;
  // Stops are monotone, so they refute most comparisons at once, and L(a) < R(b) puts a
  // number strictly between a and b.
  if (stored_cmp(rb.lstop_num, rb.lstop_exp, ra.lstop_num, ra.lstop_exp) < 0) return Quick::No;
  if (stored_cmp(rb.rstop_num, rb.rstop_exp, ra.rstop_num, ra.rstop_exp) < 0) return Quick::No;
  if (stored_cmp(ra.lstop_num, ra.lstop_exp, rb.rstop_num, rb.rstop_exp) < 0) return Quick::Yes;
  L1Entry& l1 = l1_slot(a, b);
  uint64_t key = (uint64_t{a} << 32) | b;
  uint32_t epoch = T().cache_epoch();
  T().l1_lookups.add();
  if (l1.key == key && l1.epoch == epoch) {
    T().l1_hits.add();
    return l1.value ? Quick::Yes : Quick::No;
  }
  uint32_t cached;
  if (T().leq_cache.lookup(a, b, cached)) {
    l1 = L1Entry{key, epoch, cached};
    return cached ? Quick::Yes : Quick::No;
  }
  return Quick::Unknown;
}

bool leq_store(GameId a, GameId b, bool res) {
  T().leq_cache.store(a, b, res ? 1 : 0);
  l1_slot(a, b) = L1Entry{(uint64_t{a} << 32) | b, T().cache_epoch(), res ? 1u : 0u};
  return res;
}

// A list of ids that lives on the stack while short: leq_slow runs millions of times and
// most option lists are a handful long.
class SmallIds {
 public:
  void push_back(GameId g) {
    if (n_ < kInline)
      inline_[n_] = g;
    else
      spill_.push_back(g);
    ++n_;
  }
  size_t size() const { return n_; }
  GameId operator[](size_t i) const { return i < kInline ? inline_[i] : spill_[i - kInline]; }

 private:
  static constexpr size_t kInline = 16;
  GameId inline_[kInline];
  std::vector<GameId> spill_;
  size_t n_ = 0;
};

// a <= b iff no a^L >= b and no b^R <= a. Number avoidance: against a non-number, a number's
// own options never matter.
//
// The stop-sorted views (table.hpp) settle most options by their stops alone, reading
// nothing but a's and b's blocks. The rest are searched depth first, each option asked of
// the caches just before it would be recursed into. (Asking the caches about every open
// option before recursing into any was measured slower: in large sums most of those pairs
// are new, so the pre-pass paid a cache miss per option to find nothing, while the first
// recursion usually finds a witness.)
bool leq_slow(GameId a, GameId b) {
  WorkLimit::charge();
  const Record& ra = rec(a);
  const Record& rb = rec(b);
  const float a_ls = stop_key(ra.lstop_num, ra.lstop_exp);
  const float a_rs = stop_key(ra.rstop_num, ra.rstop_exp);
  const float b_ls = stop_key(rb.lstop_num, rb.lstop_exp);
  const float b_rs = stop_key(rb.rstop_num, rb.rstop_exp);
  // Options whose answer the stops do not settle.
  SmallIds open_l, open_r;
  if (!rec_is_number(ra)) {
    for (const OptKey& x : block_left_view(options_block(a))) {
      // b <= x needs R(b) <= R(x); the view is sorted by R(x) descending, so once R(x) < R(b)
      // no later option can be a witness either.
      if (x.key < b_rs) break;
      // L(b) < R(x) puts a number strictly between b and x, so b < x.
      if (x.key > b_ls) return leq_store(a, b, false);
      // b <= x needs L(b) <= L(x).
      if (x.other < b_ls) continue;
      open_l.push_back(x.id);
    }
  }
  if (!rec_is_number(rb)) {
    for (const OptKey& y : block_right_view(options_block(b))) {
      // y <= a needs L(y) <= L(a); the view is sorted by L(y) ascending.
      if (y.key > a_ls) break;
      // L(y) < R(a): a number lies strictly between, so y < a.
      if (y.key < a_rs) return leq_store(a, b, false);
      // y <= a needs R(y) <= R(a).
      if (y.other > a_rs) continue;
      open_r.push_back(y.id);
    }
  }
  for (size_t i = 0; i < open_l.size(); ++i)
    if (leq(b, open_l[i])) return leq_store(a, b, false);
  for (size_t i = 0; i < open_r.size(); ++i)
    if (leq(open_r[i], a)) return leq_store(a, b, false);
  return leq_store(a, b, true);
}

}  // namespace

bool leq(GameId a, GameId b) {
  Quick q = leq_quick(a, b);
  if (q != Quick::Unknown) return q == Quick::Yes;
  return leq_slow(a, b);
}

Cmp compare(GameId a, GameId b) {
  if (a == b) return Cmp::Equal;
  bool le = leq(a, b), ge = leq(b, a);
  if (le && ge) return Cmp::Equal;  // unreachable for canonical ids; kept total
  if (le) return Cmp::Less;
  if (ge) return Cmp::Greater;
  return Cmp::Fuzzy;
}

const char* cmp_symbol(Cmp c) {
  switch (c) {
    case Cmp::Equal:
      return "=";
    case Cmp::Less:
      return "<";
    case Cmp::Greater:
      return ">";
    case Cmp::Fuzzy:
      return "||";
  }
  return "?";
}

Outcome outcome(GameId g) {
  switch (compare(g, zero_id())) {
    case Cmp::Greater:
      return Outcome::L;
    case Cmp::Less:
      return Outcome::R;
    case Cmp::Equal:
      return Outcome::P;
    case Cmp::Fuzzy:
      return Outcome::N;
  }
  return Outcome::N;
}

char outcome_char(Outcome o) {
  switch (o) {
    case Outcome::L:
      return 'L';
    case Outcome::R:
      return 'R';
    case Outcome::P:
      return 'P';
    case Outcome::N:
      return 'N';
  }
  return '?';
}

namespace {

int64_t number_birthday(const Dyadic& x) {
  // Integer n: |n|. m/2^k (k >= 1): floor(|x|) + k + 1.
  Dyadic a = x.sign() < 0 ? -x : x;
  return a.floor() + (a.is_integer() ? 0 : a.exponent() + 1);
}

}  // namespace

bool is_number(GameId g) {
  return rec_is_number(rec(g));
}

std::optional<Dyadic> as_number(GameId g) {
  const Record& r = rec(g);
  if (!rec_is_number(r)) return std::nullopt;
  return rec_number(r);
}

bool is_nus(GameId g) {
  return rec_is_nus(rec(g));
}

std::optional<Nus> as_nus(GameId g) {
  const Record& r = rec(g);
  if (!rec_is_nus(r)) return std::nullopt;
  return Nus{rec_number(r), r.ups, r.nim};
}

std::span<const GameId> left_options(GameId g) {
  return lefts(g);
}
std::span<const GameId> right_options(GameId g) {
  return rights(g);
}

Dyadic left_stop(GameId g) {
  return rec_lstop(rec(g));
}
Dyadic right_stop(GameId g) {
  return rec_rstop(rec(g));
}

int64_t birthday(GameId g) {
  Record& r = rec(g);
  const int cached = r.birthday.load(std::memory_order_acquire);
  if (cached >= 0) return cached;
  int64_t b = 0;
  if (rec_is_number(r)) {
    b = number_birthday(rec_number(r));
  } else {
    for (GameId o : lefts(g)) b = std::max(b, birthday(o));
    for (GameId o : rights(g)) b = std::max(b, birthday(o));
    ++b;
  }
  // Only birthdays that fit the record are kept; a number such as 2^40 is counted again.
  if (b <= INT_MAX) r.birthday.store(static_cast<int>(b), std::memory_order_release);
  return b;
}

}  // namespace cgt
