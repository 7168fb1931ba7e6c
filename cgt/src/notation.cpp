// Value text (shared/spec/konane-rules.md): printing in a canonical, id-independent order and
// a recursive-descent parser for expressions.
//
//   expr     := unary (('+' | '-') unary)*
//   unary    := '+-' unary | '-' unary | '+' unary | atom      ('-' digit starts a number)
//   atom     := '(' expr ')' | '{' list '|' list '}' | compound
//   list     := empty | expr (',' expr)*
//   compound := [number] [ups] [star]                           (at least one part)
//   number   := ['-'] digits ['/' digits]                       (denominator a power of 2)
//   ups      := '^'+ | '^' digits | 'v'+ | 'v' digits
//   star     := '*' [digits]
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

// The character at `pos` for an error message: never a lone byte of a UTF-8 sequence (a
// broken character on the user's terminal) or an invisible control character.
std::string describe_char(std::string_view s, size_t pos) {
  const auto c = static_cast<unsigned char>(s[pos]);
  char hex[8];
  std::snprintf(hex, sizeof hex, "%02x", c);
  if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  if (c < 0x80) return std::string("control character 0x") + hex;
  const int len = c >= 0xf0 && c < 0xf8 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
  bool valid = len > 0 && pos + len <= s.size();
  uint32_t cp = valid ? c & (0x7f >> len) : 0;
  for (int i = 1; valid && i < len; ++i) {
    const auto b = static_cast<unsigned char>(s[pos + i]);
    valid = (b & 0xc0) == 0x80;
    cp = cp << 6 | (b & 0x3f);
  }
  if (!valid) return std::string("byte 0x") + hex + " (not UTF-8)";
  char u[16];
  std::snprintf(u, sizeof u, "U+%04X", cp);
  return "'" + std::string(s.substr(pos, len)) + "' (" + u + ", not an ASCII character)";
}

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
    int ba = birthday(a), bb = birthday(b);
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

// ---- parsing -----------------------------------------------------------------------------

