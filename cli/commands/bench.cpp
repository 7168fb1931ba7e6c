// konane bench --game G: the game's fixed perft benchmark (its plug-in's list), single-threaded,
// for every game whose plug-in has one and no bench of its own.
#include <ostream>

#include "api/verbs.hpp"
#include "perft_bench.hpp"
#include "request_args.hpp"

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

int run_bench(const std::string& game, const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  desc.add_options()("quick", "run every case 2 plies shallower (a smoke test; other signature)");
  auto parsed = parse_args("bench", "konane bench --game " + game + " [--quick] [--json]", desc, {},
                           false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << game_bench_help(game);
    return kExitOk;
  }
  return run_game_bench(game, parsed->vm.count("quick") > 0, parsed->vm.count("json") > 0, io);
}

const GameRegistrar any_bench_reg("bench",
                                  "run fixed perft counts; print a node signature and nodes/s",
                                  run_bench);

}  // namespace
}  // namespace konane::cli
