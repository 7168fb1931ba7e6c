// konane retro [--game G] --board RxC [--opening RULE] --db PATH: a board strongly solved by
// retrograde analysis (api::retro), for every game whose plug-in names a start: the full
// board and its opening (Konane), an empty or full board (the grid games). For a loopy game
// with material classes (Ringboard), `retro --pieces N` builds its endgame database
// (api::endgame_db).
#include <cstdlib>
#include <iomanip>
#include <ostream>

#include "api/verbs.hpp"
#include "build_info.hpp"
#include "db_support.hpp"
#include "loopy_args.hpp"
#include "options.hpp"
#include "position_arg.hpp"
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

void print_endgames(Io io, const api::EndgameDbAnswer& a) {
  io.out << "| class | positions | black to move: black / white / draw | white to move: black / "
            "white / draw | longest win | seconds |\n|---|---|---|---|---|---|\n";
  for (const api::EndgameClassAnswer& c : a.classes) {
    const auto &b = c.black_to_move, &w = c.white_to_move;
    io.out << "| " << c.name << " | " << c.positions << " | " << b.black << " / " << b.white
           << " / " << b.draw << " | " << w.black << " / " << w.white << " / " << w.draw << " | "
           << c.longest_win << " | " << std::fixed << std::setprecision(1) << c.seconds << " |\n";
  }
  io.out << "\npositions: " << a.positions << " in " << a.classes.size()
         << " classes  sides: " << a.sides << "  moves: " << a.edges
         << "\nmover wins: " << a.mover_wins << "  mover losses: " << a.mover_losses
         << "  draws: " << a.draws << "  longest win: " << a.longest_win
         << " plies\nseconds: " << std::fixed << std::setprecision(2) << a.seconds
         << (a.from_earlier_run ? " (solved by an earlier run)" : "") << "\n";
}

int run_endgames(const std::string& game, const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  desc.add_options()  //
      ("pieces", po::value<std::string>(),
       "the most pieces of a position (2 to 8, as memory allows)")  //
      ("sst-records", po::value<size_t>()->default_value(size_t{1} << 22),
       "records held in memory per table file while a class is stored")  //
      ("quiet", "no progress lines on stderr");
  add_db_option(desc);
  add_threads_option(desc);
  auto parsed =
      parse_args("retro", "konane retro --game " + game + " --pieces N --db PATH [--threads N]",
                 desc, {}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Solves every position of at most N pieces (every material class in which both\n"
              "sides have a piece, each side to move, and every position their moves reach)\n"
              "to a win, a loss or a draw with the distance in plies, by retrograde analysis\n"
              "that handles cycles, and stores them in the database. Prints per class the\n"
              "positions and who wins with each side to move. Classes an earlier run\n"
              "finished are read back, not solved again.\n";
    return kExitOk;
  }
  const auto pieces =
      required_count(vm, "pieces", "the most pieces of a position", 24, "retro", io);
  if (!pieces) return kExitUsage;
  const auto threads = checked_threads(vm, "retro", io);
  if (!threads) return kExitUsage;
  api::EndgameDbRequest r;
  r.game = game;
  r.pieces = *pieces;
  r.db_path = db_path_from(vm);
  if (r.db_path.empty()) return usage_error(io, "retro", "missing --db PATH");
  r.threads = *threads;
  r.sst_records = vm["sst-records"].as<size_t>();
  if (const char* env = std::getenv("KONANE_RETRO_ABORT_AFTER"))
    r.abort_after = std::strtoull(env, nullptr, 10);
  if (!vm.count("quiet")) {
    r.progress = &io.err;
    r.progress_tty = err_is_tty(io);
  }
  // Refused before the database is made: pieces out of range or beyond this machine.
  if (auto st = api::endgame_db_check(r); !st) return api_error(io, "retro", st.error());
  auto database = open_database(r.db_path, db::OpenMode::kReadWrite, true, "retro", io);
  if (!database) return kExitUsage;
  const auto a = api::endgame_db(r, *database);
  if (!a) return api_error(io, "retro", a.error(), r.db_path);
  if (auto st = database->close(); !st) return db_error(io, "retro", r.db_path, st.error());
  if (vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    io.out << "\n";
  } else {
    print_endgames(io, *a);
  }
  return kExitOk;
}

int run_retro(const std::string& game, const std::vector<std::string>& args, Io io) {
  if (api::has_endgame_db(game)) return run_endgames(game, args, io);
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
                                  "a board strongly solved (or endgames, --pieces) into --db",
                                  run_retro, true);

}  // namespace
}  // namespace konane::cli
