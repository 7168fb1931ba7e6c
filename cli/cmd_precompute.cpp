// konane precompute --box RxC --max-stones K --db PATH: the region-value store filled ahead
// of any search (solver/values/region_precompute.hpp).
#include <chrono>
#include <ostream>

#include "api/json.hpp"
#include "core/progress.hpp"
#include "core/stop.hpp"
#include "db_support.hpp"
#include "konane_solver.hpp"
#include "options.hpp"
#include "position_arg.hpp"
#include "solver/values/region_precompute.hpp"

namespace konane::cli {
namespace {

int run_precompute(const std::vector<std::string>& args, Io io) {
  const std::string usage =
      "konane precompute --box RxC --max-stones K --db PATH [--threads N] [--timeout S] "
      "[--memory MiB] [--quiet] [--json]";
  po::options_description desc("options");
  desc.add_options()("box", po::value<std::string>(), "boards up to RxC, either way round")(
      "max-stones", po::value<int>(), "regions of at most K stones (2 to 16)")(
      "timeout", po::value<double>()->default_value(0),
      "stop after the batch running at S seconds (0 = no limit); a rerun resumes")(
      "memory", po::value<int>()->default_value(static_cast<int>(solver::kDefaultMemoryMiB)),
      "MiB for the table of values")("quiet", "no progress lines on stderr");
  add_db_option(desc);
  add_threads_option(desc);
  auto parsed = parse_args("precompute", usage, desc, {}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Stores in --db the exact CGT value of every region of at most K stones whose\n"
              "zone (the squares its stones can ever reach) fits in an RxC box, once per\n"
              "class under the board's symmetries and the colour swap. `value`, `solve` and\n"
              "their searches read these values instead of computing them. Work is done in a\n"
              "fixed order of chunks; an interrupted run resumes where it stopped. Progress\n"
              "(chunks done, regions found, values computed, rate, ETA) goes to stderr.\n";
    return kExitOk;
  }
  if (!vm.count("box")) return usage_error(io, "precompute", "--box RxC is required");
  if (!vm.count("max-stones")) return usage_error(io, "precompute", "--max-stones K is required");
  std::string error;
  const auto box = parse_board_size(vm["box"].as<std::string>(), &error);
  if (!box) return usage_error(io, "precompute", "--box: " + error);
  const int k = vm["max-stones"].as<int>();
  if (k < 2 || k > 16)
    return usage_error(io, "precompute",
                       "--max-stones must be from 2 to 16, got " + std::to_string(k));
  const std::string path = db_path_from(vm);
  if (path.empty()) return usage_error(io, "precompute", "--db PATH is required");
  const auto threads = checked_threads(vm, "precompute", io);
  if (!threads) return kExitUsage;
  const auto timeout = checked_seconds(vm, "timeout", "precompute", io);
  if (!timeout) return kExitUsage;
  const auto memory = checked_memory(vm, "precompute", io);
  if (!memory) return kExitUsage;
  auto database = open_database(path, db::OpenMode::kReadWrite, true, "precompute", io);
  if (!database) return kExitUsage;

  core::StopToken stop;
  if (*timeout > 0) stop.set_deadline_in(*timeout);
  solver::PrecomputeConfig config{*box, k, *threads, *memory, &stop};
  core::ProgressLine meter(vm.count("quiet") ? nullptr : &io.err, err_is_tty(io), "chunk");
  const auto t0 = std::chrono::steady_clock::now();
  meter.count_from(t0);
  auto report =
      solver::precompute_regions<Game>(*database, config, [&](const solver::PrecomputeProgress& p) {
        // Asked between batches: the deadline is read here, where the work can stop.
        stop.stop_requested();
        if (!meter.due("precompute", false)) return;
        meter.update(
            "precompute", p.chunks_done, p.chunks_total, false,
            std::to_string(p.regions) + " regions, " + std::to_string(p.computed) + " computed ");
      });
  if (!report) return db_error(io, "precompute", path, report.error());
  meter.update("precompute", report->counts.chunks_done, report->counts.chunks_total, true,
               std::to_string(report->counts.regions) + " regions, " +
                   std::to_string(report->counts.computed) + " computed ");
  meter.finish();
  if (auto st = database->close(); !st) return db_error(io, "precompute", path, st.error());
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const auto& c = report->counts;
  if (vm.count("json")) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("box", core::shape_name(*box));
    j.field("max_stones", k);
    j.field("complete", report->complete);
    j.field("chunks_done", c.chunks_done);
    j.field("chunks_total", c.chunks_total);
    j.field("resumed_at", report->resumed_at);
    j.field("regions", c.regions);
    j.field("computed", c.computed);
    j.field("already_stored", report->already);
    j.field("threads", *threads);
    j.field("seconds", secs);
    j.end_object();
    io.out << "\n";
  } else {
    io.out << "box: " << core::shape_name(*box) << "  max stones: " << k << "\n"
           << "chunks: " << c.chunks_done << "/" << c.chunks_total
           << (report->resumed_at ? " (resumed at " + std::to_string(report->resumed_at) + ")"
                                  : std::string())
           << "\n"
           << "whole regions met: " << c.regions << " (values computed " << c.computed
           << ", already stored " << report->already << ")\n"
           << "seconds: " << secs << "  threads: " << *threads << "\n";
    if (!report->complete) io.out << "incomplete (timed out): rerun to resume\n";
  }
  return report->complete ? kExitOk : kExitNotFound;
}

Registrar precompute_reg("precompute",
                         "store the values of every small region in --db, for searches",
                         run_precompute);

}  // namespace
}  // namespace konane::cli
