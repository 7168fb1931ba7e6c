// konane retro [--game G] --board RxC [--opening RULE] --db PATH: a board strongly solved by
// retrograde analysis (api::retro), for every game whose plug-in names a start: the full
// board and its opening (Konane), an empty or full board (the grid games).
#include <cstdlib>
#include <iomanip>
#include <ostream>

#include "api/verbs.hpp"
#include "build_info.hpp"
#include "db_support.hpp"
#include "options.hpp"
#include "rank_database.hpp"
#include "request_args.hpp"
#include "retro_args.hpp"
#include "solver/ranks/ranks.hpp"

namespace konane::cli {
namespace {

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out.empty() ? "none" : out;
}

void print_retro(Io io, const api::RetroAnswer& a) {
  if (a.opening)
    io.out << "board: " << a.board << " (" << a.game << ", " << a.opening->rule << " opening)\n"
           << "winner: " << api::winner_text(a.winner) << "\n"
           << "black winning removals: " << joined(a.winning_moves) << "\n";
  else
    io.out << "board: " << a.board << " (" << a.game << ", from " << a.start << ")\n"
           << "winner: " << api::winner_text(a.black_first) << " with black first, "
           << api::winner_text(a.white_first) << " with white first\n";
  io.out << "reachable positions (symmetry-reduced): " << a.positions << " (" << a.sides
         << " with a side to move)\n"
         << "layers (squares in play  positions  sides  mover-wins  seconds):\n";
  for (const api::RetroLayerAnswer& l : a.layers)
    io.out << "  " << std::setw(3) << l.layer << "  " << std::setw(10) << l.positions << "  "
           << std::setw(10) << l.sides << "  " << std::setw(10) << l.mover_wins << "  "
           << std::fixed << std::setprecision(3) << l.seconds
           << (l.resumed ? "  (earlier run)" : "") << "\n";
  io.out << std::fixed << std::setprecision(2) << "seconds: " << a.seconds
         << "  threads: " << a.threads
         << (a.ranks > 1 ? "  ranks: " + std::to_string(a.ranks) : std::string())
         << "  peak memory: " << a.peak_rss_kb / 1024 << " MiB" << (a.resumed ? "  (resumed)" : "")
         << "\n";
}

// Fault tests' hooks: SIGKILL after solving this many positions / spilling this many runs;
// under mpirun, KONANE_RANK_ABORT=K keeps them to rank K alone.
void abort_hooks(api::RetroRequest& r) {
  if (const char* env = std::getenv("KONANE_RANK_ABORT");
      env && std::atoi(env) != solver::ranks::world().rank)
    return;
  if (const char* env = std::getenv("KONANE_RETRO_ABORT_AFTER"))
    r.abort_after = std::strtoull(env, nullptr, 10);
  if (const char* env = std::getenv("KONANE_RETRO_ABORT_AFTER_RUNS"))
    r.abort_after_runs = std::strtoull(env, nullptr, 10);
}

int run_retro(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane retro --game " + game +
                            " --board RxC [--opening standard|any|piko] --db PATH [--values] "
                            "[--threads N] [--quiet] [--json]";
  po::options_description desc("options");
  desc.add_options()("opening", po::value<std::string>(),
                     "a game with an opening (Konane): standard (the default), any or piko");
  add_retro_options(desc);
  auto parsed = parse_args("retro", usage, desc, {}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Strongly solves a board: enumerates every position reachable from the game's\n"
              "start on that board (its rules name it: Konane's full board and every line\n"
              "of its opening's removals; an empty or full board with either side moving\n"
              "first), layered by the squares in play, solves the layers upwards in parallel\n"
              "and bulk-loads every position's winner (for each side to move it was reached\n"
              "with) into the database, once per symmetry class. Interrupted runs resume\n"
              "from the last finished layer. The position keys must fit in 60 bits.\n";
    return kExitOk;
  }
  const auto args_read = retro_args(vm, io);
  if (!args_read) return kExitUsage;
  api::RetroRequest r;
  r.game = game;
  r.board = args_read->board;
  if (vm.count("opening")) r.opening = vm["opening"].as<std::string>();
  r.db_path = args_read->path;
  r.values = args_read->values;
  r.threads = args_read->threads;
  r.chunk_positions = args_read->chunk;
  r.spill_entries = args_read->spill;
  r.replicate_bytes = args_read->replicate_bytes;
  r.across_ranks = true;
  r.build_id = kBuildId;
  abort_hooks(r);
  if (!args_read->quiet) {
    r.progress = &io.err;
    r.progress_tty = err_is_tty(io);
  }
  // Refused before the database is made: a bad board or opening, or a game without a start.
  if (auto st = api::retro_check(r); !st) return api_error(io, "retro", st.error());
  auto database = open_rank_database(r.db_path, "retro", io);
  if (!database) return kExitUsage;
  const auto a = api::retro(r, *database);
  if (!a) return api_error(io, "retro", a.error(), r.db_path);
  if (solver::ranks::world().rank != 0) return kExitOk;
  if (auto st = database->close(); !st) return db_error(io, "retro", r.db_path, st.error());
  if (vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    io.out << "\n";
    return kExitOk;
  }
  print_retro(io, *a);
  return kExitOk;
}

const GameRegistrar any_retro_reg("retro",
                                  "strong solution of a board by retrograde analysis into --db",
                                  run_retro, true);

}  // namespace
}  // namespace konane::cli
