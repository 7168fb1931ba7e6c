// konane solve POSITION --game G: the winner with perfect play, every winning move and a
// principal variation, for every game the facade answers.
#include <optional>
#include <ostream>

#include "api/verbs.hpp"
#include "core/progress.hpp"
#include "db_support.hpp"
#include "request_args.hpp"
#include "solver_options.hpp"

namespace konane::cli {
namespace {

int run_solve(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane solve POSITION --game " + game +
                            " [--to-move black|white] [--moves M1,...] [--threads N] "
                            "[--timeout S] [--db PATH] [--progress S] [--quiet] [--json]";
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
              "searched with df-pn. With --timeout or --node-budget the result may be\n"
              "'unknown'. With --db PATH the answer is read from the database when stored\n"
              "whole, and what the search proves is stored there.\n\n"
           << notation_help(game);
    return kExitOk;
  }
  const auto request = request_from(parsed->vm, game, "solve", io);
  if (!request) return kExitUsage;
  const auto limits = limits_from(parsed->vm, "solve", io);
  if (!limits) return kExitUsage;
  const auto every = checked_seconds(parsed->vm, "progress", "solve", io, 1e6);
  if (!every) return kExitUsage;
  std::optional<db::Database> database;
  const std::string db_path = db_path_from(parsed->vm);
  if (!db_path.empty()) {
    database = open_database(db_path, db::OpenMode::kReadWrite, true, "solve", io);
    if (!database) return kExitUsage;
  }
  // Progress lines: the moves decided so far and the nodes, with their rate.
  core::ProgressLine line(parsed->vm.count("quiet") ? nullptr : &io.err, err_is_tty(io), "nodes",
                          std::chrono::milliseconds(0));
  line.count_from(std::chrono::steady_clock::now());
  api::ProgressSink sink{*every, [&](const api::Progress& p, bool) {
                           line.update("solve", p.nodes, 0, true,
                                       "moves " + std::to_string(p.done) + "/" +
                                           std::to_string(p.total) + " decided; nodes");
                         }};
  const auto a = api::solve(*request, *limits, database ? &*database : nullptr,
                            line.active() ? &sink : nullptr);
  line.finish();
  if (!a) return api_error(io, "solve", a.error(), db_path);
  if (database)
    if (auto st = database->close(); !st) return db_error(io, "solve", db_path, st.error());
  if (parsed->vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    return kExitOk;
  }
  if (a->from_db.value_or(false)) io.out << "(from the database)\n";
  io.out << "position: " << a->position << "\n";
  if (a->winner == core::Winner::Unknown)
    io.out << "winner: unknown (" << (a->search.complete ? "undecided" : a->search.stop_reason)
           << ")\n";
  else
    io.out << "winner: " << api::winner_text(a->winner) << " (" << api::side_text(a->to_move)
           << " to move "
           << (core::winner_of(a->to_move, core::Result::Win) == a->winner ? "wins" : "loses")
           << ")\n";
  io.out << "winning moves: ";
  if (a->winning_moves.empty()) io.out << (a->search.complete ? "none" : "none found");
  for (size_t i = 0; i < a->winning_moves.size(); ++i)
    io.out << (i ? " " : "") << a->winning_moves[i];
  io.out << "\npv:";
  for (const std::string& m : a->pv) io.out << " " << m;
  io.out << "\nnodes: " << a->search.nodes << "  seconds: " << a->search.seconds << "\n";
  return kExitOk;
}

const GameRegistrar any_solve_reg("solve",
                                  "who wins with perfect play, the winning moves and a line",
                                  run_solve);

}  // namespace
}  // namespace konane::cli
