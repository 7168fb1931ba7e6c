#include "db_checks.hpp"

#include <ostream>

#include "api/json.hpp"
#include "build_info.hpp"
#include "db/database.hpp"
#include "db_support.hpp"

namespace konane::cli {
namespace {

void print_verify(const db::VerifyReport& r, const std::string& path, bool json, Io io) {
  if (json) {
    api::JsonWriter j(io.out);
    j.begin_object();
    j.field("path", path);
    j.field("sound", r.problems.empty());
    j.field("table_files", r.table_files);
    j.field("positions", r.positions);
    j.field("stray_files", r.stray_files);
    j.string_array("problems", r.problems);
    j.end_object();
    io.out << "\n";
    return;
  }
  io.out << "database: " << path << "\n"
         << "table files verified: " << r.table_files << "\n"
         << "positions read: " << r.positions << "\n"
         << "table files not in the MANIFEST: " << r.stray_files << "\n"
         << (r.problems.empty() ? "sound: every checksum and every recorded count holds\n"
                                : "DAMAGED:\n");
  for (const auto& p : r.problems) io.out << "  " << p << "\n";
}

}  // namespace

int verify_database(const std::string& path, bool json, Io io) {
  db::OpenOptions options;
  options.mode = db::OpenMode::kReadOnly;
  options.allow_damaged = true;
  options.build_id = kBuildId;
  auto database = db::Database::open(path, options);
  if (!database) return db_error(io, "db", path, database.error());
  auto report = database->verify();
  if (!report) return db_error(io, "db", path, report.error());
  print_verify(*report, path, json, io);
  if (report->problems.empty()) return kExitOk;
  io.err << "konane db: error: database '" << path << "' is damaged (" << report->problems.size()
         << " problem(s) listed above)\n";
  return kExitUsage;
}

int repair_database(const std::string& path, bool json, Io io) {
  db::OpenOptions options;
  options.build_id = kBuildId;
  auto report = db::Database::repair(path, options);
  if (!report) return db_error(io, "db", path, report.error());
  if (!json) {
    io.out << "repair done: lost table files were written back\n";
    for (const auto& f : report->set_aside) io.out << "set aside (unusable): " << f << "\n";
  }
  print_verify(report->after, path, json, io);
  if (report->after.problems.empty()) return kExitOk;
  io.err << "konane db: error: database '" << path
         << "' still has problems after the repair; rerun 'konane retro' for each board and "
            "opening named above: it solves again the layers that are short\n";
  return kExitUsage;
}

}  // namespace konane::cli
