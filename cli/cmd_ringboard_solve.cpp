// `konane solve --game ringboard POSITION`: the exact result of one position (win, loss or
// draw for the side to move, the distance in plies), every move's result, the best moves and
// a principal variation. Solved by retrograde analysis of the positions reachable from it
// (solver/loopy/retro_loopy.hpp, which handles cycles: what never resolves is a draw), with an
// endgame database (--db, from `retro --game ringboard`) as the boundary: a position the
// database settles is not expanded. Exact, so it needs the reachable graph in memory: the
// run stops with `unknown` past --max-positions or --timeout.
#include <chrono>
#include <cmath>
#include <iomanip>
#include <ostream>

#include "api/json.hpp"
#include "db_support.hpp"
#include "options.hpp"
#include "ringboard_arg.hpp"
#include "ringboard_db_admin.hpp"
#include "ringboard_report.hpp"
#include "ringboard_solving.hpp"

namespace konane::cli {
namespace {

int run_ringboard_solve(const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  const auto positional = add_ringboard_position_options(desc);
  add_ringboard_limit_options(desc);
  desc.add_options()("quiet", "no progress lines on stderr");
  add_db_option(desc);
  add_threads_option(desc);
  auto parsed = parse_args("solve",
                           "konane solve --game ringboard POSITION [--db PATH] [--threads N] "
                           "[--timeout S] [--max-positions N] [--method auto|retro|proof] "
                           "[--max-nodes N] [--json]",
                           desc, positional, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Solves a Ringboard position exactly: win, loss or draw for the side to move,\n"
              "the distance in plies (the winner hurries, the loser delays), every move's\n"
              "result, the best moves and a principal variation. Every position reachable\n"
              "from it is solved in memory, cycles included (a position from which neither\n"
              "side can force a win is a draw); with --db, positions the database holds (an\n"
              "endgame database, or what earlier solves stored) are read from it and not\n"
              "searched, and every position a complete solve reached is stored. Past\n"
              "--max-positions, a proof search takes over (--method auto): two df-pn\n"
              "searches, one for each side's forced win, with repetitions counted as no win;\n"
              "a draw when both fail. It gives every move's result and a line, but no exact\n"
              "distances (an upper bound for a win). Past --timeout the answer is unknown.\n";
    return kExitOk;
  }
  const auto s = resolve_ringboard_position(vm, "solve", io);
  if (!s) return kExitUsage;
  auto limits = ringboard_limits_from(vm, "solve", io);
  if (!limits) return kExitUsage;
  threads_from(vm);
  const std::string path = db_path_from(vm);
  auto database = path.empty() ? std::optional<db::Database>()
                               : open_database(path, db::OpenMode::kReadWrite, true, "solve", io);
  if (!path.empty() && (!database || !check_ringboard_keys(*database, true, path, "solve", io)))
    return kExitUsage;
  const auto t0 = std::chrono::steady_clock::now();
  limits->progress = vm.count("quiet") ? nullptr : &io.err;
  limits->progress_tty = err_is_tty(io);
  const auto a = solve_ringboard(*s, *limits, database ? &*database : nullptr, true);
  if (!a) {
    if (a.error().code == db::Code::kInvalidArgument)
      return usage_error(io, "solve", a.error().message);
    return db_error(io, "solve", path, a.error());
  }
  if (database)
    if (auto st = database->close(); !st) return db_error(io, "solve", path, st.error());
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (vm.count("json")) {
    api::JsonWriter j(io.out);
    j.begin_object();
    ringboard_position_json(j, *s);
    solved_json(j, *a);
    j.field("seconds", secs);
    j.end_object();
    return kExitOk;
  }
  moves_text(io.out, *s, a->result, a->distance, a->moves);
  if (!a->complete) io.out << "not solved: " << a->reason.substr(a->reason.find(": ") + 2) << "\n";
  if (!a->pv.empty()) {
    io.out << "pv:";
    for (const auto& m : a->pv) io.out << " " << m;
    io.out << "\n";
  }
  if (a->from_db) io.out << "from the database\n";
  if (a->proof_nodes || std::string(a->method) == "proof search") {
    io.out << "by proof search: " << a->proof_nodes << " nodes; distances not computed";
    if (a->within) io.out << " (the game ends within " << *a->within << " plies)";
    io.out << "\n";
  }
  io.out << "positions: " << a->positions << "  db hits: " << a->db_hits
         << "  seconds: " << std::fixed << std::setprecision(2) << secs << "\n";
  return kExitOk;
}

const Registrar ringboard_solve_solve_reg("solve",
                                          "a position's exact result, distance, best moves and PV",
                                          run_ringboard_solve, false, "ringboard");

}  // namespace
}  // namespace konane::cli
