#pragma once
// The store's own upkeep, the same for every game (`konane db verify|repair|upgrade`):
// verify reads everything (every checksum, every record, table files the MANIFEST does not
// list) and holds every recorded layer count against the positions stored; repair rebuilds
// the MANIFEST from the table files present and verifies; upgrade migrates a version-2
// database in place, resumably (db/database.hpp says how each works).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "api/json.hpp"
#include "core/error.hpp"

namespace api {

struct DbCheckAnswer {
  std::string path;
  bool sound = false;
  uint64_t table_files = 0, positions = 0, stray_files = 0;
  std::vector<std::string> problems;
  std::vector<std::string> set_aside;  // repair: unusable files moved to PATH/lost/
};
// An error only when the database cannot be read at all; damage is listed in problems.
core::Expected<DbCheckAnswer> db_verify(const std::string& path);
// `build_id` is recorded as the database's last writer.
core::Expected<DbCheckAnswer> db_repair(const std::string& path, const std::string& build_id);
void write_json(JsonWriter& j, const DbCheckAnswer& a);  // set_aside is not part of it

struct DbUpgradeAnswer {
  std::string path;
  uint32_t from_version = 0, to_version = 0;
  bool upgraded = false;  // false: already current, nothing done
  uint64_t positions = 0, solve_records = 0;
  double seconds = 0;
};
// Records copied `batch` at a time (each batch a resume point); `progress` hears of the
// records copied so far and the estimated total.
core::Expected<DbUpgradeAnswer> db_upgrade(
    const std::string& path, const std::string& build_id, size_t batch,
    const std::function<void(uint64_t done, uint64_t total)>& progress = {});
void write_json(JsonWriter& j, const DbUpgradeAnswer& a);

}  // namespace api
