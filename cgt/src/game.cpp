// The game table's records, sums and negation (Siegel, Combinatorial Game Theory, ch. II):
// add by the definition, with number translation and NUS arithmetic as shortcuts. Order and
// canonicalisation are in order.cpp; the two meet through core.hpp.
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

}  // namespace

// Interns a game whose option lists are already canonical, sorted and not of NUS shape.
GameId detail::intern_general(std::span<const GameId> l, std::span<const GameId> r) {
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

GameId detail::zero_id() {
  static const GameId z = intern_nus(Dyadic(), 0, 0);
  return z;
}

namespace {

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

}  // namespace cgt
