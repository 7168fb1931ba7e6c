// The expression language of expression.hpp: a recursive-descent reader that evaluates as it
// reads, over the text with its Unicode symbols spelled in ASCII (spelling.hpp).
#include "cgt/expression.hpp"

#include <cctype>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "cgt/operations.hpp"
#include "methods.hpp"
#include "spelling.hpp"

namespace cgt {

using detail::describe_char;
using detail::game_value;
using detail::kMinyMark;
using detail::kTinyMark;

namespace {

constexpr int kMaxDepth = 500;
constexpr unsigned kMaxUpOrder = 64;  // ^<n> and ^[n]: n up to this

class ExprParser {
 public:
  ExprParser(std::string_view text, const PositionResolver* resolver)
      : orig_(text), resolver_(resolver) {
    detail::spell_in_ascii(text, &s_, &map_);
  }

  std::optional<Value> run(ParseError* err) {
    std::optional<Value> v;
    try {
      skip_ws();
      if (at_end()) {
        fail("empty expression");
      } else if ((v = relation(0))) {
        skip_ws();
        if (!at_end()) {
          v.reset();
          fail("unexpected " + describe_here());
        }
      }
    } catch (const std::overflow_error& e) {
      v.reset();
      fail_at(std::string("value out of range (") + e.what() + ")", op_pos_);
    } catch (const std::length_error& e) {
      v.reset();
      fail_at(e.what(), op_pos_);
    } catch (const std::invalid_argument& e) {
      v.reset();
      fail_at(e.what(), op_pos_);
    }
    if (!v && err) *err = error_;
    return v;
  }

 private:
  using Opt = std::optional<Value>;

