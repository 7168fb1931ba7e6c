#include "think_options.hpp"

namespace konane::cli {

void add_think_options(po::options_description& desc, const std::string& seconds_option,
                       double seconds) {
  add_threads_option(desc);
  desc.add_options()(seconds_option.c_str(), po::value<double>()->default_value(seconds),
                     "seconds the engine may spend solving each position (0 = no limit)")(
      "node-budget", po::value<int64_t>()->default_value(0),
      "search nodes (short games) or positions (loopy games) per solve, 0 = the default; unlike "
      "the time limit, the same answers on every machine (given without a time, the only "
      "limit)")("memory", po::value<int>()->default_value(128), "table memory in MiB per solve");
}

std::optional<Think> think_from(const po::variables_map& vm, const std::string& seconds_option,
                                const std::string& command, Io io) {
  Think t;
  const auto seconds = checked_seconds(vm, seconds_option, command, io);
  if (!seconds) return std::nullopt;
  t.seconds = *seconds;
  const auto nodes = checked_node_budget(vm, command, io);
  if (!nodes) return std::nullopt;
  t.nodes = *nodes;
  // A budget asked for without a time is the whole limit: the default time would otherwise
  // make the answers depend on the machine's speed after all.
  if (t.nodes > 0 && vm[seconds_option].defaulted()) t.seconds = 0;
  const auto bytes = checked_memory(vm, command, io);
  if (!bytes) return std::nullopt;
  t.memory_bytes = *bytes;
  const auto threads = checked_threads(vm, command, io);
  if (!threads) return std::nullopt;
  t.threads = *threads;
  return t;
}

}  // namespace konane::cli
