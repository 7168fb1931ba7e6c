// konane batch FILE [--db PATH] [--threads N] [--output FILE.jsonl]: solves many positions.
#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "api/json.hpp"
#include "batch_lines.hpp"
#include "batch_runner.hpp"
#include "db_support.hpp"
#include "konane/notation.hpp"
#include "konane_solver.hpp"
#include "options.hpp"
#include "position_arg.hpp"
#include "rank_database.hpp"
#include "rank_setup.hpp"
#include "solver/store/stored_analysis.hpp"
#include "solver_options.hpp"

namespace konane::cli {
namespace {

std::vector<std::string> texts(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(to_string(m));
  return out;
}

std::string result_json(const BatchLine& l, const GameState& s, const RootAnalysis& a,
                        uint64_t nodes, double secs, bool from_db) {
  std::ostringstream os;
  api::JsonWriter j(os);
  std::vector<Move> winning;
  for (const auto& m : a.moves)
    if (m.for_mover == solver::Result::Win) winning.push_back(m.move);
  j.begin_object();
  j.field("line", l.number);
  j.field("position", state_text(s));
  j.field("winner", winner_text(a.winner));
  j.field("to_move", color_name(s.to_move));
  j.string_array("winning_moves", texts(winning));
  j.string_array("pv", texts(a.pv));
  j.field("complete", a.complete);
  j.field("nodes", nodes);
  j.field("seconds", secs);
  j.field("from_db", from_db);
  j.end_object();
  return trim(os.str());
}

int run_batch(const std::vector<std::string>& args, Io io) {
  const std::string usage =
      "konane batch FILE [--db PATH] [--threads N] [--output FILE.jsonl] [--timeout S]";
  po::options_description desc("options");
  add_batch_options(desc);
  add_solver_options(desc);
  add_db_option(desc);
  auto parsed = parse_args("batch", usage, desc, {"file"}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Solves every position of FILE: one position per line, optionally followed by\n"
              "b or w (the side to move, default b); '#' starts a comment, blank lines are\n"
              "skipped. Prints one JSON object per position line, in input order, with the\n"
              "fields of `konane solve --json` plus \"line\". A bad line gives\n"
              "{\"line\":N,\"input\":...,\"error\":...} (also on stderr) and the batch goes on;\n"
              "the exit code is then 1. With --db, positions already stored are not searched\n"
              "again and new results are stored. With --output, a killed batch resumes.\n";
    return kExitOk;
  }
  const auto input = read_batch_input(vm, io);
  if (!setup_agreed(input.has_value(), "batch", io)) return kExitUsage;
  const auto config = solver_config_from(vm, "batch", io);
  if (!config) return kExitUsage;
  const auto lines = batch_lines<BatchLine>(
      *input, [](int n, const std::string& text) { return parse_batch_text(text, n); });
  std::optional<db::Database> database;
  const std::string db_path = db_path_from(vm);
  if (!db_path.empty()) {
    database = open_rank_database(db_path, "batch", io);
    if (!database) return kExitUsage;
  }

  // Each worker thread has its own solver (a share of --memory); a line runs isolated so
  // that its node count is its own.
  SolverConfig per = *config;
  per.memory_bytes = std::max<size_t>(size_t{16} << 20, config->memory_bytes / config->threads);
  if (database) per.store = &*database;
  tbb::enumerable_thread_specific<std::unique_ptr<KonaneSolver>> solvers;
  BatchJob job;
  job.input_bytes = *input;
  job.answer_options = {{"timeout", config->timeout_seconds},
                        {"node_budget", config->node_budget},
                        {"value_limit", config->value_limit},
                        {"db", !db_path.empty()}};
  job.output = vm.count("output") ? vm["output"].as<std::string>() : "";
  job.quiet = vm.count("quiet") > 0;
  job.db_path = db_path;
  job.solve = [&](size_t i, const std::function<void()>& step) -> db::Expected<std::string> {
    const BatchLine& l = lines[i];
    const GameState& s = *l.state;
    const auto t1 = std::chrono::steady_clock::now();
    uint64_t nodes = 0;
    db::Status searched;  // the store as the search used it (solver/store/search_store.hpp)
    auto got = solver::answer_with_store<Game>(
        database ? &*database : nullptr, s.position, s.to_move == Color::Black, [&] {
          auto& solver = solvers.local();
          // A node budget is per position, and spent the same way whatever came before:
          // every line then starts from empty tables.
          if (!solver || solver->timed_out() || per.node_budget)
            solver = std::make_unique<KonaneSolver>(per);
          const uint64_t before = solver->nodes();
          RootAnalysis r;
          tbb::this_task_arena::isolate([&] { r = solver->analyse(s.position, s.to_move, true); });
          nodes = solver->nodes() - before;
          searched = solver->store_status();
          return r;
        });
    if (!got) return got.error();
    if (!searched) return searched.error();
    if (!got->stored) return got->stored.error();
    if (database && !got->from_db) step();
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    return result_json(l, s, got->analysis, nodes, secs, got->from_db);
  };
  if (database) share_database(job, *database);
  job.finish = [&]() -> db::Status {
    if (database) return database->close();
    return {};
  };
  std::vector<BatchItem> items;
  for (const auto& l : lines) items.push_back({l.number, l.text, l.error});
  return run_batch_job(items, job, io);
}

Registrar batch_reg("batch", "solve many positions (one per line) in parallel, resumably",
                    run_batch, false, "konane", true);

}  // namespace
}  // namespace konane::cli