  bool at_end() const { return pos_ >= s_.size(); }
  char peek(size_t k = 0) const { return pos_ + k < s_.size() ? s_[pos_ + k] : '\0'; }
  bool next_is(std::string_view t) const { return s_.compare(pos_, t.size(), t) == 0; }
  static bool digit(char c) { return c >= '0' && c <= '9'; }
  static bool upper(char c) { return c >= 'A' && c <= 'Z'; }
  static bool letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
  // True when it skipped anything.
  bool skip_ws() {
    const size_t start = pos_;
    while (!at_end() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    return pos_ > start;
  }
  std::nullopt_t fail(const std::string& msg) { return fail_at(msg, pos_); }
  std::nullopt_t fail_at(const std::string& msg, size_t pos) {
    if (!failed_) {
      failed_ = true;
      error_ = ParseError{msg, map_[std::min(pos, map_.size() - 1)]};
    }
    return std::nullopt;
  }
  std::string describe_here() const {
    if (at_end()) return "end of input";
    const size_t o = map_[pos_];
    if (s_[pos_] == kTinyMark || s_[pos_] == kMinyMark || s_[pos_] == detail::kForeignMark ||
        static_cast<unsigned char>(orig_[o]) >= 0x80)
      return describe_char(orig_, o);
    return describe_char(s_, pos_);
  }

  // The value as a game, or an error naming what it is instead.
  std::optional<GameId> game_of(const Opt& v, size_t at, const std::string& role) {
    if (!v) return std::nullopt;
    if (v->kind == Value::Kind::Game) return v->game;
    fail_at(role + " must be a game, not " + kind_name(v->kind), at);
    return std::nullopt;
  }

  // After a binary operator: the right operand read by `next`, and both sides as games.
  std::optional<std::pair<GameId, GameId>> operands(const Opt& a, size_t at, int depth,
                                                    Opt (ExprParser::*next)(int),
                                                    const std::string& left_role,
                                                    const std::string& right_role) {
    skip_ws();
    const size_t rhs_at = pos_;
    const auto b = (this->*next)(depth + 1);
    const auto ga = game_of(a, at, left_role);
    const auto gb = game_of(b, rhs_at, right_role);
    if (!ga || !gb) return std::nullopt;
    return std::pair{*ga, *gb};
  }

  Opt relation(int depth) {
    const size_t start = pos_;
    auto a = sum(depth + 1);
    if (!a) return std::nullopt;
    skip_ws();
    static constexpr std::string_view kOps[] = {"==", "!=", "<=", ">=", "<|", "|>",
                                                "<>", "||", "<",  ">",  "="};
    for (std::string_view op : kOps) {
      if (!next_is(op)) continue;
      const size_t op_at = pos_;
      pos_ += op.size();
      const auto g =
          operands(a, start, depth, &ExprParser::sum, "the left side of " + std::string(op),
                   "the right side of " + std::string(op));
      if (!g) return std::nullopt;
      op_pos_ = op_at;
      const Cmp c = compare(g->first, g->second);
      Value v;
      v.kind = Value::Kind::Boolean;
      if (op == "==" || op == "=") v.truth = c == Cmp::Equal;
      if (op == "!=") v.truth = c != Cmp::Equal;
      if (op == "<") v.truth = c == Cmp::Less;
      if (op == ">") v.truth = c == Cmp::Greater;
      if (op == "<=") v.truth = c == Cmp::Less || c == Cmp::Equal;
      if (op == ">=") v.truth = c == Cmp::Greater || c == Cmp::Equal;
      if (op == "<|") v.truth = c == Cmp::Less || c == Cmp::Fuzzy;
      if (op == "|>") v.truth = c == Cmp::Greater || c == Cmp::Fuzzy;
      if (op == "<>" || op == "||") v.truth = c == Cmp::Fuzzy;
      return v;
    }
    return a;
  }

  Opt sum(int depth) {
    if (depth > kMaxDepth) return fail("expression nested too deeply");
    size_t at = pos_;
    auto a = product(depth + 1);
    for (;;) {
      if (!a) return std::nullopt;
      skip_ws();
      const char c = peek();
      if (c != '+' && c != '-') return a;
      const bool plus_minus = next_is("+-");
      const size_t op_at = pos_;
      pos_ += plus_minus ? 2 : 1;
      const auto g =
          operands(a, at, depth, &ExprParser::product, "a term of a sum", "a term of a sum");
      if (!g) return std::nullopt;
      op_pos_ = op_at;
      const auto [ga, gb] = *g;
      if (plus_minus)
        a = game_value(add(ga, switch_of({gb})));
      else
        a = game_value(c == '+' ? add(ga, gb) : sub(ga, gb));
      at = op_at;
    }
  }

  // A '*' after a space or a closing bracket multiplies; "2*3" and "^*" are compounds.
  Opt product(int depth) {
    const size_t at = pos_;
    auto a = unary(depth + 1);
    for (;;) {
      if (!a) return std::nullopt;
      const char before = pos_ > 0 ? s_[pos_ - 1] : ' ';
      const size_t save = pos_;
      const bool spaced = skip_ws() || before == ')' || before == '}';
      const bool bracket_next = peek(1) == '{' || peek(1) == '(';
      if (peek() != '*' || !(spaced || bracket_next)) {
        pos_ = save;
        return a;
      }
      const size_t op_at = pos_++;
      const auto g = operands(a, at, depth, &ExprParser::unary, "a factor", "a factor");
      if (!g) return std::nullopt;
      op_pos_ = op_at;
      const auto [ga, gb] = *g;
      const auto na = as_number(ga), nb = as_number(gb);
      if (na && na->is_integer())
        a = game_value(multiple(gb, na->numerator()));
      else if (nb && nb->is_integer())
        a = game_value(multiple(ga, nb->numerator()));
      else
        return fail_at("one factor of '*' must be an integer (n * G is n copies of G)", op_at);
    }
  }

  GameId switch_of(const std::vector<GameId>& options) {
    std::vector<GameId> r;
    for (GameId g : options) r.push_back(neg(g));
    return make_game(options, r);
  }

  Opt unary(int depth) {
    if (depth > kMaxDepth) return fail("expression nested too deeply");
    skip_ws();
    const size_t at = pos_;
    if (next_is("+-")) {
      pos_ += 2;
      auto b = unary(depth + 1);
      if (!b) return std::nullopt;
      if (b->kind == Value::Kind::List) return game_value(switch_of(b->items));
      const auto g = game_of(b, at + 2, "the operand of +-");
      if (!g) return std::nullopt;
      return game_value(switch_of({*g}));
    }
    if (peek() == '-' && !digit(peek(1))) {
      ++pos_;
      const auto g = game_of(unary(depth + 1), at + 1, "the operand of '-'");
      if (!g) return std::nullopt;
      return game_value(neg(*g));
    }
    if (peek() == '+') {
      ++pos_;
      return unary(depth + 1);
    }
    return postfix(depth + 1);
  }

  Opt postfix(int depth) {
    auto v = primary(depth + 1);
    while (v && peek() == '.') {
      const size_t dot = pos_;
      if (upper(peek(1))) {
        ++pos_;
        v = method(*v, dot, depth);
      } else if (digit(peek(1))) {
        return fail(
            "unexpected '.' before a digit (write fractions as 3/2; n.G is a Norton "
            "multiple, as in 3.^ or 2.{1|0})");
      } else {
        ++pos_;
        const size_t rhs_at = pos_;
        auto u = primary(depth + 1);
        const auto g = game_of(v, dot, "the left side of a Norton multiple");
        const auto ug = game_of(u, rhs_at, "the unit of a Norton multiple");
        if (!g || !ug) return std::nullopt;
        op_pos_ = dot;
        v = game_value(norton_multiply(*g, *ug));
      }
    }
    return v;
  }

  std::string identifier() {
    const size_t start = pos_;
    while (letter(peek()) || digit(peek()) || peek() == '_') ++pos_;
    return std::string(s_.substr(start, pos_ - start));
  }

  // (a, b, ...) after a method or function name; empty without parentheses.
  std::optional<std::vector<Value>> arguments(int depth) {
    std::vector<Value> args;
    if (peek() != '(') return args;
    ++pos_;
    skip_ws();
    if (peek() == ')') {
      ++pos_;
      return args;
    }
    for (;;) {
      auto a = relation(depth + 1);
      if (!a) return std::nullopt;
      args.push_back(std::move(*a));
      skip_ws();
      if (peek() == ')') {
        ++pos_;
        return args;
      }
      if (peek() != ',') {
        fail("expected ',' or ')' (" + describe_here() + ")");
        return std::nullopt;
      }
      ++pos_;
    }
  }

  Opt method(const Value& self, size_t dot, int depth) {
    const std::string name = identifier();
    auto args = arguments(depth);
    if (!args) return std::nullopt;
    op_pos_ = dot + 1;
    auto r = detail::call_method(self, name, *args);
    if (!r.value) return fail_at(r.error, dot + 1);
    return r.value;
  }

  Opt primary(int depth) {
    if (depth > kMaxDepth) return fail("expression nested too deeply");
    skip_ws();
    const char c = peek();
    if (c == '(') {
      ++pos_;
      auto v = relation(depth + 1);
      if (!v) return std::nullopt;
      skip_ws();
      if (peek() != ')') return fail("expected ')' (" + describe_here() + ")");
      ++pos_;
      return v;
    }
    if (c == '{') return braces(depth + 1);
    if (c == kTinyMark || c == kMinyMark) {
      const size_t at = ++pos_;
      const auto x = game_of(primary(depth + 1), at, "the subscript of Tiny or Miny");
      if (!x) return std::nullopt;
      return game_value(c == kTinyMark ? tiny(*x) : miny(*x));
    }
    if (letter(c) && c != 'v') return named(depth);
    auto v = compound();
    // CGSuite prints x + Tiny(y) as "xTiny(y)" (and x + ⧾y as "x⧾y"): read it back.
    if (v && is_number(v->game) &&
        (next_is("Tiny(") || next_is("Miny(") || peek() == kTinyMark || peek() == kMinyMark)) {
      const size_t at = pos_;
      const auto t = game_of(primary(depth + 1), at, "a Tiny or Miny");
      if (!t) return std::nullopt;
      return game_value(add(v->game, *t));
    }
    return v;
  }

  // Name(args) or game:position.
  Opt named(int depth) {
    const size_t at = pos_;
    const std::string name = identifier();
    if (peek() == ':') {
      ++pos_;
      return position(name, at);
    }
    if (peek() != '(')
      return fail_at("unknown name '" + name + "' (functions: Tiny(x), Miny(x), DayN(n); " +
                         "positions: game:position)",
                     at);
    auto args = arguments(depth);
    if (!args) return std::nullopt;
    op_pos_ = at;
    auto r = detail::call_function(name, *args);
    if (!r.value) return fail_at(r.error, at);
    return r.value;
  }

  // The position runs over board characters (or is quoted); a '.' before a method name
  // belongs to the method.
  Opt position(const std::string& game, size_t name_at) {
    std::string text;
    const size_t at = pos_;
    if (peek() == '"' || peek() == '\'') {
      const char q = s_[pos_++];
      const size_t end = s_.find(q, pos_);
      if (end == std::string::npos) return fail_at("unterminated quoted position", at);
      text = s_.substr(pos_, end - pos_);
      pos_ = end + 1;
    } else {
      static constexpr std::string_view kBoard = "xXoO.#/|";
      while (!at_end() && kBoard.find(peek()) != std::string_view::npos) ++pos_;
      if (pos_ > at && s_[pos_ - 1] == '.' && upper(peek())) --pos_;
      text = s_.substr(at, pos_ - at);
    }
    if (text.empty()) return fail_at("expected a position after '" + game + ":'", at);
    if (!resolver_ || !*resolver_)
      return fail_at("positions of games cannot be used here", name_at);
    std::string why;
    op_pos_ = name_at;
    const auto g = (*resolver_)(game, text, &why);
    if (!g) return fail_at(why, at);
    return game_value(*g);
  }

  // {L|R} with slashes, or a set {a, b, ...}.
  Opt braces(int depth) {
    const size_t open = pos_++;
    std::vector<std::vector<GameId>> lists(1);
    std::vector<std::pair<int, size_t>> runs;  // bars and where they stand
    for (;;) {
      skip_ws();
      if (peek() != '|' && peek() != '}') {
        for (;;) {
          const size_t at = pos_;
          const auto g = game_of(sum(depth + 1), at, "an option");
          if (!g) return std::nullopt;
          lists.back().push_back(*g);
          skip_ws();
          if (peek() != ',') break;
          ++pos_;
        }
      }
      if (peek() == '}') break;
      if (peek() != '|') return fail("expected ',', '|' or '}' (" + describe_here() + ")");
      const size_t at = pos_;
      int bars = 0;
      while (peek() == '|') ++pos_, ++bars;
      runs.emplace_back(bars, at);
      lists.emplace_back();
    }
    ++pos_;
    op_pos_ = open;
    if (runs.empty()) {
      Value v;
      v.kind = Value::Kind::List;
      v.items = lists[0];
      return v;
    }
    const auto g = slash_game(lists, runs, 0, lists.size() - 1);
    if (!g) return std::nullopt;
    return game_value(*g);
  }

  // The game of lists[lo..hi]: split at the unique longest run of bars (CGSuite's rule;
  // {1|2|3} is ambiguous), each side an option list or, if it holds bars, one option.
  std::optional<GameId> slash_game(const std::vector<std::vector<GameId>>& lists,
                                   const std::vector<std::pair<int, size_t>>& runs, size_t lo,
                                   size_t hi) {
    if (lo == hi) return std::nullopt;  // not reached: callers split only ranges with bars
    size_t best = lo;
    for (size_t i = lo; i < hi; ++i)
      if (runs[i].first > runs[best].first) best = i;
    for (size_t i = lo; i < hi; ++i)
      if (i != best && runs[i].first == runs[best].first)
        return fail_at("ambiguous slashes: two runs of " + std::to_string(runs[i].first) +
                           " '|' at the same level (write braces)",
                       runs[i].second);
    auto side = [&](size_t a, size_t b) -> std::optional<std::vector<GameId>> {
      if (a == b) return lists[a];
      const auto g = slash_game(lists, runs, a, b);
      if (!g) return std::nullopt;
      return std::vector<GameId>{*g};
    };
    const auto l = side(lo, best);
    if (!l) return std::nullopt;
    const auto r = side(best + 1, hi);
    if (!r) return std::nullopt;
    return make_game(*l, *r);
  }

  // Reads decimal digits into *v, failing on overflow past max.
  bool digits(uint64_t max, uint64_t* v) {
    const size_t start = pos_;
    uint64_t x = 0;
    while (digit(peek())) {
      const auto d = static_cast<uint64_t>(peek() - '0');
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

  bool number_part(Dyadic* x) {
    const bool negative = peek() == '-';
    if (negative) ++pos_;
    uint64_t m = 0;
    if (!digits(static_cast<uint64_t>(std::numeric_limits<int64_t>::max()), &m)) return false;
    int k = 0;
    if (peek() == '/') {
      ++pos_;
      const size_t dpos = pos_;
      if (!digit(peek())) return fail("expected a denominator"), false;
      uint64_t den = 0;
      if (!digits(uint64_t{1} << Dyadic::kMaxExponent, &den)) return false;
      if (den == 0 || (den & (den - 1)) != 0)
        return fail_at("denominator must be a power of two", dpos), false;
      for (; den > 1; den >>= 1) ++k;
    }
    const auto sm = static_cast<int64_t>(m);
    *x = Dyadic::from_parts(negative ? -sm : sm, k);
    return true;
  }

  // ^<n> (up-nth) or ^[n] (up-sum) right after a single ^ or v; false when not there.
  bool higher_up(unsigned* n, bool* is_sum) {
    const char open = peek();
    if (open != '<' && open != '[') return false;
    const char close = open == '<' ? '>' : ']';
    size_t k = 1;
    while (digit(peek(k))) ++k;
    if (k == 1 || peek(k) != close) return false;
    ++pos_;
    uint64_t v = 0;
    if (!digits(kMaxUpOrder, &v)) return false;
    ++pos_;
    *n = static_cast<unsigned>(v);
    *is_sum = open == '[';
    return true;
  }

  Opt compound() {
    const size_t start = pos_;
    Dyadic x;
    int64_t ups = 0;
    uint64_t nim = 0;
    unsigned order = 0;  // ^<n> or ^[n] when >= 1
    bool is_sum = false, any = false;
    if (peek() == '-' || digit(peek())) {
      if (!number_part(&x)) return std::nullopt;
      any = true;
    }
    if (peek() == '^' || peek() == 'v') {
      const char c = peek();
      size_t run = 0;
      for (; peek() == c; ++pos_) ++run;
      int64_t count = static_cast<int64_t>(run);
      if (digit(peek())) {
        if (run > 1) return fail(std::string("use either ") + c + c + " or " + c + "n, not both");
        uint64_t n = 0;
        if (!digits(std::numeric_limits<int32_t>::max(), &n)) return std::nullopt;
        count = static_cast<int64_t>(n);
      } else if (run == 1 && higher_up(&order, &is_sum)) {
        if (order == 0) return fail_at("^<n> and ^[n] need n >= 1", start);
      } else if (failed_) {
        return std::nullopt;
      }
      ups = c == '^' ? count : -count;
      any = true;
    }
    // "5*{3|1}" and "2*(..)" multiply (a star is never followed by a bracket).
    if (peek() == '*' && peek(1) != '{' && peek(1) != '(') {
      ++pos_;
      nim = 1;
      if (digit(peek()) && !digits(std::numeric_limits<uint32_t>::max(), &nim)) return std::nullopt;
      any = true;
    }
    if (!any) {
      pos_ = start;
      return fail(at_end() ? "unexpected end of input, expected a value"
                           : "unexpected " + describe_here() + ", expected a value");
    }
    op_pos_ = start;
    if (order == 0)
      return game_value(make_nus(x, static_cast<int32_t>(ups), static_cast<uint32_t>(nim)));
    const GameId u = is_sum ? up_sum(order) : up_nth(order);
    return game_value(add(make_nus(x, 0, static_cast<uint32_t>(nim)), ups > 0 ? u : neg(u)));
  }

  std::string s_;            // the text with Unicode symbols spelled in ASCII
  std::string_view orig_;    // as given
  std::vector<size_t> map_;  // s_ offset -> orig_ offset (one past the end too)
  const PositionResolver* resolver_;
  size_t pos_ = 0;
  size_t op_pos_ = 0;  // where the operation that may throw was written
  bool failed_ = false;
  ParseError error_;
};

}  // namespace

std::optional<Value> evaluate(std::string_view text, ParseError* error,
                              const PositionResolver* resolver) {
  return ExprParser(text, resolver).run(error);
}

std::optional<GameId> parse(std::string_view text, ParseError* error) {
  ParseError err;
  const auto v = evaluate(text, &err);
  if (v && v->kind == Value::Kind::Game) return v->game;
  if (v) err = ParseError{std::string("expected a game, not ") + kind_name(v->kind), 0};
  if (error) *error = err;
  return std::nullopt;
}

std::optional<std::string> format(const Value& v, Style style, size_t max_chars) {
  switch (v.kind) {
    case Value::Kind::Game:
      return to_string(v.game, style, max_chars);
    case Value::Kind::Boolean:
      return std::string(v.truth ? "true" : "false");
    case Value::Kind::List:
      return list_to_string(v.items, style, max_chars);
    case Value::Kind::Thermograph:
      return cgsuite_text(v.graph);
    case Value::Kind::Integer:
    case Value::Kind::Text:
      return v.text;
  }
  return std::nullopt;
}

}  // namespace cgt
