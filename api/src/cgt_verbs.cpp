// The facade's CGT calculator (api/cgt.hpp) over cgt/.
#include <chrono>
#include <limits>
#include <stdexcept>

#include "api/cgt.hpp"
#include "api/json.hpp"
#include "api/requests.hpp"
#include "api/verbs.hpp"
#include "cgt/expression.hpp"
#include "cgt/game.hpp"
#include "cgt/operations.hpp"
#include "cgt/work_limit.hpp"
#include "core/text.hpp"

namespace api {

namespace {

// The kind as the JSON answers name it (messages use cgt::kind_name's words).
const char* kind_word(cgt::Value::Kind k) {
  switch (k) {
    case cgt::Value::Kind::Game:
      return "game";
    case cgt::Value::Kind::Boolean:
      return "boolean";
    case cgt::Value::Kind::List:
      return "list";
    case cgt::Value::Kind::Thermograph:
      return "thermograph";
    case cgt::Value::Kind::Integer:
      return "integer";
    case cgt::Value::Kind::Text:
      return "text";
  }
  return "value";
}

// The end of `seconds` from now (none for 0).
std::chrono::steady_clock::time_point deadline_in(double seconds) {
  using Clock = std::chrono::steady_clock;
  if (seconds <= 0 || seconds >= 1e9) return Clock::time_point::max();
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// game:position inside an expression: the position valued as `konane value` values it (every
// game with short values), its canonical text read back into the table.
std::optional<cgt::GameId> position_value(std::string_view game, std::string_view position,
                                          double timeout, std::string* error) {
  if (!can_answer(game, "value")) {
    *error = refusal(game, "value").message;
    return std::nullopt;
  }
  PositionRequest r;
  r.game = std::string(game);
  r.position = std::string(position);
  Limits limits;
  limits.timeout_seconds = timeout;
  const auto a = value(r, limits);
  if (!a) {
    *error = a.error().message;
    return std::nullopt;
  }
  if (!a->value) {
    *error = "the value of " + std::string(game) + ":" + std::string(position) +
             " was not found within the limits";
    return std::nullopt;
  }
  return cgt::parse(*a->value, nullptr);
}

// Every expression read and evaluated, or the first one that is not with its place.
core::Expected<std::vector<cgt::Value>> evaluate_all(const std::vector<std::string>& expressions,
                                                     const CgtOptions& options) {
  const cgt::PositionResolver resolver = [&](std::string_view game, std::string_view position,
                                             std::string* error) {
    return position_value(game, position, options.timeout_seconds, error);
  };
  std::vector<cgt::Value> out;
  for (size_t i = 0; i < expressions.size(); ++i) {
    cgt::ParseError err;
    auto v = cgt::evaluate(expressions[i], &err, &resolver);
    if (!v)
      return core::invalid_argument(
          (expressions.size() > 1 ? "expression " + std::to_string(i + 1) + ": " : "") +
          err.message + " at position " + std::to_string(err.position) + "\n" +
          core::caret_lines(expressions[i], err.position));
    out.push_back(std::move(*v));
  }
  return out;
}

// Games only: comparisons and thermographs take two or one games.
core::Expected<std::vector<cgt::GameId>> games_of(const std::vector<std::string>& expressions,
                                                  const CgtOptions& options) {
  const auto values = evaluate_all(expressions, options);
  if (!values) return values.error();
  std::vector<cgt::GameId> out;
  for (size_t i = 0; i < values->size(); ++i) {
    const cgt::Value& v = (*values)[i];
    if (v.kind != cgt::Value::Kind::Game)
      return core::invalid_argument(
          (expressions.size() > 1 ? "expression " + std::to_string(i + 1) + ": " : "") +
          "expected a game, not " + std::string(cgt::kind_name(v.kind)) + ": " + expressions[i]);
    out.push_back(v.game);
  }
  return out;
}

// f() within the limits; what stopped it, as an error. cgt/ reports work past its limits and
// numbers past 64 bits by exceptions, which stop here.
template <class R, class F>
core::Expected<R> within(const CgtOptions& options, F&& f) {
  cgt::WorkLimit limit(std::numeric_limits<uint64_t>::max(), deadline_in(options.timeout_seconds),
                       options.memory_bytes);
  try {
    return f();
  } catch (const cgt::WorkLimitExceeded& e) {
    return core::invalid_argument(e.what());
  } catch (const std::overflow_error& e) {
    return core::invalid_argument(std::string("value out of range: ") + e.what());
  } catch (const std::length_error& e) {
    return core::invalid_argument(e.what());
  } catch (const std::invalid_argument& e) {
    return core::invalid_argument(e.what());
  }
}

std::optional<std::string> value_text(cgt::GameId g, cgt::Style style) {
  return cgt::to_string(g, style, kMaxValueChars);
}

// The figures of a game, and its derived forms when its own form could be printed: a form
// too long to print (a sum of many switches) makes heating and its kin as long again.
void describe_game(cgt::GameId g, cgt::Style style, bool derived, CgtValueAnswer& a) {
  a.outcome_class = cgt::outcome_char(cgt::outcome(g));
  a.mean = cgt::mean(g).to_string();
  a.temperature = cgt::temperature(g).to_string();
  a.left_stop = cgt::left_stop(g).to_string();
  a.right_stop = cgt::right_stop(g).to_string();
  try {
    a.birthday = cgt::birthday(g);
  } catch (const std::length_error& e) {
    a.birthday_error = e.what();
    return;
  }
  if (!a.value || !derived) return;
  a.reduced = value_text(cgt::reduced_canonical_form(g), style);
  std::string why;
  if (const auto w = cgt::atomic_weight(g, &why))
    a.atomic_weight = value_text(*w, style);
  else
    a.atomic_weight_error = why;
  auto options = [&](std::span<const cgt::GameId> ids, std::vector<std::string>& out) {
    for (cgt::GameId x : cgt::cgsuite_order({ids.begin(), ids.end()}))
      out.push_back(value_text(x, style).value_or("(too long)"));
  };
  options(cgt::left_options(g), a.left_options);
  options(cgt::right_options(g), a.right_options);
}

void value_field(JsonWriter& w, const char* key, const std::optional<std::string>& v) {
  if (v)
    w.field(key, *v);
  else
    w.key(key).null();
}

}  // namespace

core::Expected<std::vector<CgtValueAnswer>> cgt_values(const std::vector<std::string>& expressions,
                                                       const CgtOptions& options) {
  return within<std::vector<CgtValueAnswer>>(
      options, [&]() -> core::Expected<std::vector<CgtValueAnswer>> {
        const auto values = evaluate_all(expressions, options);
        if (!values) return values.error();
        std::vector<CgtValueAnswer> out;
        for (size_t i = 0; i < values->size(); ++i) {
          CgtValueAnswer a;
          a.expression = expressions[i];
          a.kind = kind_word((*values)[i].kind);
          a.value = cgt::format((*values)[i], options.style, kMaxValueChars);
          if ((*values)[i].kind == cgt::Value::Kind::Game)
            describe_game((*values)[i].game, options.style, options.derived, a);
          out.push_back(std::move(a));
        }
        return out;
      });
}

core::Expected<CgtCompareAnswer> cgt_compare(const std::string& a, const std::string& b,
                                             const CgtOptions& options) {
  return within<CgtCompareAnswer>(options, [&]() -> core::Expected<CgtCompareAnswer> {
    const auto games = games_of({a, b}, options);
    if (!games) return games.error();
    return CgtCompareAnswer{value_text((*games)[0], options.style),
                            value_text((*games)[1], options.style),
                            cgt::cmp_symbol(cgt::compare((*games)[0], (*games)[1]))};
  });
}

core::Expected<CgtThermographAnswer> cgt_thermograph(const std::string& expression,
                                                     const CgtOptions& options) {
  return within<CgtThermographAnswer>(options, [&]() -> core::Expected<CgtThermographAnswer> {
    const auto games = games_of({expression}, options);
    if (!games) return games.error();
    return CgtThermographAnswer{expression, value_text((*games)[0], options.style),
                                cgt::thermograph((*games)[0])};
  });
}

std::string cgt_stats() {
  return cgt::stats_report();
}

void write_json(JsonWriter& w, const CgtValueAnswer& a) {
  w.begin_object().field("expression", a.expression).field("kind", a.kind);
  value_field(w, "value", a.value);
  if (a.kind != "game") {
    w.end_object();
    return;
  }
  w.field("class", std::string(1, a.outcome_class))
      .field("mean", a.mean)
      .field("temperature", a.temperature)
      .field("left_stop", a.left_stop)
      .field("right_stop", a.right_stop);
  if (a.birthday) {
    w.field("birthday", *a.birthday);
  } else {
    w.key("birthday").null();
    w.field("birthday_error", a.birthday_error);
  }
  if (!a.value || !a.birthday || !a.reduced) {
    w.end_object();  // not asked for, or of a form too long to print
    return;
  }
  value_field(w, "reduced", a.reduced);
  value_field(w, "atomic_weight", a.atomic_weight);
  if (!a.atomic_weight) w.field("atomic_weight_error", a.atomic_weight_error);
  auto options = [&](const char* key, const std::vector<std::string>& list) {
    w.key(key).begin_array();
    for (const auto& o : list) w.value(o);
    w.end_array();
  };
  options("left_options", a.left_options);
  options("right_options", a.right_options);
  w.end_object();
}

void write_json(JsonWriter& w, const CgtCompareAnswer& a) {
  w.begin_object();
  value_field(w, "a", a.a);
  value_field(w, "b", a.b);
  w.field("relation", a.relation).end_object();
}

void write_json(JsonWriter& w, const CgtThermographAnswer& a) {
  auto wall = [&](const char* key, const cgt::Trajectory& t) {
    w.key(key).begin_array();
    for (size_t i = 0; i < t.temps.size(); ++i)
      w.begin_object()
          .field("t", t.temps[i].to_string())
          .field("value", t.values[i].to_string())
          .field("slope", t.slopes[i])
          .end_object();
    w.end_array();
  };
  w.begin_object().field("expression", a.expression);
  value_field(w, "value", a.value);
  w.field("mean", a.graph.mast.to_string()).field("temperature", a.graph.temperature.to_string());
  wall("left_wall", a.graph.left_wall);
  wall("right_wall", a.graph.right_wall);
  w.end_object();
}

}  // namespace api
