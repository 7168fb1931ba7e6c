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

// What the options ask for; nullopt after printing which is wrong (exit 2).
struct PrecomputeArgs {
  core::Shape box;
  int max_stones = 0, threads = 1;
  size_t memory = 0;
  double timeout = 0;
  std::string path;
};
std::optional<PrecomputeArgs> precompute_args(const po::variables_map& vm, Io io) {
  auto fail = [&](const std::string& why) -> std::optional<PrecomputeArgs> {
    usage_error(io, "precompute", why);
    return std::nullopt;
  };
  if (!vm.count("box")) return fail("--box RxC is required");
  if (!vm.count("max-stones")) return fail("--max-stones K is required");
  PrecomputeArgs a;
  std::string error;
  const auto box = parse_board_size(vm["box"].as<std::string>(), &error);
  if (!box) return fail("--box: " + error);
  a.box = *box;
  a.max_stones = vm["max-stones"].as<int>();
  if (a.max_stones < 2 || a.max_stones > 16)
    return fail("--max-stones must be from 2 to 16, got " + std::to_string(a.max_stones));
  a.path = db_path_from(vm);
  if (a.path.empty()) return fail("--db PATH is required");
  const auto threads = checked_threads(vm, "precompute", io);
  const auto timeout = threads ? checked_seconds(vm, "timeout", "precompute", io) : std::nullopt;
  const auto memory = timeout ? checked_memory(vm, "precompute", io) : std::nullopt;
  if (!memory) return std::nullopt;
  a.threads = *threads;
  a.timeout = *timeout;
  a.memory = *memory;
  return a;
}

void print_precompute(Io io, const PrecomputeArgs& a, const solver::PrecomputeReport& report,
                      double secs, bool json) {
  const auto& c = report.counts;
  if (json) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("box", core::shape_name(a.box));
    j.field("max_stones", a.max_stones);
    j.field("complete", report.complete);
    j.field("chunks_done", c.chunks_done);
    j.field("chunks_total", c.chunks_total);
    j.field("resumed_at", report.resumed_at);
    j.field("regions", c.regions);
    j.field("computed", c.computed);
    j.field("already_stored", report.already);
    j.field("threads", a.threads);
    j.field("seconds", secs);
    j.end_object();
    io.out << "\n";
    return;
  }
  io.out << "box: " << core::shape_name(a.box) << "  max stones: " << a.max_stones << "\n"
         << "chunks: " << c.chunks_done << "/" << c.chunks_total
         << (report.resumed_at ? " (resumed at " + std::to_string(report.resumed_at) + ")"
                               : std::string())
         << "\n"
         << "whole regions met: " << c.regions << " (values computed " << c.computed
         << ", already stored " << report.already << ")\n"
         << "seconds: " << secs << "  threads: " << a.threads << "\n";
  if (!report.complete) io.out << "incomplete (timed out): rerun to resume\n";
}

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
  const auto a = precompute_args(vm, io);
  if (!a) return kExitUsage;
  auto database = open_database(a->path, db::OpenMode::kReadWrite, true, "precompute", io);
  if (!database) return kExitUsage;

  core::StopToken stop;
  if (a->timeout > 0) stop.set_deadline_in(a->timeout);
  solver::PrecomputeConfig config{a->box, a->max_stones, a->threads, a->memory, &stop};
  core::ProgressLine meter(vm.count("quiet") ? nullptr : &io.err, err_is_tty(io), "chunk");
  const auto t0 = std::chrono::steady_clock::now();
  meter.count_from(t0);
  const auto detail = [](const solver::PrecomputeProgress& p) {
    return std::to_string(p.regions) + " regions, " + std::to_string(p.computed) + " computed ";
  };
  auto report =
      solver::precompute_regions<Game>(*database, config, [&](const solver::PrecomputeProgress& p) {
        // Asked between batches: the deadline is read here, where the work can stop.
        stop.stop_requested();
        if (meter.due("precompute", false))
          meter.update("precompute", p.chunks_done, p.chunks_total, false, detail(p));
      });
  if (!report) return db_error(io, "precompute", a->path, report.error());
  meter.update("precompute", report->counts.chunks_done, report->counts.chunks_total, true,
               detail(report->counts));
  meter.finish();
  if (auto st = database->close(); !st) return db_error(io, "precompute", a->path, st.error());
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  print_precompute(io, *a, *report, secs, vm.count("json") > 0);
  return report->complete ? kExitOk : kExitNotFound;
}

Registrar precompute_reg("precompute",
                         "store the values of every small region in --db, for searches",
                         run_precompute);

}  // namespace
}  // namespace konane::cli
