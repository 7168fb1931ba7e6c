#include "perft_bench.hpp"

#include <cinttypes>
#include <cstdio>
#include <ostream>

#include "api/bench.hpp"
#include "api/json.hpp"
#include "commands/request_args.hpp"

namespace konane::cli {

int run_game_bench(const std::string& game, bool quick, bool json, Io io) {
  auto each = [&](const api::BenchCaseAnswer& r) {
    char line[160];
    std::snprintf(line, sizeof line, "%-18s depth %2d  %12" PRIu64 " nodes  %7.3f s  %7.1f Mn/s\n",
                  r.bench_case.name.c_str(), r.bench_case.depth, r.nodes, r.seconds,
                  r.seconds > 0 ? r.nodes / r.seconds / 1e6 : 0.0);
    io.out << line << std::flush;
  };
  const auto a = json ? api::perft_bench(game, quick) : api::perft_bench(game, quick, each);
  if (!a) return api_error(io, "bench", a.error());
  if (json) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    return kExitOk;
  }
  io.out << "nodes: " << a->nodes << "\n";
  io.out << "signature: " << a->signature << "\n";
  char line[160];
  std::snprintf(line, sizeof line,
                "time: %.3f s (cpu %.3f s)\nnodes/s: %.0f (%.1f M; per cpu second %.1f M)\n",
                a->seconds, a->cpu_seconds, a->nodes_per_second(), a->nodes_per_second() / 1e6,
                a->nodes_per_cpu_second() / 1e6);
  io.out << line;
  return kExitOk;
}

}  // namespace konane::cli
