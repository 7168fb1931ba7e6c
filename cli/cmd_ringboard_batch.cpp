// `konane batch --game ringboard FILE`: many Ringboard positions solved exactly, as
// `solve --game ringboard` solves one (api::solve_loopy), in parallel and resumably
// (cli/batch_runner.hpp).
#include <tbb/task_arena.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "api/json.hpp"
#include "batch_lines.hpp"
#include "batch_runner.hpp"
#include "db_support.hpp"
#include "loopy_args.hpp"
#include "options.hpp"
#include "rank_database.hpp"
#include "rank_setup.hpp"
#include "ringboard_db_admin.hpp"

namespace konane::cli {
namespace {

struct RingboardLine {
  BatchItem item;
  api::PositionRequest request;
};

// A line's text: a position (with an optional side to move, default Black) or `start`.
RingboardLine parse_line(int number, const std::string& text) {
  RingboardLine l{{number, text, ""}, {}};
  l.request.game = "ringboard";
  l.request.position = text;
  if (auto st = api::check(l.request); !st) {
    const std::string& error = st.error().message;
    const auto nl = error.find('\n');
    l.item.error = nl == std::string::npos ? error : error.substr(0, nl);
  }
  return l;
}

int run_ringboard_batch(const std::vector<std::string>& args, Io io) {
  const std::string usage =
      "konane batch --game ringboard FILE [--db PATH] [--threads N] [--output FILE.jsonl] "
      "[--timeout S] [--max-positions N]";
  po::options_description desc("options");
  add_batch_options(desc);
  add_loopy_limit_options(desc);
  add_db_option(desc);
  add_threads_option(desc);
  auto parsed = parse_args("batch", usage, desc, {"file"}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Solves every Ringboard position of FILE as `konane solve --game ringboard`\n"
              "does: one position per line (the position text, optionally followed by b or\n"
              "w, default b; or the word start); '#' starts a comment, blank lines are\n"
              "skipped. Prints one JSON object per position line, in input order, with the\n"
              "fields of `solve --game ringboard --json` plus \"line\". A bad line gives\n"
              "{\"line\":N,\"input\":...,\"error\":...} (also on stderr) and the batch goes on;\n"
              "the exit code is then 1. With --db, positions the database holds (an endgame\n"
              "database, or what earlier solves stored) are read from it, not searched, and\n"
              "every position a complete solve reached is stored. With --output, a killed\n"
              "batch resumes.\n";
    return kExitOk;
  }
  const auto input = read_batch_input(vm, io);
  if (!setup_agreed(input.has_value(), "batch", io)) return kExitUsage;
  const auto limits = loopy_limits_from(vm, "batch", io);
  if (!limits) return kExitUsage;
  threads_from(vm);

  const auto lines = batch_lines<RingboardLine>(*input, parse_line);
  const std::string path = db_path_from(vm);
  auto database = path.empty() ? std::optional<db::Database>()
                               : open_rank_database(path, "batch", io, [&](db::Database& d) {
                                   return check_ringboard_keys(d, true, path, "batch", io);
                                 });
  if (!path.empty() && !database) return kExitUsage;

  BatchJob job;
  job.input_bytes = *input;
  job.answer_options = {{"game", "ringboard"},
                        {"timeout", limits->timeout_seconds},
                        {"max_positions", limits->max_positions},
                        {"pv", limits->pv_plies},
                        {"db", !path.empty()}};
  job.output = vm.count("output") ? vm["output"].as<std::string>() : "";
  job.quiet = vm.count("quiet") > 0;
  job.db_path = path;
  job.solve = [&](size_t i, const std::function<void()>& step) -> db::Expected<std::string> {
    const RingboardLine& l = lines[i];
    core::Expected<api::LoopySolveAnswer> a = core::Error{core::Code::kInternal, "not run"};
    tbb::this_task_arena::isolate(
        [&] { a = api::solve_loopy(l.request, *limits, database ? &*database : nullptr, true); });
    if (!a) return a.error();
    if (database && a->complete && !a->from_db) step();  // its positions are stored
    std::ostringstream os;
    api::JsonWriter j(os);
    j.begin_object();
    j.field("line", l.item.number);
    api::write_fields(j, *a);
    j.end_object();
    return trim(os.str());
  };
  if (database) share_database(job, *database);
  job.finish = [&]() -> db::Status {
    if (database) return database->close();
    return {};
  };
  std::vector<BatchItem> items;
  for (const auto& l : lines) items.push_back(l.item);
  return run_batch_job(items, job, io);
}

const Registrar ringboard_batch_batch_reg(
    "batch", "solve many positions (one per line) in parallel, resumably", run_ringboard_batch,
    false, "ringboard", true);

}  // namespace
}  // namespace konane::cli
