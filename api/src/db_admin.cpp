// The store's upkeep for every game (api/db_admin.hpp): verify, repair, upgrade.
#include "api/db_admin.hpp"

#include <chrono>

#include "core/game_id.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"

namespace api {
namespace {

DbCheckAnswer check_of(const std::string& path, const db::VerifyReport& r) {
  DbCheckAnswer a;
  a.path = path;
  a.sound = r.problems.empty();
  a.table_files = r.table_files;
  a.positions = r.positions;
  a.stray_files = r.stray_files;
  a.problems = r.problems;
  return a;
}

// A version-2 database held one game's records: Konane's, the only game it had.
db::OpenOptions options_for(const std::string& build_id) {
  db::OpenOptions o;
  o.build_id = build_id;
  o.legacy_game = *core::game_id("konane");
  return o;
}

}  // namespace

core::Expected<DbCheckAnswer> db_verify(const std::string& path) {
  db::OpenOptions o = options_for("");
  o.mode = db::OpenMode::kReadOnly;
  o.allow_damaged = true;
  auto database = db::Database::open(path, o);
  if (!database) return database.error();
  auto report = database->verify();
  if (!report) return report.error();
  return check_of(path, *report);
}

core::Expected<DbCheckAnswer> db_repair(const std::string& path, const std::string& build_id) {
  auto report = db::Database::repair(path, options_for(build_id));
  if (!report) return report.error();
  DbCheckAnswer a = check_of(path, report->after);
  a.set_aside = report->set_aside;
  return a;
}

void write_json(JsonWriter& j, const DbCheckAnswer& a) {
  j.begin_object();
  j.field("path", a.path);
  j.field("sound", a.sound);
  j.field("table_files", a.table_files);
  j.field("positions", a.positions);
  j.field("stray_files", a.stray_files);
  j.string_array("problems", a.problems);
  j.end_object();
}

core::Expected<DbUpgradeAnswer> db_upgrade(
    const std::string& path, const std::string& build_id, size_t batch,
    const std::function<void(uint64_t, uint64_t)>& progress) {
  if (batch == 0) return core::Error{core::Code::kInvalidArgument, "the batch must be positive"};
  const auto t0 = std::chrono::steady_clock::now();
  auto report = db::Database::upgrade(path, options_for(build_id), progress, batch);
  if (!report) return report.error();
  DbUpgradeAnswer a;
  a.path = path;
  a.from_version = report->from_version;
  a.to_version = db::kSchemaVersion;
  a.upgraded = report->from_version != db::kSchemaVersion;
  a.positions = report->positions;
  a.solve_records = report->meta_renamed;
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return a;
}

void write_json(JsonWriter& j, const DbUpgradeAnswer& a) {
  j.begin_object();
  j.field("path", a.path);
  j.field("from_version", uint64_t{a.from_version});
  j.field("to_version", uint64_t{a.to_version});
  j.field("upgraded", a.upgraded);
  j.field("positions", a.positions);
  j.field("solve_records", a.solve_records);
  j.field("seconds", a.seconds);
  j.end_object();
}

}  // namespace api
