// konane bench [--game G]: the game's fixed perft benchmark (its plug-in's list), single-
// threaded; for Konane also the endgame benchmark (api/endgame_bench.hpp): --make-endgames
// prints a set of positions from seeded play, --endgames FILE solves and values each.
#include <iomanip>
#include <ostream>
#include <sstream>

#include "api/endgame_bench.hpp"
#include "api/verbs.hpp"
#include "core/progress.hpp"
#include "konane/opening.hpp"
#include "perft_bench.hpp"
#include "request_args.hpp"
#include "solver_options.hpp"

namespace konane::cli {

std::string game_bench_help(const std::string& game) {
  const auto listed = api::bench_cases(game);
  if (!listed) return listed.error().message + "\n";
  std::string out =
      "Runs a fixed set of perft counts on one thread and prints the total node count,\n"
      "a signature of all counts (the same on every run and machine) and the nodes\n"
      "per second. The cases:\n";
  for (const auto& c : *listed)
    out += "  " + c.name + ": " +
           (c.position.empty() ? c.board + " board, " + c.opening + " opening" : c.position) +
           ", depth " + std::to_string(c.depth) + "\n";
  return out;
}

namespace {

constexpr const char* kEndgameHelp =
    "\n"
    "Konane only:\n"
    "--endgames FILE solves (as `konane solve`: winner, winning moves, line) and\n"
    "values (as `konane value`) every position of FILE, each with a fresh engine\n"
    "and --timeout seconds, and prints per 4 stones how many were answered and the\n"
    "median and maximum time of those, and the median stones of the largest\n"
    "region (in parentheses: of the coarser closure regions); a value's outcome class that\n"
    "disagrees with the solved winner is reported and makes the exit code 1.\n"
    "--make-endgames prints such a file: positions after every second ply of\n"
    "games played by a random and a greedy (mobility) player from seeded\n"
    "generators (bench/data/endgames-8x8.tsv is one).\n";

std::string joined(const std::vector<std::string>& args) {
  std::string out = "konane bench";
  for (const auto& a : args) out += " " + a;
  return out;
}

int make_set(const po::variables_map& vm, const std::vector<std::string>& args, Io io) {
  api::EndgameSetRequest r;
  const std::string board = vm["board"].as<std::string>();
  char x = 0;
  std::istringstream b(board);
  if (!(b >> r.rows >> x >> r.cols) || x != 'x' || !b.eof() || r.rows < 1 || r.cols < 1 ||
      r.rows > 16 || r.cols > 16 || r.rows * r.cols > 64)
    return usage_error(io, "bench", "--board must be RxC with at most 64 squares, e.g. 8x8");
  const auto rule = parse_opening_rule(vm["opening"].as<std::string>());
  if (!rule) return usage_error(io, "bench", "--opening must be standard, any or piko");
  r.rule = *rule;
  r.games = vm["games"].as<int>();
  r.seed = vm["seed"].as<uint64_t>();
  r.from = vm["from"].as<int>();
  r.to = vm["to"].as<int>();
  if (r.games < 1 || r.from < 1 || r.to < r.from)
    return usage_error(io, "bench", "--games must be 1 or more, and 1 <= --from <= --to");
  r.command = joined(args);
  const auto set = api::endgame_set(r);
  io.out << set.header;
  for (const auto& line : set.lines) io.out << line << "\n";
  return kExitOk;
}

std::string fixed(double v) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(v < 10 ? 2 : 1) << v;
  return s.str();
}

void print_table(const api::EndgameRun& run, Io io) {
  std::ostringstream limit_text;
  const auto& l = run.limits;
  if (l.timeout_seconds > 0) limit_text << l.timeout_seconds << " s";
  if (l.timeout_seconds > 0 && l.node_budget) limit_text << " and ";
  if (l.node_budget) limit_text << l.node_budget << " nodes";
  const std::string limit = limit_text.str();
  io.out << "| stones | positions | largest region, median (closure alone) |";
  if (run.solve) io.out << " solve within " << limit << " | solve median / max (s) |";
  if (run.value) io.out << " value within " << limit << " | value median / max (s) |";
  io.out << "\n|---|---|---|" << (run.solve ? "---|---|" : "") << (run.value ? "---|---|" : "")
         << "\n";
  const auto cell = [&](const api::EndgameFigures& f, int count) {
    io.out << " " << f.done << "/" << count << " | "
           << (f.done ? fixed(f.median_seconds) + " / " + fixed(f.max_seconds) : std::string("-"))
           << " |";
  };
  for (const auto& b : run.by_stones) {
    io.out << "| " << b.stones_from << "-" << b.stones_from + 3 << " | " << b.positions << " | "
           << b.largest_median << " (" << b.largest_closure_median << ") |";
    if (run.solve) cell(b.solve, b.positions);
    if (run.value) cell(b.value, b.positions);
    io.out << "\n";
  }
}

int run_set(const po::variables_map& vm, Io io) {
  api::EndgameRunRequest r;
  r.file = vm["endgames"].as<std::string>();
  auto limits = limits_from(vm, "bench", io);
  if (!limits) return kExitUsage;
  // A node budget alone is a limit that stops at the same point on every machine (tests).
  if (vm["timeout"].defaulted() && limits->node_budget == 0) limits->timeout_seconds = 10;
  if (limits->timeout_seconds <= 0 && limits->node_budget == 0)
    return usage_error(io, "bench", "--endgames needs a limit: --timeout or --node-budget");
  const std::string only = vm["only"].as<std::string>();
  if (only != "both" && only != "solve" && only != "value" && only != "regions")
    return usage_error(io, "bench", "--only must be both, solve, value or regions");
  r.solve = only == "both" || only == "solve";
  r.value = only == "both" || only == "value";
  r.max_stones = vm["max-stones"].as<int>();
  core::ProgressLine meter(vm.count("quiet") ? nullptr : &io.err, err_is_tty(io), "pos");
  const auto run =
      api::endgame_run(r, *limits, [&](const api::EndgameEntry& e, size_t done, size_t total) {
        if (e.disagree)
          io.err << "konane bench: " << r.file << ":" << e.line << ": the value's class " << e.cls
                 << " disagrees with the solved winner " << api::winner_text(e.winner) << "\n";
        meter.update("endgames", done, total, false, std::to_string(e.stones) + " stones");
      });
  meter.finish();
  if (!run) return api_error(io, "bench", run.error());
  if (vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *run);
  } else {
    print_table(*run, io);
  }
  return run->disagreements ? kExitNotFound : kExitOk;
}

