#include "solver_options.hpp"

namespace konane::cli {

// WHY 1 GiB BY DEFAULT. The table grows as it fills (solver/table.hpp), so a small problem
// touches little of it; a larger limit matters only once a search outgrows a smaller one,
// which long searches have done since deep initialisation (dfpn.hpp). `konane solve --board
// 6x7 --threads 1` (2026-12-03, this 2-core machine, single runs but for 1024):
//   --memory   256     512     1024          2048    4096
//   nodes      36.7 M  24.9 M  24.5 M        25.5 M  26.4 M
//   seconds    51.5    39.6    38.0, 41.9    47.2    47.7
// Past 1 GiB it was slower again (likely the caches and the TLB covering less of a table
// spread wider; not profiled), so the default stops there. The 8x8 endgame bench (`konane
// bench --endgames`, 2 threads, 10 s a position) gave the same answers at 256 and 1024:
// `solve` up to 39 stones in 181 and 182 s, `value` up to 35 stones (42 of 63) in 262 and
// 267 s. Before deep initialisation (2026-11-29) 6x7 took 33.6 M nodes in 89 s at 256 and
// 32.8 M in 99 s at 1024, hence the 256 of then. Long runs name their --memory (results/).
void add_solver_options(po::options_description& desc) {
  add_threads_option(desc);
  desc.add_options()("memory", po::value<int>()->default_value(1024),
                     "table memory in MiB (values + proofs)")(
      "timeout", po::value<double>()->default_value(0),
      "stop after this many seconds and report unknown (0 = no limit)")(
      "node-budget", po::value<int64_t>()->default_value(0),
      "stop after about this many search nodes and report unknown (0 = no limit); on 1 "
      "thread the same partial answer on every machine, unlike --timeout")(
      "value-limit", po::value<int>()->default_value(6),
      "regions with at most this many stones are evaluated exactly during search");
}

std::optional<SolverConfig> solver_config_from(const po::variables_map& vm,
                                               const std::string& command, Io io) {
  SolverConfig c;
  const auto bytes = checked_memory(vm, command, io);
  if (!bytes) return std::nullopt;
  c.memory_bytes = *bytes;
  const auto timeout = checked_seconds(vm, "timeout", command, io);
  if (!timeout) return std::nullopt;
  c.timeout_seconds = *timeout;
  const auto nodes = checked_node_budget(vm, command, io);
  if (!nodes) return std::nullopt;
  c.node_budget = *nodes;
  c.value_limit = vm["value-limit"].as<int>();
  if (c.value_limit < 0 || c.value_limit > 64) {
    usage_error(io, command, "--value-limit must be between 0 and 64");
    return std::nullopt;
  }
  const auto threads = checked_threads(vm, command, io);
  if (!threads) return std::nullopt;
  c.threads = *threads;
  return c;
}

}  // namespace konane::cli
