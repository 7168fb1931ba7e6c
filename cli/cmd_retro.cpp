// konane retro --board RxC --opening standard|any|piko --db PATH: strong solution of a board by
// retrograde analysis. Every position reachable from the opening is solved and stored.
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <ostream>
#include <sstream>

#include "api/json.hpp"
#include "build_info.hpp"
#include "db_support.hpp"
#include "konane/game.hpp"
#include "konane/notation.hpp"
#include "konane/opening.hpp"
#include "konane/retro_game.hpp"
#include "options.hpp"
#include "position_arg.hpp"
#include "rank_database.hpp"
#include "retro_args.hpp"
#include "solver/ranks/ranks.hpp"
#include "solver/retro/retro.hpp"
#include "solver/values/values.hpp"

namespace konane::cli {
namespace {

using RetroGame = KonaneRetroGameT<solver::RetroKey>;

long peak_rss_kb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

// What a finished run reports: rank 0's figures, and the opening's verdict read back.
struct RetroReport {
  std::string board;
  OpeningRule rule;
  int threads = 1;
  double secs = 0;
  long rss = 0;
  const solver::RetroStats& stats;
  const OpeningAnalysis& summary;
};

// The run's report as JSON: the board's verdict, every layer, and the run's figures.
void print_retro_json(Io io, const RetroReport& r) {
  api::JsonWriter j(io.out);
  j.begin_object();
  j.field("board", r.board);
  j.field("opening", rule_name(r.rule));
  j.field("winner", winner_text(r.summary.winner));
  j.string_array("winning_removals", squares_text(winning_removals(r.summary)));
  j.field("positions", r.stats.positions);
  j.field("sides", r.stats.sides);
  j.key("layers").begin_array();
  for (const auto& l : r.stats.layers) {
    j.begin_object();
    j.field("stones", l.layer);
    j.field("positions", l.positions);
    j.field("sides", l.sides);
    j.field("mover_wins", l.mover_wins);
    j.field("seconds", l.seconds);
    j.field("resumed", l.from_earlier_run);
    j.end_object();
  }
  j.end_array();
  j.field("threads", r.threads);  // per rank
  j.field("ranks", r.stats.ranks);
  j.field("message_bytes", r.stats.bytes_sent);
  j.field("peak_rss_kb", static_cast<int64_t>(r.rss));  // rank 0's
  // This run's phases (0 for a phase finished by an earlier run).
  j.field("enumerate_seconds", r.stats.enumerate_seconds);
  j.field("solve_seconds", r.stats.solve_seconds);
  j.field("resumed", r.stats.resumed);
  j.field("seconds", r.secs);
  j.end_object();
  io.out << "\n";
}

// The run's report as text.
void print_retro_text(Io io, const RetroReport& r) {
  io.out << "board: " << r.board << " (" << rule_name(r.rule) << " opening)\n"
         << "winner: " << winner_text(r.summary.winner) << "\n"
         << "black winning removals: "
         << (winning_removals(r.summary).empty() ? "none"
                                                 : join_squares(winning_removals(r.summary)))
         << "\n"
         << "reachable positions (symmetry-reduced): " << r.stats.positions << " (" << r.stats.sides
         << " with a side to move)\n"
         << "layers (stones  positions  sides  mover-wins  seconds):\n";
  for (const auto& l : r.stats.layers)
    io.out << "  " << std::setw(3) << l.layer << "  " << std::setw(10) << l.positions << "  "
           << std::setw(10) << l.sides << "  " << std::setw(10) << l.mover_wins << "  "
           << std::fixed << std::setprecision(3) << l.seconds
           << (l.from_earlier_run ? "  (earlier run)" : "") << "\n";
  io.out << std::fixed << std::setprecision(2) << "seconds: " << r.secs
         << "  threads: " << r.threads
         << (r.stats.ranks > 1 ? "  ranks: " + std::to_string(r.stats.ranks) : std::string())
         << "  peak memory: " << r.rss / 1024 << " MiB" << (r.stats.resumed ? "  (resumed)" : "")
         << "\n";
}

// The records that mark the board's solve done, with the figures `db stats` shows; the times
// are totals over every run that contributed (a resumed run adds its earlier layers' time).
std::vector<db::MetaEntry> finished_records(const std::string& prefix, const RetroReport& r) {
  double layer_seconds = 0;
  for (const auto& l : r.stats.layers) layer_seconds += l.seconds;
  return {
      {prefix + "positions", std::to_string(r.stats.positions)},
      {prefix + "sides", std::to_string(r.stats.sides)},
      {prefix + "layers", std::to_string(r.stats.layers.size())},
      {prefix + "seconds", std::to_string(r.secs)},
      {prefix + "layer_seconds", std::to_string(layer_seconds)},
      {prefix + "threads", std::to_string(r.threads)},
      {prefix + "ranks", std::to_string(r.stats.ranks)},
      {prefix + "peak_rss_kb", std::to_string(r.rss)},
      {prefix + "build_id", kBuildId},
      {prefix + "winner", winner_text(r.summary.winner)},
      {prefix + "black_winning_removals", join_squares(winning_removals(r.summary))},
      {prefix + "finished_at", solver::retro_detail::iso_now()},
      {prefix + "done", "1"},
  };
}

// The run's options from the command line (checked by the caller), the test hooks from the
// environment.
solver::RetroOptions<Position> retro_options(const RetroArgs& a, core::Shape size, OpeningRule rule,
                                             Io io) {
  solver::RetroOptions<Position> options;
  // Test hooks: SIGKILL after solving this many positions / spilling this many runs.
  uint64_t abort_after = 0, abort_after_runs = 0;
  if (const char* env = std::getenv("KONANE_RETRO_ABORT_AFTER")) abort_after = std::stoull(env);
  if (const char* env = std::getenv("KONANE_RETRO_ABORT_AFTER_RUNS"))
    abort_after_runs = std::stoull(env);
  // Under mpirun, KONANE_RANK_ABORT=K keeps those hooks to rank K alone.
  if (const char* env = std::getenv("KONANE_RANK_ABORT");
      env && std::atoi(env) != solver::ranks::world().rank)
    abort_after = abort_after_runs = 0;
  options.roots = opening_roots(size.rows, size.cols, rule);
  options.board = db_board(size.rows, size.cols);
  options.meta_prefix = retro_meta_prefix(size.rows, size.cols, rule);
  options.work_dir = std::filesystem::path(a.path) / "retro-work" /
                     (core::shape_name(size) + "-" + rule_name(rule));
  options.chunk_positions = a.chunk;
  options.spill_entries = a.spill;
  options.abort_after = abort_after;
  options.abort_after_runs = abort_after_runs;
  options.across_ranks = true;
  options.replicate_bytes = a.replicate_bytes;
  if (!a.quiet) {
    options.progress = &io.err;
    options.progress_tty = err_is_tty(io);
  }
  return options;
}

int run_retro(const std::vector<std::string>& args, Io io) {
  const std::string usage =
      "konane retro --board RxC [--opening standard|any|piko] --db PATH [--values] [--threads N]";
  po::options_description desc("options");
  desc.add_options()("opening", po::value<std::string>()->default_value("standard"),
                     "standard, any or piko");
  add_retro_options(desc);
  auto parsed = parse_args("retro", usage, desc, {}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Strongly solves a board: enumerates every position reachable from the opening\n"
              "(all removals the rule allows), layered by the number of stones, solves the\n"
              "layers from the fewest stones upwards in parallel, and bulk-loads every\n"
              "position's outcome (for each side to move it was reached with) into the\n"
              "database. Positions are stored once per symmetry class (board symmetries and\n"
              "colour swap). Interrupted runs resume from the last finished layer.\n";
    return kExitOk;
  }
  const auto a = retro_args(vm, io);
  if (!a) return kExitUsage;
  std::string error;
  const auto size = parse_board_size(a->board, &error);
  if (!size) return usage_error(io, "retro", error);
  const auto rule = parse_opening_rule(vm["opening"].as<std::string>());
  if (!rule)
    return usage_error(
        io, "retro",
        "--opening must be standard, any or piko, got '" + vm["opening"].as<std::string>() + "'");
  const std::string& path = a->path;
  const int threads = a->threads;
  const auto& world = solver::ranks::world();

  // Rank 0 holds it read-write; other ranks follow as secondaries (rank_database.hpp).
  auto database = open_rank_database(path, "retro", io);
  if (!database) return kExitUsage;

  const std::string board = core::shape_name(*size);
  const std::string prefix = retro_meta_prefix(size->rows, size->cols, *rule);
  auto options = retro_options(*a, *size, *rule, io);
  solver::ConcurrentTable value_table(size_t{256} << 20);
  solver::ValueSolver<Game> values(value_table);
  if (a->values)
    options.value_text = [&](const Position& p) { return cgt::to_string(values.value(p)); };

  const auto t0 = std::chrono::steady_clock::now();
  const std::string started = solver::retro_detail::iso_now();
  if (world.rank == 0)
    if (auto s = database->put_meta(prefix + "last_started_at", started); !s)
      return db_error(io, "retro", path, s.error());
  const RetroGame game{size->rows, size->cols};
  solver::RetroSolver<RetroGame> retro(game, *database, std::move(options));
  auto stats = retro.run();
  if (!stats) return db_error(io, "retro", path, stats.error());
  if (world.rank != 0) return kExitOk;  // rank 0 records and prints the run
  {
    std::error_code ec;  // the shared work directory goes once it is empty
    std::filesystem::remove(std::filesystem::path(path) / "retro-work", ec);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  auto summary = opening_from_db(*database, size->rows, size->cols, *rule);
  if (!summary) return db_error(io, "retro", path, summary.error());

  const long rss = peak_rss_kb();
  const RetroReport report{board, *rule, threads, secs, rss, *stats, *summary};
  auto meta = finished_records(prefix, report);
  if (a->values) meta.push_back({prefix + "values", "1"});
  if (auto s = database->put_meta(meta); !s) return db_error(io, "retro", path, s.error());
  if (auto s = database->close(); !s) return db_error(io, "retro", path, s.error());

  if (vm.count("json"))
    print_retro_json(io, report);
  else
    print_retro_text(io, report);
  return kExitOk;
}

Registrar retro_reg("retro", "strong solution of a board by retrograde analysis into --db",
                    run_retro, false, "konane", true);

}  // namespace
}  // namespace konane::cli
