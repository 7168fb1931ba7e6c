// CGSuite's printed form of a canonical game (game.hpp, Style::CgSuite and Style::Unicode).
// What CGSuite prints was read from its output and its published tests
// (lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala): slashes instead
// of nested braces where a side has one option ({2||1|0}), braces again at four slashes,
// +-x for switches, Tiny and Miny, ^<n> for up-nth and ^[n] for up-sums, and options ordered
// numbers first, then nimbers, then ups, then everything else by its option lists.
#include <algorithm>
#include <unordered_map>

#include "cgt/expression.hpp"
#include "cgt/game.hpp"
#include "cgt/operations.hpp"
#include "cgt/work_limit.hpp"

namespace cgt {

namespace {

// x + sign.U + *nim with U = ^ (n = 1), ^<n> (unit) or ^[n] (sum). CGSuite orders these by
// their up-expansions: the number, the coefficients of ^<1>, ^<2>, ..., then the length,
// then the nimber.
struct Uptimal {
  Dyadic x;
  int32_t coefficient = 0;  // for n = 1: the multiple of ^ (any size)
  unsigned n = 0;           // 0: no ups
  bool sum = false;
  uint32_t nim = 0;

  int coefficient_at(unsigned k) const {  // k in 1..n
    if (n == 1) return coefficient;
    return sum || k == n ? coefficient : 0;
  }
};

// Up-nth and up-sum recognised up to this order: CGSuite's tests print up to ^[4]; beyond a
// few the forms are rare and each check costs a subtraction.
constexpr unsigned kMaxUptimalOrder = 12;

class CgsPrinter {
 public:
  CgsPrinter(bool unicode, size_t max_chars) : unicode_(unicode), max_chars_(max_chars) {}

  std::optional<std::string> print(GameId g) {
    std::string out;
    emit(g, out, true, false);
    if (overflow_ || out.size() > max_chars_) return std::nullopt;
    return out;
  }

  std::vector<GameId> order(std::vector<GameId> items) {
    std::sort(items.begin(), items.end(), [this](GameId a, GameId b) { return cmp(a, b) < 0; });
    return items;
  }

  // {a,b,...} in CGSuite's order, each game bracketed.
  std::optional<std::string> print_list(std::vector<GameId> items) {
    items = order(std::move(items));
    std::string out = "{";
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) out += ',';
      emit(items[i], out, true, false);
    }
    out += '}';
    if (overflow_ || out.size() > max_chars_) return std::nullopt;
    return out;
  }

 private:
  enum Kind { kNumber = 0, kNimber = 1, kUptimal = 2, kOther = 3 };

  const std::optional<Uptimal>& uptimal(GameId g) {
    if (auto it = uptimal_memo_.find(g); it != uptimal_memo_.end()) return it->second;
    return uptimal_memo_.emplace(g, find_uptimal(g)).first->second;
  }

  std::optional<Uptimal> find_uptimal(GameId g) {
    if (const auto n = as_nus(g))
      return Uptimal{n->number, n->ups, n->ups != 0 ? 1u : 0u, false, n->nim};
    const Dyadic x = left_stop(g);
    if (x != right_stop(g) || birthday(g) > int64_t{kMaxUptimalOrder} + 40) return std::nullopt;
    const GameId h = sub(g, number(x));
    for (unsigned n = 2; n <= kMaxUptimalOrder && int64_t{n} <= birthday(h); ++n)
      for (bool sum : {false, true})
        for (int sign : {1, -1}) {
          WorkLimit::charge();
          const GameId u = sum ? up_sum(n) : up_nth(n);
          const auto rest = as_nus(sign > 0 ? sub(h, u) : add(h, u));
          if (rest && rest->number.is_zero() && rest->ups == 0)
            return Uptimal{x, sign, n, sum, rest->nim};
        }
    return std::nullopt;
  }

  Kind kind(GameId g) {
    if (is_number(g)) return kNumber;
    if (const auto n = as_nus(g); n && n->number.is_zero() && n->ups == 0) return kNimber;
    return uptimal(g) ? kUptimal : kOther;
  }

  static int sign_of(int64_t d) { return d < 0 ? -1 : (d > 0 ? 1 : 0); }

