#pragma once
// The CGT calculator of the facade: expressions of short partizan games read, their canonical
// values and figures, comparisons and thermographs. The command line's `cgt`, the Python
// module and the web server call these. Errors are values: a malformed expression names its
// place (kInvalidArgument, the message followed by the expression and a caret); work past the
// limits (a sum of many switches) stops with an error naming --timeout or --memory, and a
// number past 64 bits with one saying so (kInvalidArgument too: the request asked too much).
#include <optional>
#include <string>
#include <vector>

#include "cgt/thermograph.hpp"
#include "core/error.hpp"

namespace api {

class JsonWriter;

struct CgtLimits {
  double timeout_seconds = 0;             // 0: none
  size_t memory_bytes = size_t{1} << 30;  // the process's peak memory (0: none)
};

// Canonical forms longer than this many characters are not given (value: nullopt): a short
// expression such as a sum of forty switches has a form of 2^40 leaves.
inline constexpr size_t kMaxValueChars = 1'000'000;

struct CgtValueAnswer {
  std::string expression;
  std::optional<std::string> value;  // the canonical form, unless too long to give
  char outcome_class = 'P';          // L, R, P or N
  std::string mean, temperature, left_stop, right_stop;
  // Counted over the options, which *n and ^n past the expansion limit do not have: then
  // nullopt and why.
  std::optional<int> birthday;
  std::string birthday_error;
};
struct CgtCompareAnswer {
  std::optional<std::string> a, b;  // the canonical forms
  std::string relation;             // "=", "<", ">" or "||"
};
struct CgtThermographAnswer {
  std::string expression;
  std::optional<std::string> value;
  cgt::Thermograph graph;  // walls, mast and temperature (cgt/thermograph.hpp)
};

// Every expression is read before any is valued: one malformed expression fails them all.
core::Expected<std::vector<CgtValueAnswer>> cgt_values(const std::vector<std::string>& expressions,
                                                       const CgtLimits& limits = {});
core::Expected<CgtCompareAnswer> cgt_compare(const std::string& a, const std::string& b,
                                             const CgtLimits& limits = {});
core::Expected<CgtThermographAnswer> cgt_thermograph(const std::string& expression,
                                                     const CgtLimits& limits = {});
// What the table of games holds and how its caches did (`cgt --stats`).
std::string cgt_stats();

void write_json(JsonWriter& j, const CgtValueAnswer& a);
void write_json(JsonWriter& j, const CgtCompareAnswer& a);
void write_json(JsonWriter& j, const CgtThermographAnswer& a);

}  // namespace api
