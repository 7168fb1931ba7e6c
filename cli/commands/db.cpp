// konane db (stats | export --board RxC | verify | repair | upgrade) [--game G] --db PATH:
// what the database holds of the game (api::db_stats, api::db_export; a loopy game's endgame
// classes and distances, api::endgame_db_stats, api::loopy_db_export), and the store's
// upkeep, the same for every game (api/db_admin.hpp).
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <iomanip>
#include <ostream>

#include "api/db_admin.hpp"
#include "api/verbs.hpp"
#include "build_info.hpp"
#include "core/progress.hpp"
#include "core/shape.hpp"
#include "db_support.hpp"
#include "request_args.hpp"

namespace konane::cli {
namespace {

std::string field_or(const api::DbSolveAnswer& s, const std::string& k, const char* otherwise) {
  const auto it = s.fields.find(k);
  return it == s.fields.end() ? otherwise : it->second;
}

void print_stats(Io io, const std::string& path, const api::DbStatsAnswer& a) {
  db_header_text(io.out, path, a.header);
  io.out << a.game << " positions per board (symmetry classes):\n";
  if (a.boards.empty()) io.out << "  none\n";
  for (const auto& b : a.boards)
    io.out << "  " << b.board << ": " << b.positions << " positions, black to move known "
           << b.black_to_move_known << ", white to move known " << b.white_to_move_known
           << ", with value " << b.with_value
           << (b.conflicts ? ", CONFLICTS " + std::to_string(b.conflicts) : std::string()) << "\n";
  print_precomputes(io.out, a.precomputes);
  io.out << "retrograde solves per board and opening rule:\n";
  if (a.solves.empty()) io.out << "  none\n";
  for (const auto& s : a.solves) {
    io.out << "  " << s.board << " " << s.opening << ": ";
    if (s.done)
      io.out << "done, " << field_or(s, "positions", "?") << " reachable positions ("
             << field_or(s, "sides", "?") << " with side to move), "
             << (s.fields.count("winner")
                     ? "winner " + field_or(s, "winner", "?")
                     : "winner " + field_or(s, "winner_black_first", "?") + " with black first, " +
                           field_or(s, "winner_white_first", "?") + " with white first")
             << ", " << field_or(s, "seconds", "?") << " s\n";
    else
      io.out << "in progress, " << s.layers_done << " layers finished\n";
  }
}

int db_stats(const std::string& game, const std::string& path, bool json, Io io) {
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "db", io);
  if (!database) return kExitUsage;
  const auto a = api::db_stats(game, *database);
  if (!a) return api_error(io, "db", a.error(), path);
  if (!json) {
    print_stats(io, path, *a);
    return kExitOk;
  }
  api::JsonWriter j(io.out);
  j.begin_object();
  j.field("path", path);
  api::write_fields(j, *a);
  j.end_object();
  io.out << "\n";
  return kExitOk;
}

int db_export(const std::string& game, const std::string& path, const std::string& board, Io io) {
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "db", io);
  if (!database) return kExitUsage;
  int rc = kExitOk;
  const auto solves = api::db_solves(game, *database);  // records only: no scan
  if (!solves) return api_error(io, "db", solves.error(), path);
  std::string error;
  const auto shape = core::parse_shape(board, 64, &error);
  bool started = false, done = false;
  uint64_t layers = 0;
  for (const auto& s : *solves)
    if (shape && s.board == core::shape_name(*shape)) {
      started = true;
      done |= s.done;
      layers = std::max(layers, s.layers_done);
    }
  if (started && !done) {
    // The rows are a consistent snapshot, but not the whole board: said, and exit 1 as for
    // any incomplete answer.
    io.err << "konane db: note: the retrograde solve of " << board << " is unfinished (" << layers
           << " layers finished; killed, or running now): the export holds only the positions "
              "stored so far\n";
    rc = kExitNotFound;
  }
  bool header = false, failed = false;
  const auto rows = api::db_export(game, *database, board, [&](const api::DbRow& r) {
    if (!header) io.out << "position\tblack_to_move\twhite_to_move\tvalue\n";
    header = true;
    io.out << r.position << '\t' << api::winner_text(r.black_to_move) << '\t'
           << api::winner_text(r.white_to_move) << '\t' << r.value.value_or("-") << '\n';
    failed = !io.out;
    return !failed;  // a full disk: stop at once
  });
  if (!rows) return api_error(io, "db", rows.error(), path);
  if (failed) return output_failed(io, "db", errno);
  if (!header) io.out << "position\tblack_to_move\twhite_to_move\tvalue\n";
  io.out.flush();
  return rc;
}

