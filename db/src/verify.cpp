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
  std::vector<rocksdb::LiveFileMetaData> live;
  impl.db->GetLiveFilesMetaData(&live);
  for (const auto& f : live) {
    ++report.table_files;
    const std::string file = f.directory + "/" + f.relative_filename;
    rocksdb::SstFileReader reader(rocksdb::Options(impl.tuning.db, impl.tuning.positions));
    auto s = reader.Open(file);
    if (s.ok()) s = reader.VerifyChecksum(detail::point_read_options());
    if (!s.ok()) report.problems.push_back("table file " + file + ": " + s.ToString());
  }
}

// Decodes every position and counts them per board and layer.
void verify_positions(const Database::Impl& impl, VerifyReport& report,
                      std::map<BoardSize, std::array<std::uint64_t, 256>>& per_group) {
  std::unique_ptr<rocksdb::Iterator> it(
      impl.db->NewIterator(detail::scan_read_options(), impl.positions));
  std::uint64_t bad = 0, conflicts = 0;
  std::string first_bad;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    ++report.positions;
    auto key = decode_key({it->key().data(), it->key().size()});
    auto stored = detail::decode_stored({it->value().data(), it->value().size()});
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
  if (tables->damaged()) report.problems.push_back(tables->describe_damage(impl_->path));
  verify_live_tables(*impl_, report);

  std::map<BoardSize, std::array<std::uint64_t, 256>> per_group;
  verify_positions(*impl_, report, per_group);
  for (const BoardSize board : detail::recorded_boards(*impl_)) per_group[board];
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

Expected<RepairReport> Database::repair(const fs::path& path, const OpenOptions& options) {
  // Refuse what is not ours before RocksDB rewrites anything.
  {
    OpenOptions probe = options;
    probe.mode = OpenMode::kReadOnly;
    probe.create_if_missing = false;
    probe.allow_damaged = true;
    auto opened = open(path, probe);
    if (!opened && opened.error().code != Code::kCorruption) return opened.error();
    if (opened) {
      if (auto s = opened->close(); !s) return s.error();
    }
  }
  const auto tuning = detail::make_tuning(options.block_cache_bytes);
  std::vector<std::string> families;
  if (auto s = rocksdb::DB::ListColumnFamilies(tuning.db, path.string(), &families); !s.ok()) {
    families = {rocksdb::kDefaultColumnFamilyName, std::string(kPositionsFamily),
                std::string(kCgtFormsFamily), std::string(kMetaFamily)};
  }
  std::set<std::string> lost_before;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(path / "lost", ec))
    lost_before.insert(e.path().filename().string());
  const auto s = rocksdb::RepairDB(path.string(), tuning.db, detail::descriptors(tuning, families),
                                   tuning.other);
  if (!s.ok()) return detail::to_error(s, "repair", path);

  RepairReport report;
  for (const auto& e : fs::directory_iterator(path / "lost", ec)) {
    const std::string name = e.path().filename().string();
    if (!lost_before.count(name)) report.set_aside.push_back("lost/" + name);
  }
  std::sort(report.set_aside.begin(), report.set_aside.end());
  OpenOptions ro = options;
  ro.mode = OpenMode::kReadOnly;
  ro.create_if_missing = false;
  ro.allow_damaged = true;
  auto opened = open(path, ro);
  if (!opened) return opened.error();
  auto verified = opened->verify();
  if (!verified) return verified.error();
  report.after = std::move(*verified);
  if (auto c = opened->close(); !c) return c.error();
  return report;
}

}  // namespace db
