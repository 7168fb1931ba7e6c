// konane db stats|export|verify|repair|upgrade --db PATH: the solved-position database.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <iomanip>
#include <map>
#include <optional>
#include <ostream>
#include <unordered_map>

#include "api/json.hpp"
#include "build_info.hpp"
#include "commands/request_args.hpp"
#include "core/progress.hpp"
#include "db_checks.hpp"
#include "db_support.hpp"
#include "konane/notation.hpp"
#include "konane/storage_key.hpp"
#include "options.hpp"
#include "position_arg.hpp"
#include "ringboard_db_admin.hpp"
#include "solver/values/region_precompute.hpp"

namespace konane::cli {
namespace {

struct RuleSummary {
  std::string board, rule;
  std::map<std::string, std::string> fields;
  uint64_t layers_done = 0;
};

// Where Konane's solve records live: solve/konane/, or solve/ in a version-2 database.
std::string solve_records_prefix(std::uint32_t version) {
  std::string out(db::kSolveMetaPrefix);
  if (version != db::kLegacySchemaVersion) out += core::game_name(kGameId) + "/";
  return out;
}

// Groups the meta records <prefix><board>/<rule>/<field> (layer records are counted).
std::vector<RuleSummary> rule_summaries(const std::vector<db::MetaEntry>& entries,
                                        const std::string& prefix) {
  std::map<std::pair<std::string, std::string>, RuleSummary> by;
  for (const auto& e : entries) {
    // RxC/rule/rest
    const std::string rest0 = e.key.substr(prefix.size());
    const auto s1 = rest0.find('/');
    if (s1 == std::string::npos) continue;
    const auto s2 = rest0.find('/', s1 + 1);
    if (s2 == std::string::npos) continue;
    const std::string board = rest0.substr(0, s1), rule = rest0.substr(s1 + 1, s2 - s1 - 1);
    const std::string field = rest0.substr(s2 + 1);
    RuleSummary& r = by[{board, rule}];
    r.board = board;
    r.rule = rule;
    if (field.rfind("layer/", 0) == 0) {
      if (field.size() > 5 && field.substr(field.size() - 5) == "/done") r.layers_done++;
    } else if (field.rfind("enum/", 0) != 0) {
      r.fields[field] = e.value;
    }
  }
  std::vector<RuleSummary> out;
  for (auto& [k, v] : by) out.push_back(std::move(v));
  return out;
}

std::string get_or(const RuleSummary& r, const std::string& k, const std::string& dflt) {
  auto it = r.fields.find(k);
  return it == r.fields.end() ? dflt : it->second;
}

// How far the retrograde solves of one board got: "done" if any opening rule's solve
// finished (its positions are then all stored), "unfinished" if one was started and none
// finished (killed, or running now), "none" if the board's positions come from searches.
std::string retro_state(const std::vector<RuleSummary>& rules, const std::string& board,
                        uint64_t* layers_done = nullptr) {
  std::string state = "none";
  for (const auto& r : rules) {
    if (r.board != board) continue;
    if (r.fields.count("done")) return "done";
    state = "unfinished";
    if (layers_done) *layers_done = std::max(*layers_done, r.layers_done);
  }
  return state;
}

// What db stats reports of Konane's share of a database.
struct StatsView {
  const std::string& path;
  const DbHeader& header;
  const std::vector<db::BoardStats>& boards;
  const std::vector<RuleSummary>& rules;
  const std::vector<api::DbPrecomputeAnswer>& boxes;
};

void stats_json(Io io, const StatsView& v) {
  api::JsonWriter j(io.out);
  j.begin_object();
  db_header_json(j, v.path, v.header);
  j.key("boards").begin_array();
  for (const auto& b : v.boards) {
    j.begin_object();
    j.field("board", core::shape_name(b.board.shape));
    j.field("positions", b.positions);
    j.field("black_to_move_known", b.left_to_move_known);
    j.field("white_to_move_known", b.right_to_move_known);
    j.field("with_value", b.with_cgt);
    j.field("conflicts", b.conflicts);
    j.field("retro", retro_state(v.rules, core::shape_name(b.board.shape)));
    j.end_object();
  }
  j.end_array();
  api::write_precomputes(j, v.boxes);
  j.key("solves").begin_array();
  for (const auto& r : v.rules) {
    j.begin_object();
    j.field("board", r.board);
    j.field("opening", r.rule);
    j.field("done", r.fields.count("done") > 0);
    j.field("layers_done", r.layers_done);
    for (const char* f : {"positions", "sides", "winner", "black_winning_removals", "seconds",
                          "threads", "peak_rss_kb", "build_id", "finished_at"})
      if (r.fields.count(f)) j.field(f, r.fields.at(f));
    j.end_object();
  }
  j.end_array();
  j.end_object();
  io.out << "\n";
}

void stats_text(Io io, const StatsView& v) {
  db_header_text(io.out, v.path, v.header);
  io.out << "positions per board (symmetry classes):\n";
  if (v.boards.empty()) io.out << "  none\n";
  for (const auto& b : v.boards)
    io.out << "  " << core::shape_name(b.board.shape) << ": " << b.positions
           << " positions, black to move known " << b.left_to_move_known << ", white to move known "
           << b.right_to_move_known << ", with value " << b.with_cgt
           << (b.conflicts ? ", CONFLICTS " + std::to_string(b.conflicts) : std::string()) << "\n";
  print_precomputes(io.out, v.boxes);
  io.out << "retrograde solves per board and opening rule:\n";
  if (v.rules.empty()) io.out << "  none\n";
  for (const auto& r : v.rules) {
    io.out << "  " << r.board << " " << r.rule << ": ";
    if (r.fields.count("done"))
      io.out << "done, " << get_or(r, "positions", "?") << " reachable positions ("
             << get_or(r, "sides", "?") << " with side to move), winner "
             << get_or(r, "winner", "?") << ", " << get_or(r, "seconds", "?") << " s\n";
    else
      io.out << "in progress, " << r.layers_done << " layers finished\n";
  }
}

int run_stats(const std::string& path, bool json, Io io) {
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "db", io);
  if (!database) return kExitUsage;
  auto header = db_header(*database);
  if (!header) return db_error(io, "db", path, header.error());
  auto stats = database->board_stats();
  if (!stats) return db_error(io, "db", path, stats.error());
  const std::string prefix = solve_records_prefix(header->version);
  auto meta = database->list_meta(prefix);
  if (!meta) return db_error(io, "db", path, meta.error());
  const auto rules = rule_summaries(*meta, prefix);
  const auto facade = api::db_stats("konane", *database);
  if (!facade) return api_error(io, "db", facade.error(), path);
  // This command speaks Konane; other games' boards are theirs to report.
  auto& boards = *stats;
  boards.erase(std::remove_if(boards.begin(), boards.end(),
                              [](const db::BoardStats& b) { return b.board.game != kGameId; }),
               boards.end());
  const StatsView view{path, *header, boards, rules, facade->precomputes};
  if (json)
    stats_json(io, view);
  else
    stats_text(io, view);
  return kExitOk;
}

int run_export(const std::string& path, const std::string& board_text, Io io) {
  std::string error;
  const auto size = parse_board_size(board_text, &error);
  if (!size) return usage_error(io, "db", error);
  auto database = open_database(path, db::OpenMode::kReadOnly, false, "db", io);
  if (!database) return kExitUsage;
  const db::Board board = db_board(size->rows, size->cols);
  // Export streams, so damage must show before the first line: a first pass verifies the
  // checksums and holds the recorded counts against the positions.
  if (auto n = database->count(board); !n) return db_error(io, "db", path, n.error());
  int rc = kExitOk;
  auto header = db_header(*database);
  if (!header) return db_error(io, "db", path, header.error());
  const std::string prefix = solve_records_prefix(header->version);
  auto meta = database->list_meta(prefix);
  if (!meta) return db_error(io, "db", path, meta.error());
  uint64_t layers = 0;
  if (retro_state(rule_summaries(*meta, prefix), core::shape_name(*size), &layers) ==
      "unfinished") {
    // The rows are a consistent snapshot, but not the whole board: said, and exit 1 as
    // for any incomplete answer.
    io.err << "konane db: note: the retrograde solve of " << core::shape_name(*size)
           << " is unfinished (" << layers
           << " layers finished; killed, or running now): the export holds only the positions "
              "stored so far\n";
    rc = kExitNotFound;
  }
  {
    auto scan = database->scan(board);
    if (!scan) return db_error(io, "db", path, scan.error());
    std::unordered_map<uint64_t, std::string> forms;
    io.out << "position\tblack_to_move\twhite_to_move\tvalue\n";
    auto name = [](Winner w) { return w == Winner::Unknown ? "unknown" : outcome_name(w); };
    for (; scan->valid(); scan->next()) {
      auto v = scan->value();
      if (!v) {
        io.err << "konane db: error: database '" << path << "': " << v.error().message << "\n";
        rc = kExitUsage;
        continue;
      }
      std::string value = "-";
      if (v->cgt) {
        auto it = forms.find(v->cgt->hash);
        if (it == forms.end()) {
          auto text = database->get_cgt_form(*v->cgt);
          if (!text) return db_error(io, "db", path, text.error());
          if (forms.size() > 100000) forms.clear();
          it = forms.emplace(v->cgt->hash, text->value_or("?")).first;
        }
        value = it->second;
      }
      io.out << to_string(position_of(scan->key())) << '\t' << name(v->left_to_move) << '\t'
             << name(v->right_to_move) << '\t' << value << '\n';
      if (!io.out) return output_failed(io, "db", errno);  // a full disk: stop at once
    }
    if (auto s = scan->status(); !s) return db_error(io, "db", path, s.error());
  }
  io.out.flush();
  return rc;
}

int run_upgrade(const std::string& path, size_t batch, bool json, bool quiet, Io io) {
  db::OpenOptions options;
  options.build_id = kBuildId;
  options.legacy_game = kGameId;
  core::ProgressLine meter(quiet || json ? nullptr : &io.err, err_is_tty(io));
  // Test hook: the process kills itself after this many progress reports (each follows a
  // recorded resume point), as a crash would.
  uint64_t abort_after = 0, reports = 0;
  if (const char* env = std::getenv("KONANE_UPGRADE_ABORT_AFTER")) abort_after = std::stoull(env);
  const auto t0 = std::chrono::steady_clock::now();
  auto report = db::Database::upgrade(
      path, options,
      [&](uint64_t done, uint64_t total) {
        meter.update("upgrade", done, total);
        if (abort_after && ++reports >= abort_after) ::raise(SIGKILL);
      },
      batch);
  meter.finish();
  if (!report) return db_error(io, "db", path, report.error());
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const bool upgraded = report->from_version != db::kSchemaVersion;
  if (json) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("path", path);
    j.field("from_version", static_cast<uint64_t>(report->from_version));
    j.field("to_version", static_cast<uint64_t>(db::kSchemaVersion));
    j.field("upgraded", upgraded);
    j.field("positions", report->positions);
    j.field("solve_records", report->meta_renamed);
    j.field("seconds", secs);
    j.end_object();
    io.out << "\n";
    return kExitOk;
  }
  if (!upgraded) {
    io.out << "database '" << path << "' already has schema version " << db::kSchemaVersion
           << ": nothing to do\n";
    return kExitOk;
  }
  io.out << "upgraded database '" << path << "' from schema version " << report->from_version
         << " to " << db::kSchemaVersion << ": " << report->positions << " positions, "
         << report->meta_renamed << " solve records, " << std::fixed << std::setprecision(2) << secs
         << " s\n";
  return kExitOk;
}