int run_bench(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage =
      "konane bench [--game G] [--quick] [--json]\n"
      "       konane bench --endgames FILE [--timeout S] [--threads N] [--only "
      "solve|value|regions]\n"
      "                    [--max-stones K] [--json]\n"
      "       konane bench --make-endgames [--board RxC] [--opening R] [--games N] [--seed S]\n"
      "                    [--from PLY] [--to PLY]";
  po::options_description desc("options");
  desc.add_options()("quick", "run every case 2 plies shallower (a smoke test; other signature)")(
      "endgames", po::value<std::string>(),
      "Konane: solve and value every position of FILE (made by --make-endgames) within "
      "--timeout seconds each (default 10 here), or within --node-budget nodes")(
      "only", po::value<std::string>()->default_value("both"),
      "with --endgames: both, solve, value or regions (the split alone)")(
      "max-stones", po::value<int>()->default_value(0),
      "with --endgames: skip positions with more stones (0: none skipped)")(
      "quiet", "with --endgames: no progress line")(
      "make-endgames", "Konane: print a set of positions from seeded play (see --board .. --to)")(
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
    io.out << game_bench_help(game) << kEndgameHelp;
    return kExitOk;
  }
  const auto& vm = parsed->vm;
  const bool endgames = vm.count("endgames") > 0, make = vm.count("make-endgames") > 0;
  if (endgames && make)
    return usage_error(io, "bench", "--endgames and --make-endgames do not go together");
  if ((endgames || make) && game != "konane")
    return usage_error(io, "bench",
                       "--endgames and --make-endgames are Konane's; " + game + " has perft only");
  if (make) return make_set(vm, args, io);
  if (endgames) return run_set(vm, io);
  return run_game_bench(game, vm.count("quick") > 0, vm.count("json") > 0, io);
}

const GameRegistrar any_bench_reg("bench",
                                  "run fixed perft counts; print a node signature and nodes/s",
                                  run_bench);

}  // namespace
}  // namespace konane::cli
