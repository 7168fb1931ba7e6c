// Canonical forms, sums, negation and order. The algorithms follow the textbook
// (Siegel, Combinatorial Game Theory, ch. II): canonicalise by deleting dominated options and
// bypassing reversible ones; compare by the recursive definition with number avoidance;
// add by the definition, with number translation and NUS arithmetic as shortcuts.
#include "cgt/game.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <limits>
#include <memory>
#include <stdexcept>
#include <unordered_map>

#include "cgt/work_limit.hpp"
#include "core.hpp"
#include "cross_order.hpp"

namespace cgt {

using namespace detail;

namespace {

Table& T() {
  return Table::get();
}

void sort_unique(std::vector<GameId>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

uint64_t nus_hash(const Dyadic& x, int32_t ups, uint32_t nim) {
  uint64_t h = mix64(static_cast<uint64_t>(x.numerator()) ^ 0x6a09e667f3bcc908ULL);
  h = mix64(h ^ ((static_cast<uint64_t>(static_cast<uint32_t>(x.exponent())) << 32) |
                 static_cast<uint32_t>(ups)));
  return mix64(h ^ nim ^ 0xbb67ae8584caa73bULL);
}

uint64_t general_hash(std::span<const GameId> l, std::span<const GameId> r) {
  uint64_t h = mix64((uint64_t{l.size()} << 32) ^ r.size() ^ 0x3c6ef372fe94f82bULL);
  for (GameId g : l) h = mix64(h ^ g);
  h = mix64(h ^ 0xa54ff53a5f1d36f1ULL);
  for (GameId g : r) h = mix64(h ^ g);
  return h;
}

void set_stops(Record& r, const Dyadic& ls, const Dyadic& rs) {
  r.lstop_num = ls.numerator();
  r.lstop_exp = static_cast<uint8_t>(ls.exponent());
  r.rstop_num = rs.numerator();
  r.rstop_exp = static_cast<uint8_t>(rs.exponent());
}

// Writes an option block (layout in table.hpp) for sorted canonical option lists.
const uint32_t* make_block(std::span<const GameId> l, std::span<const GameId> r) {
  uint32_t* b = T().arena.alloc(block_words(l.size(), r.size()));
  b[0] = static_cast<uint32_t>(l.size());
  b[1] = static_cast<uint32_t>(r.size());
  std::copy(l.begin(), l.end(), b + kBlockHeader);
  std::copy(r.begin(), r.end(), b + kBlockHeader + l.size());
  OptKey* view = reinterpret_cast<OptKey*>(b + kBlockHeader + l.size() + r.size());
  float lmx = -std::numeric_limits<float>::infinity();
  float rmn = std::numeric_limits<float>::infinity();
  for (size_t i = 0; i < l.size(); ++i) {
    const Record& x = rec(l[i]);
    view[i] = OptKey{stop_key(x.rstop_num, x.rstop_exp), stop_key(x.lstop_num, x.lstop_exp), l[i]};
    lmx = std::max(lmx, view[i].other);
  }
  std::sort(view, view + l.size(), [](const OptKey& p, const OptKey& q) { return p.key > q.key; });
  OptKey* rview = view + l.size();
  for (size_t i = 0; i < r.size(); ++i) {
    const Record& x = rec(r[i]);
    rview[i] = OptKey{stop_key(x.lstop_num, x.lstop_exp), stop_key(x.rstop_num, x.rstop_exp), r[i]};
    rmn = std::min(rmn, rview[i].other);
  }
  b[2] = std::bit_cast<uint32_t>(lmx);
  b[3] = std::bit_cast<uint32_t>(rmn);
  std::sort(rview, rview + r.size(),
            [](const OptKey& p, const OptKey& q) { return p.key < q.key; });
  return b;
}

// Interns a game whose option lists are already canonical, sorted and not of NUS shape.
GameId intern_general(std::span<const GameId> l, std::span<const GameId> r) {
  if (l.empty() || r.empty()) {
    // A canonical game with no options on one side is an integer (simplicity theorem), and
    // integers never get here.
    throw std::logic_error("cgt: general game without options on one side");
  }
  uint64_t h = general_hash(l, r);
  auto eq = [&](GameId id) {
    const Record& x = rec(id);
    if (rec_is_nus(x)) return false;
    const uint32_t* b = x.options.load(std::memory_order_acquire);
    return std::ranges::equal(block_left(b), l) && std::ranges::equal(block_right(b), r);
  };
  auto make = [&] {
    Dyadic ls = rec_rstop(rec(l[0])), rs = rec_lstop(rec(r[0]));
    for (GameId g : l) ls = std::max(ls, rec_rstop(rec(g)));
    for (GameId g : r) rs = std::min(rs, rec_lstop(rec(g)));
    const uint32_t* b = make_block(l, r);
    GameId id = T().new_record();
    Record& x = rec(id);
    x.hash = h;
    x.num = 0;
    x.num_exp = 0;
    x.ups = 0;
    x.nim = 0;
    x.flags = l.size() == 1 && r.size() == 1 && rec_is_number(rec(l[0])) && rec_is_number(rec(r[0]))
                  ? kFlagSwitch
                  : 0;
    set_stops(x, ls, rs);
    x.negative.store(kNoGame, std::memory_order_relaxed);
    x.birthday.store(-1, std::memory_order_relaxed);
    x.options.store(b, std::memory_order_relaxed);  // published with the id by the index
    return id;
  };
  return T().index.find_or_insert(h, eq, make);
}

struct NusKey {
  Dyadic x;
  int32_t ups;
  uint32_t nim;
};

NusKey nus_of(const Record& r) {
  return {rec_number(r), r.ups, r.nim};
}

GameId zero_id() {
  static const GameId z = intern_nus(Dyadic(), 0, 0);
  return z;
}

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

std::span<const GameId> lefts(GameId g) {
  return block_left(options_block(g));
}
std::span<const GameId> rights(GameId g) {
  return block_right(options_block(g));
}

enum class Quick { No, Yes, Unknown };
Quick leq_quick(GameId a, GameId b);

// ---- comparisons against a game given by option lists (used while canonicalising) --------

// Memo of "X <= G" / "G <= Y" for the game G being canonicalised. Bypassing and deleting
// options never changes G's value, so answers stay valid for the whole construction.
using ArrMemo = std::unordered_map<uint64_t, bool>;

bool leq_arr_id(std::span<const GameId> gl, std::span<const GameId> gr, GameId y, ArrMemo& memo);

// X <= G iff no G^R <= X and no X^L >= G.
bool leq_id_arr(GameId x, std::span<const GameId> gl, std::span<const GameId> gr, ArrMemo& memo) {
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
bool leq_arr_id(std::span<const GameId> gl, std::span<const GameId> gr, GameId y, ArrMemo& memo) {
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

// undominated: the caller already deleted every dominated option (sums do this cheaply).
GameId canonicalise(std::vector<GameId>& l, std::vector<GameId>& r, bool undominated = false) {
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

// ---- sums --------------------------------------------------------------------------------

// G + x for a non-number G that is not NUS. Number translation gives {G^L + x | G^R + x},
// and translation keeps options undominated and non-reversible except possibly where an
// option turns into a number (whose own canonical options are not translates): those few
// are checked, and the rare failure falls back to full canonicalisation.
// The add cache's slot of a + b (add() looks pairs up in order).
void prefetch_add(GameId a, GameId b) {
  T().add_cache.prefetch(std::min(a, b), std::max(a, b));
}

GameId translate(GameId g, const Dyadic& x) {
  const Record& gr = rec(g);
  if (rec_is_switch(gr)) {
    // {p | q} + x = {p+x | q+x}, canonical like every {a | b} with numbers a > b (see
    // all_number_shortcut); the stops of a switch are p and q.
    GameId l[1] = {number(rec_lstop(gr) + x)}, r[1] = {number(rec_rstop(gr) + x)};
    return intern_general(l, r);
  }
  WorkLimit::charge(1 + lefts(g).size() + rights(g).size());
  GameId xid = number(x);
  for (GameId o : lefts(g)) prefetch_add(o, xid);
  for (GameId o : rights(g)) prefetch_add(o, xid);
  std::vector<GameId> l, r;
  for (GameId o : lefts(g)) l.push_back(add(o, xid));
  for (GameId o : rights(g)) r.push_back(add(o, xid));
  std::sort(l.begin(), l.end());
  std::sort(r.begin(), r.end());
  // A number option y can only reverse through y^R <= G + x, which needs
  // y < y^R = R(y^R) <= R(G + x) = R(G) + x (stops are monotone); so only number options
  // below R(G) + x on Left's side, and above L(G) + x on Right's, need the check.
  const Dyadic rs = rec_rstop(gr) + x, ls = rec_lstop(gr) + x;
  ArrMemo memo;
  for (GameId o : l) {
    const Record& orec = rec(o);
    if (!rec_is_number(orec) || !(rec_number(orec) < rs)) continue;
    for (GameId orr : rights(o))
      if (leq_id_arr(orr, l, r, memo)) return canonicalise(l, r);
  }
  for (GameId o : r) {
    const Record& orec = rec(o);
    if (!rec_is_number(orec) || !(ls < rec_number(orec))) continue;
    for (GameId ol : lefts(o))
      if (leq_arr_id(l, r, ol, memo)) return canonicalise(l, r);
  }
  return intern_general(l, r);
}

// Options of a + b from the same component never dominate each other: a^L1 + b <= a^L2 + b
// iff a^L1 <= a^L2, which cannot hold between canonical options. Only pairs across the two
// components need comparing, |a^L|.|b^L| instead of (|a^L| + |b^L|)^2.
//
// Nor does a dominated option take part in any further domination: if x <= y' then y <= x
// would give y <= y' inside one component (and x <= y is moot, x is gone already). So a
// pair is skipped as soon as either side is known to be dominated. The pairs themselves are
// compared through order (cross_order.hpp), which knows cheaper equivalent comparisons.
void cross_dominate(std::vector<GameId>& x, std::vector<GameId>& y, bool left, CrossOrder&& order) {
  std::vector<char> dx(x.size(), 0);
  // The y still undominated, so that a y lost early costs nothing in later rows (sums with a
  // nimber typically lose every y to the first x or two, and keep all x).
  std::vector<uint32_t> live(y.size());
  for (size_t j = 0; j < y.size(); ++j) live[j] = static_cast<uint32_t>(j);
  for (size_t i = 0; i < x.size(); ++i) {
    for (size_t t = 0; t < live.size();) {
      size_t j = live[t];
      bool y_dead = x[i] == y[j];  // the same option reached from both components
      if (!y_dead) {
        auto [p, q] = order.reduce(i, j);  // x_i <= y_j iff p <= q
        if (!left) std::swap(p, q);
        if (leq(p, q)) {
          dx[i] = 1;
          break;
        }
        y_dead = leq(q, p);
      }
      if (y_dead) {
        live[t] = live.back();
        live.pop_back();
      } else {
        ++t;
      }
    }
  }
  size_t k = 0;
  for (size_t i = 0; i < x.size(); ++i)
    if (!dx[i]) x[k++] = x[i];
  x.resize(k);
  for (uint32_t j : live) x.push_back(y[j]);  // canonicalise sorts the lists afterwards
}

// {p | q} + {c | d} for switches (numbers p > q, c > d) of different temperatures, the first
// hotter (p - q > c - d): both players answer in the hotter one, and the sum is
// {p + {c | d} | q + {c | d}} = {{p+c | p+d} | {q+c | q+d}}. Proof:
// - Left's other option {p+c | q+c} is dominated: it is <= {p+c | p+d}, since its Left
//   option p+c is not >= {p+c | p+d} (that difference is {0 | d-c}, fuzzy) and p+d is not
//   <= {p+c | q+c} (Right's q+c < p+d answers it). Mirror argument for Right's {p+d | q+d}.
// - Nothing reverses: Left's option reverses through p+d only if p+d <= G, which needs
//   p+d = R(p+d) <= R(G) = q+c, false since p - q > c - d; likewise q+c >= G needs
//   q+c >= L(G) = p+d.
// The options are translates of the cooler switch, non-numbers, so the form is general.
// Equal temperatures cancel partly (+-1 + +-1 = 0) and take the general path.
GameId add_general(GameId a, GameId b);

GameId add_switches(GameId a, GameId b) {
  const Record& ra = rec(a);
  const Record& rb = rec(b);
  Dyadic ta = rec_lstop(ra) - rec_rstop(ra), tb = rec_lstop(rb) - rec_rstop(rb);
  if (ta == tb) return add_general(a, b);
  const Record& hot = tb < ta ? ra : rb;
  GameId cool = tb < ta ? b : a;
  GameId l[1] = {add(cool, number(rec_lstop(hot)))};
  GameId r[1] = {add(cool, number(rec_rstop(hot)))};
  return intern_general(l, r);
}

GameId add_general(GameId a, GameId b) {
  auto al = lefts(a), ar = rights(a), bl = lefts(b), br = rights(b);
  WorkLimit::charge(1 + al.size() * bl.size() + ar.size() * br.size());
  std::vector<GameId> la, lb, ra, rb;
  la.reserve(al.size());
  lb.reserve(bl.size());
  ra.reserve(ar.size());
  rb.reserve(br.size());
  for (GameId o : al) prefetch_add(o, b);
  for (GameId o : bl) prefetch_add(a, o);
  for (GameId o : ar) prefetch_add(o, b);
  for (GameId o : br) prefetch_add(a, o);
  for (GameId o : al) la.push_back(add(o, b));
  for (GameId o : bl) lb.push_back(add(a, o));
  for (GameId o : ar) ra.push_back(add(o, b));
  for (GameId o : br) rb.push_back(add(a, o));
  cross_dominate(la, lb, true, CrossOrder(a, b, al, bl, la, lb));
  cross_dominate(ra, rb, false, CrossOrder(a, b, ar, br, ra, rb));
  return canonicalise(la, ra, /*undominated=*/true);
}

int number_birthday(const Dyadic& x) {
  // Integer n: |n|. m/2^k (k >= 1): floor(|x|) + k + 1.
  Dyadic a = x.sign() < 0 ? -x : x;
  int64_t b = a.floor() + (a.is_integer() ? 0 : a.exponent() + 1);
  if (b > INT_MAX) throw std::overflow_error("cgt: birthday out of range");
  return static_cast<int>(b);
}

// Canonical options of x + k.up + *m:
//   x = m/2^k number: {(m-1)/2^k | (m+1)/2^k}; integers n > 0: {n-1 |}, n < 0: {| n+1}
//   x + *m          : {x, x*, ..., x*(m-1) | the same}
//   x + up*         : {x, x* | x}
//   x + k.up + *m   : {x | x + (k-1).up + *(m^1)}   for k >= 1 otherwise
// and the negatives of these for k < 0. (Up-multiples with nimbers: Winning Ways ch. 3;
// translation by x: number translation theorem.)
std::string nus_text(const Record& r) {
  std::string s = rec_number(r).is_zero() ? "" : rec_number(r).to_string();
  if (r.ups > 0) s += "^" + std::to_string(r.ups);
  if (r.ups < 0) s += "v" + std::to_string(-int64_t{r.ups});
  if (r.nim > 0) s += "*" + std::to_string(r.nim);
  return s;
}

void nus_options(const Record& r, std::vector<GameId>& l, std::vector<GameId>& rr) {
  Dyadic x = rec_number(r);
  if (rec_is_number(r)) {
    if (x.is_integer()) {
      if (x.sign() > 0) l.push_back(number(x - Dyadic::from_int(1)));
      if (x.sign() < 0) rr.push_back(number(x + Dyadic::from_int(1)));
    } else {
      Dyadic ulp = Dyadic::from_parts(1, x.exponent());
      l.push_back(number(x - ulp));
      rr.push_back(number(x + ulp));
    }
    return;
  }
  GameId xid = number(x);
  if (r.ups == 0) {
    for (uint32_t j = 0; j < r.nim; ++j) l.push_back(intern_nus(x, 0, j));
    rr = l;
  } else if (r.ups > 0) {
    if (r.ups == 1 && r.nim == 1) {
      l = {xid, intern_nus(x, 0, 1)};
      rr = {xid};
    } else {
      l = {xid};
      rr = {intern_nus(x, int64_t{r.ups} - 1, r.nim ^ 1)};
    }
  } else {
    if (r.ups == -1 && r.nim == 1) {
      l = {xid};
      rr = {xid, intern_nus(x, 0, 1)};
    } else {
      l = {intern_nus(x, int64_t{r.ups} + 1, r.nim ^ 1)};
      rr = {xid};
    }
  }
}

}  // namespace

// ---- detail ------------------------------------------------------------------------------

namespace detail {

GameId intern_nus(const Dyadic& x, int64_t ups64, uint32_t nim) {
  if (ups64 < INT32_MIN || ups64 > INT32_MAX)
    throw std::overflow_error("cgt: up-multiple out of range");
  int32_t ups = static_cast<int32_t>(ups64);
  uint64_t h = nus_hash(x, ups, nim);
  // A few thousand NUS values are asked for over and over (every number translation asks
  // for its number), and in a table of millions of games each index probe is a cache miss.
  // Ids never change, so a per-thread memo needs no invalidation.
  thread_local std::unique_ptr<NusMemoEntry[]> memo(new NusMemoEntry[size_t{1} << kNusMemoBits]);
  NusMemoEntry& m = memo[(h >> 40) & ((size_t{1} << kNusMemoBits) - 1)];
  if (m.id != kNoGame && m.num == x.numerator() && m.exp == x.exponent() && m.ups == ups &&
      m.nim == nim)
    return m.id;
  auto eq = [&](GameId id) {
    const Record& r = rec(id);
    return rec_is_nus(r) && r.num == x.numerator() && r.num_exp == x.exponent() && r.ups == ups &&
           r.nim == nim;
  };
  auto make = [&] {
    GameId id = T().new_record();
    Record& r = rec(id);
    r.hash = h;
    r.num = x.numerator();
    r.num_exp = static_cast<uint8_t>(x.exponent());
    r.ups = ups;
    r.nim = nim;
    r.flags = kFlagNus | (ups == 0 && nim == 0 ? kFlagNumber : 0);
    set_stops(r, x, x);
    r.negative.store(kNoGame, std::memory_order_relaxed);
    r.birthday.store(-1, std::memory_order_relaxed);
    r.options.store(nullptr, std::memory_order_relaxed);
    T().count_nus();
    return id;
  };
  GameId id = T().index.find_or_insert(h, eq, make);
  m = NusMemoEntry{x.numerator(), ups, nim, id, static_cast<uint8_t>(x.exponent())};
  return id;
}

const uint32_t* options_block(GameId g) {
  Record& r = rec(g);
  const uint32_t* b = r.options.load(std::memory_order_acquire);
  if (b) return b;
  // *n has n options and ^n is a chain n deep: the general algorithms (sums with games
  // that are not numbers, ups and nimbers) would take quadratic time or a call stack that
  // deep. Arithmetic on numbers, ups and nimbers never comes here.
  if (!rec_is_number(r) && (r.nim > kMaxExpandedNus || r.ups > int32_t{kMaxExpandedNus} ||
                            r.ups < -int32_t{kMaxExpandedNus})) {
    throw std::length_error("cgt: this needs the options of " + nus_text(r) +
                            ", and only *n and "
                            "^n with n <= " +
                            std::to_string(kMaxExpandedNus) +
                            " are expanded into options (sums of numbers, ups and nimbers alone "
                            "have no such limit)");
  }
  std::vector<GameId> l, rr;
  nus_options(r, l, rr);
  std::sort(l.begin(), l.end());
  std::sort(rr.begin(), rr.end());
  const uint32_t* nb = make_block(l, rr);
  const uint32_t* expected = nullptr;
  // A thread that loses the race leaves its copy unused in the arena; it is a few words.
  if (!r.options.compare_exchange_strong(expected, nb, std::memory_order_acq_rel,
                                         std::memory_order_acquire))
    return expected;
  return nb;
}

}  // namespace detail

// ---- public API --------------------------------------------------------------------------

GameId zero() {
  return zero_id();
}
GameId star() {
  static const GameId s = intern_nus(Dyadic(), 0, 1);
  return s;
}
GameId up() {
  static const GameId u = intern_nus(Dyadic(), 1, 0);
  return u;
}
GameId integer(int64_t n) {
  return intern_nus(Dyadic::from_int(n), 0, 0);
}
GameId number(const Dyadic& d) {
  return intern_nus(d, 0, 0);
}
GameId nimber(unsigned n) {
  return intern_nus(Dyadic(), 0, n);
}
GameId make_nus(const Dyadic& x, int32_t ups, uint32_t nim) {
  return intern_nus(x, ups, nim);
}

GameId make_game(std::span<const GameId> left, std::span<const GameId> right) {
  std::vector<GameId> l(left.begin(), left.end()), r(right.begin(), right.end());
  return canonicalise(l, r);
}

GameId neg(GameId g) {
  Record& r = rec(g);
  if (rec_is_nus(r)) return intern_nus(-rec_number(r), -int64_t{r.ups}, r.nim);
  T().neg_lookups.add();
  GameId n = r.negative.load(std::memory_order_acquire);
  if (n != kNoGame) {
    T().neg_hits.add();
    return n;
  }
  // The negative of a canonical game is canonical: swap and negate the options.
  std::vector<GameId> l, rr;
  for (GameId o : rights(g)) l.push_back(neg(o));
  for (GameId o : lefts(g)) rr.push_back(neg(o));
  std::sort(l.begin(), l.end());
  std::sort(rr.begin(), rr.end());
  n = intern_general(l, rr);
  r.negative.store(n, std::memory_order_release);
  rec(n).negative.store(g, std::memory_order_release);
  return n;
}

GameId add(GameId a, GameId b) {
  GameId z = zero_id();
  if (a == z) return b;
  if (b == z) return a;
  const Record& ra = rec(a);
  const Record& rb = rec(b);
  if (rec_is_nus(ra) && rec_is_nus(rb)) {
    return intern_nus(rec_number(ra) + rec_number(rb), int64_t{ra.ups} + rb.ups, ra.nim ^ rb.nim);
  }
  if (a > b) std::swap(a, b);
  uint32_t cached;
  if (T().add_cache.lookup(a, b, cached)) return cached;
  const Record& x = rec(a);
  const Record& y = rec(b);
  GameId res;
  if (rec_is_number(x)) {
    res = translate(b, rec_number(x));
  } else if (rec_is_number(y)) {
    res = translate(a, rec_number(y));
  } else if (rec_is_nus(x) && !rec_number(x).is_zero()) {
    res = translate(add(intern_nus(Dyadic(), x.ups, x.nim), b), rec_number(x));
  } else if (rec_is_nus(y) && !rec_number(y).is_zero()) {
    res = translate(add(a, intern_nus(Dyadic(), y.ups, y.nim)), rec_number(y));
  } else if (rec_is_switch(x) && rec_is_switch(y)) {
    res = add_switches(a, b);
  } else {
    res = add_general(a, b);
  }
  T().add_cache.store(a, b, res);
  return res;
}

GameId sub(GameId a, GameId b) {
  return add(a, neg(b));
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

int birthday(GameId g) {
  Record& r = rec(g);
  int b = r.birthday.load(std::memory_order_acquire);
  if (b >= 0) return b;
  if (rec_is_number(r)) {
    b = number_birthday(rec_number(r));
  } else {
    b = 0;
    for (GameId o : lefts(g)) b = std::max(b, birthday(o));
    for (GameId o : rights(g)) b = std::max(b, birthday(o));
    ++b;
  }
  r.birthday.store(b, std::memory_order_release);
  return b;
}

}  // namespace cgt