  int cmp_uptimal(const Uptimal& a, const Uptimal& b) {
    if (auto c = a.x <=> b.x; c != 0) return c < 0 ? -1 : 1;
    for (unsigned k = 1; k <= a.n && k <= b.n; ++k)
      if (int d = a.coefficient_at(k) - b.coefficient_at(k)) return sign_of(d);
    if (a.n != b.n) return a.n < b.n ? -1 : 1;
    return sign_of(int64_t{a.nim} - int64_t{b.nim});
  }

  int cmp(GameId a, GameId b) {
    if (a == b) return 0;
    const uint64_t key = (uint64_t{a} << 32) | b;
    if (auto it = cmp_memo_.find(key); it != cmp_memo_.end()) return it->second;
    WorkLimit::charge();
    int c = 0;
    const Kind ka = kind(a), kb = kind(b);
    if (ka != kb) {
      c = ka < kb ? -1 : 1;
    } else if (ka == kNumber) {
      c = *as_number(a) < *as_number(b) ? -1 : 1;
    } else if (ka == kNimber) {
      c = as_nus(a)->nim < as_nus(b)->nim ? -1 : 1;
    } else if (ka == kUptimal) {
      c = cmp_uptimal(*uptimal(a), *uptimal(b));
    } else {
      const std::vector<GameId> al = sorted(a, true), bl = sorted(b, true);
      c = cmp_lists(al, bl);
      if (c == 0) c = cmp_lists(sorted(a, false), sorted(b, false));
    }
    cmp_memo_.emplace(key, c);
    return c;
  }

  int cmp_lists(const std::vector<GameId>& a, const std::vector<GameId>& b) {
    for (size_t i = 0; i < a.size() && i < b.size(); ++i)
      if (int c = cmp(a[i], b[i])) return c;
    return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
  }

  std::vector<GameId> sorted(GameId g, bool left) {
    const auto o = left ? left_options(g) : right_options(g);
    std::vector<GameId> v(o.begin(), o.end());
    std::sort(v.begin(), v.end(), [this](GameId a, GameId b) { return cmp(a, b) < 0; });
    return v;
  }

  void sym(std::string& out, const char* ascii, const char* uni) const {
    out += unicode_ ? uni : ascii;
  }

  void emit_uptimal(const Uptimal& u, std::string& out, bool force_parens) {
    const bool unit_form = u.n >= 2;
    const bool compact = (u.n == 0) || (u.x.is_zero() && u.nim == 0);
    if (force_parens && !compact) out += '(';
    if (!u.x.is_zero() || (u.nim == 0 && u.n == 0)) out += u.x.to_string();
    if (u.n == 1) {
      const int64_t c = u.coefficient;
      if (c == 2) {
        sym(out, "^^", "⇑");
      } else if (c == -2) {
        sym(out, "vv", "⇓");
      } else {
        c > 0 ? sym(out, "^", "↑") : sym(out, "v", "↓");
        if (c > 2 || c < -2) out += std::to_string(c < 0 ? -c : c);
      }
    } else if (unit_form) {
      u.coefficient > 0 ? sym(out, "^", "↑") : sym(out, "v", "↓");
      out += (u.sum ? "[" : "<") + std::to_string(u.n) + (u.sum ? "]" : ">");
    }
    if (u.nim != 0) out += u.nim == 1 ? std::string("*") : "*" + std::to_string(u.nim);
    if (force_parens && !compact) out += ')';
  }

  // G = {x || x | y} with y < x (Tiny) or {y | x || x} with y > x (Miny), x a number.
  bool emit_tiny(std::span<const GameId> lo, std::span<const GameId> ro, std::string& out,
                 bool force_parens) {
    if (lo.size() != 1 || ro.size() != 1) return false;
    const bool tiny_form = is_number(lo[0]);
    const GameId x = tiny_form ? lo[0] : ro[0], inner = tiny_form ? ro[0] : lo[0];
    if (!is_number(x)) return false;
    const auto il = left_options(inner), ir = right_options(inner);
    if (il.size() != 1 || ir.size() != 1) return false;
    const GameId y = tiny_form ? ir[0] : il[0];
    if ((tiny_form ? il[0] : ir[0]) != x) return false;
    if (tiny_form ? !(mean(y) < *as_number(x)) : !(mean(y) > *as_number(x))) return false;
    if (force_parens) out += '(';
    if (x != zero()) emit(x, out, false, false);
    sym(out, tiny_form ? "Tiny(" : "Miny(", tiny_form ? "⧾" : "⧿");
    emit(tiny_form ? sub(x, y) : sub(y, x), out, true, false);
    if (!unicode_) out += ')';
    if (force_parens) out += ')';
    return true;
  }

