// konane precompute [--game G] --box RxC --max-stones K --db PATH: the region-value store
// filled ahead of any search (api::precompute), for every game whose regions can be listed.
#include <chrono>
#include <ostream>

#include "api/json.hpp"
#include "api/verbs.hpp"
#include "core/progress.hpp"
#include "core/stop.hpp"
#include "db_support.hpp"
#include "options.hpp"
#include "request_args.hpp"

namespace konane::cli {
namespace {

void print_precompute(Io io, const api::PrecomputeAnswer& a) {
  io.out << "game: " << a.game << "  box: " << a.box << "  max stones: " << a.max_pieces << "\n"
         << "chunks: " << a.chunks_done << "/" << a.chunks_total
         << (a.resumed_at ? " (resumed at " + std::to_string(a.resumed_at) + ")" : std::string())
         << "\n"
         << "whole regions met: " << a.regions << " (values computed " << a.computed
         << ", already stored " << a.already_stored << ")\n"
         << "seconds: " << a.seconds << "  threads: " << a.threads << "\n";
  if (!a.complete) io.out << "incomplete (timed out): rerun to resume\n";
}

// The request the options make; nullopt after saying which is wrong (exit 2).
std::optional<api::PrecomputeRequest> precompute_request(const std::string& game,
                                                         const po::variables_map& vm, Io io) {
  auto fail = [&](const std::string& why) -> std::optional<api::PrecomputeRequest> {
    usage_error(io, "precompute", why);
    return std::nullopt;
  };
  if (!vm.count("box")) return fail("--box RxC is required");
  if (!vm.count("max-stones")) return fail("--max-stones K is required");
  api::PrecomputeRequest r;
  r.game = game;
  r.box = vm["box"].as<std::string>();
  r.max_pieces = vm["max-stones"].as<int>();
  if (db_path_from(vm).empty()) return fail("--db PATH is required");
  const auto threads = checked_threads(vm, "precompute", io);
  const auto memory = threads ? checked_memory(vm, "precompute", io) : std::nullopt;
  if (!memory) return std::nullopt;
  r.threads = *threads;
  r.memory_bytes = *memory;
  return r;
}

int run_precompute(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane precompute --game " + game +
                            " --box RxC --max-stones K --db PATH [--threads N] [--timeout S] "
                            "[--memory MiB] [--quiet] [--json]";
  po::options_description desc("options");
  desc.add_options()("box", po::value<std::string>(), "boards up to RxC, either way round")(
      "max-stones", po::value<int>(),
      "regions of at most K pieces (2 to 64): stones, or the empty squares of a game "
      "that fills them")(
      "timeout", po::value<double>()->default_value(0),
      "stop after the batch running at S seconds (0 = no limit); a rerun resumes")(
      "memory", po::value<int>()->default_value(int(api::PrecomputeRequest{}.memory_bytes >> 20)),
      "MiB for the table of values")("quiet", "no progress lines on stderr");
  add_db_option(desc);
  add_threads_option(desc);
  auto parsed = parse_args("precompute", usage, desc, {}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Stores in --db the exact CGT value of every region of at most K pieces (stones,\n"
              "or the empty squares of a game that fills them) whose zone (the squares it can\n"
              "ever use) fits in an RxC box, once per class under the board's symmetries and\n"
              "the game's negation. `value`, `solve` and their searches read these values\n"
              "instead of computing them. Work is done in a fixed order of chunks; an\n"
              "interrupted run resumes where it stopped. Progress (chunks done, regions found,\n"
              "values computed, rate, ETA) goes to stderr.\n";
    return kExitOk;
  }
  auto r = precompute_request(game, vm, io);
  if (!r) return kExitUsage;
  const auto timeout = checked_seconds(vm, "timeout", "precompute", io);
  if (!timeout) return kExitUsage;
  if (auto st = api::precompute_check(*r); !st) return api_error(io, "precompute", st.error());
  const std::string path = db_path_from(vm);
  auto database = open_database(path, db::OpenMode::kReadWrite, true, "precompute", io);
  if (!database) return kExitUsage;

  core::StopToken stop;
  if (*timeout > 0) stop.set_deadline_in(*timeout);
  r->stop = &stop;
  core::ProgressLine meter(vm.count("quiet") ? nullptr : &io.err, err_is_tty(io), "chunk");
  meter.count_from(std::chrono::steady_clock::now());
  const auto detail = [](uint64_t regions, uint64_t computed) {
    return std::to_string(regions) + " regions, " + std::to_string(computed) + " computed ";
  };
  r->progress = [&](uint64_t done, uint64_t total, uint64_t regions, uint64_t computed) {
    stop.stop_requested();  // the deadline is read between batches, where the work can stop
    if (meter.due("precompute", false))
      meter.update("precompute", done, total, false, detail(regions, computed));
  };
  const auto a = api::precompute(*r, *database);
  if (!a) return api_error(io, "precompute", a.error(), path);
  meter.update("precompute", a->chunks_done, a->chunks_total, true,
               detail(a->regions, a->computed));
  meter.finish();
  if (auto st = database->close(); !st) return db_error(io, "precompute", path, st.error());
  if (vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    io.out << "\n";
  } else {
    print_precompute(io, *a);
  }
  return a->complete ? kExitOk : kExitNotFound;
}

const GameRegistrar precompute_reg("precompute",
                                   "store the values of every small region in --db, for searches",
                                   run_precompute);

}  // namespace
}  // namespace konane::cli
