// `konane solve --game ringboard POSITION`: the exact result of one position of a loopy game
// (win, loss or draw for the side to move, the distance in plies), every move's result, the
// best moves and a principal variation (api::solve_loopy), with an endgame database (--db,
// from `retro --game ringboard`) as the boundary.
#include <iomanip>
#include <ostream>

#include "api/json.hpp"
#include "commands/request_args.hpp"
#include "db_support.hpp"
#include "loopy_args.hpp"
#include "options.hpp"

namespace konane::cli {
namespace {

void print_solved(Io io, const api::LoopySolveAnswer& a) {
  print_loopy_result(io.out, a);
  if (!a.complete) io.out << "not solved: " << a.reason.substr(a.reason.find(": ") + 2) << "\n";
  if (!a.pv.empty()) {
    io.out << "pv:";
    for (const auto& m : a.pv) io.out << " " << m;
    io.out << "\n";
  }
  if (a.from_db) io.out << "from the database\n";
  if (a.proof_nodes || a.method == "proof search") {
    io.out << "by proof search: " << a.proof_nodes << " nodes; distances not computed";
    if (a.within) io.out << " (the game ends within " << *a.within << " plies)";
    io.out << "\n";
  }
  io.out << "positions: " << a.positions << "  db hits: " << a.db_hits
         << "  seconds: " << std::fixed << std::setprecision(2) << a.seconds << "\n";
}

int run_ringboard_solve(const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  const auto positional = add_request_options(desc);
  add_loopy_limit_options(desc);
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
  const auto request = request_from(vm, "ringboard", "solve", io);
  if (!request) return kExitUsage;
  auto limits = loopy_limits_from(vm, "solve", io);
  if (!limits) return kExitUsage;
  threads_from(vm);
  if (auto st = api::check(*request); !st) return api_error(io, "solve", st.error());
  const std::string path = db_path_from(vm);
  auto database = path.empty() ? std::optional<db::Database>()
                               : open_database(path, db::OpenMode::kReadWrite, true, "solve", io);
  if (!path.empty() && !database) return kExitUsage;  // its key layout: api::solve_loopy
  limits->progress = vm.count("quiet") ? nullptr : &io.err;
  limits->progress_tty = err_is_tty(io);
  const auto a = api::solve_loopy(*request, *limits, database ? &*database : nullptr, true);
  if (!a) return api_error(io, "solve", a.error(), path);
  if (database)
    if (auto st = database->close(); !st) return db_error(io, "solve", path, st.error());
  if (vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    return kExitOk;
  }
  print_solved(io, *a);
  return kExitOk;
}

const Registrar ringboard_solve_solve_reg("solve",
                                          "a position's exact result, distance, best moves and PV",
                                          run_ringboard_solve, false, "ringboard");

}  // namespace
}  // namespace konane::cli