int run_db(const std::vector<std::string>& args, Io io, bool ringboard) {
  const std::string usage =
      ringboard ? "konane db (stats | export | verify | repair | upgrade) --game ringboard --db "
                  "PATH [--json]"
                : "konane db (stats | export --board RxC | verify | repair | upgrade) --db PATH "
                  "[--json]";
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
    if (ringboard) {
      io.out << "stats: Ringboard positions stored, draws, and each material class solved by\n"
                "retro --game ringboard (positions, longest win, time).\n"
                "export: every stored position as TSV on stdout (streaming): position, the\n"
                "winner with black to move (black, white, draw or unknown) and its distance in\n"
                "plies, the same with white to move.\n"
                "verify, repair and upgrade: as for Konane (konane db --help).\n";
      return kExitOk;
    }
    io.out << "stats: positions per board, retrograde solves per board and opening rule, size\n"
              "on disk and schema version.\n"
              "export: every stored position of one board as TSV on stdout (streaming):\n"
              "position, outcome with black to move, with white to move, value ('-' if none).\n"
              "Positions are the stored symmetry-class representatives.\n"
              "verify: reads everything (every checksum, every record, table files the MANIFEST\n"
              "does not list) and holds every recorded layer count against the positions stored;\n"
              "exit 0 if sound, 2 with the problems listed.\n"
              "repair: rebuilds the MANIFEST from the table files present (files it lost are\n"
              "taken back, unusable ones moved to PATH/lost/), then verifies. Layers still short\n"
              "are solved again by rerunning konane retro.\n"
              "upgrade: migrates a database of schema version 2 to version 3 in place, with\n"
              "progress on stderr; killed at any moment, running it again finishes the job.\n"
              "Until then a version-2 database is read read-only by query, db stats and export.\n";
    return kExitOk;
  }
  const auto& vm = parsed->vm;
  if (!vm.count("action"))
    return usage_error(io, "db", "give an action: stats, export, verify, repair or upgrade");
  const std::string action = vm["action"].as<std::string>();
  const std::string path = db_path_from(vm);
  if (path.empty()) return usage_error(io, "db", "--db PATH is required");
  if (ringboard && action == "stats") return run_ringboard_stats(path, vm.count("json") > 0, io);
  if (ringboard && action == "export") return run_ringboard_export(path, io);
  if (action == "stats") return run_stats(path, vm.count("json") > 0, io);
  if (action == "export") {
    if (!vm.count("board")) return usage_error(io, "db", "export needs --board RxC");
    return run_export(path, vm["board"].as<std::string>(), io);
  }
  if (action == "verify") return verify_database(path, vm.count("json") > 0, io);
  if (action == "repair") return repair_database(path, vm.count("json") > 0, io);
  if (action == "upgrade") {
    const size_t batch = vm["batch"].as<size_t>();
    if (batch == 0) return usage_error(io, "db", "--batch must be positive");
    return run_upgrade(path, batch, vm.count("json") > 0, vm.count("quiet") > 0, io);
  }
  return usage_error(io, "db",
                     "unknown action '" + action + "' (stats, export, verify, repair or upgrade)");
}

Registrar db_reg(
    "db", "solved-position database: stats, export, verify, repair, upgrade",
    [](const std::vector<std::string>& args, Io io) { return run_db(args, io, false); },
    /*streams=*/true);
Registrar db_ringboard_reg(
    "db", "endgame database: stats, export, verify, repair, upgrade",
    [](const std::vector<std::string>& args, Io io) { return run_db(args, io, true); },
    /*streams=*/true, "ringboard");

}  // namespace
}  // namespace konane::cli
