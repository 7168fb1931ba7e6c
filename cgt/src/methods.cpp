// The methods of the expression language (expression.hpp), named as in CGSuite.
#include "methods.hpp"

#include <stdexcept>
#include <unordered_map>

#include "cgt/operations.hpp"

namespace cgt::detail {

namespace {

Value boolean(bool b) {
  Value v;
  v.kind = Value::Kind::Boolean;
  v.truth = b;
  return v;
}

Value list(std::vector<GameId> items) {
  Value v;
  v.kind = Value::Kind::List;
  v.items = std::move(items);
  return v;
}

Value text(std::string s) {
  Value v;
  v.kind = Value::Kind::Text;
  v.text = std::move(s);
  return v;
}

// A decimal count as a game when it fits, else as an Integer value.
Value count(const std::string& digits) {
  if (digits.size() < 19) return game_value(integer(std::stoll(digits)));
  Value v;
  v.kind = Value::Kind::Integer;
  v.text = digits;
  return v;
}

CallResult fail(std::string message) {
  return CallResult{std::nullopt, std::move(message)};
}

using Args = std::vector<Value>;
struct Method {
  size_t arity;
  CallResult (*run)(GameId g, const Args& args);
};

CallResult ok(Value v) {
  return CallResult{std::move(v), {}};
}
CallResult ok_game(GameId g) {
  return ok(game_value(g));
}

std::optional<Dyadic> number_arg(const Value& v) {
  if (v.kind != Value::Kind::Game) return std::nullopt;
  return as_number(v.game);
}

// Long by design: one line or a few per method of the language, a table read top to bottom.
const std::unordered_map<std::string_view, Method>& methods() {
  static const std::unordered_map<std::string_view, Method> table = {
      {"CanonicalForm", {0, [](GameId g, const Args&) { return ok_game(g); }}},
      {"LeftStop", {0, [](GameId g, const Args&) { return ok_game(number(left_stop(g))); }}},
      {"RightStop", {0, [](GameId g, const Args&) { return ok_game(number(right_stop(g))); }}},
      {"Mean", {0, [](GameId g, const Args&) { return ok_game(number(mean(g))); }}},
      {"Temperature", {0, [](GameId g, const Args&) { return ok_game(number(temperature(g))); }}},
      {"Birthday", {0, [](GameId g, const Args&) { return ok_game(integer(birthday(g))); }}},
      {"AtomicWeight",
       {0,
        [](GameId g, const Args&) {
          std::string why;
          const auto w = atomic_weight(g, &why);
          return w ? ok_game(*w) : fail(why);
        }}},
      {"ReducedCanonicalForm",
       {0, [](GameId g, const Args&) { return ok_game(reduced_canonical_form(g)); }}},
      {"Cool",
       {1,
        [](GameId g, const Args& a) {
          const auto t = number_arg(a[0]);
          if (!t) return fail("Cool needs a number (a dyadic rational)");
          return ok_game(cool(g, *t));
        }}},
      {"Heat", {1, [](GameId g, const Args& a) { return ok_game(heat(g, a[0].game)); }}},
      {"Overheat",
       {2, [](GameId g, const Args& a) { return ok_game(overheat(g, a[0].game, a[1].game)); }}},
      {"NortonMultiply",
       {1, [](GameId g, const Args& a) { return ok_game(norton_multiply(g, a[0].game)); }}},
      {"NortonProduct",
       {1, [](GameId g, const Args& a) { return ok_game(norton_multiply(g, a[0].game)); }}},
      {"Incentives",
       {0, [](GameId g, const Args&) { return ok(list(incentives(g, true, true))); }}},
      {"LeftIncentives",
       {0, [](GameId g, const Args&) { return ok(list(incentives(g, true, false))); }}},
      {"RightIncentives",
       {0, [](GameId g, const Args&) { return ok(list(incentives(g, false, true))); }}},
      {"LeftOptions",
       {0,
        [](GameId g, const Args&) {
          const auto o = left_options(g);
          return ok(list({o.begin(), o.end()}));
        }}},
      {"RightOptions",
       {0,
        [](GameId g, const Args&) {
          const auto o = right_options(g);
          return ok(list({o.begin(), o.end()}));
        }}},
      {"Thermograph",
       {0,
        [](GameId g, const Args&) {
          Value v;
          v.kind = Value::Kind::Thermograph;
          v.graph = thermograph(g);
          return ok(std::move(v));
        }}},
      {"Freeze", {0, [](GameId g, const Args&) { return ok_game(freeze(g)); }}},
      {"Companion", {0, [](GameId g, const Args&) { return ok_game(companion(g)); }}},
      {"StopCount", {0, [](GameId g, const Args&) { return ok(count(stop_count(g))); }}},
      {"Tiny", {0, [](GameId g, const Args&) { return ok_game(tiny(g)); }}},
      {"Miny", {0, [](GameId g, const Args&) { return ok_game(miny(g)); }}},
      {"OutcomeClass",
       {0,
        [](GameId g, const Args&) { return ok(text(std::string(1, outcome_char(outcome(g))))); }}},
      {"IsAtomic",
       {0, [](GameId g, const Args&) { return ok(boolean(atomic_weight(g).has_value())); }}},
      {"IsAllSmall", {0, [](GameId g, const Args&) { return ok(boolean(is_all_small(g))); }}},
      {"IsInfinitesimal",
       {0, [](GameId g, const Args&) { return ok(boolean(is_infinitesimal(g))); }}},
      {"IsNumber", {0, [](GameId g, const Args&) { return ok(boolean(is_number(g))); }}},
      {"IsInteger",
       {0,
        [](GameId g, const Args&) {
          const auto n = as_number(g);
          return ok(boolean(n && n->is_integer()));
        }}},
      {"IsNimber",
       {0,
        [](GameId g, const Args&) {
          const auto n = as_nus(g);
          return ok(boolean(n && n->number.is_zero() && n->ups == 0));
        }}},
  };
  return table;
}

std::string arity_text(size_t n) {
  return n == 0 ? "no arguments" : n == 1 ? "one argument" : std::to_string(n) + " arguments";
}

}  // namespace

CallResult call_method(const Value& self, std::string_view name, const Args& args) {
  if (self.kind == Value::Kind::List && name == "Size") {
    if (!args.empty()) return fail("Size takes no arguments");
    return ok_game(integer(static_cast<int64_t>(self.items.size())));
  }
  const auto& table = methods();
  const auto it = table.find(name);
  if (it == table.end()) return fail("unknown method ." + std::string(name));
  if (self.kind != Value::Kind::Game)
    return fail("." + std::string(name) + " needs a game, not " + kind_name(self.kind));
  if (args.size() != it->second.arity)
    return fail("." + std::string(name) + " takes " + arity_text(it->second.arity) + ", not " +
                std::to_string(args.size()));
  for (const Value& a : args)
    if (a.kind != Value::Kind::Game)
      return fail("the arguments of ." + std::string(name) + " are games, not " +
                  kind_name(a.kind));
  return it->second.run(self.game, args);
}

CallResult call_function(std::string_view name, const Args& args) {
  const bool known = name == "Tiny" || name == "Miny" || name == "DayN";
  if (!known) return fail("unknown function " + std::string(name));
  if (args.size() != 1 || args[0].kind != Value::Kind::Game)
    return fail(std::string(name) + " takes one game");
  const GameId x = args[0].game;
  if (name == "Tiny") return ok_game(tiny(x));
  if (name == "Miny") return ok_game(miny(x));
  const auto n = as_number(x);
  if (!n || !n->is_integer()) return fail("DayN takes an integer day");
  if (n->numerator() < 0 || n->numerator() > 3)
    return fail(
        "DayN(" + n->to_string() +
        "): only days 0 to 3 are listed (day 4 has about 3 x 10^12 games; Wolfe and Fraser, "
        "\"Counting the number of games\", 2004)");
  return ok(list(games_born_by(static_cast<int>(n->numerator()))));
}

}  // namespace cgt::detail

namespace cgt {

const char* kind_name(Value::Kind k) {
  switch (k) {
    case Value::Kind::Game:
      return "a game";
    case Value::Kind::Boolean:
      return "a truth value";
    case Value::Kind::List:
      return "a list";
    case Value::Kind::Thermograph:
      return "a thermograph";
    case Value::Kind::Integer:
      return "an integer";
    case Value::Kind::Text:
      return "a text";
  }
  return "a value";
}

}  // namespace cgt
