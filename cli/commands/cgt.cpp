// konane cgt: a calculator for short partizan games (canonical forms, outcome classes,
// stops, mean, temperature, comparisons and thermographs).
#include "api/cgt.hpp"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "api/json.hpp"
#include "api/pictures.hpp"
#include "command.hpp"
#include "commands/request_args.hpp"
#include "file_output.hpp"
#include "options.hpp"

namespace konane::cli {
namespace {

constexpr const char* kName = "cgt";
constexpr const char* kUsage =
    "konane cgt [--json] [--format F] [--stats] [--timeout S] [--memory MIB] EXPR...\n"
    "       konane cgt --compare A B\n"
    "       konane cgt --thermograph EXPR [--svg FILE]\n"
    "\n"
    "Expressions in CGSuite's language: integers and dyadic fractions (-3, 3/4), nimbers (*,\n"
    "*2), ups (^ v ^^ ^3 v2 ^<2> ^[3], or the symbols), compounds (1/2^*), {L|R} with\n"
    "comma-separated options and slashes ({2||1|0}), +-x and +-{a,b}, Tiny(x), Miny(x),\n"
    "sums, differences, n * G, Norton multiples n.G, parentheses, comparisons (== < <= > >= <|\n"
    "|> <> ||), methods (G.AtomicWeight, G.Cool(1), G.Heat(1), G.Overheat(1,2),\n"
    "G.NortonMultiply(^), G.ReducedCanonicalForm, G.Incentives, G.LeftOptions, G.Freeze,\n"
    "G.Companion, G.StopCount, G.Thermograph, ...), DayN(n).Size, and GAME:POSITION (or\n"
    "GAME:\"POSITION\") for any game with short values, standing for the position's value.\n"
    "Quote expressions for the shell; an expression starting with '-' may be given as is,\n"
    "after '--', or as --expr=EXPR.\n"
    "\n"
    "Output: for each EXPR its value; for a game also its outcome class (L, R, P, N), mean and\n"
    "temperature. --format cgsuite (the default) prints as CGSuite does ({2||1|0}, +-1,\n"
    "Tiny(2)), unicode with its symbols, ascii in nested braces as the other verbs print.\n"
    "With --json, one JSON object per expression, one per line: expression, kind (game,\n"
    "boolean, list, thermograph, integer, text) and value; for a game also class, mean,\n"
    "temperature, left_stop, right_stop, birthday, reduced, atomic_weight (null with\n"
    "atomic_weight_error when not atomic), left_options and right_options (numbers as exact\n"
    "strings such as \"3/4\"). A form longer than a million characters is not printed (value\n"
    "null in JSON).\n"
    "--compare prints exactly one of =, <, >, || (exit code 0).\n"
    "Malformed input: a message with the position of the error, exit code 2.";

// Boost would take "-1" or "-{1|0}" for options; anything that starts with '-' but is not one
// of ours is an expression.
std::vector<std::string> protect_expressions(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  bool rest = false;
  for (const std::string& a : args) {
    if (rest) {
      out.push_back("--expr=" + a);
    } else if (a == "--") {
      rest = true;
    } else if (a.size() >= 2 && a[0] == '-' && a[1] != '-' && a != "-h") {
      out.push_back("--expr=" + a);
    } else {
      out.push_back(a);
    }
  }
  return out;
}

const std::string kValueOmitted = "(canonical form longer than " +
                                  std::to_string(api::kMaxValueChars) + " characters, not shown)";

void print_value(const api::CgtValueAnswer& a, bool json, Io io) {
  if (json) {
    api::JsonWriter w(io.out);
    api::write_json(w, a);  // the writer ends a top-level value with a newline
    return;
  }
  io.out << a.expression << "\n"
         << "  value        " << a.value.value_or(kValueOmitted) << "\n";
  if (a.kind != "game") return;
  io.out << "  class        " << a.outcome_class << "\n"
         << "  mean         " << a.mean << "\n"
         << "  temperature  " << a.temperature << "\n";
}

void print_thermograph(const api::CgtThermographAnswer& a, bool json, Io io) {
  if (json) {
    api::JsonWriter w(io.out);
    api::write_json(w, a);
    return;
  }
  auto wall = [&](const char* name, const cgt::Trajectory& t) {
    io.out << "  " << name;
    for (size_t i = 0; i < t.temps.size(); ++i)
      io.out << "  (t=" << t.temps[i].to_string() << ", v=" << t.values[i].to_string() << ")";
    io.out << "  then vertical\n";
  };
  io.out << a.expression << "\n"
         << "  value        " << a.value.value_or(kValueOmitted) << "\n"
         << "  mean         " << a.graph.mast.to_string() << "\n"
         << "  temperature  " << a.graph.temperature.to_string() << "\n";
  wall("left wall  ", a.graph.left_wall);
  wall("right wall ", a.graph.right_wall);
}

// What is wrong with the combination of modes asked for, if anything.
std::optional<std::string> mode_error(bool compare, bool thermo, bool svg, bool stats,
                                      size_t expressions) {
  if (compare && thermo) return "--compare and --thermograph exclude each other";
  if (svg && !thermo) return "--svg needs --thermograph";
  if (compare && expressions != 2) return "--compare needs exactly two expressions";
  if (thermo && expressions != 1) return "--thermograph needs exactly one expression";
  if (expressions == 0 && !stats) return "no expression given (try konane cgt --help)";
  return std::nullopt;
}

int run(const std::vector<std::string>& raw_args, Io io) {
  po::options_description desc("options");
  desc.add_options()("expr", po::value<std::vector<std::string>>()->composing(),
                     "an expression (same as a positional EXPR)")(
      "compare", po::bool_switch(), "compare two expressions A and B")(
      "thermograph", po::bool_switch(), "print the thermograph of one expression")(
      "svg", po::value<std::string>(), "with --thermograph: also draw it as SVG into FILE")(
      "stats", po::bool_switch(), "print the game table's size and cache hit rates at the end")(
      "format", po::value<std::string>()->default_value("cgsuite"),
      "how values are printed: cgsuite, unicode or ascii")(
      "timeout", po::value<double>()->default_value(0),
      "stop with an error after this many seconds (0 = no limit)")(
      "memory", po::value<int>()->default_value(int(api::CgtOptions{}.memory_bytes >> 20)),
      "stop with an error once the process uses more than this many MiB");
  auto parsed = parse_args(kName, kUsage, desc, {"expr"}, true, protect_expressions(raw_args), io);
  if (!parsed) return kExitUsage;
  if (parsed->help) return kExitOk;
  const auto& vm = parsed->vm;
  bool json = vm.count("json") > 0;
  bool compare = vm["compare"].as<bool>();
  bool thermo = vm["thermograph"].as<bool>();
  bool show_stats = vm["stats"].as<bool>();
  const auto timeout = checked_seconds(vm, "timeout", kName, io);
  if (!timeout) return kExitUsage;
  const auto memory = checked_memory(vm, kName, io);
  if (!memory) return kExitUsage;
  const auto style = cgt::style_named(vm["format"].as<std::string>());
  if (!style)
    return usage_error(io, kName,
                       "unknown --format '" + vm["format"].as<std::string>() +
                           "' (use cgsuite, unicode or ascii)");
  const api::CgtOptions limits{*timeout, *memory, *style};
  std::vector<std::string> exprs;
  if (vm.count("expr")) exprs = vm["expr"].as<std::vector<std::string>>();
  if (const auto why = mode_error(compare, thermo, vm.count("svg") > 0, show_stats, exprs.size()))
    return usage_error(io, kName, *why);
  // Every answer is computed before any is printed: a failure prints no half answer.
  if (compare) {
    const auto a = api::cgt_compare(exprs[0], exprs[1], limits);
    if (!a) return api_error(io, kName, a.error());
    if (json) {
      api::JsonWriter w(io.out);
      api::write_json(w, *a);
    } else {
      io.out << a->relation << "\n";
    }
  } else if (thermo) {
    const auto a = api::cgt_thermograph(exprs[0], limits);
    if (!a) return api_error(io, kName, a.error());
    if (vm.count("svg")) {
      const std::string& file = vm["svg"].as<std::string>();
      if (const auto failed = write_file_whole(
              file, api::thermograph_svg(a->graph, a->value.value_or(a->expression))))
        return usage_error(io, kName, "cannot write " + file + ": " + *failed);
    }
    print_thermograph(*a, json, io);
  } else {
    const auto values = api::cgt_values(exprs, limits);
    if (!values) return api_error(io, kName, values.error());
    for (const auto& a : *values) print_value(a, json, io);
  }
  if (show_stats) io.out << api::cgt_stats();
  return kExitOk;
}

Registrar cgt_reg(kName, "canonical forms, comparisons and thermographs of short games", run);

}  // namespace
}  // namespace konane::cli