void print_check(Io io, const api::DbCheckAnswer& a) {
  io.out << "database: " << a.path << "\n"
         << "table files verified: " << a.table_files << "\n"
         << "positions read: " << a.positions << "\n"
         << "table files not in the MANIFEST: " << a.stray_files << "\n"
         << (a.sound ? "sound: every checksum and every recorded count holds\n" : "DAMAGED:\n");
  for (const auto& p : a.problems) io.out << "  " << p << "\n";
}

int db_check(const std::string& path, bool repair, bool json, Io io) {
  const auto a = repair ? api::db_repair(path, kBuildId) : api::db_verify(path);
  if (!a) return db_error(io, "db", path, a.error());
  if (json) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    io.out << "\n";
  } else {
    if (repair) {
      io.out << "repair done: lost table files were written back\n";
      for (const auto& f : a->set_aside) io.out << "set aside (unusable): " << f << "\n";
    }
    print_check(io, *a);
  }
  if (a->sound) return kExitOk;
  if (repair)
    io.err << "konane db: error: database '" << path
           << "' still has problems after the repair; rerun 'konane retro' for each board and "
              "opening named above: it solves again the layers that are short\n";
  else
    io.err << "konane db: error: database '" << path << "' is damaged (" << a->problems.size()
           << " problem(s) listed above)\n";
  return kExitUsage;
}

int db_upgrade(const std::string& path, size_t batch, bool json, bool quiet, Io io) {
  core::ProgressLine meter(quiet || json ? nullptr : &io.err, err_is_tty(io));
  // Test hook: the process kills itself after this many progress reports (each follows a
  // recorded resume point), as a crash would.
  uint64_t abort_after = 0, reports = 0;
  if (const char* env = std::getenv("KONANE_UPGRADE_ABORT_AFTER")) abort_after = std::stoull(env);
  const auto a = api::db_upgrade(path, kBuildId, batch, [&](uint64_t done, uint64_t total) {
    meter.update("upgrade", done, total);
    if (abort_after && ++reports >= abort_after) ::raise(SIGKILL);
  });
  meter.finish();
  if (!a) return db_error(io, "db", path, a.error());
  if (json) {
    api::JsonWriter j(io.out);
    api::write_json(j, *a);
    io.out << "\n";
  } else if (!a->upgraded) {
    io.out << "database '" << path << "' already has schema version " << a->to_version
           << ": nothing to do\n";
  } else {
    io.out << "upgraded database '" << path << "' from schema version " << a->from_version << " to "
           << a->to_version << ": " << a->positions << " positions, " << a->solve_records
           << " solve records, " << std::fixed << std::setprecision(2) << a->seconds << " s\n";
  }
  return kExitOk;
}

constexpr const char* kHelp =
    "stats: the game's positions per board (symmetry classes), how many have a known\n"
    "winner with each side to move and a stored value, the retrograde solves per board\n"
    "and opening rule, the region-value precomputes, schema version and size on disk.\n"
    "(Ringboard: its positions, draws, and each material class solved by retro.)\n"
    "export: every stored position of one board as TSV on stdout (streaming): position\n"
    "(the stored symmetry-class representative), the winner with black to move, with\n"
    "white to move, value ('-' if none). (Ringboard: the winner and its distance in plies\n"
    "for each side to move, with no --board.)\n"
    "verify: reads everything (every checksum, every record, table files the MANIFEST\n"
    "does not list) and holds every recorded layer count against the positions stored;\n"
    "exit 0 if sound, 2 with the problems listed.\n"
    "repair: rebuilds the MANIFEST from the table files present (files it lost are\n"
    "taken back, unusable ones moved to PATH/lost/), then verifies. Layers still short\n"
    "are solved again by rerunning konane retro.\n"
    "upgrade: migrates a database of schema version 2 to version 3 in place, with\n"
    "progress on stderr; killed at any moment, running it again finishes the job.\n"
    "Until then a version-2 database is read read-only by query, db stats and export.\n";

