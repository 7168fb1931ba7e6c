// konane cgt: a calculator for short partizan games (canonical forms, outcome classes,
// stops, mean, temperature, comparisons and thermographs).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "api/json.hpp"
#include "cgt/game.hpp"
#include "cgt/work_limit.hpp"
#include "command.hpp"
#include "core/text.hpp"
#include "file_output.hpp"
#include "options.hpp"
#include "solver/engine.hpp"
#include "svg_thermograph.hpp"

namespace konane::cli {
namespace {

constexpr const char* kName = "cgt";
constexpr const char* kUsage =
    "konane cgt [--json] [--stats] [--timeout S] [--memory MIB] EXPR...\n"
    "       konane cgt --compare A B\n"
    "       konane cgt --thermograph EXPR [--svg FILE]\n"
    "\n"
    "Values: integers and dyadic fractions (-3, 3/4), nimbers (*, *2), ups (^, v, ^^, ^3, v2),\n"
    "compounds (1/2^*, -1v2*3), {L|R} with comma-separated options, +-x, sums, differences\n"
    "and parentheses. Quote expressions for the shell; an expression starting with '-' may be\n"
    "given as is, after '--', or as --expr=EXPR.\n"
    "\n"
    "Output: for each EXPR its canonical value, outcome class (L, R, P, N), mean and\n"
    "temperature. With --json, one JSON object per expression, one per line, with the fields\n"
    "expression, value, class, mean, temperature, left_stop, right_stop and birthday (all\n"
    "numbers as exact strings such as \"3/4\", birthday as an integer). A canonical form\n"
    "longer than a million characters is not printed (value null in JSON).\n"
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

// Canonical forms longer than this are not printed: a short expression such as a sum of
// forty switches has a form of 2^40 leaves, which would exhaust memory before printing.
constexpr size_t kMaxValueChars = 1'000'000;
const std::string kValueOmitted =
    "(canonical form longer than " + std::to_string(kMaxValueChars) + " characters, not shown)";

std::optional<std::string> value_text(cgt::GameId g) {
  return cgt::to_string(g, kMaxValueChars);
}

void value_field(api::JsonWriter& w, const char* key, cgt::GameId g) {
  if (auto v = value_text(g))
    w.field(key, *v);
  else
    w.key(key).null();
}

struct Parsed {
  std::string text;
  cgt::GameId id;
};

// Parses every expression first so that nothing is printed when one of them is malformed.
bool parse_all(const std::vector<std::string>& exprs, std::vector<Parsed>& out, Io io) {
  for (size_t i = 0; i < exprs.size(); ++i) {
    cgt::ParseError err;
    auto g = cgt::parse(exprs[i], &err);
    if (!g) {
      std::string where = exprs.size() > 1 ? "expression " + std::to_string(i + 1) + ": " : "";
      usage_error(io, kName, where + err.message + " at position " + std::to_string(err.position));
      io.err << core::caret_lines(exprs[i], err.position) << "\n";
      return false;
    }
    out.push_back({exprs[i], *g});
  }
  return true;
}

void print_value(const Parsed& p, bool json, Io io) {
  cgt::GameId g = p.id;
  std::string value = value_text(g).value_or(kValueOmitted);
  char cls = cgt::outcome_char(cgt::outcome(g));
  if (json) {
    api::JsonWriter w(io.out);
    w.begin_object().field("expression", p.text);
    value_field(w, "value", g);
    w.field("class", std::string(1, cls))
        .field("mean", cgt::mean(g).to_string())
        .field("temperature", cgt::temperature(g).to_string())
        .field("left_stop", cgt::left_stop(g).to_string())
        .field("right_stop", cgt::right_stop(g).to_string());
    // The birthday is counted over the options, which *n and ^n past the expansion limit
    // do not have: then null and why, the rest answered as in the text output.
    try {
      w.field("birthday", cgt::birthday(g));
    } catch (const std::length_error& e) {
      w.key("birthday").null();
      w.field("birthday_error", std::string(e.what()));
    }
    w.end_object();  // the writer ends a top-level value with a newline
    return;
  }
  io.out << p.text << "\n"
         << "  value        " << value << "\n"
         << "  class        " << cls << "\n"
         << "  mean         " << cgt::mean(g).to_string() << "\n"
         << "  temperature  " << cgt::temperature(g).to_string() << "\n";
}

void print_thermograph(const Parsed& p, const cgt::Thermograph& th, bool json, Io io) {
  auto wall_json = [](api::JsonWriter& w, const char* key, const cgt::Trajectory& t) {
    w.key(key).begin_array();
    for (size_t i = 0; i < t.temps.size(); ++i) {
      w.begin_object()
          .field("t", t.temps[i].to_string())
          .field("value", t.values[i].to_string())
          .field("slope", t.slopes[i])
          .end_object();
    }
    w.end_array();
  };
  if (json) {
    api::JsonWriter w(io.out);
    w.begin_object().field("expression", p.text);
    value_field(w, "value", p.id);
    w.field("mean", th.mast.to_string()).field("temperature", th.temperature.to_string());
    wall_json(w, "left_wall", th.left_wall);
    wall_json(w, "right_wall", th.right_wall);
    w.end_object();
    return;
  }
  auto wall = [&](const char* name, const cgt::Trajectory& t) {
    io.out << "  " << name;
    for (size_t i = 0; i < t.temps.size(); ++i)
      io.out << "  (t=" << t.temps[i].to_string() << ", v=" << t.values[i].to_string() << ")";
    io.out << "  then vertical\n";
  };
  io.out << p.text << "\n"
         << "  value        " << value_text(p.id).value_or(kValueOmitted) << "\n"
         << "  mean         " << th.mast.to_string() << "\n"
         << "  temperature  " << th.temperature.to_string() << "\n";
  wall("left wall  ", th.left_wall);
  wall("right wall ", th.right_wall);
}

// The end of `seconds` from now (none for 0 or no limit).
std::chrono::steady_clock::time_point deadline_in(double seconds) {
  using Clock = std::chrono::steady_clock;
  if (seconds <= 0 || seconds >= 1e9) return Clock::time_point::max();
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
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
      "timeout", po::value<double>()->default_value(0),
      "stop with an error after this many seconds (0 = no limit)")(
      "memory", po::value<int>()->default_value(static_cast<int>(solver::kDefaultMemoryMiB)),
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
  // Sums of hot games can grow without bound (a sum of n switches has about 2^n options).
  cgt::WorkLimit limit(std::numeric_limits<uint64_t>::max(), deadline_in(*timeout), *memory);
  std::vector<std::string> exprs;
  if (vm.count("expr")) exprs = vm["expr"].as<std::vector<std::string>>();
  if (const auto why = mode_error(compare, thermo, vm.count("svg") > 0, show_stats, exprs.size()))
    return usage_error(io, kName, *why);

  try {
    std::vector<Parsed> values;
    if (!parse_all(exprs, values, io)) return kExitUsage;
    if (compare) {
      const char* rel = cgt::cmp_symbol(cgt::compare(values[0].id, values[1].id));
      if (json) {
        api::JsonWriter w(io.out);
        w.begin_object();
        value_field(w, "a", values[0].id);
        value_field(w, "b", values[1].id);
        w.field("relation", rel).end_object();
      } else {
        io.out << rel << "\n";
      }
    } else if (thermo) {
      cgt::Thermograph th = cgt::thermograph(values[0].id);
      if (vm.count("svg")) {
        const std::string& file = vm["svg"].as<std::string>();
        if (const auto failed = write_file_whole(
                file, thermograph_svg(th, value_text(values[0].id).value_or(values[0].text))))
          return usage_error(io, kName, "cannot write " + file + ": " + *failed);
      }
      print_thermograph(values[0], th, json, io);
    } else {
      for (const Parsed& p : values) print_value(p, json, io);
    }
    if (show_stats) io.out << cgt::stats_report();
  } catch (const cgt::WorkLimitExceeded& e) {
    return usage_error(io, kName, std::string(e.what()) + " (nothing was printed)");
  } catch (const std::overflow_error& e) {
    return usage_error(io, kName, std::string("value out of range: ") + e.what());
  } catch (const std::length_error& e) {
    return usage_error(io, kName, e.what());
  }
  return kExitOk;
}

Registrar cgt_reg(kName, "canonical forms, comparisons and thermographs of short games", run);

}  // namespace
}  // namespace konane::cli