constexpr int kMaxDepth = 500;

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  std::optional<GameId> run(ParseError* err) {
    std::optional<GameId> g;
    try {
      skip_ws();
      if (at_end()) {
        fail("empty expression");
      } else {
        g = expr(0);
        if (g) {
          skip_ws();
          if (!at_end()) {
            g.reset();
            fail("unexpected " + describe_char(s_, pos_));
          }
        }
      }
    } catch (const std::overflow_error& e) {
      g.reset();
      fail(std::string("value out of range (") + e.what() + ")");
    } catch (const std::length_error& e) {
      g.reset();
      fail(e.what());
    }
    if (!g && err) *err = error_;
    return g;
  }

 private:
  bool at_end() const { return pos_ >= s_.size(); }
  char peek(size_t k = 0) const { return pos_ + k < s_.size() ? s_[pos_ + k] : '\0'; }
  static bool digit(char c) { return c >= '0' && c <= '9'; }
  void skip_ws() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  std::nullopt_t fail(const std::string& msg) { return fail_at(msg, pos_); }
  std::nullopt_t fail_at(const std::string& msg, size_t pos) {
    if (!failed_) {
      failed_ = true;
      error_ = ParseError{msg, pos};
    }
    return std::nullopt;
  }
  std::string describe_here() const {
    if (at_end()) return "unexpected end of input";
    return "unexpected " + describe_char(s_, pos_);
  }

  std::optional<GameId> expr(int depth) {
    if (depth > kMaxDepth) return fail("expression nested too deeply");
    auto a = unary(depth + 1);
    if (!a) return std::nullopt;
    for (;;) {
      skip_ws();
      char c = peek();
      if (c != '+' && c != '-') return a;
      ++pos_;
      auto b = unary(depth + 1);
      if (!b) return std::nullopt;
      a = c == '+' ? add(*a, *b) : sub(*a, *b);
    }
  }

  std::optional<GameId> unary(int depth) {
    if (depth > kMaxDepth) return fail("expression nested too deeply");
    skip_ws();
    if (peek() == '+' && peek(1) == '-') {
      pos_ += 2;
      auto b = unary(depth + 1);
      if (!b) return std::nullopt;
      GameId l[1] = {*b}, r[1] = {neg(*b)};
      return make_game(l, r);
    }
    if (peek() == '-' && !digit(peek(1))) {
      ++pos_;
      auto b = unary(depth + 1);
      if (!b) return std::nullopt;
      return neg(*b);
    }
    if (peek() == '+') {
      ++pos_;
      return unary(depth + 1);
    }
    return atom(depth + 1);
  }

  std::optional<GameId> atom(int depth) {
    if (depth > kMaxDepth) return fail("expression nested too deeply");
    skip_ws();
    if (peek() == '(') {
      ++pos_;
      auto g = expr(depth + 1);
      if (!g) return std::nullopt;
      skip_ws();
      if (peek() != ')') return fail("expected ')' (" + describe_here() + ")");
      ++pos_;
      return g;
    }
    if (peek() == '{') return braces(depth + 1);
    return compound();
  }

  bool option_list(std::vector<GameId>& out, char end, int depth) {
    skip_ws();
    if (peek() == end) return true;
    for (;;) {
      auto g = expr(depth + 1);
      if (!g) return false;
      out.push_back(*g);
      skip_ws();
      if (peek() != ',') return true;
      ++pos_;
    }
  }

  std::optional<GameId> braces(int depth) {
    ++pos_;  // '{'
    std::vector<GameId> l, r;
    if (!option_list(l, '|', depth)) return std::nullopt;
    skip_ws();
    if (peek() != '|') return fail("expected ',' or '|' (" + describe_here() + ")");
    ++pos_;
    if (!option_list(r, '}', depth)) return std::nullopt;
    skip_ws();
    if (peek() != '}') return fail("expected ',' or '}' (" + describe_here() + ")");
    ++pos_;
    return make_game(l, r);
  }

  // Reads decimal digits into *v, failing on overflow past max.
  bool digits(uint64_t max, uint64_t* v) {
    size_t start = pos_;
    uint64_t x = 0;
    while (digit(peek())) {
      uint64_t d = static_cast<uint64_t>(peek() - '0');
      if (x > (max - d) / 10) {
        fail_at("number too large", start);
        return false;
      }
      x = x * 10 + d;
      ++pos_;
    }
    *v = x;
    return true;
  }

  std::optional<GameId> compound() {
    size_t start = pos_;
    Dyadic x;
    int64_t ups = 0;
    uint64_t nim = 0;
    bool any = false;
    if (peek() == '-' || digit(peek())) {
      bool negative = peek() == '-';
      if (negative) ++pos_;
      uint64_t m = 0;
      if (!digits(static_cast<uint64_t>(std::numeric_limits<int64_t>::max()), &m))
        return std::nullopt;
      int k = 0;
      if (peek() == '/') {
        ++pos_;
        size_t dpos = pos_;
        if (!digit(peek())) return fail("expected a denominator");
        uint64_t den = 0;
        if (!digits(uint64_t{1} << Dyadic::kMaxExponent, &den)) return std::nullopt;
        if (den == 0 || (den & (den - 1)) != 0)
          return fail_at("denominator must be a power of two", dpos);
        while (den > 1) {
          den >>= 1;
          ++k;
        }
      }
      int64_t sm = static_cast<int64_t>(m);
      x = Dyadic::from_parts(negative ? -sm : sm, k);
      any = true;
    }
    if (peek() == '^' || peek() == 'v') {
      char c = peek();
      size_t run = 0;
      while (peek() == c) {
        ++pos_;
        ++run;
      }
      int64_t count = static_cast<int64_t>(run);
      if (digit(peek())) {
        if (run > 1) return fail(std::string("use either ") + c + c + " or " + c + "n, not both");
        uint64_t n = 0;
        if (!digits(std::numeric_limits<int32_t>::max(), &n)) return std::nullopt;
        count = static_cast<int64_t>(n);
      }
      ups = c == '^' ? count : -count;
      any = true;
    }
    if (peek() == '*') {
      ++pos_;
      nim = 1;
      if (digit(peek()) && !digits(std::numeric_limits<uint32_t>::max(), &nim)) return std::nullopt;
      any = true;
    }
    if (!any) {
      pos_ = start;
      return fail(at_end() ? "unexpected end of input, expected a value"
                           : "unexpected " + describe_char(s_, pos_) + ", expected a value");
    }
    return make_nus(x, static_cast<int32_t>(ups), static_cast<uint32_t>(nim));
  }

  std::string_view s_;
  size_t pos_ = 0;
  bool failed_ = false;
  ParseError error_;
};

}  // namespace

std::string to_string(GameId g) {
  return *Printer().print(g);
}

std::optional<std::string> to_string(GameId g, size_t max_chars) {
  return Printer(max_chars).print(g);
}

std::optional<GameId> parse(std::string_view text, ParseError* error) {
  return Parser(text).run(error);
}

}  // namespace cgt