// A loopy game's store: its positions and the endgame classes retro --pieces began.
int endgame_stats(const std::string& game, const std::string& path, bool json, Io io) {
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "db", io);
  if (!database) return kExitUsage;
  const auto a = api::endgame_db_stats(game, *database);
  if (!a) return api_error(io, "db", a.error(), path);
  if (json) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("game", game);
    j.field("path", path);
    api::write_fields(j, *a);
    j.end_object();
    io.out << "\n";
    return kExitOk;
  }
  db_header_text(io.out, path, a->header);
  size_t done = 0;
  for (const auto& c : a->classes) done += c.done;
  io.out << game << " positions: " << a->positions << ", black to move known "
         << a->black_to_move_known << ", white to move known " << a->white_to_move_known
         << ", draws " << a->draws
         << (a->conflicts ? ", CONFLICTS " + std::to_string(a->conflicts) : std::string()) << "\n"
         << "material classes solved: " << done << " of " << a->classes.size() << " begun\n";
  for (const auto& c : a->classes) {
    auto get = [&](const char* f) {
      const auto it = c.fields.find(f);
      return it == c.fields.end() ? std::string("?") : it->second;
    };
    io.out << "  " << c.name << ": "
           << (c.done ? get("class_positions") + " positions, longest win " + get("roots_longest") +
                            " plies, " + get("seconds") + " s"
                      : std::string("in progress"))
           << "\n";
  }
  return kExitOk;
}

// Every stored position of a loopy game as TSV, streaming: results and distances.
int endgame_export(const std::string& game, const std::string& path, Io io) {
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "db", io);
  if (!database) return kExitUsage;
  bool headed = false;  // the header goes out with the first row, after the store's checks
  auto head = [&] {
    if (!headed) io.out << "position\tblack_to_move\tdistance\twhite_to_move\tdistance\n";
    headed = true;
  };
  auto distance = [](const std::optional<uint16_t>& d) {
    return d ? std::to_string(*d) : std::string("-");
  };
  bool bad_records = false;
  const auto n = api::loopy_db_export(
      game, *database,
      [&](const api::LoopyDbRow& r) {
        head();
        io.out << r.position << '\t' << api::winner_text(r.black_to_move) << '\t'
               << distance(r.black_distance) << '\t' << api::winner_text(r.white_to_move) << '\t'
               << distance(r.white_distance) << '\n';
        return true;
      },
      [&](const std::string& why) {
        io.err << "konane db: error: database '" << path << "': " << why << "\n";
        bad_records = true;
      });
  if (!n) return api_error(io, "db", n.error(), path);
  head();
  io.out.flush();
  return bad_records ? kExitUsage : kExitOk;
}

int run_db(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage =
      "konane db (stats | export --board RxC | verify | repair | upgrade) "
      "--game " +
      game + " --db PATH [--json]";
  po::options_description desc("options");
  desc.add_options()("action", po::value<std::string>(),
                     "stats, export, verify, repair or upgrade")("board", po::value<std::string>(),
                                                                 "board size RxC (export)")(
      "batch", po::value<size_t>()->default_value(size_t{1} << 20),
      "upgrade: positions copied per table file (each batch is a resume point)")(
      "quiet", "upgrade: no progress on stderr");
  add_db_option(desc);
  auto parsed = parse_args("db", usage, desc, {"action"}, false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << kHelp;
    return kExitOk;
  }
  const auto& vm = parsed->vm;
  if (!vm.count("action"))
    return usage_error(io, "db", "give an action: stats, export, verify, repair or upgrade");
  const std::string action = vm["action"].as<std::string>();
  const std::string path = db_path_from(vm);
  if (path.empty()) return usage_error(io, "db", "--db PATH is required");
  const bool json = vm.count("json") > 0, loopy = api::is_loopy(game);
  if (action == "stats")
    return loopy ? endgame_stats(game, path, json, io) : db_stats(game, path, json, io);
  if (action == "export") {
    if (loopy) return endgame_export(game, path, io);
    if (!vm.count("board")) return usage_error(io, "db", "export needs --board RxC");
    return db_export(game, path, vm["board"].as<std::string>(), io);
  }
  if (action == "verify" || action == "repair") return db_check(path, action == "repair", json, io);
  if (action == "upgrade") {
    const size_t batch = vm["batch"].as<size_t>();
    if (batch == 0) return usage_error(io, "db", "--batch must be positive");
    return db_upgrade(path, batch, json, vm.count("quiet") > 0, io);
  }
  return usage_error(io, "db",
                     "unknown action '" + action + "' (stats, export, verify, repair or upgrade)");
}

const GameRegistrar any_db_reg("db",
                               "solved-position database: stats, export, verify, repair, upgrade",
                               run_db, /*every_rank=*/false, /*streams=*/true);

}  // namespace
}  // namespace konane::cli
