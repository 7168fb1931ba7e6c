// Value text (shared/spec/konane-rules.md): printing in a canonical, id-independent order.
// Reading is expression.cpp's.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <unordered_map>

#include "cgt/game.hpp"
#include "cgt/work_limit.hpp"
#include "core.hpp"

namespace cgt {

using namespace detail;

namespace {

// ---- printing ----------------------------------------------------------------------------

std::string nus_string(const Dyadic& x, int32_t ups, uint32_t nim) {
  std::string s;
  if (!x.is_zero() || (ups == 0 && nim == 0)) s = x.to_string();
  if (ups == 1)
    s += "^";
  else if (ups == 2)
    s += "^^";
  else if (ups > 2)
    s += "^" + std::to_string(ups);
  else if (ups == -1)
    s += "v";
  else if (ups == -2)
    s += "vv";
  else if (ups < -2)
    s += "v" + std::to_string(-int64_t{ups});
  if (nim == 1)
    s += "*";
  else if (nim > 1)
    s += "*" + std::to_string(nim);
  return s;
}

// Orders games by structure only (never by id, which depends on the order of creation):
// NUS values first by (number, ups, nim), then other games by birthday and then
// lexicographically by their sorted option lists.
class Printer {
 public:
  explicit Printer(size_t max_chars = SIZE_MAX) : max_chars_(max_chars) {}

  // nullopt when the text would pass max_chars.
  std::optional<std::string> print(GameId g) {
    std::string out;
    if (!emit(g, out)) return std::nullopt;
    return out;
  }

 private:
  struct Sorted {
    std::vector<GameId> l, r;
  };

  const Sorted& sorted(GameId g) {
    auto it = memo_.find(g);
    if (it != memo_.end()) return it->second;
    Sorted s;
    auto lo = left_options(g), ro = right_options(g);
    s.l.assign(lo.begin(), lo.end());
    s.r.assign(ro.begin(), ro.end());
    auto less = [this](GameId a, GameId b) { return cmp(a, b) < 0; };
    std::sort(s.l.begin(), s.l.end(), less);
    std::sort(s.r.begin(), s.r.end(), less);
    return memo_.emplace(g, std::move(s)).first->second;
  }

  int cmp_lists(const std::vector<GameId>& a, const std::vector<GameId>& b) {
    for (size_t i = 0; i < a.size() && i < b.size(); ++i)
      if (int c = cmp(a[i], b[i])) return c;
    return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
  }

  // Memoised by pair: options are shared across the tree, and without the memo ordering the
  // options of a sum of n switches would take time exponential in n.
  int cmp(GameId a, GameId b) {
    if (a == b) return 0;
    const uint64_t key = (uint64_t{a} << 32) | b;
    if (auto it = cmp_memo_.find(key); it != cmp_memo_.end()) return it->second;
    WorkLimit::charge();
    const int c = cmp_uncached(a, b);
    cmp_memo_.emplace(key, c);
    return c;
  }

  int cmp_uncached(GameId a, GameId b) {
    auto na = as_nus(a), nb = as_nus(b);
    if (na && !nb) return -1;
    if (!na && nb) return 1;
    if (na) {
      if (auto c = na->number <=> nb->number; c != 0) return c < 0 ? -1 : 1;
      if (na->ups != nb->ups) return na->ups < nb->ups ? -1 : 1;
      return na->nim < nb->nim ? -1 : 1;
    }
    const int64_t ba = birthday(a), bb = birthday(b);
    if (ba != bb) return ba < bb ? -1 : 1;
    // Copies: sorted() may rehash the memo while the other list is being compared.
    std::vector<GameId> al = sorted(a).l, bl = sorted(b).l;
    if (int c = cmp_lists(al, bl)) return c;
    std::vector<GameId> ar = sorted(a).r, br = sorted(b).r;
    return cmp_lists(ar, br);
  }

  bool emit(GameId g, std::string& out) {
    WorkLimit::charge();  // the text of a canonical form can be exponential in its id count
    if (out.size() > max_chars_) return false;
    if (auto n = as_nus(g)) {
      out += nus_string(n->number, n->ups, n->nim);
      return out.size() <= max_chars_;
    }
    auto lo = left_options(g), ro = right_options(g);
    if (lo.size() == 1 && ro.size() == 1 && is_nus(lo[0]) && ro[0] == neg(lo[0])) {
      out += "+-";
      return emit(lo[0], out);
    }
    const Sorted& s = sorted(g);
    std::vector<GameId> l = s.l, r = s.r;
    out += '{';
    for (size_t i = 0; i < l.size(); ++i) {
      if (i) out += ',';
      if (!emit(l[i], out)) return false;
    }
    out += '|';
    for (size_t i = 0; i < r.size(); ++i) {
      if (i) out += ',';
      if (!emit(r[i], out)) return false;
    }
    out += '}';
    return out.size() <= max_chars_;
  }

  size_t max_chars_;
  std::unordered_map<uint64_t, int> cmp_memo_;
  std::unordered_map<GameId, Sorted> memo_;
};

}  // namespace

std::string to_string(GameId g) {
  return *Printer().print(g);
}

std::optional<std::string> to_string(GameId g, size_t max_chars) {
  return Printer(max_chars).print(g);
}

}  // namespace cgt
