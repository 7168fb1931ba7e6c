// konane bench: Konane's fixed set of perft runs, single-threaded (cli/perft_bench.hpp); with
// --endgames or --make-endgames, the endgame benchmark (cli/endgame_bench.hpp).
#include <ostream>
#include <sstream>

#include "endgame_bench.hpp"
#include "konane/notation.hpp"
#include "options.hpp"
#include "perft_bench.hpp"
#include "position_arg.hpp"
#include "solver_options.hpp"

namespace konane::cli {
namespace {

std::string joined(const std::vector<std::string>& args) {
  std::string out = "konane bench";
  for (const auto& a : args) out += " " + a;
  return out;
}

int endgames(const ParsedArgs& parsed, const std::vector<std::string>& args, Io io) {
  const auto& vm = parsed.vm;
  if (vm.count("make-endgames")) {
    EndgameSetOptions o;
    const std::string board = vm["board"].as<std::string>();
    char x = 0;
    std::istringstream b(board);
    if (!(b >> o.rows >> x >> o.cols) || x != 'x' || !b.eof() || o.rows < 1 || o.cols < 1 ||
        o.rows > 16 || o.cols > 16 || o.rows * o.cols > 64)
      return usage_error(io, "bench", "--board must be RxC with at most 64 squares, e.g. 8x8");
    const auto rule = parse_opening_rule(vm["opening"].as<std::string>());
    if (!rule) return usage_error(io, "bench", "--opening must be standard, any or piko");
    o.rule = *rule;
    o.games = vm["games"].as<int>();
    o.seed = vm["seed"].as<uint64_t>();
    o.from = vm["from"].as<int>();
    o.to = vm["to"].as<int>();
    if (o.games < 1 || o.from < 1 || o.to < o.from)
      return usage_error(io, "bench", "--games must be 1 or more, and 1 <= --from <= --to");
    o.command = joined(args);
    return make_endgame_set(o, io);
  }
  EndgameRunOptions o;
  o.file = vm["endgames"].as<std::string>();
  const auto config = solver_config_from(vm, "bench", io);
  if (!config) return kExitUsage;
  o.config = *config;
  // A node budget alone is a limit that stops at the same point on every machine (tests).
  if (vm["timeout"].defaulted() && o.config.node_budget == 0) o.config.timeout_seconds = 10;
  if (o.config.timeout_seconds <= 0 && o.config.node_budget == 0)
    return usage_error(io, "bench", "--endgames needs a limit: --timeout or --node-budget");
  const std::string only = vm["only"].as<std::string>();
  if (only != "both" && only != "solve" && only != "value" && only != "regions")
    return usage_error(io, "bench", "--only must be both, solve, value or regions");
  o.solve = only == "both" || only == "solve";
  o.value = only == "both" || only == "value";
  o.max_stones = vm["max-stones"].as<int>();
  o.json = vm.count("json") > 0;
  o.quiet = vm.count("quiet") > 0;
  return run_endgame_set(o, io);
}

int run_bench(const std::vector<std::string>& args, Io io) {
  const std::string usage =
      "konane bench [--quick] [--json]\n"
      "       konane bench --endgames FILE [--timeout S] [--threads N] [--only "
      "solve|value|regions]\n"
      "                    [--max-stones K] [--json]\n"
      "       konane bench --make-endgames [--board RxC] [--opening R] [--games N] [--seed S]\n"
      "                    [--from PLY] [--to PLY]";
  po::options_description desc("options");
  desc.add_options()("quick", "run every case 2 plies shallower (a smoke test; other signature)")(
      "endgames", po::value<std::string>(),
      "solve and value every position of FILE (made by --make-endgames) within --timeout "
      "seconds each (default 10 here), or within --node-budget nodes")(
      "only", po::value<std::string>()->default_value("both"),
      "with --endgames: both, solve, value or regions (the split alone)")(
      "max-stones", po::value<int>()->default_value(0),
      "with --endgames: skip positions with more stones (0: none skipped)")(
      "quiet", "with --endgames: no progress line")(
      "make-endgames", "print a set of positions from seeded play (see --board .. --to)")(
      "board", po::value<std::string>()->default_value("8x8"), "board of --make-endgames")(
      "opening", po::value<std::string>()->default_value("standard"), "opening rule")(
      "games", po::value<int>()->default_value(6), "games per player (random and greedy)")(
      "seed", po::value<uint64_t>()->default_value(1), "seed of the first game")(
      "from", po::value<int>()->default_value(10), "first ply kept (removals count)")(
      "to", po::value<int>()->default_value(36), "last ply kept; every second ply between");
  add_solver_options(desc);
  auto parsed = parse_args("bench", usage, desc, {}, false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << game_bench_help("konane")
           << "\n"
              "--endgames FILE solves (as `konane solve`: winner, winning moves, line) and\n"
              "values (as `konane value`) every position of FILE, each with a fresh engine\n"
              "and --timeout seconds, and prints per 4 stones how many were answered and the\n"
              "median and maximum time of those, and the median stones of the largest\n"
              "region (in parentheses: of the coarser closure regions); a value's outcome class "
              "that disagrees with\n"
              "the solved winner is reported and makes the exit code 1.\n"
              "--make-endgames prints such a file: positions after every second ply of\n"
              "games played by a random and a greedy (mobility) player from seeded\n"
              "generators (bench/data/endgames-8x8.tsv is one).\n";
    return kExitOk;
  }
  if (parsed->vm.count("endgames") && parsed->vm.count("make-endgames"))
    return usage_error(io, "bench", "--endgames and --make-endgames do not go together");
  if (parsed->vm.count("endgames") || parsed->vm.count("make-endgames"))
    return endgames(*parsed, args, io);
  return run_game_bench("konane", parsed->vm.count("quick") > 0, parsed->vm.count("json") > 0, io);
}

const Registrar bench_reg("bench", "run fixed perft counts; print a node signature and nodes/s",
                          run_bench);

}  // namespace
}  // namespace konane::cli
