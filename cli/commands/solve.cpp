// konane solve POSITION [--game G]: the winner with perfect play, every winning move and a
// principal variation, for every game the facade answers; from --board (a game with an
// opening), the whole game and every first choice; for a loopy game (Ringboard), the result
// with draws and the distance (api::solve_loopy).
#include <iomanip>
#include <optional>
#include <ostream>

#include "api/verbs.hpp"
#include "core/progress.hpp"
#include "db_support.hpp"
#include "loopy_args.hpp"
#include "rank_setup.hpp"
#include "request_args.hpp"
#include "solver/ranks/ranks.hpp"
#include "solver_options.hpp"

namespace konane::cli {
namespace {

void print_figures(Io io, const api::SolveAnswer& a) {
  io.out << "nodes: " << a.search.nodes << "  seconds: " << a.search.seconds << "\n";
  if (!a.ranks) return;
  io.out << "ranks: " << a.ranks->nodes_per_rank.size() << " (nodes";
  for (size_t r = 0; r < a.ranks->nodes_per_rank.size(); ++r)
    io.out << (r ? ", " : " ") << a.ranks->nodes_per_rank[r];
  io.out << ")\n";
}

void print_position(Io io, const api::SolveAnswer& a) {
  io.out << "position: " << a.position << "\n";
  if (a.winner == core::Winner::Unknown)
    io.out << "winner: unknown (" << (a.search.complete ? "undecided" : a.search.stop_reason)
           << ")\n";
  else
    io.out << "winner: " << api::winner_text(a.winner) << " (" << api::side_text(a.to_move)
           << " to move "
           << (core::winner_of(a.to_move, core::Result::Win) == a.winner ? "wins" : "loses")
           << ")\n";
  io.out << "winning moves: ";
  if (a.winning_moves.empty()) io.out << (a.search.complete ? "none" : "none found");
  for (size_t i = 0; i < a.winning_moves.size(); ++i)
    io.out << (i ? " " : "") << a.winning_moves[i];
  io.out << "\npv: ";
  for (size_t i = 0; i < a.pv.size(); ++i) io.out << (i ? " " : "") << a.pv[i];
  size_t valued = 0;
  for (const api::RegionAnswer& r : a.regions) valued += r.source == "valued";
  const size_t stored = a.regions_from_db();
  io.out << "\nregions: " << a.regions.size() << " (" << valued << " valued on the spot, " << stored
         << " from the database, " << a.regions.size() - valued - stored << " searched)\n";
  if (a.db)
    io.out << "region values read from the database: " << a.db->region_hits << " of "
           << a.db->region_reads << " asked\n";
}

void print_opening(Io io, const api::SolveAnswer& a) {
  const api::OpeningAnswer& o = *a.opening;
  io.out << "board: " << o.board << " (" << o.rule << " opening)\n";
  io.out << "winner: " << api::winner_text(a.winner);
  if (a.winner != core::Winner::Unknown)
    io.out << " (" << api::side_text(a.to_move) << ", removing first, "
           << (core::winner_of(a.to_move, core::Result::Win) == a.winner ? "wins" : "loses") << ")";
  if (!a.search.complete) io.out << " (" << a.search.stop_reason << ")";
  io.out << "\nremovals:\n";
  if (o.choices.empty()) io.out << "  none: black has no legal removal\n";
  for (const api::OpeningChoiceAnswer& c : o.choices) {
    io.out << "  " << c.move << ": " << api::winner_text(c.winner);
    if (c.winner != core::Winner::Unknown) io.out << " wins";
    if (c.refutation) io.out << " (refuted by " << *c.refutation << ")";
    if (c.replies.empty()) io.out << " (white has no reply)";
    io.out << "\n";
  }
}

int print_solve(Io io, const api::SolveAnswer& a, bool json) {
  if (a.ranks && a.ranks->error) io.err << "konane solve: error: " << *a.ranks->error << "\n";
  if (json) {
    api::JsonWriter j(io.out);
    api::write_json(j, a);
    return kExitOk;
  }
  if (a.from_db.value_or(false)) io.out << "(from the database)\n";
  if (a.opening)
    print_opening(io, a);
  else
    print_position(io, a);
  print_figures(io, a);
  return kExitOk;
}

// Progress on stderr: what is settled so far (the root's moves; from a full board the first
// choices, symmetric ones once, and the replies decided) and the nodes, with their rate. No
// ETA: how many nodes a proof needs is not known before it is found. Under mpirun rank 0
// reports its own nodes (the other ranks' come with the answer).
std::string progress_detail(const api::Progress& p, bool several_ranks) {
  std::string out;
  if (p.groups)
    out = "removals " + std::to_string(*p.groups_settled) + "/" + std::to_string(*p.groups) +
          " settled, replies " + std::to_string(p.done) + "/" + std::to_string(p.total) +
          " decided;";
  else
    out = "moves " + std::to_string(p.done) + "/" + std::to_string(p.total) + " decided;";
  return out + (several_ranks ? " rank 0 nodes" : " nodes");
}

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

// A loopy game's solve (Ringboard): api::solve_loopy.
int run_loopy_solve(const std::string& game, const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  const auto positional = add_request_options(desc);
  add_loopy_limit_options(desc);
  desc.add_options()("quiet", "no progress lines on stderr");
  add_db_option(desc);
  add_threads_option(desc);
  auto parsed = parse_args("solve",
                           "konane solve --game " + game +
                               " POSITION [--db PATH] [--threads N] "
                               "[--timeout S] [--max-positions N] [--method auto|retro|proof] "
                               "[--max-nodes N] [--json]",
                           desc, positional, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Solves a position exactly: win, loss or draw for the side to move,\n"
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
  const auto request = request_from(vm, game, "solve", io);
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

int run_solve(const std::string& game, const std::vector<std::string>& args, Io io) {
  if (api::is_loopy(game)) return run_loopy_solve(game, args, io);
  const std::string usage =
      "konane solve (POSITION | --board RxC [--opening standard|any|piko]) [--game " + game +
      "] [--to-move black|white] [--moves M1,...] [--threads N] [--timeout S] [--db PATH] "
      "[--progress S] [--quiet] [--json]";
  po::options_description desc("options");
  const auto positional = add_request_options(desc);
  add_solver_options(desc);
  add_db_option(desc);
  add_progress_options(desc);
  auto parsed = parse_args("solve", usage, desc, positional, true, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Solves a position with perfect play: the winner, every winning move of the side\n"
              "to move and a principal variation to the end of the game. The position is split\n"
              "into independent regions; small ones get exact CGT values and the sum is\n"
              "searched with df-pn. With --board (a game with an opening), solves the whole\n"
              "game including the opening and reports every first choice (and the reply that\n"
              "refutes a losing one). With --timeout or --node-budget the result may be\n"
              "'unknown'. With --db PATH the answer is read from the database when stored\n"
              "whole, and what the search proves is stored there.\n"
              "A solve that runs longer than --progress seconds reports on stderr what is\n"
              "settled and the nodes searched, with their rate.\n\n"
           << notation_help(game);
    return kExitOk;
  }
  const auto request = request_from(parsed->vm, game, "solve", io);
  if (!request) return kExitUsage;
  auto limits = limits_from(parsed->vm, "solve", io);
  if (!limits) return kExitUsage;
  const auto every = checked_seconds(parsed->vm, "progress", "solve", io, 1e6);
  if (!every) return kExitUsage;
  // Under mpirun every rank searches (solver/proof/rank_rounds.hpp); only rank 0 opens the
  // database and prints.
  const auto& world = solver::ranks::world();
  limits->across_ranks = true;
  std::optional<db::Database> database;
  const std::string db_path = world.rank == 0 ? db_path_from(parsed->vm) : std::string();
  if (!db_path.empty())
    database = open_database(db_path, db::OpenMode::kReadWrite, true, "solve", io);
  if (!setup_agreed(db_path.empty() || database.has_value(), "solve", io)) return kExitUsage;
  if (!db_path.empty() && !database) return kExitUsage;
  const bool quiet = parsed->vm.count("quiet") > 0 || world.rank != 0;
  core::ProgressLine line(quiet ? nullptr : &io.err, err_is_tty(io), "nodes",
                          std::chrono::milliseconds(0));
  line.count_from(std::chrono::steady_clock::now());
  api::ProgressSink sink{*every, [&](const api::Progress& p, bool) {
                           line.update("solve", p.nodes, 0, true,
                                       progress_detail(p, world.size > 1));
                         }};
  const auto a = api::solve(*request, *limits, database ? &*database : nullptr,
                            line.active() ? &sink : nullptr);
  line.finish();
  if (!a) return api_error(io, "solve", a.error(), db_path);
  if (database)
    if (auto st = database->close(); !st) return db_error(io, "solve", db_path, st.error());
  return print_solve(io, *a, parsed->vm.count("json") > 0);
}

const GameRegistrar any_solve_reg("solve",
                                  "who wins with perfect play, the winning moves and a line",
                                  run_solve, true);

}  // namespace
}  // namespace konane::cli
