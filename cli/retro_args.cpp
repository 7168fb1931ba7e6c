#include "retro_args.hpp"

#include "db_support.hpp"
#include "solver/ranks/ranks.hpp"
#include "solver/retro/contract.hpp"

namespace konane::cli {

void add_retro_options(po::options_description& desc) {
  const solver::RetroOptions<int> defaults;
  desc.add_options()("board", po::value<std::string>(), "board size RxC")(
      "values", "also store the canonical CGT value of every position (small boards)")(
      "chunk", po::value<size_t>()->default_value(defaults.chunk_positions),
      "positions expanded or solved per parallel chunk (bounds memory)")(
      "spill", po::value<size_t>()->default_value(defaults.spill_entries),
      "child positions buffered (8 bytes each) before a sorted run goes to disk")(
      "replicate-window", po::value<size_t>()->default_value(defaults.replicate_bytes >> 20),
      "under mpirun: MiB up to which every rank keeps a whole copy of a layer's window (the "
      "layers below it) and looks children up locally; beyond, each rank keeps its share and "
      "asks the owners (0: always ask)")("quiet", "no progress lines on stderr");
  add_db_option(desc);
  add_threads_option(desc);
}

std::optional<RetroArgs> retro_args(const po::variables_map& vm, Io io) {
  auto fail = [&](const std::string& why) -> std::optional<RetroArgs> {
    usage_error(io, "retro", why);
    return std::nullopt;
  };
  if (!vm.count("board")) return fail("--board RxC is required");
  RetroArgs a;
  a.board = vm["board"].as<std::string>();
  a.path = db_path_from(vm);
  if (a.path.empty()) return fail("--db PATH is required");
  const auto threads = checked_threads(vm, "retro", io);
  if (!threads) return std::nullopt;
  a.threads = *threads;
  a.chunk = vm["chunk"].as<size_t>();
  if (a.chunk == 0) return fail("--chunk must be positive");
  a.spill = vm["spill"].as<size_t>();
  if (a.spill == 0) return fail("--spill must be positive");
  a.replicate_bytes = vm["replicate-window"].as<size_t>() << 20;
  a.values = vm.count("values") > 0;
  a.quiet = vm.count("quiet") > 0;
  if (solver::ranks::world().size > 1 && a.values)
    return fail("--values is computed by one process; run it without mpirun (or -np 1)");
  return a;
}

}  // namespace konane::cli
