// The facade's CGT calculator (api/cgt.hpp) over cgt/.
#include <chrono>
#include <limits>
#include <stdexcept>

#include "api/cgt.hpp"
#include "api/json.hpp"
#include "cgt/game.hpp"
#include "cgt/work_limit.hpp"
#include "core/text.hpp"

namespace api {

namespace {

core::Error bad(std::string message) {
  return core::Error{core::Code::kInvalidArgument, std::move(message)};
}

// The end of `seconds` from now (none for 0).
std::chrono::steady_clock::time_point deadline_in(double seconds) {
  using Clock = std::chrono::steady_clock;
  if (seconds <= 0 || seconds >= 1e9) return Clock::time_point::max();
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// Every expression read, or the first one that is not with its place.
core::Expected<std::vector<cgt::GameId>> parse_all(const std::vector<std::string>& expressions) {
  std::vector<cgt::GameId> out;
  for (size_t i = 0; i < expressions.size(); ++i) {
    cgt::ParseError err;
    const auto g = cgt::parse(expressions[i], &err);
    if (!g)
      return bad((expressions.size() > 1 ? "expression " + std::to_string(i + 1) + ": " : "") +
                 err.message + " at position " + std::to_string(err.position) + "\n" +
                 core::caret_lines(expressions[i], err.position));
    out.push_back(*g);
  }
  return out;
}

// f() within the limits; what stopped it, as an error. cgt/ reports work past its limits and
// numbers past 64 bits by exceptions, which stop here.
template <class R, class F>
core::Expected<R> within(const CgtLimits& limits, F&& f) {
  cgt::WorkLimit limit(std::numeric_limits<uint64_t>::max(), deadline_in(limits.timeout_seconds),
                       limits.memory_bytes);
  try {
    return f();
  } catch (const cgt::WorkLimitExceeded& e) {
    return bad(e.what());
  } catch (const std::overflow_error& e) {
    return bad(std::string("value out of range: ") + e.what());
  } catch (const std::length_error& e) {
    return bad(e.what());
  }
}

std::optional<std::string> value_text(cgt::GameId g) {
  return cgt::to_string(g, kMaxValueChars);
}

void value_field(JsonWriter& w, const char* key, const std::optional<std::string>& v) {
  if (v)
    w.field(key, *v);
  else
    w.key(key).null();
}

}  // namespace

core::Expected<std::vector<CgtValueAnswer>> cgt_values(const std::vector<std::string>& expressions,
                                                       const CgtLimits& limits) {
  return within<std::vector<CgtValueAnswer>>(
      limits, [&]() -> core::Expected<std::vector<CgtValueAnswer>> {
        const auto games = parse_all(expressions);
        if (!games) return games.error();
        std::vector<CgtValueAnswer> out;
        for (size_t i = 0; i < games->size(); ++i) {
          const cgt::GameId g = (*games)[i];
          CgtValueAnswer a;
          a.expression = expressions[i];
          a.value = value_text(g);
          a.outcome_class = cgt::outcome_char(cgt::outcome(g));
          a.mean = cgt::mean(g).to_string();
          a.temperature = cgt::temperature(g).to_string();
          a.left_stop = cgt::left_stop(g).to_string();
          a.right_stop = cgt::right_stop(g).to_string();
          try {
            a.birthday = cgt::birthday(g);
          } catch (const std::length_error& e) {
            a.birthday_error = e.what();
          }
          out.push_back(std::move(a));
        }
        return out;
      });
}

core::Expected<CgtCompareAnswer> cgt_compare(const std::string& a, const std::string& b,
                                             const CgtLimits& limits) {
  return within<CgtCompareAnswer>(limits, [&]() -> core::Expected<CgtCompareAnswer> {
    const auto games = parse_all({a, b});
    if (!games) return games.error();
    return CgtCompareAnswer{value_text((*games)[0]), value_text((*games)[1]),
                            cgt::cmp_symbol(cgt::compare((*games)[0], (*games)[1]))};
  });
}

core::Expected<CgtThermographAnswer> cgt_thermograph(const std::string& expression,
                                                     const CgtLimits& limits) {
  return within<CgtThermographAnswer>(limits, [&]() -> core::Expected<CgtThermographAnswer> {
    const auto games = parse_all({expression});
    if (!games) return games.error();
    return CgtThermographAnswer{expression, value_text((*games)[0]), cgt::thermograph((*games)[0])};
  });
}

std::string cgt_stats() {
  return cgt::stats_report();
}

void write_json(JsonWriter& w, const CgtValueAnswer& a) {
  w.begin_object().field("expression", a.expression);
  value_field(w, "value", a.value);
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
