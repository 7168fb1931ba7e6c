// konane db (stats | export --board RxC | verify | repair) --game G --db PATH: what the
// database holds of the game, for every game the facade answers that has no db command of
// its own.
#include <cerrno>
#include <ostream>

#include "api/verbs.hpp"
#include "db_checks.hpp"
#include "db_support.hpp"
#include "request_args.hpp"

namespace konane::cli {
namespace {

int db_stats(const std::string& game, const std::string& path, bool json, Io io) {
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "db", io);
  if (!database) return kExitUsage;
  const auto header = db_header(*database);
  if (!header) return db_error(io, "db", path, header.error());
  const auto a = api::db_stats(game, *database);
  if (!a) return api_error(io, "db", a.error(), path);
  if (json) {
    api::JsonWriter j(io.out);
    j.begin_object();
    db_header_json(j, path, *header);
    api::write_fields(j, *a);
    j.end_object();
    io.out << "\n";
    return kExitOk;
  }
  db_header_text(io.out, path, *header);
  io.out << a->game << " positions per board (symmetry classes):\n";
  if (a->boards.empty()) io.out << "  none\n";
  for (const auto& b : a->boards)
    io.out << "  " << b.board << ": " << b.positions << " positions, black to move known "
           << b.black_to_move_known << ", white to move known " << b.white_to_move_known
           << ", with value " << b.with_value
           << (b.conflicts ? ", CONFLICTS " + std::to_string(b.conflicts) : std::string()) << "\n";
  print_precomputes(io.out, a->precomputes);
  return kExitOk;
}

int db_export(const std::string& game, const std::string& path, const std::string& board, Io io) {
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "db", io);
  if (!database) return kExitUsage;
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
  return kExitOk;
}

int run_db(const std::string& game, const std::vector<std::string>& args, Io io) {
  const std::string usage = "konane db (stats | export --board RxC | verify | repair) --game " +
                            game + " --db PATH [--json]";
  po::options_description desc("options");
  desc.add_options()("action", po::value<std::string>(), "stats, export, verify or repair")(
      "board", po::value<std::string>(), "board size RxC (export)");
  add_db_option(desc);
  auto parsed = parse_args("db", usage, desc, {"action"}, false, args, io);
  if (!parsed) return kExitUsage;
  if (parsed->help) {
    io.out << "stats: the game's positions per board (symmetry classes), how many have a known\n"
              "winner with each side to move and a stored value; schema version and size.\n"
              "export: every stored position of one board as TSV on stdout (streaming):\n"
              "position (the stored symmetry-class representative), the winner with black to\n"
              "move, with white to move, value ('-' if none).\n"
              "verify and repair: the database's own checks, as for Konane (konane db --help).\n";
    return kExitOk;
  }
  const auto& vm = parsed->vm;
  if (!vm.count("action"))
    return usage_error(io, "db", "give an action: stats, export, verify or repair");
  const std::string action = vm["action"].as<std::string>();
  const std::string path = db_path_from(vm);
  if (path.empty()) return usage_error(io, "db", "--db PATH is required");
  const bool json = vm.count("json") > 0;
  if (action == "stats") return db_stats(game, path, json, io);
  if (action == "export") {
    if (!vm.count("board")) return usage_error(io, "db", "export needs --board RxC");
    return db_export(game, path, vm["board"].as<std::string>(), io);
  }
  if (action == "verify") return verify_database(path, json, io);
  if (action == "repair") return repair_database(path, json, io);
  return usage_error(io, "db", "unknown action '" + action + "' (stats, export, verify or repair)");
}

const GameRegistrar any_db_reg("db", "solved-position database: stats, export, verify, repair",
                               run_db, /*every_rank=*/false, /*streams=*/true);

}  // namespace
}  // namespace konane::cli
