#include "solver_options.hpp"

namespace konane::cli {

// --memory's default is the engine's (solver::kDefaultMemoryMiB, whose comment says why).
void add_solver_options(po::options_description& desc) {
  add_threads_option(desc);
  desc.add_options()("memory",
                     po::value<int>()->default_value(static_cast<int>(solver::kDefaultMemoryMiB)),
                     "table memory in MiB (values + proofs)")(
      "timeout", po::value<double>()->default_value(0),
      "stop after this many seconds and report unknown (0 = no limit)")(
      "node-budget", po::value<int64_t>()->default_value(0),
      "stop after about this many search nodes and report unknown (0 = no limit); on 1 "
      "thread the same partial answer on every machine, unlike --timeout")(
      "value-limit", po::value<int>()->default_value(6),
      "regions with at most this many stones are evaluated exactly during search");
}

void add_progress_options(po::options_description& desc) {
  desc.add_options()("progress", po::value<double>()->default_value(10),
                     "a progress line on stderr every S seconds once the solve has run that "
                     "long, and a last one at its end (0: only the last one)")("quiet",
                                                                               "no progress lines");
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
