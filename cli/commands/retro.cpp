// konane retro --game G --board RxC --db PATH: a board strongly solved by retrograde analysis
// (api::retro), for every game whose plug-in names a start (Konane's retro is its own).
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

void print_retro(Io io, const api::RetroAnswer& a, int threads) {
  io.out << "board: " << a.board << " (" << a.game << ", from " << a.start << ")\n"
         << "winner: " << api::winner_text(a.black_first) << " with black first, "
         << api::winner_text(a.white_first) << " with white first\n"
         << "reachable positions (symmetry-reduced): " << a.positions << " (" << a.sides
         << " with a side to move)\n"
         << "layers (squares  positions  sides  mover-wins  seconds):\n";
  for (const api::RetroLayerAnswer& l : a.layers)
    io.out << "  " << std::setw(3) << l.layer << "  " << std::setw(10) << l.positions << "  "
           << std::setw(10) << l.sides << "  " << std::setw(10) << l.mover_wins << "  "
           << std::fixed << std::setprecision(3) << l.seconds
           << (l.resumed ? "  (earlier run)" : "") << "\n";
  io.out << std::fixed << std::setprecision(2) << "seconds: " << a.seconds
         << "  threads: " << threads
         << (a.ranks > 1 ? "  ranks: " + std::to_string(a.ranks) : std::string())
         << (a.resumed ? "  (resumed)" : "") << "\n";
}

int run_retro(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane retro --game " + game +
                            " --board RxC --db PATH [--values] [--threads N] [--quiet] [--json]";
  po::options_description desc("options");
  add_retro_options(desc);
  auto parsed = parse_args("retro", usage, desc, {}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Strongly solves a board: enumerates every position reachable from the game's\n"
              "start on that board (its rules name it: a full or an empty board), with either\n"
              "side moving first, layered by the squares in play, solves the layers upwards in\n"
              "parallel and bulk-loads every position's winner (for each side to move it was\n"
              "reached with) into the database, once per symmetry class. Interrupted runs\n"
              "resume from the last finished layer. The position keys must fit in 60 bits\n"
              "(boards of up to 30 squares with two kinds of stone, 60 with one).\n";
    return kExitOk;
  }
  const auto args_read = retro_args(vm, io);
  if (!args_read) return kExitUsage;
  api::RetroRequest r;
  r.game = game;
  r.board = args_read->board;
  r.db_path = args_read->path;
  r.values = args_read->values;
  r.chunk_positions = args_read->chunk;
  r.spill_entries = args_read->spill;
  r.replicate_bytes = args_read->replicate_bytes;
  r.across_ranks = true;
  r.build_id = kBuildId;
  if (!args_read->quiet) {
    r.progress = &io.err;
    r.progress_tty = err_is_tty(io);
  }
  // Refused before the database is made: a bad board or a game without a start.
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
  print_retro(io, *a, args_read->threads);
  return kExitOk;
}

const GameRegistrar any_retro_reg("retro",
                                  "strong solution of a board by retrograde analysis into --db",
                                  run_retro, true);

}  // namespace
}  // namespace konane::cli
