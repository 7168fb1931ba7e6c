#pragma once
// The CGT calculator of the facade: expressions of CGSuite's language (cgt/expression.hpp)
// read and evaluated, with game:position standing for a position's value (every game with
// short values); canonical values and figures, comparisons and thermographs. The command line's
// `cgt`, the Python module and the web server call these. Errors are values: a malformed expression
// names its place (kInvalidArgument, the message followed by the expression and a caret); work past
// the limits (a sum of many switches) stops with an error naming --timeout or --memory, and a
// number past 64 bits with one saying so (kInvalidArgument too: the request asked too much).
#include <optional>
#include <string>
#include <vector>

#include "cgt/game.hpp"
#include "cgt/thermograph.hpp"
#include "core/error.hpp"

namespace api {

class JsonWriter;

struct CgtOptions {
  double timeout_seconds = 0;             // 0: none
  size_t memory_bytes = size_t{1} << 30;  // the process's peak memory (0: none)
  // How values are printed: CGSuite's plain text by default (shared/spec's nested braces are
  // cgt::Style::Ascii).
  cgt::Style style = cgt::Style::CgSuite;
  // Also the reduced form, the atomic weight and the options of each game (heating a large
  // game costs time: a caller that wants only the value turns this off).
  bool derived = true;
};

// Canonical forms longer than this many characters are not given (value: nullopt): a short
// expression such as a sum of forty switches has a form of 2^40 leaves.
inline constexpr size_t kMaxValueChars = 1'000'000;

// One expression's value. Every kind has `value` (the printed value); games also have the
// figures below, and the derived forms when the game's own form could be printed.
struct CgtValueAnswer {
  std::string expression;
  std::string kind = "game";         // game, boolean, list, thermograph, integer or text
  std::optional<std::string> value;  // printed, unless too long to give
  char outcome_class = 'P';          // L, R, P or N
  std::string mean, temperature, left_stop, right_stop;
  // Counted over the options, which *n and ^n past the expansion limit do not have: then
  // nullopt and why.
  std::optional<int64_t> birthday;
  std::string birthday_error;
  std::optional<std::string> reduced;        // the reduced canonical form
  std::optional<std::string> atomic_weight;  // nullopt with the reason when not atomic
  std::string atomic_weight_error;
  std::vector<std::string> left_options, right_options;
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
                                                       const CgtOptions& options = {});
core::Expected<CgtCompareAnswer> cgt_compare(const std::string& a, const std::string& b,
                                             const CgtOptions& options = {});
core::Expected<CgtThermographAnswer> cgt_thermograph(const std::string& expression,
                                                     const CgtOptions& options = {});
// What the table of games holds and how its caches did (`cgt --stats`).
std::string cgt_stats();

void write_json(JsonWriter& j, const CgtValueAnswer& a);
void write_json(JsonWriter& j, const CgtCompareAnswer& a);
void write_json(JsonWriter& j, const CgtThermographAnswer& a);

}  // namespace api
