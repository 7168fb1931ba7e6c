// Whole-database verification and repair.

#include <rocksdb/metadata.h>
#include <rocksdb/sst_file_reader.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <system_error>

#include "database_impl.hpp"
#include "db/database.hpp"
#include "db/schema.hpp"
#include "recorded_counts.hpp"
#include "stored_value.hpp"
#include "table_files.hpp"

namespace db {
namespace {

namespace fs = std::filesystem;

void verify_live_tables(const Database::Impl& impl, VerifyReport& report) {
  const detail::TableFilesHeld held(impl);
  std::vector<rocksdb::LiveFileMetaData> live;
  impl.db->GetLiveFilesMetaData(&live);
  for (const auto& f : live) {
    ++report.table_files;
    const std::string file = f.directory + "/" + f.relative_filename;
    if (const auto s = detail::open_verified(impl, file).status; !s.ok())
      report.problems.push_back("table file " + file + ": " + s.ToString());
  }
}

// Decodes every position and counts them per board and layer.
void verify_positions(const Database::Impl& impl, VerifyReport& report,
                      std::map<Board, std::array<std::uint64_t, 256>>& per_group) {
  std::unique_ptr<rocksdb::Iterator> it(
      impl.db->NewIterator(detail::scan_read_options(), impl.positions));
  std::uint64_t bad = 0, conflicts = 0;
  std::string first_bad;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    ++report.positions;
    auto key = impl.read_key({it->key().data(), it->key().size()});
    auto stored = impl.read_value({it->value().data(), it->value().size()});
    if (!key || !stored) {
      if (bad++ == 0) first_bad = !key ? key.error().message : stored.error().message;
      continue;
    }
    ++per_group[key->board()][key->group];
    conflicts += stored->conflict;
  }
  if (!it->status().ok()) {
    report.problems.push_back(detail::to_error(it->status(), "scan", impl.path).message);
  }
  if (bad > 0) {
    report.problems.push_back(std::to_string(bad) +
                              " position record(s) cannot be decoded; the first: " + first_bad);
  }
  if (conflicts > 0) {
    report.problems.push_back(std::to_string(conflicts) +
                              " position record(s) hold contradictory facts (conflicts)");
  }
}

}  // namespace

Expected<VerifyReport> Database::verify() const {
  if (!impl_->db) return impl_->fail(Code::kInvalidArgument, "verify on a closed database");
  VerifyReport report;
  auto tables = detail::check_table_files(*impl_);
  if (!tables) return tables.error();
  report.stray_files = tables->strays.size();
  if (!impl_->log_damage.empty()) report.problems.push_back(impl_->log_damage);
  if (tables->damaged()) report.problems.push_back(tables->describe_damage(impl_->path));
  verify_live_tables(*impl_, report);

  std::map<Board, std::array<std::uint64_t, 256>> per_group;
  verify_positions(*impl_, report, per_group);
  if (!impl_->meta_damage.empty()) {
    // The recorded counts live in the meta family: nothing to hold the positions against.
    report.problems.push_back("the meta column family cannot be read (" + impl_->meta_damage +
                              "): 'konane db repair' rebuilds it");
    return report;
  }
  for (const Board board : detail::recorded_boards(*impl_)) per_group[board];
  for (const auto& [board, stored] : per_group) {
    auto recorded = detail::recorded_counts(*impl_, board);
    if (!recorded) return recorded.error();
    for (std::size_t g = 0; g < stored.size(); ++g) {
      std::array<std::uint64_t, 256> one{};
      one[g] = stored[g];
      detail::RecordedCounts only;
      only.positions[g] = recorded->positions[g];
      only.source[g] = recorded->source[g];
      if (auto s = detail::check_counts(impl_->path, board, only, one); !s)
        report.problems.push_back(s.error().message);
    }
  }
  return report;
}

}  // namespace db
