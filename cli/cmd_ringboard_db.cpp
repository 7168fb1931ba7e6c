// Ringboard endgame databases (`--game ringboard`): `retro --pieces N` solves every position
// of at most N pieces (every material class, both sides to move) to win, loss or draw with
// the distance in plies; `query` reads a position's result and its best moves back.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <ostream>
#include <sstream>

#include "api/json.hpp"
#include "commands/request_args.hpp"
#include "core/machine.hpp"
#include "core/progress.hpp"
#include "db_support.hpp"
#include "loopy_args.hpp"
#include "options.hpp"
#include "position_arg.hpp"
#include "ringboard/class_index.hpp"
#include "ringboard/endgame.hpp"
#include "ringboard_db_admin.hpp"
#include "solver/loopy/retro_indexed.hpp"
#include "solver/store/binding.hpp"

namespace konane::cli {
namespace {

using ringboard::Material;
using Stored = ringboard::StoredGame;

using IndexedGame = ringboard::IndexedGameT<solver::RetroKey>;

// Classes are numbered and solved one at a time (solver/loopy/retro_indexed.hpp): 4 bytes a node
// while solved, 2 once solved, every class up to N held at once. Up to 5 pieces that is
// under 6 GB; the cap only keeps a class's numbering inside the solver's 2^39 positions.
constexpr int kMaxPieces = 8;

// Classes are recorded by name, whatever N a run had: a run for more pieces reuses them.
const std::string kMetaPrefix = "solve/ringboard/10x10/";

void winners_json(api::JsonWriter& j, const char* key, const solver::LoopyStats::Winners& t) {
  j.key(key).begin_object();
  j.field("black", t.left);
  j.field("white", t.right);
  j.field("draw", t.draw);
  j.end_object();
}

// The positions of a class: its roots, each once whatever its side to move.
uint64_t positions_of(const solver::LoopyStats& s) {
  return s.roots_left_to_move.left + s.roots_left_to_move.right + s.roots_left_to_move.draw;
}

// Totals over the classes' roots (the runs' own counts would count the positions in no
// class, a side without pieces, once per run that reached them).
solver::LoopyStats totals_of(const std::vector<solver::LoopyStats>& per_class) {
  solver::LoopyStats total;
  total.from_earlier_run = true;
  for (const auto& s : per_class) {
    total.edges += s.edges;
    total.from_earlier_run &= s.from_earlier_run;
    total.positions += positions_of(s);
    total.mover_wins += s.roots_left_to_move.left + s.roots_right_to_move.right;
    total.mover_losses += s.roots_left_to_move.right + s.roots_right_to_move.left;
    total.draws += s.roots_left_to_move.draw + s.roots_right_to_move.draw;
    total.longest_win = std::max<uint32_t>(total.longest_win, uint32_t(s.roots_longest));
  }
  total.sides = 2 * total.positions;
  return total;
}

// What a finished endgame run reports: per class and in all.
struct EndgameReport {
  int pieces = 0;
  const std::vector<std::string>& names;
  const std::vector<solver::LoopyStats>& per_class;
  const solver::LoopyStats& total;
  double seconds = 0;
};

void print_endgame_json(Io io, const EndgameReport& r) {
  const auto& total = r.total;
  api::JsonWriter j(io.out);
  j.begin_object();
  j.field("game", "ringboard");
  j.field("pieces", r.pieces);
  j.field("positions", total.positions);
  j.field("sides", total.sides);
  j.field("edges", total.edges);
  j.field("mover_wins", total.mover_wins);
  j.field("mover_losses", total.mover_losses);
  j.field("draws", total.draws);
  j.field("longest_win", uint64_t{total.longest_win});
  j.field("from_earlier_run", total.from_earlier_run);
  j.field("seconds", r.seconds);
  j.key("classes").begin_array();
  for (size_t c = 0; c < r.names.size(); ++c) {
    const auto& s = r.per_class[c];
    j.begin_object();
    j.field("class", r.names[c]);
    j.field("positions", positions_of(s));
    winners_json(j, "black_to_move", s.roots_left_to_move);
    winners_json(j, "white_to_move", s.roots_right_to_move);
    j.field("longest_win", s.roots_longest);
    j.field("seconds", s.seconds);
    j.end_object();
  }
  j.end_array();
  j.end_object();
}

void print_endgame_text(Io io, const EndgameReport& r) {
  const auto& total = r.total;
  io.out << "| class | positions | black to move: black / white / draw | white to move: black / "
            "white / draw | longest win | seconds |\n|---|---|---|---|---|---|\n";
  for (size_t c = 0; c < r.names.size(); ++c) {
    const auto& s = r.per_class[c];
    const auto &b = s.roots_left_to_move, &w = s.roots_right_to_move;
    io.out << "| " << r.names[c] << " | " << positions_of(s) << " | " << b.left << " / " << b.right
           << " / " << b.draw << " | " << w.left << " / " << w.right << " / " << w.draw << " | "
           << s.roots_longest << " | " << std::fixed << std::setprecision(1) << s.seconds << " |\n";
  }
  io.out << "\npositions: " << total.positions << " in " << r.names.size()
         << " classes  sides: " << total.sides << "  moves: " << total.edges
         << "\nmover wins: " << total.mover_wins << "  mover losses: " << total.mover_losses
         << "  draws: " << total.draws << "  longest win: " << total.longest_win
         << " plies\nseconds: " << std::fixed << std::setprecision(2) << r.seconds
         << (total.from_earlier_run ? " (solved by an earlier run)" : "") << "\n";
}

// --pieces, checked against the rules and this machine's memory before anything is opened
// or written; nullopt after saying what is wrong.
std::optional<int> pieces_from(const po::variables_map& vm, Io io) {
  const auto pieces =
      required_count(vm, "pieces", "the most pieces of a position", 24, "retro", io);
  if (!pieces) return std::nullopt;
  std::string why;
  if (*pieces < 2) {
    why = "--pieces must be at least 2 (a side without pieces has lost)";
  } else if (*pieces > kMaxPieces) {
    why = "--pieces " + std::to_string(*pieces) + ": at most " + std::to_string(kMaxPieces);
  } else if (const uint64_t need = solver::IndexedClassSolver<IndexedGame>::memory_needed(
                 IndexedGame{}, ringboard::classes_up_to(*pieces)),
             have = core::physical_memory();
             have && need > have) {
    why = "--pieces " + std::to_string(*pieces) + " needs about " + std::to_string(need >> 20) +
          " MiB of memory; this machine has " + std::to_string(have >> 20) + " MiB";
  }
  if (why.empty()) return *pieces;
  usage_error(io, "retro", why);
  return std::nullopt;
}

int run_ringboard_retro(const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  desc.add_options()  //
      ("pieces", po::value<std::string>(),
       "the most pieces of a position (2 to 8, as memory allows)")  //
      ("sst-records", po::value<size_t>()->default_value(size_t{1} << 22),
       "records held in memory per table file while a class is stored")  //
      ("quiet", "no progress lines on stderr");
  add_db_option(desc);
  add_threads_option(desc);
  auto parsed = parse_args(
      "retro", "konane retro --game ringboard --pieces N --db PATH [--threads N] [--json]", desc,
      {}, false, args, io);
  if (!parsed) return kExitUsage;
  const auto& vm = parsed->vm;
  if (parsed->help) {
    io.out << "Solves every Ringboard position of at most N pieces (every material class in\n"
              "which both sides have a piece, each side to move, and every position their\n"
              "moves reach) to a win, a loss or a draw with the distance in plies, by\n"
              "retrograde analysis that handles cycles, and stores them in the database.\n"
              "Prints per class the positions and who wins with each side to move.\n";
    return kExitOk;
  }
  const auto pieces = pieces_from(vm, io);
  if (!pieces) return kExitUsage;
  const std::string path = db_path_from(vm);
  if (path.empty()) return usage_error(io, "retro", "missing --db PATH");
  threads_from(vm);
  const auto classes = ringboard::classes_up_to(*pieces);
  auto database = open_database(path, db::OpenMode::kReadWrite, true, "retro", io);
  if (!database || !check_ringboard_keys(*database, true, path, "retro", io)) return kExitUsage;
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::string> names;
  for (const Material& m : classes) names.push_back(ringboard::material_name(m));
  solver::IndexedClassOptions<Material> options;
  options.classes = classes;
  options.board = db::Board{ringboard::kGameId, {10, 10}};
  options.meta_prefix = kMetaPrefix;
  options.cache_dir = std::filesystem::path(path) / "retro-work" / "ringboard-classes";
  options.sst_buffer_records = vm["sst-records"].as<size_t>();
  if (options.sst_buffer_records == 0)
    return usage_error(io, "retro", "--sst-records must be positive");
  // Test hook: the process kills itself after storing this many records, as a crash would.
  uint64_t abort_after = 0, records = 0;
  if (const char* env = std::getenv("KONANE_RETRO_ABORT_AFTER")) abort_after = std::stoull(env);
  if (abort_after)
    options.on_record = [&] {
      if (++records >= abort_after) ::raise(SIGKILL);
    };
  const bool quiet = vm.count("quiet") > 0;
  options.progress = quiet ? nullptr : &io.err;
  options.progress_tty = err_is_tty(io);
  // Over the whole run: positions of the classes done against all of them (placements
  // counted up front), so the line has an ETA although each class's own lines cannot.
  uint64_t all_positions = 0, positions_done = 0;
  for (const Material& m : classes) all_positions += ringboard::placement_count(m);
  core::ProgressLine meter(options.progress, false);
  options.on_class = [&](size_t c, const solver::LoopyStats& s) {
    positions_done += ringboard::placement_count(classes[c]);
    std::ostringstream line;
    line << "class " << (c + 1) << "/" << classes.size() << " " << names[c] << " (" << s.positions
         << " positions, " << std::fixed << std::setprecision(1) << s.seconds << " s"
         << (s.from_earlier_run ? ", done before" : "") << ");";
    meter.update("retro", positions_done, all_positions, true, line.str());
  };
  solver::IndexedClassSolver<IndexedGame> solver(IndexedGame{}, *database, std::move(options));
  const auto per_class = solver.run();
  if (!per_class) return db_error(io, "retro", path, per_class.error());
  const solver::LoopyStats total = totals_of(*per_class);
  if (auto st = database->close(); !st) return db_error(io, "retro", path, st.error());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const EndgameReport report{*pieces, names, *per_class, total, seconds};
  if (vm.count("json"))
    print_endgame_json(io, report);
  else
    print_endgame_text(io, report);
  return kExitOk;
}

int run_ringboard_query(const std::vector<std::string>& args, Io io) {
  po::options_description desc("options");
  const auto positional = add_request_options(desc);
  add_db_option(desc);
  auto parsed = parse_args("query", "konane query --game ringboard POSITION --db PATH [--json]",
                           desc, positional, false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "Reads a position's result from an endgame database: win, loss or draw for the\n"
              "side to move, the distance in plies, and every move's result: the best moves\n"
              "are the fastest wins, else the drawing moves, else the slowest losses.\n";
    return kExitOk;
  }
  const auto request = request_from(parsed->vm, "ringboard", "query", io);
  if (!request) return kExitUsage;
  if (auto st = api::check(*request); !st) return api_error(io, "query", st.error());
  const std::string path = db_path_from(parsed->vm);
  if (path.empty()) return usage_error(io, "query", "missing --db PATH");
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "query", io);
  if (!database || !check_ringboard_keys(*database, false, path, "query", io)) return kExitUsage;
  const auto a = api::query_loopy(*request, *database);
  if (!a) return api_error(io, "query", a.error(), path);
  if (parsed->vm.count("json")) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
  } else {
    print_loopy_result(io.out, *a);
  }
  return a->result == core::Result::Unknown ? kExitNotFound : kExitOk;
}

const Registrar ringboard_db_retro_reg(
    "retro", "solve every position of at most N pieces (endgame database)", run_ringboard_retro,
    false, "ringboard");
const Registrar ringboard_db_query_reg(
    "query", "a position's result, distance and best moves from the database", run_ringboard_query,
    false, "ringboard");

}  // namespace
}  // namespace konane::cli