  // CGSuite's rule: a side with several options brackets each; the slashes of a game are one
  // more than the most its options used; four slashes close into braces again. Returns the
  // slashes this text ends with (0 when it is bracketed or not a {..|..} form).
  int emit(GameId g, std::string& out, bool force_brackets, bool force_parens) {
    WorkLimit::charge();
    // Every call emits at least one character, so more calls than max_chars means a longer
    // text (the pieces of a side are built apart from `out`).
    if (++calls_ > max_chars_ || out.size() > max_chars_) {
      overflow_ = true;
      return 0;
    }
    if (const auto& u = uptimal(g)) {
      emit_uptimal(*u, out, force_parens);
      return 0;
    }
    const std::vector<GameId> lo = sorted(g, true), ro = sorted(g, false);
    if (is_switch(lo, ro)) {
      sym(out, "+-", "±");
      if (lo.size() > 1) out += '{';
      for (size_t i = 0; i < lo.size(); ++i) {
        if (i) out += ',';
        emit(lo[i], out, true, lo.size() == 1);
      }
      if (lo.size() > 1) out += '}';
      return 0;
    }
    if (emit_tiny(lo, ro, out, force_parens)) return 0;
    std::string left, right;
    int slashes = 1 + side(lo, left);
    slashes = std::max(slashes, 1 + side(ro, right));
    const bool braces = force_brackets || slashes >= kMaxSlashes;
    if (braces) out += '{';
    out += left;
    out.append(size_t(slashes), '|');
    out += right;
    if (braces) out += '}';
    return braces ? 0 : slashes;
  }

  int side(const std::vector<GameId>& options, std::string& text) {
    int most = 0;
    for (size_t i = 0; i < options.size(); ++i) {
      if (i) text += ',';
      most = std::max(most, emit(options[i], text, options.size() > 1, false));
    }
    return most;
  }

  bool is_switch(const std::vector<GameId>& lo, const std::vector<GameId>& ro) {
    if (lo.size() != ro.size() || lo.empty()) return false;
    std::vector<GameId> a(lo), b;
    for (GameId x : ro) b.push_back(neg(x));
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
  }

  static constexpr int kMaxSlashes = 4;
  bool unicode_;
  size_t max_chars_;
  size_t calls_ = 0;
  bool overflow_ = false;
  std::unordered_map<GameId, std::optional<Uptimal>> uptimal_memo_;
  std::unordered_map<uint64_t, int> cmp_memo_;
};

}  // namespace

std::optional<std::string> to_string(GameId g, Style style, size_t max_chars) {
  if (style == Style::Ascii) return to_string(g, max_chars);
  return CgsPrinter(style == Style::Unicode, max_chars).print(g);
}

std::vector<GameId> cgsuite_order(std::vector<GameId> items) {
  return CgsPrinter(false, SIZE_MAX).order(std::move(items));
}

std::optional<std::string> list_to_string(const std::vector<GameId>& items, Style style,
                                          size_t max_chars) {
  if (style == Style::Ascii) {
    std::string out = "{";
    for (size_t i = 0; i < items.size(); ++i) {
      const auto t = to_string(items[i], max_chars);
      if (!t) return std::nullopt;
      out += (i ? "," : "") + *t;
      if (out.size() > max_chars) return std::nullopt;
    }
    return out + "}";
  }
  return CgsPrinter(style == Style::Unicode, max_chars).print_list(items);
}

// One wall as CGSuite writes it: the value at the top, the temperatures where the slope
// changes (highest first, -1 left out), and the slopes from the top down.
static std::string wall_text(const Trajectory& w) {
  std::string temps = "[", slopes = "[";
  for (size_t i = w.temps.size(); i-- > 0;) {
    slopes += std::to_string(w.slopes[i]) + (i ? "," : "");
    if (i) temps += w.temps[i].to_string() + (i > 1 ? "," : "");
  }
  return w.values.back().to_string() + "," + temps + "]," + slopes + "]";
}

std::string cgsuite_text(const Thermograph& t) {
  return "Thermograph(" + wall_text(t.left_wall) + "," + wall_text(t.right_wall) + ")";
}

std::optional<Style> style_named(std::string_view name) {
  if (name == "ascii") return Style::Ascii;
  if (name == "cgsuite") return Style::CgSuite;
  if (name == "unicode") return Style::Unicode;
  return std::nullopt;
}

}  // namespace cgt
